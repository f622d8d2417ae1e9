// @vitest-environment node
/**
 * The same handler inside workerd, Cloudflare's runtime (the binary that the `miniflare`
 * package ships): the built dist/repkit.proxy.mjs, loaded as a module worker without
 * `nodejs_compat`, so a Node-only API anywhere in it fails here. Upstream is the sandbox on
 * loopback, the only address these tests ever reach.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Miniflare } from 'miniflare';
import { ensureProxyBuild, PROXY_DIST, PROXY_WORKERS_DIST, resvgWasmModules, workerdModules } from './build.mjs';
import { ADDRESSES, KEY, syntheticAddress, useSandbox } from './util';
import ar from '../../src/locales/ar';

const ROOT = new URL('../..', import.meta.url).pathname;
const EXAMPLE = `${ROOT}examples/proxy-worker`;
const SITE = 'https://site.example';
const A = ADDRESSES.rich;

const sb = useSandbox();
let repkitModules: (ReturnType<typeof workerdModules>[number] | ReturnType<typeof resvgWasmModules>[number])[] = [];
const started: Miniflare[] = [];

/** A worker that builds its proxy from JSON options in `env.OPTIONS` and the key in `env.KEY`. */
const TEST_WORKER = `
import { createProxy } from 'repkit/proxy';
let proxy;
export default {
  fetch(request, env, ctx) {
    proxy ??= createProxy({ ...JSON.parse(env.OPTIONS), apiKey: env.KEY });
    return proxy(request, ctx);
  },
};
`;

/**
 * Starts workerd with `main` as the worker and the built proxy as the module `repkit/proxy`,
 * exactly the import a deployment bundles.
 */
const startWorker = (main: string, bindings: Record<string, string>): Miniflare => {
  const mf = new Miniflare({
    modulesRoot: EXAMPLE,
    modules: [{ type: 'ESModule', path: `${EXAMPLE}/worker.mjs`, contents: main }, ...repkitModules],
    bindings,
    compatibilityDate: '2025-01-01',
  });
  started.push(mf);
  return mf;
};

const testWorker = (options: Record<string, unknown>): Miniflare => startWorker(TEST_WORKER, { KEY, OPTIONS: JSON.stringify(options) });

const url = (path: string) => `http://proxy.test/rep/api/v2/${path}`;

/** An upstream on loopback that relays to the sandbox after `delayMs`, or fails while `failing` is set. */
const relay = { failing: false, delayMs: 0, url: '' };
let relayServer: http.Server | undefined;

