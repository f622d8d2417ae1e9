// @vitest-environment node
/**
 * The proxy under load (issue 36, "Bounded under load"): a cap on upstream requests in flight,
 * a bounded queue with a 503 for what cannot be sent in time, cached paths never held back;
 * 405 for methods it does not serve, those `Request` refuses included; a default log that sums
 * up repeats instead of writing one line per failed request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProxy, memoryCache, type ProxyOptions } from '../../src/proxy';
import { PROXY_OPTIONS } from '../../src/proxy/options';
import { toNodeListener, type FetchHandler } from '../../src/proxy/node';
import { ADDRESSES, at, fakeClock, KEY, syntheticAddress, useSandbox } from './util';

const sb = useSandbox();
const CAP = PROXY_OPTIONS.maxUpstreamRequests.default;

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A fake service on loopback that never answers by itself: it counts the requests it holds open
 * (and the most at once) and answers them only when told to, or never. One per test, so that
 * what one test left hanging never shows in another's counts.
 */
const hangingUpstream = async () => {
  const state = { received: [] as string[], open: 0, mostOpen: 0, held: [] as { path: string; res: http.ServerResponse }[] };
  const server = http.createServer((req, res) => {
    state.received.push(req.url ?? '');
    state.open++;
    state.mostOpen = Math.max(state.mostOpen, state.open);
    res.on('close', () => state.open--);
    state.held.push({ path: req.url ?? '', res });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    /** Answers every request held for `path` with a success envelope. */
    answer(path: string) {
      for (const held of state.held.filter((h) => h.path == path)) {
        held.res.writeHead(200, { 'Content-Type': 'application/json' });
        held.res.end(JSON.stringify({ success: true, data: { path } }));
      }
      state.held = state.held.filter((h) => h.path != path);
    },
    /** Resolves once `count` requests have arrived (the machine may be slow; the test's timeout bounds it). */
    async until(count: number) {
      while (state.received.length < count) await wait(10);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
};

/** Serves `handler` over node:http on loopback; returns its base URL and a stop function. */
const serve = async (handler: FetchHandler): Promise<{ url: string; stop(): Promise<unknown> }> => {
  const server = http.createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
};

/** A raw request with any method, even those fetch refuses. */
const raw = (target: string, method: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(target, { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('upstream requests under load', () => {
  let upstream: Awaited<ReturnType<typeof hangingUpstream>>;
  beforeEach(async () => {
    upstream = await hangingUpstream();
  });
  afterEach(() => upstream.close());

  it('keeps at most maxUpstreamRequests open when 5,000 abandoned requests pile up, and cached paths answer at once', async () => {
    const cache = memoryCache();
    const hot = ADDRESSES.rich;
    const now = Date.now();
    const body = JSON.stringify({ success: true, data: { address: hot } });
    cache.set(`scores/${hot}`, { status: 200, body, storedAt: now, freshUntil: now + 300_000, keepUntil: now + 600_000 });
    // Defaults otherwise: the cap, the queue, the client budget and the 40 s upstream timeout are
    // the shipped ones. A flood comes from many addresses: each batch is told to the proxy as
    // coming from a client of its own, as the node adapter tells it a socket's address.
    const handler = createProxy({ apiKey: KEY, upstream: upstream.url, basePath: '/rep', cache, onEvent: () => {} });
    const proxy = await serve((request) => handler(request, { clientAddress: request.headers.get('x-flood-client') ?? '127.0.0.1' }));
    try {
      // 100 batches of 50 new addresses each, every one abandoned by its client after 200 ms.
      const batches = Array.from({ length: 100 }, (_, b) => {
        const parts = Array.from({ length: 50 }, (_, i) => `r=/api/v2/scores/${syntheticAddress(50_000 + b * 50 + i)}`);
        return fetch(`${proxy.url}/rep/batch?${parts.join('&')}`, {
          headers: { 'x-flood-client': `10.0.${b}.1` },
          signal: AbortSignal.timeout(200),
        })
          .then((response) => response.json() as Promise<{ parts: { status: number; headers: Record<string, string> }[] }>)
          .then(
            (answer) => answer.parts,
            () => 'abandoned' as const,
          );
      });
      const outcomes = await Promise.all(batches);
      // Batches whose every part found the queue full are answered at once, each part a 503 with Retry-After.
      for (const parts of outcomes.filter((o) => o != 'abandoned')) {
        for (const part of parts) expect(part).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
      }
      expect(outcomes.filter((o) => o == 'abandoned').length).toBeGreaterThan(0);
      await wait(300);
      expect(upstream.state.open).toBeLessThanOrEqual(CAP);

      // A new path waits for a slot a few seconds at most (not the 40 s of the upstream timeout),
      // then gets a 503 that says when to come back; a cached path asked meanwhile is never held back.
      const settled: string[] = [];
      const newPath = fetch(`${proxy.url}/rep/api/v2/scores/${syntheticAddress(49_999)}`, { signal: AbortSignal.timeout(20_000) }).then(
        (response) => {
          settled.push('new path');
          return response;
        },
        () => undefined,
      );
      await wait(100);
      const cached = await fetch(`${proxy.url}/rep/api/v2/scores/${hot}`, { signal: AbortSignal.timeout(20_000) });
      settled.push('cached path');
      expect(cached.status).toBe(200);
      expect(cached.headers.get('x-repkit-cache')).toBe('hit');
      expect(await cached.text()).toBe(body);

      const fresh = await newPath;
      expect(upstream.state.mostOpen).toBeLessThanOrEqual(CAP);
      expect(settled).toEqual(['cached path', 'new path']);
      expect(fresh?.status).toBe(503);
      expect(Number(fresh!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(fresh!.headers.get('cache-control')).toBe('no-store');
      expect(((await fresh!.json()) as { message: string }).message).toMatch(/too many requests to the service are under way/);
      // What was still queued when its visitors left was never sent.
      expect(upstream.state.received.length).toBeLessThanOrEqual(CAP);
    } finally {
      await proxy.stop();
    }
  });

  it('answers 503 at once when the queue is full, and sends queued paths as slots free up', async () => {
    const events: string[] = [];
    const proxy = createProxy({
      apiKey: KEY,
      upstream: upstream.url,
      basePath: '/rep',
      maxUpstreamRequests: 1,
      upstreamQueueMs: 2000,
      timeoutMs: 1000,
      onEvent: (event) => events.push(event.type),
    });
    const [first, second] = [syntheticAddress(60_001), syntheticAddress(60_002)];
    const sent = proxy(new Request(at(`scores/${first}`)));
    const queued = proxy(new Request(at(`scores/${second}`)));
    // One slot, and a queue of 8 per slot: the tenth distinct path finds no room.
    const waiting = Array.from({ length: 7 }, (_, i) => proxy(new Request(at(`scores/${syntheticAddress(60_010 + i)}`))));
    const refused = await proxy(new Request(at(`scores/${syntheticAddress(60_003)}`)));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(events).toContain('upstream-busy');
    await upstream.until(1);
    expect(upstream.state.received).toEqual([`/api/v2/scores/${first}`]);
    upstream.answer(`/api/v2/scores/${first}`);
    expect((await sent).status).toBe(200);
    await upstream.until(2);
    expect(upstream.state.received).toEqual([`/api/v2/scores/${first}`, `/api/v2/scores/${second}`]);
    upstream.answer(`/api/v2/scores/${second}`);
    expect((await queued).status).toBe(200);
    await upstream.close();
    await Promise.all(waiting);
  });

  it('finishes a request already sent when its visitor leaves, and caches its answer', async () => {
    const proxy = await serve(createProxy({ apiKey: KEY, upstream: upstream.url, basePath: '/rep', onEvent: () => {} }));
    try {
      const address = syntheticAddress(61_001);
      const path = `/api/v2/scores/${address}`;
      await fetch(`${proxy.url}/rep${path}`, { signal: AbortSignal.timeout(100) }).catch(() => undefined);
      await upstream.until(1);
      expect(upstream.state.received).toEqual([path]);
      upstream.answer(path);
      await wait(200);
      const later = await fetch(`${proxy.url}/rep${path}`);
      expect(later.headers.get('x-repkit-cache')).toBe('hit');
      expect(upstream.state.received).toEqual([path]);
    } finally {
      await proxy.stop();
    }
  });

  it('drops a queued request when every visitor waiting for it has left, and sends it again for the next one', async () => {
    const proxy = await serve(
      createProxy({ apiKey: KEY, upstream: upstream.url, basePath: '/rep', maxUpstreamRequests: 1, onEvent: () => {} }),
    );
    try {
      const [busy, left] = [`/api/v2/scores/${syntheticAddress(62_001)}`, `/api/v2/scores/${syntheticAddress(62_002)}`];
      const holding = fetch(`${proxy.url}/rep${busy}`);
      await upstream.until(1);
      // Two visitors wait for the same queued path; it stays wanted until both have gone.
      const one = new AbortController();
      const two = new AbortController();
      const first = fetch(`${proxy.url}/rep${left}`, { signal: one.signal }).catch(() => 'left');
      const second = fetch(`${proxy.url}/rep${left}`, { signal: two.signal }).catch(() => 'left');
      await wait(50);
      one.abort();
      two.abort();
      expect([await first, await second]).toEqual(['left', 'left']);
      await wait(50);
      upstream.answer(busy);
      expect((await holding).status).toBe(200);
      await wait(100);
      expect(upstream.state.received).toEqual([busy]);
      const again = fetch(`${proxy.url}/rep${left}`);
      await upstream.until(2);
      expect(upstream.state.received).toEqual([busy, left]);
      upstream.answer(left);
      expect((await again).status).toBe(200);
    } finally {
      await proxy.stop();
    }
  });

  it('sends nothing that waited in the queue once a 429 has paused the proxy', async () => {
    const proxy = createProxy({ apiKey: KEY, upstream: upstream.url, basePath: '/rep', maxUpstreamRequests: 1, onEvent: () => {} });
    const [first, second] = [`/api/v2/scores/${syntheticAddress(63_001)}`, `/api/v2/scores/${syntheticAddress(63_002)}`];
    const sent = proxy(new Request(`http://proxy.test/rep${first}`));
    const queued = proxy(new Request(`http://proxy.test/rep${second}`));
    await upstream.until(1);
    for (const held of upstream.state.held.splice(0)) {
      held.res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '120' });
      held.res.end(JSON.stringify({ message: 'Rate limit exceeded' }));
    }
    expect((await sent).status).toBe(503);
    expect((await queued).status).toBe(503);
    expect(upstream.state.received).toEqual([first]);
  });
});

describe('methods the proxy does not serve', () => {
  const proxyOf = (options: Partial<ProxyOptions> = {}) => createProxy({ apiKey: KEY, upstream: sb.url, basePath: '/rep', ...options });
  const A = ADDRESSES.rich;

  it('answers 405 with Allow in the fetch handler, even for methods Request refuses, asking nothing', async () => {
    const proxy = proxyOf({ onEvent: () => {} });
    const before = sb.sandbox.requests.length;
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'TRACK', 'CONNECT']) {
      // A runtime may hand the handler a request whose method `new Request` would refuse.
      const request = new Request(at(`scores/${A}`));
      Object.defineProperty(request, 'method', { value: method });
      const response = await proxy(request);
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('GET, HEAD, OPTIONS');
      expect(await response.json()).toEqual({ message: 'Method Not Allowed' });
    }
    const unknown = new Request('http://proxy.test/rep/nothing-here');
    Object.defineProperty(unknown, 'method', { value: 'TRACE' });
    expect((await proxy(unknown)).status).toBe(404);
    expect(sb.sandbox.requests.length).toBe(before);
  });

  it('answers TRACE with 405 and Allow over node:http, not a 500', async () => {
    const server = await serve(proxyOf({ onEvent: () => {} }));
    try {
      // (Node's own parser answers TRACK and CONNECT itself, before any listener.)
      for (const method of ['TRACE', 'POST']) {
        const response = await raw(`${server.url}/rep/api/v2/scores/${A}`, method);
        expect(response.status, method).toBe(405);
        expect(response.headers.allow, method).toBe('GET, HEAD, OPTIONS');
        expect(JSON.parse(response.body), method).toEqual({ message: 'Method Not Allowed' });
      }
      const elsewhere = await raw(`${server.url}/nothing-here`, 'TRACE');
      expect(elsewhere.status).toBe(404);
      expect((await raw(`${server.url}/rep/api/v2/scores/${A}`, 'GET')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('the default onEvent', () => {
  it('writes the count of repeats at the end of the minute, even when nothing happens after them', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const down = createProxy({ apiKey: KEY, basePath: '/rep', fetch: () => Promise.reject(new TypeError('fetch failed')) });
      for (let i = 0; i < 5; i++) expect((await down(new Request(at(`scores/${syntheticAddress(71_000 + i)}`)))).status).toBe(502);
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([expect.stringMatching(/: could not reach the service$/)]);
      vi.advanceTimersByTime(59_000);
      expect(warn.mock.calls.length).toBe(1);
      vi.advanceTimersByTime(1_000);
      expect(warn.mock.calls.map(([line]) => String(line))[1]).toMatch(
        /^repkit proxy: 4 more like this in the last 60 s: repkit proxy: \/api\/v2\/scores\/\S+: could not reach the service$/,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('writes one line per kind of failure per minute, then one line with the count of its repeats', async () => {
    const clock = fakeClock(Date.UTC(2035, 0, 1));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const failing = createProxy({ apiKey: KEY, upstream: sb.fault({ status: 500 }), basePath: '/rep' });
      const other = createProxy({ apiKey: KEY, upstream: sb.fault({ status: 503 }), basePath: '/rep' });
      for (let i = 0; i < 20; i++) expect((await failing(new Request(at(`scores/${syntheticAddress(70_000 + i)}`)))).status).toBe(500);
      expect(warn.mock.calls.length).toBe(1);
      expect(warn.mock.calls[0]![0]).toMatch(/^repkit proxy: the service answered 500 .* for \/api\/v2\/scores\/\S+$/);
      // Another kind has a line of its own, and each proxy counts its own.
      await other(new Request(at(`scores/${syntheticAddress(70_100)}`)));
      expect(warn.mock.calls.length).toBe(2);
      expect(warn.mock.calls[1]![0]).toMatch(/answered 503/);

      clock.advance(61);
      await failing(new Request(at(`badges/${syntheticAddress(70_200)}`)));
      expect(warn.mock.calls.slice(2).map(([line]) => String(line))).toEqual([
        expect.stringMatching(/^repkit proxy: 19 more like this in the last 60 s: repkit proxy: the service answered 500 /),
        expect.stringMatching(/^repkit proxy: the service answered 500 .* for \/api\/v2\/badges\//),
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});
