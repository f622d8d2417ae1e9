#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:annotate`: what annotating a long page costs its main thread, in Chromium under
 * 4× CPU throttling (CDP `Emulation.setCPUThrottlingRate`), against the built
 * dist/repkit.annotate.js with every option at its default, asking repkit/proxy (the built
 * dist/repkit.proxy.mjs behind its node:http adapter, on another origin, in front of the sandbox):
 *
 * - a forum thread of 2,000 text nodes with 500 addresses (test/annotate/pages.mjs) is loaded
 *   with the script tag; `longestRepkitMs` is the longest script of repkit's files inside a
 *   long animation frame (Chromium's `long-animation-frame` entries name each script's file),
 *   `longTasks` the long tasks of the whole page (parsing the page's own HTML is one), and
 *   `annotatedMs` the time from navigation until every address has its chip with its score;
 * - then the page appends 200 posts at once (as infinite scroll does): `appendedMs` is the time
 *   from appending them until each of their addresses has its chip with its score, and
 *   `appendLongestRepkitMs` the longest repkit script meanwhile.
 *
 * Median of BENCH_RUNS runs (default 5), each a fresh context; writes
 * test/bench/annotate-results.json. The targets (no repkit script over 50 ms, 200 posts
 * within 1 s) are printed beside the figures. A script, not a test: it fails nothing.
 */
import http from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createSandbox } from '../service/sandbox.mjs';
import { API_KEY } from '../service/fixtures.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { ensureProxyBuild, PROXY_NODE_DIST } from '../proxy/build.mjs';
import { forumPage } from '../annotate/pages.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const RESULTS = new URL('./annotate-results.json', import.meta.url);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const THROTTLE = 4;

if (!existsSync(`${ROOT}dist/repkit.annotate.js`)) throw new Error('build first: npm run build');

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

/** @param {http.RequestListener} handler */
const listen = async (handler) => {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, url: `http://127.0.0.1:${address.port}` };
};

const sandbox = await createSandbox();
const edge = await import(pathToFileURL(ensureProxyBuild()).href);
const node = await import(pathToFileURL(PROXY_NODE_DIST).href);

let html = '';
const site = await listen((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const file = /^\/dist\/([\w.-]+\.m?js)$/.exec(path)?.[1];
  res.writeHead(200, { 'Content-Type': file ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
  res.end(file ? readFileSync(`${ROOT}dist/${file}`) : html);
});
const listener = node.toNodeListener(
  edge.createProxy({ apiKey: API_KEY, upstream: sandbox.url, allowOrigins: [site.url], clientBudget: false }),
);
const proxy = await listen(listener);

/** The page's observers: long animation frames (with their scripts) and long tasks, from the start. */
const OBSERVE = `<script>
window.frames_ = []; window.tasks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.frames_.push({ start: e.startTime, scripts: e.scripts.map((s) => ({ url: s.sourceURL, ms: s.duration })) }); }).observe({ type: 'long-animation-frame', buffered: true });
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.tasks.push({ start: e.startTime, ms: e.duration }); }).observe({ type: 'longtask', buffered: true });
</script>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
/** @type {{ annotatedMs: number, longestRepkitMs: number, longTasks: number, appendedMs: number, appendLongestRepkitMs: number }[]} */
const runs = [];
for (let run = 0; run < RUNS; run++) {
  // Addresses of their own each run: the proxy's cache starts cold for them.
  const thread = forumPage({ posts: 250, nodesPerPost: 8, addresses: 500, distinct: 250, bad: 60, seed: 101 + run * 2 });
  const later = forumPage({ posts: 200, nodesPerPost: 4, addresses: 200, distinct: 100, bad: 0, seed: 301 + run * 2 });
  html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>${OBSERVE}</head>
<body>${thread.body}
<template id="later">${later.body.replace(/<\/?main>/g, '')}</template>
<script src="/dist/repkit.annotate.js" data-base-url="${proxy.url}/rep"></script>
</body></html>`;
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.goto(`${site.url}/`);
  const done = (/** @type {number} */ n) =>
    page.waitForFunction(
      (count) => {
        const chips = document.querySelectorAll('[data-repkit-chip]');
        return chips.length >= count && [...chips].every((c) => /** @type {HTMLElement} */ (c).dataset.state != 'loading');
      },
      n,
      { timeout: 60000, polling: 100 },
    );
  await done(thread.annotated.length);
  const annotatedMs = await page.evaluate(() => performance.now());
  const firstPhase = await page.evaluate(() => ({ frames: /** @type {any} */ (window).frames_, tasks: /** @type {any} */ (window).tasks }));
  // Infinite scroll: 200 posts at once, then every one of their addresses annotated.
  const appendedAt = await page.evaluate(() => {
    const template = /** @type {HTMLTemplateElement} */ (document.getElementById('later'));
    const at = performance.now();
    document.querySelector('main')?.append(template.content.cloneNode(true));
    /** @type {any} */ (window).appendedAt = at;
    return at;
  });
  await done(thread.annotated.length + later.annotated.length);
  const appendedMs = (await page.evaluate(() => performance.now())) - appendedAt;
  const all = await page.evaluate(() => /** @type {any} */ (window).frames_);
  /** @param {{ start: number, scripts: { url: string, ms: number }[] }[]} frames */
  const longestRepkit = (frames) =>
    Math.max(0, ...frames.flatMap((f) => f.scripts.filter((s) => /\/dist\/repkit/.test(s.url)).map((s) => s.ms)));
  runs.push({
    annotatedMs: Math.round(annotatedMs),
    longestRepkitMs: Math.round(longestRepkit(firstPhase.frames)),
    longTasks: firstPhase.tasks.length,
    appendedMs: Math.round(appendedMs),
    appendLongestRepkitMs: Math.round(longestRepkit(all.filter((/** @type {{ start: number }} */ f) => f.start >= appendedAt))),
  });
  await context.close();
}
await browser.close();
await sandbox.close();
for (const { server } of [site, proxy]) {
  server.closeAllConnections();
  server.close();
}

/** @type {Record<string, number>} */
const row = {};
for (const key of /** @type {(keyof (typeof runs)[number])[]} */ (Object.keys(runs[0] ?? {}))) row[key] = median(runs.map((r) => r[key]));
console.log(`annotate, 2,000 text nodes and 500 addresses, then 200 posts appended; ${THROTTLE}x CPU throttling, median of ${RUNS}`);
console.table({
  'longest repkit script while annotating (target ≤ 50 ms)': row.longestRepkitMs,
  'every chip with its score, from navigation (ms)': row.annotatedMs,
  'long tasks of the page meanwhile (its own parsing included)': row.longTasks,
  '200 appended posts annotated (target ≤ 1000 ms)': row.appendedMs,
  'longest repkit script while annotating them (ms)': row.appendLongestRepkitMs,
});
writeFileSync(RESULTS, JSON.stringify({ throttle: THROTTLE, runs: RUNS, median: row, all: runs }, null, 2) + '\n');
