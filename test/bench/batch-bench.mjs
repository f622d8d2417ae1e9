#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:batch`: one round trip for a page of widgets. In Chromium, a page (on its own
 * origin) mounts 100 widgets of distinct addresses (reputation, badge, profile in turn) at once,
 * with the sandbox answering after 50 ms (`latencyMs`), three ways, in one run:
 *
 * - **direct**: with the key, to the sandbox on another origin (as production: each request
 *   carries `X-API-Key`, so each needs a CORS preflight);
 * - **proxy**: without a key, through repkit/proxy on a third origin, whose `/batch` route
 *   answers 404 (as a proxy that does not batch would): repkit finds that out once, and every
 *   other request goes on its own;
 * - **proxy, batched**: the same proxy as it ships: the page's requests go in batches, as they
 *   do by default (repkit.umd.js loads dist/repkit.chunk-batch.js from beside itself).
 *
 * For each: the requests the browser sent to the API's origin (and how many were preflights),
 * and the time from the first `mount()` to the last `repkit:load`; the median of BENCH_RUNS
 * runs (default 3), every run with addresses of its own, so nothing is cached anywhere. The chunk
 * is not counted among the requests to the API. Runs the built dist/repkit.umd.js and
 * dist/repkit.chunk-batch.js (`npm run build` first) and dist/repkit.proxy*.mjs (built when older
 * than src/proxy). Writes test/bench/batch-results.json. A script, not a test: no threshold.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createSandbox } from '../service/sandbox.mjs';
import { API_KEY } from '../service/fixtures.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { ensureProxyBuild, PROXY_NODE_DIST } from '../proxy/build.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const RESULTS = new URL('./batch-results.json', import.meta.url).pathname;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const WIDGETS = 100;
const LATENCY_MS = 50;
const KINDS = ['reputation', 'badge', 'profile'];

const log = (/** @type {unknown[]} */ ...args) => console.error(...args);
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A valid address the sandbox computes on the spot, distinct for each `n`. */
const addressOf = (/** @type {number} */ n) => {
  let tail = '';
  for (let i = 0, x = n + 1; i < 8; i++, x = Math.floor(x / 58)) tail = ALPHABET[x % 58] + tail;
  return `1${'BatchBench'.padEnd(39, 'x')}${tail}`;
};

/** Starts a loopback server; resolves to its origin and a stop function. */
const listen = async (/** @type {http.RequestListener} */ handler) => {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
};

