// @vitest-environment node
/**
 * The shared store on a real redis-server (Debian's, started on a free loopback port with its
 * files in a temporary directory), as a site that outgrew one instance runs it: three Node proxy
 * instances (`createProxy` + `toNodeListener` on `node:http`, each with its own `redisStore`
 * connection) in front of one upstream, the sandbox, which counts what reaches it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProxy, type ProxyEvent, type ProxyOptions } from '../../src/proxy';
import { toNodeListener } from '../../src/proxy/node';
import { redisStore, type RedisStore } from '../../src/proxy/redis';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { startRedis } from './redis-server.mjs';
import { KEY, syntheticAddress, useSandbox } from './util';

const sb = useSandbox();
let redis: Awaited<ReturnType<typeof startRedis>>;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.close();
});

interface Instances {
  /** Each instance's base URL (`http://127.0.0.1:port/rep`). */
  urls: string[];
  /** What each instance told its onEvent. */
  events: ProxyEvent[][];
  close(): Promise<void>;
}

let prefixes = 0;
let n = 0;
const nextAddress = (): string => syntheticAddress(9000 + ++n);

/** Starts `count` proxy instances on loopback, sharing one redis-server (or none with `store: false`). */
const startInstances = async (count: number, options: Partial<ProxyOptions> & { shared?: boolean }): Promise<Instances> => {
  const { shared = true, ...proxyOptions } = options;
  const keyPrefix = `test${++prefixes}:`;
  const servers: http.Server[] = [];
  const stores: RedisStore[] = [];
  const events: ProxyEvent[][] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    // A second per command rather than the default 250 ms: this machine is shared, and a late
    // answer would (rightly) send an instance upstream on its own; the outage test needs none.
    const store = shared ? redisStore({ url: redis.url, keyPrefix, commandTimeoutMs: 1000 }) : undefined;
    if (store) stores.push(store);
    const seen: ProxyEvent[] = [];
    events.push(seen);
    const proxy = createProxy({ apiKey: KEY, basePath: '/rep', store, onEvent: (e) => e.type != 'ready' && seen.push(e), ...proxyOptions });
    const server = http.createServer(toNodeListener(proxy));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rep`);
  }
  return {
    urls,
    events,
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await Promise.all(stores.map((s) => s.close()));
    },
  };
};

/** GETs a path from an instance; status, cache state, Retry-After. */
const get = async (base: string, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}/api/v2/${path}`, { headers });
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get('x-repkit-cache'), retryAfter: response.headers.get('retry-after') };
};

