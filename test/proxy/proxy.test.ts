// @vitest-environment node
/**
 * The proxy's handler in Node with the platform's own Request/Response, against the sandbox
 * (which answers like production) and, where the wire itself matters, a bare capture server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionError } from '../../src/errors';
import { createProxy, memoryCache, type ProxyEvent, type ProxyOptions } from '../../src/proxy';
import { ADDRESSES, at, fakeClock, KEY, PROXY, syntheticAddress, useCaptureServer, useSandbox } from './util';

const sb = useSandbox();
const A = ADDRESSES.rich;
const READY_SITE = 'https://site.example';

const proxyOf = (options: Partial<ProxyOptions> = {}) => createProxy({ apiKey: KEY, upstream: sb.url, basePath: '/rep', ...options });

const get = (handler: (r: Request) => Promise<Response>, path: string, init: RequestInit = {}) => handler(new Request(at(path), init));

/** Distinct addresses per test, so counts in the shared sandbox log never mix. */
let fresh = 0;
const nextAddress = () => syntheticAddress(1000 + ++fresh);

afterEach(() => {
  vi.useRealTimers();
});

describe('routes', () => {
  const SEVEN = [
    `scores/${A}`,
    `scores/${A}/governance`,
    `badges/${A}`,
    `badges/${A}/RelayChainInitiate`,
    `profiles/${A}`,
    'metadata/badges',
    'metadata/categories',
  ];

  it("forwards the service's seven GET routes to the same path upstream", async () => {
    const proxy = proxyOf();
    for (const path of SEVEN) {
      const before = sb.hits(path);
      const response = await get(proxy, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await response.json()) as { success: boolean; data: object };
      expect(body.success).toBe(true);
      expect(sb.hits(path), path).toBe(before + 1);
    }
  });

  it('answers 404 for any other path and 405 for other methods, without asking the service', async () => {
    const proxy = proxyOf();
    const before = sb.sandbox.requests.length;
    const refused = [
      at(`widget/reputation/${A}`),
      at(`scores/${A}/governance/extra`),
      at(`scores/${A}/`),
      at(`profiles/${A}/governance`),
      at('metadata/other'),
      at('metadata'),
      at(''),
      `${PROXY}/rep/api/v1/scores/${A}`,
      `${PROXY}/other/api/v2/scores/${A}`,
      `${PROXY}/rep/scores/${A}`,
      at(`scores/${A}/${encodeURIComponent('../..')}`),
      at(`scores/${A}/gov%ZZ`),
      at(`badges/${A}/${encodeURIComponent('<script>')}`),
    ];
    for (const url of refused) {
      const response = await proxy(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not Found' });
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await proxy(new Request(at(`scores/${A}`), { method, body: method == 'DELETE' ? null : '{}' }));
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('GET, HEAD, OPTIONS');
    }
    expect(sb.sandbox.requests.length).toBe(before);
  });

  it('answers an invalid address with the service`s 400 itself, spending no quota', async () => {
    const proxy = proxyOf();
    const before = sb.sandbox.requests.length;
    for (const address of ['short', '0'.repeat(48), `${A}0`, encodeURIComponent('<img src=x>')]) {
      const response = await get(proxy, `scores/${address}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Invalid Polkadot address format' });
    }
    expect(sb.sandbox.requests.length).toBe(before);
  });

  it('drops the query string (forceRefresh would spend quota on every visit)', async () => {
    const proxy = proxyOf();
    const address = nextAddress();
    await proxy(new Request(`${at(`scores/${address}`)}?forceRefresh=true`));
    await proxy(new Request(`${at(`scores/${address}`)}?forceRefresh=true&x=1`));
    expect(sb.hits(`scores/${address}`)).toBe(1);
  });

  it('takes any prefix before /api/v2/ by default, and only its basePath when given', async () => {
    const any = proxyOf({ basePath: undefined });
    for (const prefix of ['', '/rep', '/a/b/c']) expect((await any(new Request(at('metadata/badges', prefix)))).status, prefix).toBe(200);
    const root = proxyOf({ basePath: '' });
    expect((await root(new Request(at('metadata/badges', '')))).status).toBe(200);
    expect((await root(new Request(at('metadata/badges', '/rep')))).status).toBe(404);
    const rep = proxyOf();
    expect((await rep(new Request(at('metadata/badges', '')))).status).toBe(404);
    expect((await rep(new Request(at('metadata/badges', '/rep2')))).status).toBe(404);
  });

  it('answers HEAD like GET, without a body', async () => {
    const proxy = proxyOf();
    const response = await get(proxy, 'metadata/categories', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(response.headers.get('cache-control')).toMatch(/^public, s-maxage=/);
  });
});

describe('the key', () => {
  it('sends the configured key upstream and ignores any key the request carries', async () => {
    const proxy = proxyOf();
    const address = nextAddress();
    const response = await get(proxy, `profiles/${address}`, { headers: { 'X-API-Key': 'dp_live_attacker', Authorization: 'Bearer x' } });
    expect(response.status).toBe(200);
    const logged = sb.sandbox.requests.filter((r) => r.path === `/api/v2/profiles/${address}`);
    expect(logged.map((r) => r.apiKey)).toEqual([KEY]);
    expect(logged[0]!.origin).toBeNull();
  });

  it('works for a page that sends no key at all', async () => {
    const response = await get(proxyOf(), `badges/${A}`);
    expect(response.status).toBe(200);
  });

  const echo = useCaptureServer((req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: `Invalid or revoked API key ${String(req.headers['x-api-key'])}` }));
  });

  it('never puts the key in an answer, not even when the service echoes it', async () => {
    const proxy = createProxy({ apiKey: 'dp_live_s3cret', upstream: echo.url, basePath: '/rep' });
    const response = await get(proxy, `scores/${A}`);
    expect(response.status).toBe(401);
    const text = await response.text();
    expect(text).not.toContain('dp_live_s3cret');
    expect(JSON.parse(text)).toEqual({ message: 'Invalid or revoked API key [redacted]' });
    for (const [, value] of response.headers) expect(value).not.toContain('s3cret');
  });

  it('refuses bad options at once with an OptionError naming the option, never printing the key', () => {
    const refusal = (options: unknown): OptionError => {
      try {
        createProxy(options as ProxyOptions);
      } catch (error) {
        expect(error).toBeInstanceOf(OptionError);
        return error as OptionError;
      }
      throw new Error(`createProxy(${JSON.stringify(options)}) did not throw`);
    };
    expect(refusal({ apiKey: '' }).message).toBe(
      'repkit: "apiKey" is an empty string: the variable or secret that should hold the key is set but empty',
    );
    expect(refusal({ apiKey: 'has space' }).message).not.toContain('has space');
    expect(refusal({ apiKey: 'secret\nkey' }).message).not.toContain('secret');
    expect(refusal({ apiKey: 'secret\nkey' }).option).toBe('apiKey');
    expect(refusal({ apiKey: 42 }).message).toBe('repkit: "apiKey" must be a string, got a number');
    const cases: [Record<string, unknown>, string][] = [
      [{ upstream: 'ftp://x' }, 'upstream'],
      [{ upstream: 'https://u:p@x' }, 'upstream'],
      [{ basePath: 'rep' }, 'basePath'],
      [{ basePath: '/rep/' }, 'basePath'],
      [{ allowOrigins: ['https://a.example/'] }, 'allowOrigins[]'],
      [{ allowOrigins: ['*'] }, 'allowOrigins'],
      [{ allowOrigins: 'https://a.example' }, 'allowOrigins'],
      [{ ttlSeconds: 0 }, 'ttlSeconds'],
      [{ ttlSeconds: 1.5 }, 'ttlSeconds'],
      [{ cache: {} }, 'cache'],
      [{ platformCache: 'yes' }, 'platformCache'],
      [{ fetch: 'fetch' }, 'fetch'],
      [{ onEvent: 'log' }, 'onEvent'],
    ];
    for (const [options, option] of cases) {
      const error = refusal({ apiKey: KEY, ...options });
      expect(error.option, option).toBe(option);
      expect(error.message, option).toMatch(new RegExp(`^repkit: "${option.replace(/[[\]]/g, '\\$&')}" must be .+, got .+$`));
    }
    expect(refusal({ apiKey: KEY, ttlSeconds: 0 }).message).toBe('repkit: "ttlSeconds" must be a whole number from 1 to 86400, got 0');
    expect(refusal(null).option).toBe('options');
    expect(() => memoryCache({ maxEntries: 0 })).toThrow(OptionError);
    expect(() => memoryCache({ maxEntries: 0 })).toThrow(/maxEntries/);
  });

  it.each([undefined, null])('says a missing key (%s, an unset REPKIT_API_KEY) is missing', (apiKey) => {
    expect(() => createProxy({ apiKey: apiKey as unknown as string })).toThrow(
      new OptionError(
        'apiKey',
        `repkit: "apiKey" is missing (${String(apiKey)}): pass the service's API key, for example from the REPKIT_API_KEY environment variable (a secret on Workers)`,
      ),
    );
  });

  it.each([
    ['allowOrigin', 'allowOrigins'],
    ['allow_origins', 'allowOrigins'],
    ['origins', undefined],
    ['ttlseconds', 'ttlSeconds'],
    ['basepath', 'basePath'],
    ['upstreams', 'upstream'],
    ['onEvents', 'onEvent'],
  ])('refuses the misspelt option %s with the one it probably meant', (wrong, right) => {
    const create = () => createProxy({ apiKey: KEY, [wrong]: ['https://a.example'] } as ProxyOptions);
    if (!right) return expect(create).not.toThrow();
    expect(create).toThrow(new OptionError(wrong, `repkit: unknown option "${wrong}"; did you mean "${right}"?`));
  });

  it('ignores unknown names that are no near miss of an option (a shared config object)', () => {
    expect(() => createProxy({ apiKey: KEY, onEvent: () => {}, port: 8787, env: 'production' } as ProxyOptions)).not.toThrow();
  });
});

describe('the ready event', () => {
  /** What `ready` says of the default budget in Node, where the address comes with each request (toNodeListener). */
  const BUDGET =
    "; client budget: 150 upstream requests at once, then 150 an hour, at most 25 % of the key's hourly quota, per client address from the clientAddress the handler is given (toNodeListener passes the socket's); a request without one has no budget";
  it('tells onEvent once, when created, which upstream and origins it serves', async () => {
    const events: ProxyEvent[] = [];
    const proxy = createProxy({
      apiKey: KEY,
      upstream: `${sb.url}/`,
      basePath: '/rep',
      allowOrigins: [READY_SITE],
      onEvent: (e) => events.push(e),
    });
    expect(events).toEqual([
      {
        type: 'ready',
        upstream: sb.url,
        allowOrigins: [READY_SITE],
        message: `repkit proxy: forwarding at /rep to ${sb.url} for same-origin pages and ${READY_SITE}${BUDGET}`,
      },
    ]);
    await get(proxy, `scores/${A}`);
    await get(proxy, `scores/${A}`);
    expect(events.filter((e) => e.type == 'ready')).toHaveLength(1);
  });

  it('says when no other origin is allowed, and when every origin is', () => {
    const messages: string[] = [];
    createProxy({ apiKey: KEY, onEvent: (e) => messages.push(e.message) });
    createProxy({ apiKey: KEY, allowOrigins: '*', basePath: '', onEvent: (e) => messages.push(e.message) });
    expect(messages).toEqual([
      `repkit proxy: forwarding under any path to https://api.dotpassport.io for same-origin pages only (allowOrigins is empty)${BUDGET}`,
      `repkit proxy: forwarding at / to https://api.dotpassport.io for pages of any origin${BUDGET}`,
    ]);
  });

  it('by default writes nothing: a proxy that works is silent (its own onEvent hears it)', () => {
    const spies = (['log', 'info', 'warn', 'error'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
    try {
      createProxy({ apiKey: KEY, upstream: sb.url, allowOrigins: [READY_SITE] });
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('headers on the wire', () => {
  const upstream = useCaptureServer();

  it('sends only Accept, X-API-Key and what the runtime needs: no cookie or client header', async () => {
    const proxy = createProxy({ apiKey: KEY, upstream: upstream.url, basePath: '/rep', allowOrigins: ['https://site.example'] });
    const response = await get(proxy, `scores/${A}`, {
      headers: {
        Cookie: 'session=abc',
        Authorization: 'Bearer t',
        'X-API-Key': 'dp_live_page',
        'X-Forwarded-For': '10.0.0.1',
        Referer: 'https://site.example/page',
        // The service takes Origin, else Referer, as the page's origin: neither may go upstream.
        Origin: 'https://site.example',
        'User-Agent': 'Visitor/1.0',
        'Accept-Language': 'de',
        'X-Custom': '1',
      },
    });
    expect(response.status).toBe(200);
    const sent = upstream.requests.at(-1)!;
    expect(sent.method).toBe('GET');
    expect(sent.url).toBe(`/api/v2/scores/${A}`);
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.headers.accept).toBe('application/json');
    for (const name of ['cookie', 'authorization', 'x-forwarded-for', 'referer', 'x-custom', 'origin']) {
      expect(sent.headers[name], name).toBeUndefined();
    }
    expect(sent.headers['user-agent']).not.toBe('Visitor/1.0');
    expect(sent.headers['accept-language']).not.toBe('de');
    // Only standard transport headers besides ours.
    const names = Object.keys(sent.headers).filter(
      (n) => !['host', 'connection', 'accept-encoding', 'user-agent', 'sec-fetch-mode', 'accept-language'].includes(n),
    );
    expect(names.sort()).toEqual(['accept', 'x-api-key']);
  });

  it('passes none of the service`s headers on: no Set-Cookie, no X-RateLimit-*', async () => {
    const proxy = createProxy({ apiKey: KEY, upstream: upstream.url, basePath: '/rep' });
    const response = await get(proxy, `badges/${A}`);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect([...response.headers.keys()].filter((n) => n.startsWith('x-ratelimit'))).toEqual([]);
  });
});

describe('CORS', () => {
  const SITE = 'https://site.example';

  it('reflects an allowed origin, exposes Retry-After and varies on Origin', async () => {
    const proxy = proxyOf({ allowOrigins: [SITE] });
    const response = await get(proxy, 'metadata/badges', { headers: { Origin: SITE } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses another origin with a 403 that page can read, saying what to add, spending no quota', async () => {
    const proxy = proxyOf({ allowOrigins: [SITE], onEvent: () => {} });
    const address = nextAddress();
    for (const origin of ['https://evil.example', 'https://site.example.evil', 'http://site.example', 'null']) {
      const response = await get(proxy, `scores/${address}`, { headers: { Origin: origin } });
      expect(response.status, origin).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-expose-headers')).toBeNull();
      expect(await response.json()).toEqual({
        message: `This repkit proxy does not allow pages of ${origin}: add the origin to its allowOrigins`,
      });
    }
    expect(sb.hits(`scores/${address}`)).toBe(0);
  });

  it("tells its operator of each refused origin once, and of the service's refusals, never the page", async () => {
    const events: ProxyEvent[] = [];
    const onEvent = (event: ProxyEvent) => event.type != 'ready' && events.push(event);
    const proxy = proxyOf({ allowOrigins: [SITE], onEvent });
    for (let i = 0; i < 3; i++) await get(proxy, `scores/${A}`, { headers: { Origin: 'https://elsewhere.example' } });
    expect(events).toEqual([
      {
        type: 'origin-refused',
        origin: 'https://elsewhere.example',
        path: `/api/v2/scores/${A}`,
        message: 'repkit proxy: refused a page of https://elsewhere.example: add it to allowOrigins to let it use this proxy',
      },
    ]);
    const badKey = proxyOf({ apiKey: 'not-a-real-key', onEvent });
    const refused = await get(badKey, `scores/${nextAddress()}`);
    expect(refused.status).toBe(401);
    expect(events[1]).toMatchObject({ type: 'upstream-error', status: 401 });
    expect(events[1]!.message).toMatch(
      /^repkit proxy: the service answered 401 \(.+\) for \/api\/v2\/scores\/\S+: check the proxy's apiKey$/,
    );
  });

  it('by default logs each event as one console.warn line on the server', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const proxy = proxyOf({ allowOrigins: [SITE] });
      await get(proxy, `scores/${A}`, { headers: { Origin: 'https://logged.example' } });
      expect(warn.mock.calls).toEqual([
        ['repkit proxy: refused a page of https://logged.example: add it to allowOrigins to let it use this proxy'],
      ]);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it('lets requests without Origin and from its own origin through without CORS headers needed', async () => {
    const proxy = proxyOf();
    const plain = await get(proxy, 'metadata/badges');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    const same = await get(proxy, 'metadata/badges', { headers: { Origin: PROXY } });
    expect(same.status).toBe(200);
  });

  it('answers preflights for allowed origins, and refuses the others', async () => {
    const proxy = proxyOf({ allowOrigins: [SITE] });
    const before = sb.sandbox.requests.length;
    const preflight = (origin: string) =>
      get(proxy, `scores/${A}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
      });
    const ok = await preflight(SITE);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/);
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-methods')).toBeNull();
    const elsewhere = await proxy(new Request(at('nope'), { method: 'OPTIONS', headers: { Origin: SITE } }));
    expect(elsewhere.status).toBe(404);
    expect(sb.sandbox.requests.length).toBe(before);
  });

  it("allows any origin with '*' only when configured", async () => {
    const proxy = proxyOf({ allowOrigins: '*' });
    const response = await get(proxy, 'metadata/badges', { headers: { Origin: 'https://anyone.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await get(proxy, 'metadata/badges', { method: 'OPTIONS', headers: { Origin: 'https://anyone.example' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('caching', () => {
  it('serves one upstream answer per path for ttlSeconds, then revalidates', async () => {
    const clock = fakeClock();
    const proxy = proxyOf({ ttlSeconds: 300, staleWhileRevalidateSeconds: 60 });
    const address = nextAddress();
    const path = `scores/${address}`;

    const first = await get(proxy, path);
    expect(first.headers.get('x-repkit-cache')).toBe('miss');
    expect(first.headers.get('cache-control')).toBe('public, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400');
    const body = await first.text();
    for (let i = 0; i < 5; i++) {
      clock.advance(50);
      const again = await get(proxy, path);
      expect(again.headers.get('x-repkit-cache')).toBe('hit');
      expect(await again.text()).toBe(body);
    }
    expect(sb.hits(path)).toBe(1);
    const last = await get(proxy, path);
    expect(last.headers.get('age')).toBe('250');
    expect(last.headers.get('cache-control')).toMatch(/^public, s-maxage=50, /);

    // Expired, within stale-while-revalidate: the copy at once, one refresh behind it.
    clock.advance(60);
    const stale = await get(proxy, path);
    expect(stale.headers.get('x-repkit-cache')).toBe('stale');
    expect(stale.headers.get('cache-control')).toMatch(/^public, s-maxage=0, /);
    await vi.waitFor(() => expect(sb.hits(path)).toBe(2));
    expect((await get(proxy, path)).headers.get('x-repkit-cache')).toBe('hit');

    // Past the revalidation window: the next request waits for the service.
    clock.advance(300 + 61);
    expect((await get(proxy, path)).headers.get('x-repkit-cache')).toBe('miss');
    expect(sb.hits(path)).toBe(3);
  });

  it("hands background work to the platform's waitUntil, and takes any platform's second argument", async () => {
    const clock = fakeClock(Date.UTC(2035, 0, 1));
    const proxy = proxyOf({ ttlSeconds: 10, staleWhileRevalidateSeconds: 60 });
    const address = nextAddress();
    const kept: Promise<unknown>[] = [];
    const ctx = {
      waitUntil(this: unknown, promise: Promise<unknown>) {
        // Workers refuse a waitUntil called on anything but ctx.
        expect(this).toBe(ctx);
        kept.push(promise);
      },
    };
    await proxy(new Request(at(`scores/${address}`)), ctx);
    clock.advance(11);
    const stale = await proxy(new Request(at(`scores/${address}`)), ctx);
    expect(stale.headers.get('x-repkit-cache')).toBe('stale');
    expect(kept.length).toBeGreaterThan(0);
    await Promise.all(kept);
    expect(sb.hits(`scores/${address}`)).toBe(2);
    // Deno passes `info`, Bun its server, Next.js `{ params }`: none has waitUntil.
    for (const other of [{ remoteAddr: { hostname: '127.0.0.1' } }, { params: {} }, undefined]) {
      expect((await proxy(new Request(at(`scores/${address}`)), other)).status).toBe(200);
    }
    // And the handler's type fits where those platforms expect theirs.
    const denoServe = (
      handler: (request: Request, info: { remoteAddr: { hostname: string }; completed: Promise<void> }) => Promise<Response>,
    ) => handler;
    expect(typeof denoServe(proxy)).toBe('function');
  });

  it('keeps metadata for metadataTtlSeconds', async () => {
    const clock = fakeClock(Date.UTC(2031, 0, 1));
    const proxy = proxyOf({ staleWhileRevalidateSeconds: 0 });
    const before = sb.hits('metadata/categories');
    await get(proxy, 'metadata/categories');
    clock.advance(3000);
    const hit = await get(proxy, 'metadata/categories');
    expect(hit.headers.get('x-repkit-cache')).toBe('hit');
    expect(hit.headers.get('cache-control')).toMatch(/^public, s-maxage=600, /);
    clock.advance(601);
    expect((await get(proxy, 'metadata/categories')).headers.get('x-repkit-cache')).toBe('miss');
    expect(sb.hits('metadata/categories')).toBe(before + 2);
  });

  it('caches 404 answers for negativeTtlSeconds, passing their bodies through', async () => {
    const clock = fakeClock(Date.UTC(2032, 0, 1));
    const proxy = proxyOf({ negativeTtlSeconds: 60, staleWhileRevalidateSeconds: 0 });
    const address = ADDRESSES.noBadges;
    const path = `badges/${address}/ReferendumVoter`;
    const before = sb.hits(path);
    for (let i = 0; i < 3; i++) {
      const response = await get(proxy, path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Badge not found for this user' });
    }
    expect(sb.hits(path)).toBe(before + 1);
    clock.advance(61);
    await get(proxy, path);
    expect(sb.hits(path)).toBe(before + 2);

    const uncached = proxyOf({ negativeTtlSeconds: 0 });
    const response = await get(uncached, `scores/${A}/bridging`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await get(uncached, `scores/${A}/bridging`);
    expect(sb.hits(`scores/${A}/bridging`)).toBe(2);
  });

  it('collapses concurrent identical requests into one upstream request', async () => {
    const proxy = proxyOf({ upstream: sb.fault({ latency: 300 }) });
    const address = nextAddress();
    const responses = await Promise.all(Array.from({ length: 25 }, () => get(proxy, `scores/${address}`)));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(responses.every((r) => r.status == 200)).toBe(true);
    expect(new Set(bodies).size).toBe(1);
    expect(sb.hits(`scores/${address}`)).toBe(1);
    // Different paths are not collapsed together.
    await Promise.all([get(proxy, `badges/${address}`), get(proxy, `profiles/${address}`)]);
    expect(sb.hits(`badges/${address}`) + sb.hits(`profiles/${address}`)).toBe(2);
  });

  it('keeps the in-memory cache within maxEntries, least recently used out first', async () => {
    const cache = memoryCache({ maxEntries: 3 });
    const proxy = proxyOf({ cache });
    const addresses = Array.from({ length: 5 }, nextAddress);
    for (const a of addresses) await get(proxy, `profiles/${a}`);
    expect(cache.size).toBe(3);
    // The two oldest were evicted: asking again goes upstream; the newest is still a hit.
    expect((await get(proxy, `profiles/${addresses[4]!}`)).headers.get('x-repkit-cache')).toBe('hit');
    expect((await get(proxy, `profiles/${addresses[0]!}`)).headers.get('x-repkit-cache')).toBe('miss');
    expect(sb.hits(`profiles/${addresses[0]!}`)).toBe(2);
    expect(cache.size).toBe(3);
  });

  it('bounds the in-memory cache by bytes too, and drops what is past its keep time', () => {
    const cache = memoryCache({ maxEntries: 100, maxBytes: 1000 });
    const now = Date.now();
    const answer = (size: number, keep = 60_000) => ({
      status: 200,
      body: 'x'.repeat(size),
      storedAt: now,
      freshUntil: now + 1000,
      keepUntil: now + keep,
    });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, answer(300));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(3);
    expect(cache.get('k9')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
    cache.set('huge', answer(5000));
    expect(cache.get('huge')).toBeUndefined();
    cache.set('old', answer(10, -1));
    expect(cache.get('old')).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('works with caching disabled, and with a custom cache', async () => {
    const none = proxyOf({ cache: false });
    const address = nextAddress();
    await get(none, `profiles/${address}`);
    await get(none, `profiles/${address}`);
    expect(sb.hits(`profiles/${address}`)).toBe(2);

    const store = new Map<string, import('../../src/proxy').CachedAnswer>();
    const custom = proxyOf({ cache: { get: async (k) => store.get(k), set: async (k, v) => void store.set(k, v) } });
    await get(custom, `profiles/${address}`);
    expect([...store.keys()]).toEqual([`profiles/${address}`]);
    expect((await get(custom, `profiles/${address}`)).headers.get('x-repkit-cache')).toBe('hit');

    const broken = proxyOf({
      cache: {
        get: () => {
          throw new Error('down');
        },
        set: () => Promise.reject(new Error('down')),
      },
    });
    expect((await get(broken, `profiles/${address}`)).status).toBe(200);
  });
});

describe('failures', () => {
  /** Where a redirect would send the key: it must never receive anything. */
  const elsewhere = useCaptureServer();

  /** A proxy whose service can be switched to fail, with the same cache behind it. */
  const switchable = (options: Partial<ProxyOptions> = {}) => {
    const state = { fault: undefined as undefined | Parameters<typeof sb.fault>[0] };
    const proxy = proxyOf({
      staleWhileRevalidateSeconds: 0,
      ...options,
      fetch: (input, init) => {
        const url = String(input);
        return fetch(state.fault ? url.replace(sb.url, sb.fault(state.fault)) : url, init);
      },
    });
    return { proxy, state };
  };

  it('turns the service`s 429 into 503 with Retry-After, and stops asking until the reset', async () => {
    const { proxy, state } = switchable();
    const address = nextAddress();
    state.fault = { resetIn: 120_000 };
    const response = await get(proxy, `scores/${address}`, { headers: { Origin: PROXY } });
    expect(response.status).toBe(503);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(119);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect([...response.headers.keys()].filter((n) => n.includes('ratelimit'))).toEqual([]);
    expect(((await response.json()) as { message: string }).message).toMatch(/quota/);

    // While the quota is spent, no request goes upstream, for any path.
    state.fault = undefined;
    const before = sb.sandbox.requests.length;
    const other = await get(proxy, `badges/${address}`);
    expect(other.status).toBe(503);
    expect(sb.sandbox.requests.length).toBe(before);
  });

  it('asks again once the reset time has passed', async () => {
    const clock = fakeClock(Date.UTC(2033, 0, 1));
    const { proxy, state } = switchable();
    const address = nextAddress();
    state.fault = { resetIn: 30_000 };
    expect((await get(proxy, `scores/${address}`)).status).toBe(503);
    state.fault = undefined;
    clock.advance(31);
    expect((await get(proxy, `scores/${address}`)).status).toBe(200);
  });

  it('serves the cached copy when the service fails, and says so', async () => {
    const clock = fakeClock(Date.UTC(2034, 0, 1));
    const { proxy, state } = switchable({ timeoutMs: 1000 });
    const address = nextAddress();
    const path = `scores/${address}`;
    const original = await (await get(proxy, path)).text();
    clock.advance(400);
    const faults = [
      { status: 500 },
      { status: 502 },
      { status: 429 },
      { drop: true },
      { hang: true },
      { body: 'text' as const },
      { body: 'nodata' as const },
      { status: 401 },
    ];
    for (const fault of faults) {
      state.fault = fault;
      const response = await get(proxy, path);
      expect(response.status, JSON.stringify(fault)).toBe(200);
      expect(response.headers.get('x-repkit-cache')).toBe('stale');
      expect(await response.text()).toBe(original);
    }
  });

  it('answers 502, 504 or the service`s own 5xx when it has no copy', async () => {
    // Only the hanging service waits for the 500 ms timeout; the others get room to be told apart
    // on a busy machine (inflating the 50 MB bomb up to the cap takes a while there).
    const quick = switchable({ timeoutMs: 500 });
    const patient = switchable({ timeoutMs: 10_000 });
    const cases: [Parameters<typeof sb.fault>[0], number, RegExp][] = [
      [{ status: 500 }, 500, /^Failed to get scores$/],
      [{ drop: true }, 502, /could not reach the service/],
      [{ hang: true }, 504, /did not answer within 500 ms/],
      [{ body: 'html' }, 502, /malformed/],
      [{ body: 'successfalse' }, 502, /malformed/],
      [{ redirect: 'http://127.0.0.1:9/steal' }, 502, /redirect/],
      [{ big: 2_000_000 }, 502, /larger than 1000000 bytes/],
      [{ bomb: 50_000_000 }, 502, /larger than 1000000 bytes/],
    ];
    for (const [fault, status, message] of cases) {
      const { proxy, state } = fault.hang ? quick : patient;
      state.fault = fault;
      const response = await get(proxy, `scores/${nextAddress()}`);
      expect(response.status, JSON.stringify(fault)).toBe(status);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });

  it('passes other 4xx through with their bodies and caches nothing', async () => {
    const proxy = createProxy({ apiKey: 'dp_live_revoked', upstream: sb.url, basePath: '/rep' });
    const address = nextAddress();
    for (let i = 0; i < 2; i++) {
      const response = await get(proxy, `scores/${address}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Invalid or revoked API key' });
    }
    expect(sb.hits(`scores/${address}`)).toBe(2);
  });

  it('never follows a redirect: the key goes to the upstream origin only', async () => {
    const { proxy, state } = switchable();
    state.fault = { redirect: `${elsewhere.url}/steal`, status: 307 };
    expect((await get(proxy, `scores/${nextAddress()}`)).status).toBe(502);
    expect(elsewhere.requests).toEqual([]);
  });
});

describe('the edge entry', () => {
  it('imports nothing Node-only', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const dir = new URL('../../src/proxy/', import.meta.url);
    // node.ts and redis.ts are the Node-side entries (repkit/proxy/node, repkit/proxy/redis).
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f != 'node.ts' && f != 'redis.ts')) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      expect(source, file).not.toMatch(/from ['"](node:|fs|http|zlib|path|buffer)/);
      expect(source, file).not.toMatch(/\b(Buffer|process|require)\b[.(]/);
    }
  });
});
