// @vitest-environment node
/**
 * The proxy's batch route, `GET {basePath}/batch?r={service path}&r=…`: one answer with each
 * part's own status, headers and body, every part served as a request for it alone would be
 * (cache, collapsing, stale-if-error, the quota pause, the allowed routes), and bounded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProxy, type ProxyOptions } from '../../src/proxy';
import { BATCH_MAX_PARTS, BATCH_MAX_URL } from '../../src/client/batch';
import { ADDRESSES, at, fakeClock, KEY, PROXY, syntheticAddress, useSandbox } from './util';

const sb = useSandbox();
const A = ADDRESSES.rich;

/** A proxy whose service can be switched to fail, with the same cache behind it. */
const proxyOf = (options: Partial<ProxyOptions> = {}) => {
  const state = { fault: undefined as undefined | Parameters<typeof sb.fault>[0] };
  const proxy = createProxy({
    apiKey: KEY,
    upstream: sb.url,
    basePath: '/rep',
    staleWhileRevalidateSeconds: 0,
    onEvent: () => {},
    ...options,
    fetch: (input, init) => {
      const url = String(input);
      return fetch(state.fault ? url.replace(sb.url, sb.fault(state.fault)) : url, init);
    },
  });
  return { proxy, state };
};

interface BatchPart {
  status: number;
  headers: Record<string, string>;
  body: { success?: boolean; data?: Record<string, unknown>; message?: string };
}

const batchUrl = (paths: string[], prefix = '/rep'): string =>
  `${PROXY}${prefix}/batch?${paths.map((p) => `r=${encodeURIComponent(p)}`).join('&')}`;

const batch = async (proxy: (r: Request) => Promise<Response>, paths: string[], init: RequestInit = {}) => {
  const response = await proxy(new Request(batchUrl(paths), init));
  const text = await response.text();
  return { response, text, parts: response.status == 200 ? (JSON.parse(text) as { parts: BatchPart[] }).parts : [] };
};

let fresh = 0;
const nextAddress = () => syntheticAddress(5000 + ++fresh);

afterEach(() => {
  vi.useRealTimers();
});

