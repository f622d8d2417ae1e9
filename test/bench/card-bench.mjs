#!/usr/bin/env node
// @ts-check
/**
 * Part of `npm run bench:proxy`: the share card route (`{base}/card/{address}.png`,
 * docs/share-links.md) of the built proxy behind its node:http adapter, in front of the sandbox,
 * on loopback. Prints (and writes to test/bench/card-results.json):
 *
 * - first render: the time of a card's first request, its data already cached (so it measures the
 *   drawing, not the service), over CARD_FIRSTS addresses, median and p99;
 * - cached answer: the time of a request for a card drawn before, median and p99;
 * - the PNG's bytes, for the fixture with the most to show and the largest of all drawn;
 * - the process's memory (RSS, and heap after a full GC when run with --expose-gc) before and
 *   with 200 addresses' cards drawn and kept in the proxy's default memory cache.
 *
 * A script, not a test: it checks no threshold. Options: CARD_FIRSTS (default 40), CARD_SAMPLES
 * (default 500), CARD_ADDRESSES (default 200).
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createSandbox } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import { ensureProxyBuild, PROXY_NODE_DIST } from '../proxy/build.mjs';

const RESULTS = new URL('./card-results.json', import.meta.url).pathname;
const FIRSTS = Math.max(5, Number(process.env.CARD_FIRSTS) || 40);
const SAMPLES = Math.max(20, Number(process.env.CARD_SAMPLES) || 500);
const MANY = Math.max(10, Number(process.env.CARD_ADDRESSES) || 200);

const log = (/** @type {unknown[]} */ ...args) => console.error(...args);
const round = (/** @type {number} */ x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
/** @type {(xs: number[], q: number) => number} the `q` quantile of `xs` (nearest rank) */
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
};
const stats = (/** @type {number[]} */ xs) => ({ median: round(quantile(xs, 0.5)), p99: round(quantile(xs, 0.99)), samples: xs.length });
const mb = (/** @type {number} */ bytes) => round(bytes / 1e6, 1);
const memory = () => {
  /** @type {{ gc?: () => void }} */ (globalThis).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMB: mb(rss), heapMB: mb(heapUsed) };
};

/** Valid-looking addresses (48 base58 characters) that the sandbox computes on the spot. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const addressOf = (/** @type {string} */ tag, /** @type {number} */ n) => {
  let tail = '';
  for (let i = 0, x = n + 1; i < 8; i++, x = Math.floor(x / 58)) tail = ALPHABET[x % 58] + tail;
  return `1${tag.padEnd(39, 'x')}${tail}`;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
/** One GET over keep-alive HTTP: status, time to the last byte (ms) and the body's bytes. */
const timedGet = (/** @type {string} */ url) =>
  /** @type {Promise<{ status: number | undefined, ms: number, bytes: number }>} */ (
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent }, (res) => {
          let bytes = 0;
          res.on('data', (c) => (bytes += c.length));
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, bytes }));
        })
        .on('error', reject);
    })
  );

/** @type {typeof import('../../src/proxy/index')} */
const { createProxy } = await import(pathToFileURL(ensureProxyBuild()).href);
/** @type {typeof import('../../src/proxy/node')} */
const { toNodeListener } = await import(pathToFileURL(PROXY_NODE_DIST).href);
const sandbox = await createSandbox();
const before = memory();
const server = http.createServer(
  toNodeListener(createProxy({ apiKey: API_KEY, upstream: sandbox.url, basePath: '/rep', clientBudget: false })),
);
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/rep`;

/** Caches an address's data as its widgets would, so that a card's first request measures the drawing alone. */
const warm = (/** @type {string} */ address) =>
  Promise.all([`scores/${address}`, `badges/${address}`, 'metadata/badges'].map((p) => timedGet(`${base}/api/v2/${p}`)));

/** @type {Record<string, unknown> & { pngBytes?: Record<string, number>, memory?: Record<string, unknown> }} */
const results = {
  when: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
};

try {
  // The rasteriser and font load with the first card: timed apart.
  await warm(ADDRESSES.rich);
  const cold = await timedGet(`${base}/card/${ADDRESSES.rich}.png`);
  log(`first card of the process (loads resvg and the font): ${round(cold.ms)} ms`);

  const firsts = [];
  for (let i = 0; i < FIRSTS; i++) {
    const address = addressOf('CardFirst', i);
    await warm(address);
    firsts.push((await timedGet(`${base}/card/${address}.png`)).ms);
  }
  const richDark = await timedGet(`${base}/card/${ADDRESSES.rich}.png?theme=dark`);
  firsts.push(richDark.ms);
  log(`first render: ${JSON.stringify(stats(firsts))}`);

  const cached = [];
  for (let i = 0; i < SAMPLES; i++) cached.push((await timedGet(`${base}/card/${ADDRESSES.rich}.png`)).ms);
  log(`cached answer: ${JSON.stringify(stats(cached))}`);

  let largest = 0;
  for (let i = 0; i < MANY; i++) {
    const address = addressOf('CardMany', i);
    const answer = await timedGet(`${base}/card/${address}.png`);
    if (answer.status != 200) throw new Error(`card ${i}: ${answer.status}`);
    largest = Math.max(largest, answer.bytes);
  }
  const after = memory();
  Object.assign(results, {
    firstCardOfProcessMs: round(cold.ms),
    firstRenderMs: stats(firsts),
    cachedAnswerMs: stats(cached),
    pngBytes: { rich: cold.bytes, richDark: richDark.bytes, largestOf200: largest },
    memory: { before, [`with${MANY}CardsDrawn`]: after, gcForced: typeof (/** @type {{ gc?: unknown }} */ (globalThis).gc) == 'function' },
  });
  log(`PNG bytes: ${JSON.stringify(results.pngBytes)}; memory: ${JSON.stringify(results.memory)}`);
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
} finally {
  server.closeAllConnections();
  server.close();
  agent.destroy();
  await sandbox.close();
}
