#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:proxy`: what repkit/proxy saves and what it costs. Runs the built
 * dist/repkit.proxy.mjs behind its node:http adapter (dist/repkit.proxy.node.mjs) in front of
 * the sandbox, all on loopback, and prints (and writes to test/bench/proxy-results.json):
 *
 * - upstream requests per 1,000 visits over 10 addresses, each visit being a page with a
 *   reputation, a badge and a profile widget (4 API calls: scores, badges, badge definitions,
 *   profile), (a) as a burst of concurrent visitors within one TTL, and (b) spread over one
 *   simulated hour (the proxy's clock is moved forward, 3.6 s per visit), against the bound
 *   `N × 3 routes × 3600 / TTL + metadata` and the 4,000 calls the same visits make without it;
 * - added latency, p50 and p95: on a miss, the time through the proxy minus a direct request
 *   to the sandbox for the same kind of path (paired samples); on a hit, the whole round trip
 *   to the proxy over loopback HTTP, and the handler's own time in process.
 *
 * A script, not a test: it checks no threshold. It builds the proxy entries when they are
 * missing. Options: BENCH_VISITS (default 1000), BENCH_SAMPLES (default 300), TTL (default 300).
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createSandbox } from '../service/sandbox.mjs';
import { API_KEY } from '../service/fixtures.mjs';
import { ensureProxyBuild, PROXY_NODE_DIST } from '../proxy/build.mjs';

const RESULTS = new URL('./proxy-results.json', import.meta.url).pathname;
const VISITS = Math.max(10, Number(process.env.BENCH_VISITS) || 1000);
const SAMPLES = Math.max(20, Number(process.env.BENCH_SAMPLES) || 300);
const TTL = Math.max(1, Number(process.env.TTL) || 300);
const ADDRESS_COUNT = 10;
const HOUR_S = 3600;

const log = (/** @type {unknown[]} */ ...args) => console.error(...args);
const round = (/** @type {number} */ x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
/** @type {(xs: number[], q: number) => number} the `q` quantile of `xs` (nearest rank) */
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
};
/** @typedef {{ p50: number, p95: number, samples: number }} Stats */
/** @type {(xs: number[]) => Stats} */
const stats = (xs) => ({ p50: round(quantile(xs, 0.5)), p95: round(quantile(xs, 0.95)), samples: xs.length });

