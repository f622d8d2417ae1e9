// @vitest-environment node
/**
 * The per-client budget's defaults and shape (issue 40), in-process against the sandbox: the
 * first visit of a page of 100 new addresses passes, a client asking for random addresses on a
 * free key (100 an hour) spends a quarter of it at most and other visitors still load, a batch
 * charges one token per upstream request, the client's address as each platform hands it over,
 * the `ready` event's word on the budget, and the bucket's clock. Real redis-server:
 * redis.test.ts; the recipes as written: recipes.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createProxy, type ProxyEvent, type ProxyOptions } from '../../src/proxy';
import { localBuckets, takeToken, type BucketState } from '../../src/proxy/store';
import { RepkitCoordinator } from '../../src/proxy/workers';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { KEY, syntheticAddress, useSandbox } from './util';

const sb = useSandbox();
let n = 0;
const nextAddress = (): string => syntheticAddress(70000 + ++n);

const proxyWith = (options: Partial<ProxyOptions> & { upstream?: string } = {}) => {
  const events: ProxyEvent[] = [];
  const proxy = createProxy({ apiKey: KEY, upstream: sb.url, allowOrigins: '*', onEvent: (e) => events.push(e), ...options });
  /** A GET as the platform hands it over: `context` is what it passes besides the request. */
  const get = async (path: string, context: object = { clientAddress: '192.0.2.50' }) => {
    const response = await proxy(new Request(`http://proxy.test/${path.startsWith('batch') ? path : `api/v2/${path}`}`), context);
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
  };
  return { events, get };
};

/** A batch URL asking for these service paths. */
const batchOf = (paths: string[]): string => `batch?${paths.map((p) => `r=/api/v2/${p}`).join('&')}`;

interface Part {
  status: number;
  headers: Record<string, string>;
}

let limited: Sandbox | undefined;
afterEach(async () => {
  await limited?.close();
  limited = undefined;
});

describe('the default client budget', () => {
  it('lets the first visitor of a page of 100 new addresses through in batches asked at once', async () => {
    const { get } = proxyWith();
    const addresses = Array.from({ length: 100 }, nextAddress);
    const batches = await Promise.all([
      get(batchOf(addresses.slice(0, 50).map((a) => `scores/${a}`))),
      get(batchOf(addresses.slice(50).map((a) => `badges/${a}`))),
      get(batchOf(['metadata/badges'])),
    ]);
    expect(batches.map((b) => b.status)).toEqual([200, 200, 200]);
    const parts = batches.flatMap((b) => (JSON.parse(b.body) as { parts: Part[] }).parts);
    expect(parts.map((p) => p.status)).toEqual(parts.map(() => 200));
    expect(parts).toHaveLength(101);
  });

  it('on a free key (100 an hour), gives one client a quarter of the quota and the other visitors the rest', async () => {
    limited = await createSandbox({ quota: { limit: 100 } });
    const sandbox = limited;
    const upstream = () => sandbox.requests.filter((r) => r.path.startsWith('/api/v2/')).length;
    const { get, events } = proxyWith({ upstream: sandbox.url });
    const visitor = { clientAddress: '198.51.100.1' };
    const cached = nextAddress();
    expect((await get(`scores/${cached}`, visitor)).status).toBe(200);

    // The stranger: 200 random addresses, 50 at a time, as fast as it can.
    const stranger = { clientAddress: '203.0.113.66' };
    const answers: { status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < 4; i++) {
      const batch = await get(batchOf(Array.from({ length: 50 }, () => `scores/${nextAddress()}`)), stranger);
      answers.push(
        ...(JSON.parse(batch.body) as { parts: Part[] }).parts.map((p) => ({
          status: p.status,
          retryAfter: p.headers['Retry-After'] ?? null,
        })),
      );
      // During it, a visitor's cached address and a new one still load.
      expect((await get(`scores/${cached}`, visitor)).status).toBe(200);
      expect((await get(`profiles/${nextAddress()}`, visitor)).status).toBe(200);
    }
    const served = answers.filter((a) => a.status == 200).length;
    expect(served).toBe(25);
    expect(answers.filter((a) => a.status == 429)).toHaveLength(200 - 25);
    // One token back every 144 s (25 an hour).
    for (const a of answers.filter((a) => a.status == 429)) expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(100);
    expect(upstream()).toBe(1 + 25 + 4);
    expect(events.filter((e) => e.type == 'client-over-budget').map((e) => [e.client, e.message])).toEqual([
      [
        '203.0.113.66',
        'repkit proxy: client 203.0.113.66 asked for more new answers than its budget (25 upstream requests at once, then 25 an hour): it gets 429 until its budget refills (clientBudget)',
      ],
    ]);
    // After it, the quota is not spent: no pause, and new visitors still load.
    expect(events.filter((e) => e.type == 'rate-limited')).toEqual([]);
    expect((await get(`badges/${nextAddress()}`, { clientAddress: '198.51.100.2' })).status).toBe(200);
  });

  it('reads the quota from the first answer: a request past the free tier share waits for it rather than failing', async () => {
    // A key of 1,000 an hour: 150 at once for one client (a quarter would be 250).
    limited = await createSandbox({ quota: { limit: 1000 }, latencyMs: 100 });
    const { get } = proxyWith({ upstream: limited.url });
    const batch = await get(batchOf(Array.from({ length: 50 }, () => `scores/${nextAddress()}`)));
    expect((JSON.parse(batch.body) as { parts: Part[] }).parts.map((p) => p.status)).toEqual(Array.from({ length: 50 }, () => 200));
  });
});