describe('three Node instances, one redis-server', () => {
  it('300 requests spread over them for 20 addresses make exactly one upstream request per address', async () => {
    const upstream = sb.fault({ latency: 150 });
    const run = async (shared: boolean) => {
      const instances = await startInstances(3, { upstream, shared, trustProxy: true });
      try {
        const addresses = Array.from({ length: 20 }, nextAddress);
        const answers = await Promise.all(
          Array.from({ length: 300 }, (_, i) =>
            // Twenty visitors (behind one trusted load balancer), each on any instance.
            get(instances.urls[i % 3]!, `scores/${addresses[i % 20]}`, { 'X-Forwarded-For': `198.51.100.${i % 20}` }),
          ),
        );
        return { addresses, answers, events: instances.events.flat() };
      } finally {
        await instances.close();
      }
    };

    const { addresses, answers, events } = await run(true);
    expect(answers.filter((a) => a.status != 200)).toEqual([]);
    expect(events).toEqual([]);
    expect(addresses.map((a) => sb.hits(`scores/${a}`))).toEqual(addresses.map(() => 1));

    // The same traffic without the store: each instance asks on its own.
    const alone = await run(false);
    expect(alone.answers.filter((a) => a.status != 200)).toEqual([]);
    expect(alone.addresses.reduce((sum, a) => sum + sb.hits(`scores/${a}`), 0)).toBe(60);
  });

  it('after a 429 seen by one instance, no instance asks upstream until the reset', async () => {
    let limited: Sandbox | undefined;
    let instances: Instances | undefined;
    try {
      limited = await createSandbox({ quota: { limit: 4, windowMs: 5000 } });
      const upstream = limited.url;
      // Visitors of their own (behind one load balancer): a key of 4 an hour gives each one a budget of 1.
      instances = await startInstances(3, { upstream, trustProxy: true });
      const urls = instances.urls;
      const upstreamCount = () => limited!.requests.filter((r) => r.path.startsWith('/api/v2/')).length;

      for (let i = 0; i < 4; i++) {
        expect((await get(urls[i % 3]!, `scores/${nextAddress()}`, { 'X-Forwarded-For': `198.51.100.${i}` })).status).toBe(200);
      }
      const refused = await get(urls[1]!, `scores/${nextAddress()}`, { 'X-Forwarded-For': '198.51.100.4' });
      expect(refused.status).toBe(503);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(upstreamCount()).toBe(5);
      const firstAt = limited.requests[0]!.time;

      // Every instance now waits for the reset, new addresses or not.
      for (let i = 0; i < 9; i++) {
        const answer = await get(urls[i % 3]!, `profiles/${nextAddress()}`, { 'X-Forwarded-For': `198.51.100.${10 + i}` });
        expect(answer.status).toBe(503);
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      expect(upstreamCount()).toBe(5);
      expect(instances.events[1]!.map((e) => e.type)).toEqual(['rate-limited']);
      expect([...instances.events[0]!, ...instances.events[2]!]).toEqual([]);

      // After the reset the instances ask again.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstAt + 5100 - Date.now())));
      expect((await get(urls[2]!, `scores/${nextAddress()}`, { 'X-Forwarded-For': '198.51.100.30' })).status).toBe(200);
      expect(upstreamCount()).toBe(6);
    } finally {
      await instances?.close();
      await limited?.close();
    }
  });

  it('keeps answering while redis-server is down, and shares again once it is back', async () => {
    const instances = await startInstances(3, { upstream: sb.url });
    const { urls, events } = instances;
    try {
      const cached = [nextAddress(), nextAddress(), nextAddress()];
      for (const address of cached) for (const url of urls) expect((await get(url, `scores/${address}`)).status).toBe(200);
      expect(cached.map((a) => sb.hits(`scores/${a}`))).toEqual([1, 1, 1]);

      await redis.stop();
      // Mid-run: every instance keeps serving what it holds, and what it has not seen.
      const during = await Promise.all(
        urls.flatMap((url) => [...cached.map((a) => get(url, `scores/${a}`)), get(url, `badges/${nextAddress()}`)]),
      );
      expect(during.map((a) => a.status)).toEqual(during.map(() => 200));
      expect(cached.map((a) => sb.hits(`scores/${a}`))).toEqual([1, 1, 1]);
      for (const seen of events) expect(seen.map((e) => e.type)).toEqual(['store-unavailable']);

      await redis.start();
      // Each instance finds the store again by itself (it reconnects, and tries the store a
      // second after its last failure) on its next uncached request.
      for (const [i, url] of urls.entries()) {
        await vi.waitFor(
          async () => {
            await get(url, `profiles/${nextAddress()}`);
            expect(events[i]!.map((e) => e.type)).toEqual(['store-unavailable', 'store-restored']);
          },
          { timeout: 10_000, interval: 200 },
        );
      }
      // Then an answer one instance gets is the others' too.
      const shared = nextAddress();
      expect((await get(urls[0]!, `scores/${shared}`)).cache).toBe('miss');
      expect((await get(urls[1]!, `scores/${shared}`)).cache).toBe('hit');
      expect((await get(urls[2]!, `scores/${shared}`)).cache).toBe('hit');
      expect(sb.hits(`scores/${shared}`)).toBe(1);
    } finally {
      await instances.close();
      await redis.start().catch(() => undefined);
    }
  });

  it('one client asking for 1,000 random valid addresses causes at most its budget upstream (150, and 150 an hour), then gets 429s', async () => {
    const instances = await startInstances(3, { upstream: sb.url });
    try {
      const addresses = Array.from({ length: 1000 }, nextAddress);
      const answers: Awaited<ReturnType<typeof get>>[] = [];
      const start = Date.now();
      // In groups of 25, as fast as a script would ask, over all three instances.
      for (let i = 0; i < addresses.length; i += 25) {
        answers.push(...(await Promise.all(addresses.slice(i, i + 25).map((a, j) => get(instances.urls[(i + j) % 3]!, `scores/${a}`)))));
      }
      // 150 at once, then one every 24 s as the bucket refills (150 an hour) while the script runs.
      const budget = 150 + Math.floor((Date.now() - start) / 24_000);
      const upstream = addresses.reduce((sum, a) => sum + sb.hits(`scores/${a}`), 0);
      expect(upstream).toBeGreaterThanOrEqual(150);
      expect(upstream).toBeLessThanOrEqual(budget);
      expect(answers.filter((a) => a.status == 200)).toHaveLength(upstream);
      const refused = answers.filter((a) => a.status == 429);
      expect(refused).toHaveLength(1000 - upstream);
      for (const r of refused) expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      // One event per instance that refused, not one per request.
      const told = instances.events.flat().filter((e) => e.type == 'client-over-budget');
      expect(told.length).toBeLessThanOrEqual(3);
      expect(told.length).toBeGreaterThanOrEqual(1);
      expect(told[0]!.client).toBe('127.0.0.1');

      // What is cached never counts: the same client still gets the addresses already asked for.
      const served = addresses.find((_, i) => answers[i]!.status == 200)!;
      for (const url of instances.urls) expect((await get(url, `scores/${served}`)).status).toBe(200);
      expect(sb.hits(`scores/${served}`)).toBe(1);
    } finally {
      await instances.close();
    }
  });

  it("with a free key (100 an hour), one client's 1,000 random addresses spend a quarter of it, and other visitors still load", async () => {
    const free = await createSandbox({ quota: { limit: 100 } });
    const instances = await startInstances(3, { upstream: free.url, trustProxy: true });
    try {
      const upstream = () => free.requests.filter((r) => r.path.startsWith('/api/v2/')).length;
      const visitor = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i}` });
      const stranger = { 'X-Forwarded-For': '203.0.113.99' };
      const cached = nextAddress();
      expect((await get(instances.urls[0]!, `scores/${cached}`, visitor(0))).status).toBe(200);

      const statuses: number[] = [];
      for (let i = 0; i < 1000; i += 50) {
        const group = await Promise.all(
          Array.from({ length: 50 }, (_, j) => get(instances.urls[(i + j) % 3]!, `scores/${nextAddress()}`, stranger)),
        );
        statuses.push(...group.map((a) => a.status));
        // During it: other visitors' cached and new addresses load, on every instance.
        if (i % 250 == 0) {
          for (const [k, url] of instances.urls.entries()) {
            expect((await get(url, `scores/${cached}`, visitor(k + i))).status).toBe(200);
            expect((await get(url, `profiles/${nextAddress()}`, visitor(k + i))).status).toBe(200);
          }
        }
      }
      expect(statuses.filter((s) => s == 200)).toHaveLength(25);
      expect(statuses.filter((s) => s == 429)).toHaveLength(975);
      expect(upstream()).toBeLessThan(100);
      // After it: no quota pause, new addresses still load.
      for (const [k, url] of instances.urls.entries())
        expect((await get(url, `badges/${nextAddress()}`, visitor(200 + k))).status).toBe(200);
      expect(instances.events.flat().filter((e) => e.type == 'rate-limited')).toEqual([]);
    } finally {
      await instances.close();
      await free.close();
    }
  });

  it('grants no more than the bucket to instances whose clocks are 1 s or 5 s apart: the server keeps the time', async () => {
    for (const skewMs of [1000, 5000]) {
      const keyPrefix = `skew${skewMs}:`;
      const stores = [redisStore({ url: redis.url, keyPrefix }), redisStore({ url: redis.url, keyPrefix })];
      try {
        const bucket = { capacity: 60, perSeconds: 60 };
        let granted = 0;
        const start = Date.now();
        for (let i = 0; i < 300; i++) {
          // Each instance passes its own clock; the second's is ahead.
          const grant = await stores[i % 2]!.take('budget:203.0.113.1', bucket, Date.now() + (i % 2 ? skewMs : 0));
          if (grant.ok) granted++;
        }
        expect(granted).toBeGreaterThanOrEqual(60);
        expect(granted).toBeLessThanOrEqual(60 + Math.ceil((Date.now() - start) / 1000));
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    }
  });
});