/** A deterministic pseudo-random sequence (mulberry32), so runs pick the same addresses. */
const random = (/** @type {number} */ seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Valid-looking addresses (48 base58 characters) that the sandbox computes on the spot. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const addressOf = (/** @type {string} */ tag, /** @type {number} */ n) => {
  let tail = '';
  for (let i = 0, x = n + 1; i < 8; i++, x = Math.floor(x / 58)) tail = ALPHABET[x % 58] + tail;
  return `1${tag.padEnd(39, 'x')}${tail}`;
};

/** The API calls of one visit: a reputation, a badge and a profile widget for `address`. */
const visitPaths = (/** @type {string} */ address) => [`scores/${address}`, `badges/${address}`, 'metadata/badges', `profiles/${address}`];

// The proxy's clock: real time plus a simulated offset, moved forward by the "hour" run.
const realNow = Date.now.bind(Date);
let offsetMs = 0;
Date.now = () => realNow() + offsetMs;

/** @type {typeof import('../../src/proxy/index')} */
const { createProxy } = await import(pathToFileURL(ensureProxyBuild()).href);
/** @type {typeof import('../../src/proxy/node')} */
const { toNodeListener } = await import(pathToFileURL(PROXY_NODE_DIST).href);
const sandbox = await createSandbox();
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * Serves a fresh proxy on loopback; returns its URL, its handler and a stop function.
 * @param {Partial<import('../../src/proxy/index').ProxyOptions>} [options]
 */
const serveProxy = async (options = {}) => {
  const handler = createProxy({ apiKey: API_KEY, upstream: sandbox.url, basePath: '/rep', ttlSeconds: TTL, ...options });
  const server = http.createServer(toNodeListener(handler, { compress: false }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/rep`,
    handler,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
};

/**
 * One GET over keep-alive HTTP; resolves with the status and the time to the last byte, in ms.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number | undefined, ms: number, cache: string | string[] | undefined }>}
 */
const timedGet = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, cache: res.headers['x-repkit-cache'] }));
      })
      .on('error', reject);
  });

const apiCalls = () => sandbox.requests.filter((r) => r.path.startsWith('/api/v2/')).length;

/**
 * @type {{ when: string, node: string, cpus: number, cpu: string | undefined, ttlSeconds: number,
 *   burst?: Record<string, number>, hour?: Record<string, number>, latencyMs?: Record<string, Stats> }}
 */
const results = {
  when: new Date(realNow()).toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  ttlSeconds: TTL,
};

try {
  // ---- upstream requests per 1,000 visits ---------------------------------------------------
  const addresses = Array.from({ length: ADDRESS_COUNT }, (_, i) => addressOf('BenchVisit', i));
  const pick = random(42);
  const visitors = Array.from({ length: VISITS }, () => addresses[Math.floor(pick() * ADDRESS_COUNT)]);

  {
    log(`burst: ${VISITS} visits, 50 at a time, within one TTL`);
    const proxy = await serveProxy();
    sandbox.resetRequests();
    for (let i = 0; i < visitors.length; i += 50) {
      await Promise.all(visitors.slice(i, i + 50).flatMap((a) => visitPaths(a).map((p) => timedGet(`${proxy.url}/api/v2/${p}`))));
    }
    const upstream = apiCalls();
    results.burst = {
      visits: VISITS,
      addresses: ADDRESS_COUNT,
      proxiedCalls: VISITS * 4,
      upstreamRequests: upstream,
      per1000Visits: round((upstream * 1000) / VISITS, 1),
      withoutProxy: VISITS * 4,
      bound: ADDRESS_COUNT * 3 + 1,
    };
    await proxy.stop();
  }

  {
    log(`hour: ${VISITS} visits spread over ${HOUR_S} simulated seconds`);
    const proxy = await serveProxy();
    sandbox.resetRequests();
    const step = (HOUR_S * 1000) / VISITS;
    for (const [i, address] of visitors.entries()) {
      offsetMs = Math.round(i * step);
      await Promise.all(visitPaths(address).map((p) => timedGet(`${proxy.url}/api/v2/${p}`)));
    }
    // Let background refreshes (stale-while-revalidate) land before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    offsetMs = 0;
    const upstream = apiCalls();
    const bound = ADDRESS_COUNT * 3 * Math.ceil(HOUR_S / TTL) + Math.ceil(HOUR_S / 3600) + 1;
    results.hour = {
      visits: VISITS,
      addresses: ADDRESS_COUNT,
      simulatedSeconds: HOUR_S,
      upstreamRequests: upstream,
      per1000Visits: round((upstream * 1000) / VISITS, 1),
      withoutProxy: VISITS * 4,
      bound,
    };
    await proxy.stop();
  }

  // ---- added latency -------------------------------------------------------------------------
  {
    log(`latency: ${SAMPLES} paired misses, ${SAMPLES * 4} hits`);
    const proxy = await serveProxy();
    // Warm both paths (sockets, JIT) before measuring.
    for (let i = 0; i < 30; i++) {
      await timedGet(`${sandbox.url}/api/v2/profiles/${addressOf('BenchWarm', i)}`, { 'X-API-Key': API_KEY });
      await timedGet(`${proxy.url}/api/v2/profiles/${addressOf('BenchWarm', i + 100)}`);
    }
    /** @type {number[]} */
    const direct = [];
    /** @type {number[]} */
    const miss = [];
    /** @type {number[]} */
    const added = [];
    for (let i = 0; i < SAMPLES; i++) {
      const viaProxy = `${proxy.url}/api/v2/scores/${addressOf('BenchMissP', i)}`;
      const straight = `${sandbox.url}/api/v2/scores/${addressOf('BenchMissD', i)}`;
      // Alternate the order, so neither side always runs first.
      const key = { 'X-API-Key': API_KEY };
      let p;
      let d;
      if (i % 2) {
        p = await timedGet(viaProxy);
        d = await timedGet(straight, key);
      } else {
        d = await timedGet(straight, key);
        p = await timedGet(viaProxy);
      }
      if (p.cache !== 'miss') throw new Error(`expected a miss, got ${p.cache}`);
      direct.push(d.ms);
      miss.push(p.ms);
      added.push(p.ms - d.ms);
    }

    /** @type {number[]} */

    const hit = [];
    const hot = addressOf('BenchHot', 0);
    await timedGet(`${proxy.url}/api/v2/scores/${hot}`);
    for (let i = 0; i < SAMPLES * 4; i++) {
      const r = await timedGet(`${proxy.url}/api/v2/scores/${hot}`);
      if (r.cache !== 'hit') throw new Error(`expected a hit, got ${r.cache}`);
      hit.push(r.ms);
    }

    /** @type {number[]} */

    const inProcess = [];
    for (let i = 0; i < SAMPLES * 4; i++) {
      const started = performance.now();
      const response = await proxy.handler(new Request(`http://bench.test/rep/api/v2/scores/${hot}`));
      await response.text();
      inProcess.push(performance.now() - started);
    }
    results.latencyMs = {
      directRequest: stats(direct),
      missThroughProxy: stats(miss),
      missAdded: stats(added),
      hitRoundTrip: stats(hit),
      hitHandlerInProcess: stats(inProcess),
    };
    await proxy.stop();
  }
} finally {
  agent.destroy();
  await sandbox.close();
}

writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');

const { burst, hour, latencyMs: l } = results;
if (!burst || !hour || !l) throw new Error('proxy bench: a part did not run');
const line = (/** @type {string} */ label, /** @type {Stats} */ s) =>
  `  ${label.padEnd(46)} p50 ${String(s.p50).padStart(6)} ms   p95 ${String(s.p95).padStart(6)} ms`;
console.log(`repkit/proxy benchmark (${results.node}, ${results.cpus} CPU, TTL ${TTL} s; loopback, sandbox without latency)

Upstream requests for ${VISITS} visits over ${ADDRESS_COUNT} addresses (4 API calls a visit; ${VISITS * 4} without the proxy):
  burst within one TTL                           ${burst.upstreamRequests}  (${burst.per1000Visits} per 1,000 visits; bound ${burst.bound})
  spread over one hour                           ${hour.upstreamRequests}  (${hour.per1000Visits} per 1,000 visits; bound ${hour.bound} = ${ADDRESS_COUNT} × 3 × ${Math.ceil(HOUR_S / TTL)} + metadata)

Latency:
${line('direct request to the sandbox', l.directRequest)}
${line('miss through the proxy', l.missThroughProxy)}
${line('added by the proxy on a miss', l.missAdded)}
${line('hit: round trip to the proxy (loopback HTTP)', l.hitRoundTrip)}
${line('hit: handler time in process', l.hitHandlerInProcess)}

Written to ${RESULTS}`);