/** The page: the UMD build, then 100 widgets mounted in one task; it notes when each loads. */
const pageOf = (/** @type {Record<string, unknown>[]} */ configs) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>batch bench</title></head>
<body><main>${configs.map((_, i) => `<div id="w${i}"></div>`).join('')}</main>
<script src="/dist/repkit.umd.js"></script>
<script>
window.done = [];
for (const type of ['repkit:load', 'repkit:error']) document.addEventListener(type, () => window.done.push([type, performance.now()]));
const configs = ${JSON.stringify(configs)};
window.mountedAt = performance.now();
configs.forEach((c, i) => RepKit.createWidget(c).mount('#w' + i));
</script></body></html>`;

if (!existsSync(`${ROOT}dist/repkit.umd.js`) || !existsSync(`${ROOT}dist/repkit.chunk-batch.js`)) {
  log('batch bench: building dist/ (npm run build)');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
const edge = await import(pathToFileURL(ensureProxyBuild()).href);
const node = await import(pathToFileURL(PROXY_NODE_DIST).href);

const sandbox = await createSandbox({ latencyMs: LATENCY_MS });
/** Preflights that reached the sandbox (it does not log them). */
let sandboxPreflights = 0;
sandbox.server.on('request', (/** @type {http.IncomingMessage} */ req) => {
  if (req.method == 'OPTIONS') sandboxPreflights++;
});
let html = '';
/** The scripts the page loads. */
const scripts = Object.fromEntries(['repkit.umd.js', 'repkit.chunk-batch.js'].map((f) => [`/dist/${f}`, readFileSync(`${ROOT}dist/${f}`)]));
const site = await listen((req, res) => {
  const script = scripts[req.url ?? ''];
  if (script) {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    return void res.end(script);
  }
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(html);
});

/** What reached each proxy, by method. */
const reached = { proxy: /** @type {string[]} */ ([]), batched: /** @type {string[]} */ ([]) };
/** The proxy as it ships, one per way (each with a cache of its own). */
const handler = (/** @type {'proxy' | 'batched'} */ way) => {
  // No per-client budget: every page comes from one client (127.0.0.1), and each proxy gets 100
  // addresses no cache holds per run (BENCH_RUNS 3: 300, more with the profiles' definitions),
  // each one upstream request, where the default budget allows a client 150 an hour; from the
  // second run on, it would measure refusals. The budget has tests of its own (test/proxy).
  const listener = node.toNodeListener(
    edge.createProxy({ apiKey: API_KEY, upstream: sandbox.url, allowOrigins: [site.url], clientBudget: false }),
  );
  return (/** @type {http.IncomingMessage} */ req, /** @type {http.ServerResponse} */ res) => {
    reached[way].push(req.method ?? '');
    if (way == 'proxy' && new URL(req.url ?? '/', 'http://x').pathname == '/rep/batch') {
      res.writeHead(404, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': site.url });
      return void res.end('{"message":"Not Found"}');
    }
    listener(req, res);
  };
};
const plainProxy = await listen(handler('proxy'));
const batchProxy = await listen(handler('batched'));

/** @typedef {'direct' | 'proxy' | 'batched'} Way */
/** @type {Record<Way, string>} */
const LABELS = {
  direct: 'direct (key, CORS preflights)',
  proxy: 'through a proxy that does not batch (/batch: 404)',
  batched: 'through the proxy, batched (the default)',
};

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
/** @type {Record<Way, { requests: number, preflights: number, loaded: number, failed: number, mountToLastLoadMs: number }[]>} */
const runs = { direct: [], proxy: [], batched: [] };
let next = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    for (const way of /** @type {Way[]} */ (['direct', 'proxy', 'batched'])) {
      const api = way == 'direct' ? sandbox.url : way == 'proxy' ? plainProxy.url : batchProxy.url;
      const configs = Array.from({ length: WIDGETS }, (_, i) => ({
        type: KINDS[i % KINDS.length],
        address: addressOf(next++),
        ...(way == 'direct' ? { apiKey: API_KEY, baseUrl: sandbox.url } : { baseUrl: `${api}/rep` }),
      }));
      html = pageOf(configs);
      const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
      const page = await context.newPage();
      /** @type {string[]} */
      const methods = [];
      page.on('request', (r) => {
        if (r.url().startsWith(api)) methods.push(r.method());
      });
      const preflightsBefore = way == 'direct' ? 0 : reached[way].filter((m) => m == 'OPTIONS').length;
      const sandboxPreflightsBefore = sandboxPreflights;
      await page.goto(`${site.url}/`);
      await page.waitForFunction((n) => /** @type {{ done: unknown[] }} */ (/** @type {unknown} */ (window)).done.length >= n, WIDGETS, {
        timeout: 60000,
      });
      const { done, mountedAt } = /** @type {{ done: [string, number][], mountedAt: number }} */ (
        await page.evaluate(() => ({
          done: /** @type {{ done: [string, number][] }} */ (/** @type {unknown} */ (window)).done,
          mountedAt: /** @type {{ mountedAt: number }} */ (/** @type {unknown} */ (window)).mountedAt,
        }))
      );
      // Chromium reports preflights to the network layer, not to the page: count them where they land.
      const preflights =
        way == 'direct'
          ? sandboxPreflights - sandboxPreflightsBefore
          : reached[way].filter((m) => m == 'OPTIONS').length - preflightsBefore;
      const row = {
        requests: methods.length + preflights,
        preflights,
        loaded: done.filter(([t]) => t == 'repkit:load').length,
        failed: done.filter(([t]) => t == 'repkit:error').length,
        mountToLastLoadMs: Math.round(Math.max(...done.map(([, at]) => at)) - mountedAt),
      };
      runs[way].push(row);
      log(`run ${run + 1}/${RUNS} ${way}: ${JSON.stringify(row)}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await Promise.all([site.stop(), plainProxy.stop(), batchProxy.stop(), sandbox.close()]);
}

const summary = Object.fromEntries(
  /** @type {Way[]} */ (['direct', 'proxy', 'batched']).map((way) => [
    way,
    {
      requests: median(runs[way].map((r) => r.requests)),
      preflights: median(runs[way].map((r) => r.preflights)),
      loaded: median(runs[way].map((r) => r.loaded)),
      mountToLastLoadMs: median(runs[way].map((r) => r.mountToLastLoadMs)),
    },
  ]),
);
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
} catch {
  commit = 'unknown';
}
const results = {
  commit,
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  widgets: WIDGETS,
  latencyMs: LATENCY_MS,
  runs: RUNS,
  summary,
  all: runs,
};
writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');

const rows = /** @type {Way[]} */ (['direct', 'proxy', 'batched']).map((way) => {
  const s = summary[way];
  return `| ${LABELS[way]} | ${s.requests} | ${s.preflights} | ${s.loaded} | ${s.mountToLastLoadMs} ms |`;
});
console.log(`${WIDGETS} widgets of distinct addresses at ${LATENCY_MS} ms latency, median of ${RUNS} (${commit}, ${results.cpus} CPU)

| | requests (preflights included) | preflights | loaded | first mount() → last repkit:load |
|---|---|---|---|---|
${rows.join('\n')}

Written to ${RESULTS}`);