describe('a batch and the budget', () => {
  it('charges one token per upstream request it causes, not one per part', async () => {
    const { get } = proxyWith({ clientBudget: { requests: 2, perSeconds: 3600 } });
    const same = `scores/${nextAddress()}`;
    const batch = await get(batchOf(Array.from({ length: 50 }, () => same)));
    expect((JSON.parse(batch.body) as { parts: Part[] }).parts.map((p) => p.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(sb.hits(same)).toBe(1);
    // One token of two is spent: one more new path goes through, the next does not.
    expect((await get(`scores/${nextAddress()}`)).status).toBe(200);
    expect((await get(`scores/${nextAddress()}`)).status).toBe(429);
  });
});

describe("the client's address, as each platform hands it over", () => {
  const platforms: [string, (address: string) => object][] = [
    [
      "Deno.serve's info.remoteAddr",
      (address) => ({ remoteAddr: { transport: 'tcp', hostname: address, port: 50123 }, completed: Promise.resolve() }),
    ],
    ["Netlify's context.ip", (address) => ({ ip: address, waitUntil: () => undefined })],
    ["Bun.serve's server.requestIP(request)", (address) => ({ requestIP: () => ({ address, family: 'IPv4', port: 50123 }) })],
    ["repkit/proxy/node's clientAddress", (address) => ({ clientAddress: address })],
  ];
  for (const [platform, context] of platforms) {
    it(`${platform}: one client over its budget is refused, another is not`, async () => {
      const { get } = proxyWith({ clientBudget: { requests: 2, perSeconds: 3600 } });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await get(`scores/${nextAddress()}`, context('203.0.113.5'))).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await get(`scores/${nextAddress()}`, context('203.0.113.6'))).status).toBe(200);
    });
  }
});

describe('the ready event on the budget', () => {
  const readyOf = (options: Partial<ProxyOptions> = {}): string => {
    const { events } = proxyWith(options);
    return events[0]!.message;
  };

  it('says how big it is and where the address comes from, or that it is off and why', () => {
    expect(readyOf()).toMatch(
      /; client budget: 150 upstream requests at once, then 150 an hour, at most 25 % of the key's hourly quota, per client address from the clientAddress the handler is given \(toNodeListener passes the socket's\); a request without one has no budget$/,
    );
    expect(readyOf({ trustProxy: true })).toMatch(/, per client address in X-Forwarded-For \(1 trusted proxy\)$/);
    expect(readyOf({ clientBudget: false })).toMatch(/; no client budget \(clientBudget: false\)$/);
    const runtime = globalThis as { EdgeRuntime?: string; Deno?: object };
    try {
      runtime.EdgeRuntime = 'edge-runtime';
      expect(readyOf()).toMatch(
        /; no client budget: Vercel's edge runtime gives the client's address only in X-Forwarded-For, which counts only with trustProxy: set trustProxy: true$/,
      );
      expect(readyOf({ trustProxy: true })).toMatch(/, per client address in X-Forwarded-For \(1 trusted proxy\)$/);
      delete runtime.EdgeRuntime;
      runtime.Deno = {};
      expect(readyOf()).toMatch(/, per client address from Deno\.serve's info\.remoteAddr; a request without one has no budget$/);
    } finally {
      delete runtime.EdgeRuntime;
      delete runtime.Deno;
    }
  });
});

describe("the budget's clock", () => {
  const bucket = { capacity: 60, perSeconds: 60 };

  it('never moves backwards: two clocks seconds apart refill nothing twice', () => {
    for (const skewMs of [1000, 5000]) {
      let state: BucketState | undefined;
      let granted = 0;
      const now = Date.now();
      for (let i = 0; i < 300; i++) {
        const result = takeToken(state, bucket, now + (i % 2 ? skewMs : 0));
        state = result.state;
        if (result.grant.ok) granted++;
      }
      // 60 in the bucket, and the seconds the clock ahead is ahead, once.
      expect(granted).toBeLessThanOrEqual(60 + skewMs / 1000);
    }
  });

  it("in the Durable Object is the object's own, whatever clock an isolate sends", async () => {
    for (const skewMs of [1000, 5000]) {
      const coordinator = new RepkitCoordinator();
      let granted = 0;
      for (let i = 0; i < 300; i++) {
        // What an isolate with its own clock sent before: its time, seconds apart from another's.
        const body = JSON.stringify({ op: 'take', key: 'budget:203.0.113.1', bucket, nowMs: Date.now() + (i % 2 ? skewMs : 0) });
        const grant = (await (await coordinator.fetch(new Request('https://coordinator.repkit/', { method: 'POST', body }))).json()) as {
          ok: boolean;
        };
        if (grant.ok) granted++;
      }
      expect(granted).toBeLessThanOrEqual(61);
    }
  });

  it('in one instance without a store is its own clock', async () => {
    const buckets = localBuckets();
    let granted = 0;
    for (let i = 0; i < 300; i++) if ((await buckets.take('budget:x', bucket, Date.now() + (i % 2 ? 5000 : 0))).ok) granted++;
    expect(granted).toBeLessThanOrEqual(65);
  });
});
