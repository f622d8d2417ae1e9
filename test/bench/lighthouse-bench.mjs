#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:lighthouse`: what a phone's main thread feels of repkit. Two articles (3 and 40
 * widgets, ./pages.mjs: four kinds, five addresses, copy-paste snippets and one
 * `<script async src="repkit.umd.js">`), the page on its own origin and the sandbox's API on
 * another.
 *
 * - Lighthouse (pinned in devDependencies), its default mobile run (simulated 4× CPU and a slow
 *   4G network), in Debian's Chromium started by chrome-launcher: long tasks attributed to
 *   repkit's scripts, Total Blocking Time, the Performance score, Cumulative Layout Shift; and
 *   from Lighthouse's trace, what the machine did beside the page (`pageCpu`, `otherCpu`,
 *   `wallPerCpu`: {@link threadsOf}).
 * - `--trace`: the same pages in Chromium under CDP's 4× CPU throttling (no network throttling),
 *   a Chromium trace from navigation to the last widget's load: every main-thread task over
 *   50 ms, the blocking time they add up to (each task's time past 50 ms) and the layout shift
 *   the page reports, and the main thread's time in all its tasks. Quicker, and what the long
 *   tasks are made of (`--top N` prints the longest tasks' heaviest events).
 * - `--trace --cpu`: the same trace unthrottled, each task timed by the main thread's CPU time
 *   (the trace's `tdur`) times 4, as Lighthouse's simulation multiplies what it observed. Wall
 *   time on a machine shared with other jobs counts the time other processes held the core;
 *   CPU time does not, so before and after can be compared at any load.
 *
 * Median of BENCH_RUNS runs (default 5). `--label NAME` stores the rows under that name in
 * test/bench/lighthouse-results.json; `--dist DIR` serves another build (one saved before a
 * change) in place of dist/; `--pages 3,40` the widget counts. A script, not a test: it checks no threshold.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import os from 'node:os';
import { createSandbox } from '../service/sandbox.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { servePages } from './pages.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const RESULTS = new URL('./lighthouse-results.json', import.meta.url);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const arg = (/** @type {string} */ name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const label = arg('--label') ?? 'now';
const trace = process.argv.includes('--trace');
const cpu = process.argv.includes('--cpu');
const top = Number(arg('--top') ?? 0);
const COUNTS = (arg('--pages') ?? '3,40').split(',').map(Number);

if (!existsSync(`${ROOT}dist/repkit.umd.js`)) throw new Error('build first: npm run build');

/** What a traced page logs once every widget has loaded or failed. */
const SETTLED = 'repkit-bench: every widget settled';

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

/**
 * @typedef {{ longTasks: number[], tbt: number, cls: number, score?: number, mainThread?: number, threads?: Threads }} Run
 * @typedef {{ pageCpu: number, compositorCpu: number, browserCpu: number, wallPerCpu: number }} Threads
 */

/**
 * What the machine did beside the page during a Lighthouse run, from its trace: the CPU time
 * (ms) of the page's main thread (the renderer's main thread that worked most), of the display
 * compositor and of the browser's main thread, and how much longer the page's tasks took by the
 * clock than on the CPU (the sum of their wall times over the sum of their CPU times). Lighthouse
 * multiplies the wall time it observed, so where the other threads take the cores (2 cores,
 * compositing without a GPU) a task of a few ms of CPU can read over 50 ms.
 * @param {any[]} events
 * @returns {Threads}
 */
const threadsOf = (events) => {
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const e of events) if (e.name == 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name);
  /** @type {Map<string, { cpu: number, wall: number }>} */
  const byThread = new Map();
  for (const e of events) {
    if (e.ph != 'X' || e.tdur === undefined || (e.name != 'RunTask' && e.name != 'ThreadControllerImpl::RunTask')) continue;
    const key = `${e.pid}:${e.tid}`;
    const sums = byThread.get(key) ?? { cpu: 0, wall: 0 };
    sums.cpu += e.tdur / 1000;
    sums.wall += e.dur / 1000;
    byThread.set(key, sums);
  }
  const busiest = (/** @type {string} */ name) =>
    [...byThread]
      .filter(([key]) => names.get(key) == name)
      .reduce((best, [, sums]) => (sums.cpu > best.cpu ? sums : best), { cpu: 0, wall: 0 });
  const page = busiest('CrRendererMain');
  return {
    pageCpu: Math.round(page.cpu),
    compositorCpu: Math.round(busiest('VizCompositorThread').cpu),
    browserCpu: Math.round(busiest('CrBrowserMain').cpu),
    wallPerCpu: Number((page.wall / page.cpu).toFixed(2)),
  };
};

/**
 * One Lighthouse run of `url`.
 * @param {string} url
 * @returns {Promise<Run>}
 */
const lighthouseRun = async (url) => {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { audits, categories } = result.lhr;
    const runtimeError = result.lhr.runtimeError;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    /** @type {{ url?: string, duration?: number }[]} */
    const items = /** @type {any} */ (audits['long-tasks']?.details)?.items ?? [];
    return {
      longTasks: items
        .filter((item) => /repkit/.test(item.url ?? ''))
        .map((item) => Math.round(item.duration ?? 0))
        .sort((a, b) => b - a),
      tbt: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      score: Math.round((categories.performance?.score ?? NaN) * 100),
      threads: threadsOf(/** @type {any} */ (result.artifacts)?.Trace?.traceEvents ?? []),
    };
  } finally {
    chrome.kill();
  }
};

/** @type {import('playwright-core').Browser | undefined} */
let browser;

/**
 * One trace of `url` under 4× CPU throttling: the page is loaded, every widget loads, then the
 * trace is read.
 * @param {string} url
 * @param {number} count widgets on the page
 * @returns {Promise<Run>}
 */
const traceRun = async (url, count) => {
  const { chromium } = await import('playwright-core');
  browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // The page says when every widget has settled on its console: waiting by page.waitForFunction
  // would have Playwright evaluate its own injected script in the page, a task of 8-20 ms (32-80
  // at 4×) the trace would count among the page's.
  await page.addInitScript(
    ({ n, said }) => {
      const w = /** @type {any} */ (window);
      w.settled = 0;
      w.shift = 0;
      const count = () => ++w.settled == n && console.debug(said);
      document.addEventListener('repkit:load', count);
      document.addEventListener('repkit:error', count);
      new PerformanceObserver((list) => {
        for (const entry of /** @type {any[]} */ (list.getEntries())) if (!entry.hadRecentInput) w.shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    },
    { n: count, said: SETTLED },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu ? 1 : 4 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
  const settled = page.waitForEvent('console', { predicate: (message) => message.text() == SETTLED, timeout: 60_000 });
  await page.goto(url);
  await settled;
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => /** @type {any} */ (window).shift);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const main = events.find((/** @type {any} */ e) => e.name == 'thread_name' && e.args?.name == 'CrRendererMain');
  const onMain = events.filter((/** @type {any} */ e) => e.pid == main?.pid && e.tid == main?.tid && e.ph == 'X');
  // µs a task takes on a phone: its wall time under throttling, or 4 × its CPU time.
  const phone = (/** @type {any} */ e) => (cpu ? 4 * (e.tdur ?? 0) : e.dur);
  const tasks = onMain.filter((/** @type {any} */ e) => e.name == 'RunTask' && phone(e) > 50_000);
  if (top) {
    for (const task of tasks.sort((/** @type {any} */ a, /** @type {any} */ b) => phone(b) - phone(a)).slice(0, top)) {
      const inside = onMain
        .filter((/** @type {any} */ e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur > 2_000)
        .map(
          (/** @type {any} */ e) =>
            `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${(e.dur / 1000).toFixed(1)}`,
        );
      console.log(`  task ${(phone(task) / 1000).toFixed(1)} ms: ${inside.slice(0, 14).join(' | ')}`);
    }
  }
  /** @type {number[]} */
  const longTasks = tasks
    .map((/** @type {any} */ e) => Math.round(phone(e) / 1000))
    .sort((/** @type {number} */ a, /** @type {number} */ b) => b - a);
  // Every task of the main thread, long or not: what a change saves below the 50 ms line too.
  const mainThread = Math.round(
    onMain
      .filter((/** @type {any} */ e) => e.name == 'RunTask')
      .reduce((/** @type {number} */ sum, /** @type {any} */ e) => sum + phone(e), 0) / 1000,
  );
  return { longTasks, tbt: longTasks.reduce((sum, ms) => sum + ms - 50, 0), cls: Number(cls.toFixed(3)), mainThread };
};

const sandbox = await createSandbox();
const pages = await servePages(sandbox.url, arg('--dist'));
/** @type {Record<string, { runs: Run[], median: { longestTask: number, longTasks: number, tbt: number, cls: number, score?: number, mainThread?: number, pageCpu?: number, otherCpu?: number, wallPerCpu?: number } }>} */
const rows = {};
try {
  for (const count of COUNTS) {
    /** @type {Run[]} */
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const url = `${pages.url}/page-${count}.html`;
      const result = trace ? await traceRun(url, count) : await lighthouseRun(url);
      runs.push(result);
      console.log(`${count} widgets, run ${run + 1}: ${JSON.stringify(result)}`);
    }
    rows[`${count} widgets`] = {
      runs,
      median: {
        longestTask: median(runs.map((r) => r.longTasks[0] ?? 0)),
        longTasks: median(runs.map((r) => r.longTasks.length)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        ...(trace
          ? { mainThread: median(runs.map((r) => r.mainThread ?? NaN)) }
          : {
              score: median(runs.map((r) => r.score ?? NaN)),
              pageCpu: median(runs.map((r) => r.threads?.pageCpu ?? NaN)),
              otherCpu: median(runs.map((r) => (r.threads?.compositorCpu ?? NaN) + (r.threads?.browserCpu ?? NaN))),
              wallPerCpu: median(runs.map((r) => r.threads?.wallPerCpu ?? NaN)),
            }),
      },
    };
  }
} finally {
  await browser?.close();
  await pages.close();
  await sandbox.close();
}

const mode = trace ? (cpu ? 'cpu' : 'trace') : 'lighthouse';
const saved = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
saved[mode] ??= {};
saved[mode][label] = {
  commit: execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]?.toFixed(1)}`,
  date: new Date().toISOString(),
  rows,
};
writeFileSync(RESULTS, JSON.stringify(saved, null, 2) + '\n');
console.log(`\n${mode}, ${label}, median of ${RUNS}:`);
console.table(Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, row.median])));