describe('the batch route', () => {
  it('answers each service path as a request for it alone would, in the order asked, in one JSON answer', async () => {
    const { proxy } = proxyOf();
    const paths = [`/api/v2/scores/${A}`, `/api/v2/badges/${A}`, '/api/v2/metadata/categories', `/api/v2/scores/${A}/governance`];
    const { response, parts } = await batch(proxy, paths);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(parts).toHaveLength(4);
    for (const [i, path] of paths.entries()) {
      const alone = await proxy(new Request(`${PROXY}/rep${path}`));
      expect(parts[i]!.status, path).toBe(200);
      expect(parts[i]!.body, path).toEqual(await alone.json());
      expect(parts[i]!.headers['X-Repkit-Cache'], path).toMatch(/^(hit|miss)$/);
    }
  });

  it('keeps errors per part: an invalid address, a route the proxy does not serve, a record the service has not', async () => {
    const { proxy } = proxyOf();
    const before = sb.sandbox.requests.length;
    const { response, parts } = await batch(proxy, [
      '/api/v2/scores/not-an-address',
      `/api/v2/widget/reputation/${A}`,
      `/rep/api/v2/scores/${A}`,
      `/api/v2/scores/${A}`,
    ]);
    expect(response.status).toBe(200);
    expect(parts.map((p) => p.status)).toEqual([400, 404, 404, 200]);
    expect(parts[0]!.body).toEqual({ message: 'Invalid Polkadot address format' });
    expect(parts[1]!.body).toEqual({ message: 'Not Found' });
    expect(parts[3]!.body.success).toBe(true);
    // Only the valid part could have gone upstream.
    expect(sb.sandbox.requests.length - before).toBeLessThanOrEqual(1);

    const { parts: missing } = await batch(proxy, [`/api/v2/badges/${A}/NoSuchBadgeAnywhere`, `/api/v2/profiles/${A}`]);
    expect(missing[0]!.status).toBe(404);
    expect(missing[0]!.body.message).toBeTruthy();
    expect(missing[1]!.status).toBe(200);
  });

  it('fans out upstream in parallel, once per distinct path, and then answers from the cache', async () => {
    const { proxy, state } = proxyOf();
    state.fault = { latency: 300 };
    const addresses = Array.from({ length: 10 }, nextAddress);
    const paths = [...addresses.map((a) => `/api/v2/scores/${a}`), `/api/v2/scores/${addresses[0]!}`];
    const started = Date.now();
    const { parts } = await batch(proxy, paths);
    // Ten upstream requests of 300 ms each, at once: about 300 ms, far from 3 s.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(parts.map((p) => p.status)).toEqual(paths.map(() => 200));
    for (const a of addresses) expect(sb.hits(`scores/${a}`), a).toBe(1);
    expect(parts[10]!.body).toEqual(parts[0]!.body);

    const again = await batch(proxy, paths.slice(0, 3));
    expect(again.parts.map((p) => p.headers['X-Repkit-Cache'])).toEqual(['hit', 'hit', 'hit']);
    for (const a of addresses) expect(sb.hits(`scores/${a}`), a).toBe(1);
  });

  it('collapses a part with a request for the same path under way, alone or in another batch', async () => {
    const { proxy, state } = proxyOf();
    state.fault = { latency: 300 };
    const address = nextAddress();
    const path = `/api/v2/profiles/${address}`;
    const [alone, first, second] = await Promise.all([
      proxy(new Request(`${PROXY}/rep${path}`)),
      batch(proxy, [path, `/api/v2/scores/${address}`]),
      batch(proxy, [path]),
    ]);
    expect(alone.status).toBe(200);
    expect(first.parts[0]!.status).toBe(200);
    expect(second.parts[0]!.body).toEqual(first.parts[0]!.body);
    expect(sb.hits(`profiles/${address}`)).toBe(1);
  });

  it('serves a part stale when the service fails, and passes on the quota pause per part with its Retry-After', async () => {
    const clock = fakeClock(Date.UTC(2035, 0, 1));
    const { proxy, state } = proxyOf();
    const kept = nextAddress();
    const fresh = nextAddress();
    await batch(proxy, [`/api/v2/scores/${kept}`]);
    clock.advance(400);
    state.fault = { status: 500 };
    const failing = await batch(proxy, [`/api/v2/scores/${kept}`, `/api/v2/scores/${fresh}`]);
    expect(failing.parts.map((p) => p.status)).toEqual([200, 500]);
    expect(failing.parts[0]!.headers['X-Repkit-Cache']).toBe('stale');

    state.fault = { resetIn: 120_000 };
    const limited = await batch(proxy, [`/api/v2/badges/${fresh}`, `/api/v2/scores/${kept}`]);
    expect(limited.response.status).toBe(200);
    expect(limited.parts[0]!.status).toBe(503);
    expect(Number(limited.parts[0]!.headers['Retry-After'])).toBeGreaterThanOrEqual(119);
    expect(limited.parts[0]!.body.message).toMatch(/quota/);
    expect(limited.parts[1]!.status).toBe(200);

    // Until the reset nothing goes upstream, for any part.
    state.fault = undefined;
    const before = sb.sandbox.requests.length;
    const paused = await batch(proxy, [`/api/v2/profiles/${fresh}`]);
    expect(paused.parts[0]!.status).toBe(503);
    expect(sb.sandbox.requests.length).toBe(before);
  });

  it(`refuses more than ${BATCH_MAX_PARTS} parts (413), a URL over ${BATCH_MAX_URL} characters (414) and no part (400), asking nothing`, async () => {
    const { proxy } = proxyOf();
    const before = sb.sandbox.requests.length;
    const many = Array.from({ length: BATCH_MAX_PARTS + 1 }, (_, i) => `/api/v2/scores/${syntheticAddress(9000 + i)}`);
    const tooMany = await batch(proxy, many);
    expect(tooMany.response.status).toBe(413);
    expect(JSON.parse(tooMany.text)).toEqual({ message: `repkit proxy: a batch holds at most ${BATCH_MAX_PARTS} parts, got 51: split it` });
    expect(tooMany.response.headers.get('cache-control')).toBe('no-store');

    const long = await batch(proxy, [`/api/v2/scores/${A}/${'x'.repeat(BATCH_MAX_URL)}`]);
    expect(long.response.status).toBe(414);
    expect(JSON.parse(long.text).message).toMatch(/at most/);

    const none = await proxy(new Request(`${PROXY}/rep/batch`));
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toMatch(/r parameter/);
    expect(sb.sandbox.requests.length).toBe(before);

    // Exactly at the bound is fine.
    expect((await batch(proxy, many.slice(0, BATCH_MAX_PARTS))).parts).toHaveLength(BATCH_MAX_PARTS);
  });

  it('takes CORS and the mount path as the other routes do: a refused origin gets its 403, a preflight its 204', async () => {
    const { proxy } = proxyOf({ allowOrigins: ['https://allowed.example'] });
    const paths = [`/api/v2/scores/${A}`];
    const allowed = await batch(proxy, paths, { headers: { Origin: 'https://allowed.example' } });
    expect(allowed.response.status).toBe(200);
    expect(allowed.response.headers.get('access-control-allow-origin')).toBe('https://allowed.example');
    const refused = await batch(proxy, paths, { headers: { Origin: 'https://other.example' } });
    expect(refused.response.status).toBe(403);
    expect(refused.text).toContain('allowOrigins');
    const preflight = await proxy(new Request(batchUrl(paths), { method: 'OPTIONS', headers: { Origin: 'https://allowed.example' } }));
    expect(preflight.status).toBe(204);

    expect((await proxy(new Request(batchUrl(paths, '/elsewhere')))).status).toBe(404);
    expect((await proxy(new Request(`${PROXY}/rep/batch/more?r=${paths[0]!}`))).status).toBe(404);
    expect((await proxy(new Request(batchUrl(paths), { method: 'POST', body: '{}' }))).status).toBe(405);
    // Without basePath, any mount path before /batch, as for the API routes.
    const anywhere = createProxy({ apiKey: KEY, upstream: sb.url, onEvent: () => {} });
    expect((await anywhere(new Request(batchUrl(paths, '/some/mount')))).status).toBe(200);
    // And the API routes themselves are not taken for the batch route.
    expect((await proxyOf().proxy(new Request(at(`scores/${A}`)))).status).toBe(200);
  });
});