beforeAll(async () => {
  ensureProxyBuild();
  repkitModules = [
    ...workerdModules(EXAMPLE, { 'repkit/proxy': PROXY_DIST, 'repkit/proxy/workers': PROXY_WORKERS_DIST }),
    ...resvgWasmModules(EXAMPLE),
  ];
  relayServer = http.createServer(async (req, res) => {
    if (relay.failing) {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'Failed to get scores' }));
    }
    if (relay.delayMs) await new Promise((resolve) => setTimeout(resolve, relay.delayMs));
    const answer = await fetch(`${sb.url}${req.url}`, { headers: { 'X-API-Key': String(req.headers['x-api-key']) } });
    const quota = answer.headers.get('x-ratelimit-limit');
    res.writeHead(answer.status, {
      'Content-Type': answer.headers.get('content-type') ?? 'application/json',
      ...(quota ? { 'X-RateLimit-Limit': quota } : {}),
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => relayServer!.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(relayServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(started.map((mf) => mf.dispose()));
  relayServer?.closeAllConnections();
  await new Promise((resolve) => relayServer?.close(resolve));
});

let n = 0;
const nextAddress = () => syntheticAddress(5000 + ++n);

describe('in workerd: examples/proxy-worker/worker.mjs', () => {
  let mf: Miniflare;
  beforeAll(() => {
    mf = startWorker(readFileSync(`${EXAMPLE}/worker.mjs`, 'utf8'), { REPKIT_API_KEY: KEY, REPKIT_UPSTREAM: sb.url, ALLOW_ORIGINS: SITE });
  });

  it('forwards the seven routes with the key from its environment, once per path', async () => {
    const address = nextAddress();
    const paths = [
      `scores/${address}`,
      `scores/${A}/governance`,
      `badges/${address}`,
      `badges/${A}/RelayChainInitiate`,
      `profiles/${address}`,
      'metadata/badges',
      'metadata/categories',
    ];
    for (const path of paths) {
      const before = sb.hits(path);
      for (let i = 0; i < 3; i++) {
        const response = await mf.dispatchFetch(url(path), { headers: { 'X-API-Key': 'dp_live_from_the_page', Cookie: 'a=b' } });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('x-repkit-cache'), path).toBe(i == 0 ? 'miss' : 'hit');
        expect(((await response.json()) as { success: boolean }).success).toBe(true);
      }
      expect(sb.hits(path), path).toBe(before + 1);
    }
    const keys = new Set(sb.sandbox.requests.filter((r) => paths.some((p) => r.path == `/api/v2/${p}`)).map((r) => r.apiKey));
    expect([...keys]).toEqual([KEY]);
  });

  it('unfurls a share link: the page names its card, and the card is a PNG drawn by resvg-wasm', async () => {
    const page = await mf.dispatchFetch(`http://proxy.test/rep/u/${A}`);
    expect(page.status).toBe(200);
    const image = /<meta property="og:image" content="([^"]+)">/.exec(await page.text())?.[1];
    expect(image).toBe(`http://proxy.test/rep/card/${A}.png`);
    const card = await mf.dispatchFetch(image!);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await card.arrayBuffer());
    expect([...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    // The IHDR chunk: 1200 × 630, the size the page's og:image:width and og:image:height state.
    const header = new DataView(png.buffer, 16, 8);
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([1200, 630]);
  });

  it('answers CORS for its allowed origins only, and 404 off the routes', async () => {
    const ok = await mf.dispatchFetch(url('metadata/badges'), { headers: { Origin: SITE } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE);
    await ok.arrayBuffer();
    const preflight = await mf.dispatchFetch(url(`scores/${A}`), {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    const refused = await mf.dispatchFetch(url('metadata/badges'), { headers: { Origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/does not allow pages of https:\/\/evil\.example/);
    const other = await mf.dispatchFetch('http://proxy.test/rep/api/v2/widget/reputation/x');
    expect(other.status).toBe(404);
    await other.arrayBuffer();
  });
});

describe('in workerd: behaviour', () => {
  it('collapses concurrent identical requests into one', async () => {
    const mf = testWorker({ upstream: sb.fault({ latency: 300 }), basePath: '/rep' });
    const address = nextAddress();
    const responses = await Promise.all(Array.from({ length: 10 }, () => mf.dispatchFetch(url(`scores/${address}`))));
    for (const r of responses) {
      expect(r.status).toBe(200);
      await r.arrayBuffer();
    }
    expect(sb.hits(`scores/${address}`)).toBe(1);
  });

  it('answers a batch of paths in one response, each part from the same cache', async () => {
    const mf = testWorker({ upstream: sb.url, basePath: '/rep' });
    const address = nextAddress();
    const paths = [`scores/${address}`, `profiles/${address}`, 'scores/not-an-address'];
    const first = await mf.dispatchFetch(url(paths[0]!));
    await first.arrayBuffer();
    const response = await mf.dispatchFetch(`http://proxy.test/rep/batch?${paths.map((p) => `r=/api/v2/${p}`).join('&')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { parts } = (await response.json()) as { parts: { status: number; headers: Record<string, string> }[] };
    expect(parts.map((p) => [p.status, p.headers['X-Repkit-Cache']])).toEqual([
      [200, 'hit'],
      [200, 'miss'],
      [400, undefined],
    ]);
    expect(sb.hits(`scores/${address}`)).toBe(1);
  });

  it('uses the Workers Cache API (caches.default) when there is no in-memory cache', async () => {
    const mf = testWorker({ upstream: sb.url, cache: false });
    const address = nextAddress();
    const first = await mf.dispatchFetch(url(`profiles/${address}`));
    expect(first.headers.get('x-repkit-cache')).toBe('miss');
    const body = await first.text();
    await vi.waitFor(async () => {
      const again = await mf.dispatchFetch(url(`profiles/${address}`));
      expect(again.headers.get('x-repkit-cache')).toBe('hit');
      expect(await again.text()).toBe(body);
    });
    expect(sb.hits(`profiles/${address}`)).toBe(1);
  });

  it('serves an SVG badge from the same cache, and the neutral badge when the service fails', async () => {
    const mf = testWorker({ upstream: relay.url, basePath: '/rep' });
    const address = nextAddress();
    await (await mf.dispatchFetch(url(`scores/${address}`))).arrayBuffer();
    const badge = await mf.dispatchFetch(`http://proxy.test/rep/badge/reputation/${address}.svg?theme=dark`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(badge.headers.get('x-repkit-cache')).toBe('hit');
    expect(badge.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=/);
    const svg = await badge.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img" aria-label="Reputation score /);
    const etag = badge.headers.get('etag')!;
    const again = await mf.dispatchFetch(`http://proxy.test/rep/badge/reputation/${address}.svg?theme=dark`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    await again.arrayBuffer();
    expect(sb.hits(`scores/${address}`)).toBe(1);
    // In the language asked for: the built file carries the catalogues.
    const arabic = await (await mf.dispatchFetch(`http://proxy.test/rep/badge/reputation/${address}.svg?locale=ar`)).text();
    expect(arabic).toContain(`>${ar.reputation}</text>`);
    expect(arabic).toContain('direction="rtl"');

    relay.failing = true;
    try {
      const neutral = await mf.dispatchFetch(`http://proxy.test/rep/badge/badges/${nextAddress()}.svg`);
      expect(neutral.status).toBe(200);
      expect(neutral.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
      expect(await neutral.text()).toContain('>unavailable</text>');
    } finally {
      relay.failing = false;
    }
  });

  it('turns a 429 into 503 with Retry-After and no X-RateLimit-* headers', async () => {
    const mf = testWorker({ upstream: sb.fault({ resetIn: 90_000 }) });
    const response = await mf.dispatchFetch(url(`scores/${nextAddress()}`));
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(89);
    expect([...response.headers.keys()].filter((h) => h.includes('ratelimit'))).toEqual([]);
    await response.arrayBuffer();
  });

  it('serves the cached copy when the service fails, and refreshes stale copies in the background', async () => {
    const mf = testWorker({ upstream: relay.url, ttlSeconds: 1, staleWhileRevalidateSeconds: 0 });
    const address = nextAddress();
    const first = await mf.dispatchFetch(url(`scores/${address}`));
    const body = await first.text();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    relay.failing = true;
    try {
      const stale = await mf.dispatchFetch(url(`scores/${address}`));
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-repkit-cache')).toBe('stale');
      expect(await stale.text()).toBe(body);
    } finally {
      relay.failing = false;
    }

    const swr = testWorker({ upstream: sb.url, ttlSeconds: 1, staleWhileRevalidateSeconds: 60 });
    const other = nextAddress();
    await (await swr.dispatchFetch(url(`badges/${other}`))).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const served = await swr.dispatchFetch(url(`badges/${other}`));
    expect(served.headers.get('x-repkit-cache')).toBe('stale');
    await served.arrayBuffer();
    // The refresh went on after the answer, kept alive by ctx.waitUntil.
    await vi.waitFor(() => expect(sb.hits(`badges/${other}`)).toBe(2));
  });
});

describe("in workerd: a stranger's requests (docs/proxy.md, Security)", () => {
  const GOOD = 'https://good.example';
  const EVIL = 'http://evil.test';
  it('a path that names another host gives it neither data nor CORS', async () => {
    const mf = testWorker({ upstream: sb.url, allowOrigins: [GOOD] });
    for (const path of [`//evil.test/api/v2/scores/${A}`, `/\\evil.test/api/v2/scores/${A}`, `//evil.test/batch?r=/api/v2/scores/${A}`]) {
      const response = await mf.dispatchFetch(`http://proxy.test${path}`, { headers: { Origin: EVIL } });
      const body = await response.text();
      expect(response.status == 200 && response.headers.get('access-control-allow-origin') == EVIL, path).toBe(false);
      expect(body, path).not.toContain('"success":true');
    }
  });
  it("a refused site's <img> without Origin gets a 403 and spends nothing; badges stay open", async () => {
    const mf = testWorker({ upstream: sb.url, basePath: '/rep', allowOrigins: [GOOD] });
    const address = nextAddress();
    const image = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' };
    const refused = await mf.dispatchFetch(url(`scores/${address}`), { headers: image });
    expect(refused.status).toBe(403);
    await refused.arrayBuffer();
    expect(sb.hits(`scores/${address}`)).toBe(0);
    const badge = await mf.dispatchFetch(`http://proxy.test/rep/badge/reputation/${address}.svg`, { headers: image });
    expect(badge.status).toBe(200);
    await badge.arrayBuffer();
  });
  it('a client past the free share waits for the first answer to state the quota, then is answered, though the request that made the proxy has ended', async () => {
    // The proxy is made by a request that ends at once (a 404), so the budget's state belongs to a
    // finished request; the answer that states the quota arrives in another request's context.
    const mf = testWorker({
      upstream: relay.url,
      basePath: '/rep',
      allowOrigins: '*',
      clientBudget: { requests: 150, perSeconds: 3600, quotaShare: 0.02 },
    });
    const first = await mf.dispatchFetch('http://proxy.test/elsewhere');
    expect(first.status).toBe(404);
    await first.arrayBuffer();
    relay.delayMs = 400;
    try {
      // The free tier's 100 an hour at 2 % is 2 requests: the third and fourth wait for the quota.
      const client = { 'CF-Connecting-IP': '203.0.113.7' };
      const answers = await Promise.all([1, 2, 3, 4].map(() => mf.dispatchFetch(url(`scores/${nextAddress()}`), { headers: client })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    } finally {
      relay.delayMs = 0;
    }
    // Without the fix the waiting requests sat out the whole wait (timeoutMs, 40 s by default).
  }, 20_000);

  it("with '*', the same CORS headers with or without Origin", async () => {
    const mf = testWorker({ upstream: sb.url, basePath: '/rep', allowOrigins: '*' });
    const plain = await mf.dispatchFetch(url(`scores/${A}`));
    const cors = await mf.dispatchFetch(url(`scores/${A}`), { headers: { Origin: GOOD } });
    await Promise.all([plain.arrayBuffer(), cors.arrayBuffer()]);
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    expect(cors.headers.get('access-control-allow-origin')).toBe('*');
  });
});
