// @vitest-environment node
/**
 * Values planted in a real redis-server (issue 41, item 6): an answer the proxy could never have
 * stored is a miss (deleted, reported once, never in the memory tier), and a key of the wrong
 * type is a miss for that key, never an outage of the whole store.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy, memoryCache, type ProxyEvent } from '../../src/proxy';
import { toNodeListener } from '../../src/proxy/node';
import { redisStore, type RedisStore } from '../../src/proxy/redis';
import { startRedis } from './redis-server.mjs';
import { KEY, plantedAnswers, syntheticAddress, useSandbox } from './util';

const sb = useSandbox();
let redis: Awaited<ReturnType<typeof startRedis>>;
let client: Redis;
let n = 0;

beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
});
afterAll(async () => {
  client?.disconnect();
  await redis?.close();
});

/** One Node proxy instance on the redis-server, with its own memory tier; what it told onEvent. */
const instance = async (prefix: string) => {
  const store: RedisStore = redisStore({ url: redis.url, keyPrefix: prefix, commandTimeoutMs: 1000 });
  const memory = memoryCache();
  const events: ProxyEvent[] = [];
  const proxy = createProxy({
    apiKey: KEY,
    upstream: sb.url,
    basePath: '/rep',
    store,
    cache: memory,
    onEvent: (e) => e.type != 'ready' && events.push(e),
  });
  const server = http.createServer(toNodeListener(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rep/api/v2`;
  return {
    events,
    memory,
    get: async (path: string) => {
      const response = await fetch(`${base}/${path}`);
      return { status: response.status, cacheControl: response.headers.get('cache-control'), body: await response.text() };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    },
  };
};

describe('planted values in redis', () => {
  it.each(plantedAnswers())('%s: a miss, deleted and replaced, reported once, never in memory', async (_, planted) => {
    const prefix = `planted${++n}:`;
    const path = `scores/${syntheticAddress(7000 + n)}`;
    await client.set(`${prefix}a:${path}`, JSON.stringify(planted));
    const proxy = await instance(prefix);
    try {
      const first = await proxy.get(path);
      expect(first.status).toBe(200);
      expect(first.body).not.toContain('planted');
      expect(first.cacheControl).toMatch(/s-maxage=\d{1,4},/);
      expect(sb.hits(path)).toBe(1);
      // The bad value is gone: what is there now is the service's answer.
      const stored = JSON.parse((await client.get(`${prefix}a:${path}`)) ?? '{}') as { status?: number; body?: string };
      expect(stored.status).toBe(200);
      expect(stored.body).not.toContain('planted');
      expect(proxy.memory.get(path)?.body).not.toContain('planted');
      // Planted again: still a miss, but the operator already heard of this key.
      await client.set(`${prefix}a:${path}`, JSON.stringify(planted));
      proxy.memory.clear();
      expect((await proxy.get(path)).body).not.toContain('planted');
      expect(proxy.events.map((e) => e.type)).toEqual(['cache-invalid']);
    } finally {
      await proxy.close();
    }
  });

  it('a hash at an answer key or the pause key is a miss for that key, not an outage of the store', async () => {
    const prefix = `planted${++n}:`;
    const path = `scores/${syntheticAddress(7000 + n)}`;
    await client.hset(`${prefix}a:${path}`, 'status', '200');
    await client.hset(`${prefix}pause`, 'until', '1');
    const proxy = await instance(prefix);
    try {
      expect((await proxy.get(path)).status).toBe(200);
      expect(proxy.events.map((e) => e.type)).not.toContain('store-unavailable');
      // Still sharing: another path's answer reaches the store.
      const other = `scores/${syntheticAddress(7500 + n)}`;
      expect((await proxy.get(other)).status).toBe(200);
      expect(await client.exists(`${prefix}a:${other}`)).toBe(1);
      expect(proxy.events).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
