// @vitest-environment node
/**
 * The store's fallbacks, the per-client budget and allowAddress, in-process against the
 * sandbox: a store that fails or hangs, clients told apart by address, and the options' checks.
 * The shared behaviour on real backends is in redis.test.ts and workers-store.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createProxy, type ProxyEvent, type ProxyOptions, type ProxyStore } from '../../src/proxy';
import { clientKeyOf } from '../../src/proxy/budget';
import { KEY, syntheticAddress, useSandbox } from './util';

const sb = useSandbox();
let n = 0;
const nextAddress = (): string => syntheticAddress(40000 + ++n);

/** A store whose every call rejects (Redis down) or never settles (Redis hung) while `state` says so. */
const brokenStore = (mode: { state: 'reject' | 'hang' | 'ok' }): ProxyStore & { calls: number } => {
  const answers = new Map<string, Parameters<ProxyStore['set']>[1]>();
  const wrap =
    <A extends unknown[], R>(ok: (...args: A) => R) =>
    (...args: A): Promise<R> => {
      store.calls++;
      if (mode.state == 'reject') return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
      if (mode.state == 'hang') return new Promise<R>(() => undefined);
      return Promise.resolve(ok(...args));
    };
  const store = {
    calls: 0,
    get: wrap((key: string) => answers.get(key)),
    set: wrap((key: string, answer: Parameters<ProxyStore['set']>[1]) => void answers.set(key, answer)),
    claim: wrap(() => true),
    release: wrap(() => undefined),
    pause: wrap(() => undefined),
    pausedUntil: wrap(() => 0),
    take: wrap(() => ({ ok: true, retryAfterMs: 0 })),
  };
  return store;
};

