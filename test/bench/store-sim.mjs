#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:store`: upstream requests per hour for 1, 4 and 16 proxy instances, with and
 * without the shared store, under a Zipf mix of addresses. A simulation, not a timed test: it
 * checks no threshold and its figures do not depend on the machine's speed.
 *
 * Each instance is the built dist/repkit.proxy.mjs with its defaults (in-memory LRU of 1,000
 * answers, TTL 300 s, stale-while-revalidate 60 s), as each serverless instance or container has
 * its own; "with the store" they share one real redis-server (Debian's, started on a free
 * loopback port) through dist/repkit.proxy.redis.mjs. Upstream is a fake `fetch` that counts
 * and answers at once. The proxy's clock (`Date.now`) is simulated: one hour of visits goes
 * by in seconds. Each visit is a page showing one address (scores, badges, profile: 3 paths),
 * the address drawn from a Zipf distribution (exponent ZIPF_S) over ADDRESSES addresses, sent
 * to an instance drawn at random (a load balancer). Visits are handled one after another, so
 * this measures what the shared cache saves; collapsing of concurrent misses is measured by
 * test/proxy/redis.test.ts.
 *
 * Options (environment): VISITS per hour (default 18000: 5 a second), ADDRESSES (distinct
 * addresses of each mix, comma-separated; default 200,5000), ZIPF_S (default 1.0), SEED
 * (default 1). Writes test/bench/store-results.json.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { ensureProxyBuild, PROXY_REDIS_DIST } from '../proxy/build.mjs';
import { startRedis } from '../proxy/redis-server.mjs';

const RESULTS = new URL('./store-results.json', import.meta.url).pathname;
const VISITS = Math.max(100, Number(process.env.VISITS) || 18000);
/** Distinct addresses of each traffic mix: a site with a small community, and a large one. */
const MIXES = (process.env.ADDRESSES ?? '200,5000').split(',').map((n) => Math.max(10, Number(n) || 200));
const ZIPF_S = Number(process.env.ZIPF_S) || 1.0;
const SEED = Number(process.env.SEED) || 1;
const HOUR_MS = 3_600_000;
const INSTANCES = [1, 4, 16];
const PATHS = ['scores', 'badges', 'profiles'];

/** A seeded generator (mulberry32): the same visits for every configuration. */
const random = (/** @type {number} */ seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Draws ranks 0..n-1 with P(k) ∝ 1 / (k + 1)^s, by binary search over the cumulative weights. */
const zipf = (/** @type {number} */ n, /** @type {number} */ s, /** @type {() => number} */ rand) => {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) cumulative[k] = total += 1 / (k + 1) ** s;
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
};

/** A valid-looking address per rank (48 base58 characters). */
const addressOf = (/** @type {number} */ rank) => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let tail = '';
  for (let i = 0, x = rank + 1; i < 8; i++, x = Math.floor(x / 58)) tail = alphabet[x % 58] + tail;
  return `1${'Sim'.padEnd(39, 'x')}${tail}`;
};

const { createProxy } = await import(pathToFileURL(ensureProxyBuild()).href);
const { redisStore } = await import(pathToFileURL(PROXY_REDIS_DIST).href);
const redis = await startRedis();

const realNow = Date.now;
let clock = Date.UTC(2030, 0, 1);
Date.now = () => clock;

/**
 * One simulated hour for `count` instances, with or without the store.
 * @param {number} addresses
 * @param {number} count
 * @param {boolean} shared
 */
async function simulate(addresses, count, shared, prefix = `sim${addresses}-${count}${shared ? 's' : ''}:`) {
  let upstream = 0;
  /** @type {typeof fetch} */
  const countingFetch = async (input) => {
    upstream++;
    const path = String(input).split('/api/v2/')[1];
    return new Response(JSON.stringify({ success: true, data: { path } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const stores = [];
  const proxies = [];
  for (let i = 0; i < count; i++) {
    const store = shared ? redisStore({ url: redis.url, keyPrefix: prefix }) : undefined;
    if (store) stores.push(store);
    proxies.push(createProxy({ apiKey: 'dp_live_simulation', fetch: countingFetch, store, onEvent: () => undefined }));
  }
  const rand = random(SEED);
  const pick = zipf(addresses, ZIPF_S, rand);
  const start = clock;
  let requests = 0;
  let failed = 0;
  for (let v = 0; v < VISITS; v++) {
    clock = start + Math.floor((v * HOUR_MS) / VISITS);
    const address = addressOf(pick());
    const proxy = proxies[Math.floor(rand() * count)];
    const answers = await Promise.all(PATHS.map((p) => proxy(new Request(`http://proxy.test/api/v2/${p}/${address}`))));
    for (const answer of answers) {
      requests++;
      if (answer.status != 200) failed++;
      await answer.arrayBuffer();
    }
  }
  // Background refreshes (stale-while-revalidate) still under way count too.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all(stores.map((s) => s.close()));
  clock = start + HOUR_MS + 3_600_000; // the next configuration starts with every answer expired
  return { addresses, instances: count, store: shared ? 'redis' : 'none', requests, upstream, failed };
}

const rows = [];
try {
  for (const addresses of MIXES) {
    for (const count of INSTANCES) {
      for (const shared of [false, true]) {
        const row = await simulate(addresses, count, shared);
        rows.push(row);
        console.error(
          `${addresses} addresses, ${count} instance(s), store ${row.store}: ${row.upstream} upstream requests for ${row.requests} (${row.failed} failed)`,
        );
      }
    }
  }
} finally {
  Date.now = realNow;
  await redis.close();
}

const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  traffic: { visitsPerHour: VISITS, pathsPerVisit: PATHS.length, addresses: MIXES, zipfExponent: ZIPF_S, seed: SEED },
  proxy: { ttlSeconds: 300, staleWhileRevalidateSeconds: 60, memoryCacheEntries: 1000 },
  rows,
};
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);

const n = (/** @type {number} */ x) => x.toLocaleString('en');
console.log(`| Addresses | Instances | Upstream requests per hour, no store | With the store (Redis) | Saved |`);
console.log(`|---:|---:|---:|---:|---:|`);
for (const addresses of MIXES) {
  for (const count of INSTANCES) {
    const alone = rows.find((r) => r.addresses == addresses && r.instances == count && r.store == 'none');
    const shared = rows.find((r) => r.addresses == addresses && r.instances == count && r.store == 'redis');
    if (!alone || !shared) continue;
    const saved = Math.round((1 - shared.upstream / alone.upstream) * 100);
    console.log(`| ${n(addresses)} | ${count} | ${n(alone.upstream)} | ${n(shared.upstream)} | ${saved} % |`);
  }
}
