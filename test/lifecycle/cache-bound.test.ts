/**
 * The client cache stays within its documented bound (README: "at most 100
 * entries, least recently used dropped"): 150 distinct successful requests, through the
 * client and through widgets, never leave more than CACHE_LIMIT results cached, and the ones
 * dropped are the least recently used.
 */
import { describe, expect, it } from 'vitest';
import { createWidget, ServiceClient } from '../../src/index';
import { CACHE_LIMIT, cacheSize, inFlight } from '../../src/client/cache';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { cleanupWidgets, makeContainer, waitForState } from '../helpers/widgets';

const server = useSandbox();

/** 150 base URLs, each a distinct cache key (the fault prefix differs only by its id). */
const bases = (tag: string, n = 150): string[] => Array.from({ length: n }, (_, i) => server.fault({ id: `${tag}-${i}` }));

const requestsFor = (path: string): number => server.sandbox.requests.filter((r) => r.path == path).length;

const inBatches = async <T>(items: T[], size: number, each: (item: T) => Promise<unknown>): Promise<void> => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
};

describe('the client cache is bounded', () => {
  it(`documents a bound of 100 entries`, () => {
    expect(CACHE_LIMIT).toBe(100);
  });

  it('150 distinct successful requests leave at most CACHE_LIMIT results, and the oldest are dropped first', async () => {
    const urls = bases('client');
    const clients = urls.map((baseUrl) => new ServiceClient({ apiKey: API_KEY, baseUrl, retries: 0 }));
    const path = `/api/v2/scores/${ADDRESSES.rich}`;
    const before = requestsFor(path);
    let peak = 0;
    await inBatches(clients, 25, async (client) => {
      await client.getScores(ADDRESSES.rich);
      peak = Math.max(peak, cacheSize());
    });
    expect(requestsFor(path) - before).toBe(150);
    expect(peak).toBeLessThanOrEqual(CACHE_LIMIT);
    expect(cacheSize()).toBe(CACHE_LIMIT);

    // The newest 100 are served from the cache; the oldest 50 were dropped and are asked again.
    const asked = requestsFor(path);
    await inBatches(clients.slice(50), 25, (client) => client.getScores(ADDRESSES.rich));
    expect(requestsFor(path)).toBe(asked);
    // Least recently used, not first in: reading client 50 made it the newest, so the next new
    // entry drops client 51's.
    await clients[50]!.getScores(ADDRESSES.rich);
    await clients[0]!.getScores(ADDRESSES.rich); // dropped earlier: a request, and it evicts the LRU
    expect(requestsFor(path)).toBe(asked + 1);
    expect(cacheSize()).toBe(CACHE_LIMIT);
    await clients[50]!.getScores(ADDRESSES.rich);
    expect(requestsFor(path)).toBe(asked + 1);
    await clients[51]!.getScores(ADDRESSES.rich);
    expect(requestsFor(path)).toBe(asked + 2);
    expect(cacheSize()).toBe(CACHE_LIMIT);
    expect(inFlight()).toBe(0);
  });

  // 60 badge widgets make 120 entries (earned badges and definitions): past the bound, at 40% of the cost of 150.
  it('60 badge widgets on distinct base URLs (two results each, 120 in all) stay within the bound', async () => {
    const urls = bases('widgets', 60);
    let peak = 0;
    await inBatches(urls, 20, async (baseUrl) => {
      const widget = createWidget({ type: 'badge', apiKey: API_KEY, address: ADDRESSES.rich, baseUrl, retries: 0 }).mount(makeContainer());
      await waitForState(widget.element!, 'ready');
      peak = Math.max(peak, cacheSize());
      widget.destroy();
    });
    cleanupWidgets();
    expect(peak).toBeLessThanOrEqual(CACHE_LIMIT);
    expect(cacheSize()).toBeLessThanOrEqual(CACHE_LIMIT);
    expect(inFlight()).toBe(0);
  });

  it('clearCache() forgets only its own base URL and key', async () => {
    const [a, b] = bases('clear', 2).map((baseUrl) => new ServiceClient({ apiKey: API_KEY, baseUrl, retries: 0 }));
    await a!.getScores(ADDRESSES.rich);
    await b!.getScores(ADDRESSES.rich);
    const size = cacheSize();
    a!.clearCache();
    expect(cacheSize()).toBe(size - 1);
  });
});