const proxyWith = (options: Partial<ProxyOptions>) => {
  const events: ProxyEvent[] = [];
  const proxy = createProxy({ apiKey: KEY, upstream: sb.url, onEvent: (e) => events.push(e), ...options });
  const get = async (path: string, init: { clientAddress?: string; headers?: Record<string, string> } = {}) => {
    const response = await proxy(new Request(`http://proxy.test/api/v2/${path}`, { headers: init.headers }), {
      clientAddress: init.clientAddress,
    });
    return {
      status: response.status,
      cache: response.headers.get('x-repkit-cache'),
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  };
  return { events, get };
};

describe('a failing store', () => {
  it('never fails a visitor: the instance serves on its own and tells onEvent once', async () => {
    const mode: { state: 'reject' | 'hang' | 'ok' } = { state: 'ok' };
    const store = brokenStore(mode);
    const { events, get } = proxyWith({ store });
    const cached = nextAddress();
    expect((await get(`scores/${cached}`)).status).toBe(200);

    mode.state = 'reject';
    for (let i = 0; i < 20; i++) {
      expect((await get(`scores/${cached}`)).status).toBe(200);
      expect((await get(`profiles/${nextAddress()}`)).status).toBe(200);
    }
    expect(events.map((e) => e.type)).toEqual(['store-unavailable']);
    expect(events[0]!.message).toMatch(
      /shared store failed \(connect ECONNREFUSED 127\.0\.0\.1:6379\): this instance serves from its own cache/,
    );
    expect(sb.hits(`scores/${cached}`)).toBe(1);

    // After its rest (a second) the store is tried again, and the proxy says it is back.
    mode.state = 'ok';
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(`profiles/${nextAddress()}`)).status).toBe(200);
    expect(events.map((e) => e.type)).toEqual(['store-unavailable', 'store-restored']);
  });

  it('does not let a store that hangs hold visitors for more than its timeout', async () => {
    const mode: { state: 'reject' | 'hang' | 'ok' } = { state: 'hang' };
    const { events, get } = proxyWith({ store: brokenStore(mode) });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(`scores/${nextAddress()}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // One store call (1 s) and its fallback per step at most; far below the upstream timeout.
    expect(Date.now() - started).toBeLessThan(8000);
    expect(events.map((e) => e.type)).toEqual(['store-unavailable']);
  });
});

describe('the per-client budget', () => {
  it('counts requests that go upstream only, per client address, and answers 429 with Retry-After past it', async () => {
    const { events, get } = proxyWith({ clientBudget: { requests: 3, perSeconds: 60 } });
    const first = nextAddress();
    for (const address of [first, nextAddress(), nextAddress()])
      expect((await get(`scores/${address}`, { clientAddress: '192.0.2.7' })).status).toBe(200);
    const over = nextAddress();
    const refused = await get(`scores/${over}`, { clientAddress: '192.0.2.7' });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(19);
    expect(JSON.parse(refused.body)).toEqual({ message: expect.stringMatching(/too many new requests from this client/) });
    expect(sb.hits(`scores/${over}`)).toBe(0);
    // Cached answers never count.
    for (let i = 0; i < 10; i++) expect((await get(`scores/${first}`, { clientAddress: '192.0.2.7' })).status).toBe(200);
    // Another client has its own budget; one event for the first, however often it asks.
    expect((await get(`scores/${over}`, { clientAddress: '192.0.2.8' })).status).toBe(200);
    expect((await get(`scores/${nextAddress()}`, { clientAddress: '192.0.2.7' })).status).toBe(429);
    expect(events.map((e) => [e.type, e.client])).toEqual([['client-over-budget', '192.0.2.7']]);
  });

  it('reads X-Forwarded-For only with trustProxy, and then the entry its nearest proxy added', async () => {
    const spoofing = proxyWith({ clientBudget: { requests: 2, perSeconds: 60 } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await spoofing.get(`scores/${nextAddress()}`, {
        clientAddress: '192.0.2.9',
        headers: { 'X-Forwarded-For': `10.0.0.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);

    const behindOne = proxyWith({ clientBudget: { requests: 2, perSeconds: 60 }, trustProxy: true });
    const hops = async (xff: string) =>
      (await behindOne.get(`scores/${nextAddress()}`, { clientAddress: '10.1.1.1', headers: { 'X-Forwarded-For': xff } })).status;
    // The client may write any left part; the load balancer appends what it saw.
    expect([await hops('1.1.1.1, 198.51.100.4'), await hops('2.2.2.2, 198.51.100.4'), await hops('3.3.3.3, 198.51.100.4')]).toEqual([
      200, 200, 429,
    ]);
    expect(behindOne.events.map((e) => e.client)).toEqual(['198.51.100.4']);
  });

  it('keys IPv6 clients by their /64, and IPv4-mapped addresses as IPv4', () => {
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('[2001:DB8::1]')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('applies no budget where no client address is known, and none with clientBudget: false', async () => {
    const unknown = proxyWith({ clientBudget: { requests: 1, perSeconds: 60 } });
    for (let i = 0; i < 3; i++) expect((await unknown.get(`scores/${nextAddress()}`)).status).toBe(200);
    const off = proxyWith({ clientBudget: false });
    for (let i = 0; i < 3; i++) expect((await off.get(`scores/${nextAddress()}`, { clientAddress: '192.0.2.1' })).status).toBe(200);
  });
});

describe('allowAddress', () => {
  it('serves only the addresses the hook allows (sync or async), refusing the others with a 404 and no upstream request', async () => {
    const members = new Set([nextAddress(), nextAddress()]);
    const [member, other] = [[...members][0]!, nextAddress()];
    for (const allowAddress of [(a: string) => members.has(a), async (a: string) => members.has(a)]) {
      const { get } = proxyWith({ allowAddress });
      expect((await get(`scores/${member}`)).status).toBe(200);
      const refused = await get(`profiles/${other}`);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.body)).toEqual({ message: 'repkit proxy: this site does not serve that address' });
      expect((await get('metadata/badges')).status).toBe(200);
    }
    expect(sb.hits(`profiles/${other}`)).toBe(0);
    const throwing = proxyWith({
      allowAddress: () => {
        throw new Error('members database down');
      },
    });
    expect((await throwing.get(`scores/${member}`)).status).toBe(404);
  });
});

describe('options', () => {
  it('refuses a wrong store, clientBudget, trustProxy or allowAddress at once, naming it', () => {
    const make = (o: Record<string, unknown>) => () => createProxy({ apiKey: KEY, ...o } as ProxyOptions);
    expect(make({ store: { get() {} } })).toThrow(/^repkit\/proxy: store must be a ProxyStore/);
    expect(make({ clientBudget: { requests: 0, perSeconds: 60 } })).toThrow(/^repkit\/proxy: clientBudget must be false or \{ requests/);
    expect(make({ clientBudget: 60 })).toThrow(/clientBudget/);
    expect(make({ trustProxy: 'yes' })).toThrow(/^repkit\/proxy: trustProxy must be a boolean or the number/);
    expect(make({ allowAddress: ['a'] })).toThrow(/^repkit\/proxy: allowAddress must be a function/);
  });
});
