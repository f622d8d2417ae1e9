#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench`: where repkit stands. Drives Debian's Chromium (playwright-core, never a
 * downloaded browser) against the sandbox and prints a table, also written to
 * test/bench/results.json:
 *
 * - HTTP requests the sandbox received for 1, 10 and 100 widgets of one address mounted at
 *   once, per kind, and for 10 addresses × 4 kinds;
 * - time from the first mount() to the last `repkit:load` for 100 widgets at 0 and 50 ms of
 *   sandbox latency (median of 5 runs, each in a fresh page), with the main-thread time spent
 *   meanwhile: long tasks and Chromium's own script/task/layout/style counters;
 * - the same for 10 and 100 widgets of distinct addresses (one request each), at 0 and 50 ms,
 *   with the frames drawn and Chromium's style and layout time while the answers arrive, and
 *   the time the same requests take by plain fetch() with no widget (the network's floor);
 * - time for update({ theme }) on 100 mounted widgets, and the requests made meanwhile (none
 *   may be);
 * - cumulative layout shift (layout-shift entries) from mount to load, per kind at its defaults;
 * - requests for a 500-row leaderboard with `loading: 'lazy'`, scrolled one screen, against the
 *   rows within the viewport and its 300 px margin;
 * - `cache: 'session'`: whether a reload shows the widget in its first frame, and its requests.
 *   Rows for an option the build does not have print "n/a".
 * - JS heap and DOM counters after 1,000 mount/destroy cycles compared with before;
 * - raw, gzip and brotli sizes of each dist file.
 *
 * A script, not a test: it reports figures and checks no threshold. It builds dist/ when it is
 * missing. Pages load the UMD build (dist/repkit.umd.js, the script-tag embed: everything,
 * auto-mounting) from the sandbox, which also answers the API on the same origin, so no CORS
 * preflight is involved. Options: BENCH_RUNS (default 5), CHROMIUM_PATH.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createSandbox } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').CDPSession} CDPSession */
/** @typedef {import('../service/sandbox.mjs').Sandbox} Sandbox */
/** @typedef {Record<string, unknown>} Config a widget config, as the page passes it on */
/** @typedef {{ ms: number, settledMs: number, loaded: number, failed: number, frames: number }} MountOutcome */
/** @typedef {{ state: string, element: HTMLElement, update(changes: Config): unknown, destroy(): void, mount(target: string | Element): PageWidget }} PageWidget */

/**
 * The bench page's window: the UMD build's global and the helpers of {@link PAGE}.
 * @typedef {object} BenchGlobals
 * @property {{ createWidget(config: Config): { mount(target: string | Element): PageWidget } }} RepKit
 * @property {PageWidget[]} widgets
 * @property {(configs: Config[]) => Promise<MountOutcome>} mountMany
 * @property {(config: Config, option: string) => boolean} hasOption
 * @property {(theme: string) => Promise<{ syncMs: number, frameMs: number }>} retheme
 * @property {(configs: Config[], n: number) => Promise<void>} cycle
 * @property {number[]} longTasks
 */

/**
 * The page's window. Callbacks of evaluate() run in the page, where nothing of this module
 * exists: they cast `window` to this type rather than call a helper.
 * @typedef {typeof window & BenchGlobals} BenchWindow
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const RESULTS = new URL('./results.json', import.meta.url).pathname;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 5);
/** The whole run is stopped after this long, whatever it is doing. */
const DEADLINE_MS = 10 * 60 * 1000;
const KINDS = ['reputation', 'badge', 'profile', 'category'];
/** Addresses whose fixtures answer (`unknown` 404s on everything). */
const ANSWERING = [ADDRESSES.rich, ADDRESSES.identityOnly, ADDRESSES.fresh, ADDRESSES.noProfile, ADDRESSES.hostile];
const AVATAR_SVG = readFileSync(`${ROOT}demo/avatar.svg`, 'utf8');

const log = (/** @type {unknown[]} */ ...args) => console.error(...args);
const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (/** @type {number} */ x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * A widget config of `kind` for `address`, talking to `baseUrl`.
 * @param {string} kind
 * @param {string} address
 * @param {string} baseUrl
 * @returns {Config}
 */
const configOf = (kind, address, baseUrl) => ({
  type: kind,
  apiKey: API_KEY,
  address,
  baseUrl,
  ...(kind == 'category' ? { categoryKey: 'governance' } : {}),
});

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/**
 * A valid address the fixtures do not know, distinct for each `i`: the sandbox computes its
 * record on the spot (zero score, no badges, empty profile), as the service does.
 * @param {number} i
 */
const benchAddress = (i) => {
  let tail = '';
  for (let n = i; tail.length < 8; n = Math.floor(n / 58)) tail = BASE58[n % 58] + tail;
  return ('1BenchAddress' + 'x'.repeat(47)).slice(0, 39) + tail;
};
/** The kinds that answer for any address (a computed record has no category score: 404). */
const ANY_ADDRESS_KINDS = ['reputation', 'badge', 'profile'];

/**
 * One timed run of {@link timedRun}: timings, or with `profile` where the CPU time went.
 * @typedef {object} TimedRun
 * @property {number} [mountToLastLoadMs]
 * @property {number} [frames]
 * @property {number} loaded
 * @property {number} [failed]
 * @property {number} [longTaskCount]
 * @property {number} [longTaskMs]
 * @property {number} [busyMs]
 * @property {number} [layoutMs]
 * @property {number} [styleMs]
 * @property {number} [jsMs]
 * @property {number} [repkitMs]
 * @property {number} [gcMs]
 * @property {number} pageErrors
 * @property {{ syncMs: number, toNextFrameMs: number, requests: number, dark: number }} [update]
 */

/**
 * Everything a bench run measured, as results.json keeps it.
 * @typedef {object} BenchResults
 * @property {string} version
 * @property {string} date
 * @property {string} commit
 * @property {string} node
 * @property {string} chromium
 * @property {{ cpus: number, cpu: string, memoryGB: number, platform: string }} machine
 * @property {string} build
 * @property {number} runs
 * @property {Array<{ scenario: string, kind: string } & Awaited<ReturnType<typeof requestsFor>>>} requests
 * @property {TimingRow[]} timing
 * @property {DistinctRow[]} distinct
 * @property {{ syncMs: number, toNextFrameMs: number, requests: number, dark: number } | null} updateTheme
 * @property {Array<{ kind: string, cls: number, entries: number, states: string[] }>} layoutShift
 * @property {Awaited<ReturnType<typeof lazyLeaderboard>>} lazy
 * @property {Awaited<ReturnType<typeof sessionCache>>} sessionCache
 * @property {Awaited<ReturnType<typeof memory>> | null} memory
 * @property {ReturnType<typeof sizes>} sizes
 */

/** @typedef {PerformanceEntry & { value: number, hadRecentInput: boolean }} LayoutShift a layout-shift entry */
/** @typedef {{ id: number, callFrame: { url: string, functionName: string }, children?: number[] }} ProfileNode */

/**
 * Medians of the runs of 100 widgets of one address, at one latency.
 * @typedef {object} TimingRow
 * @property {number} latencyMs
 * @property {number} mountToLastLoadMs
 * @property {number} frames
 * @property {number} longTaskCount
 * @property {number} longTaskMs
 * @property {number} layoutMs
 * @property {number} styleMs
 * @property {number} mainThreadBusyMs
 * @property {number} jsMs
 * @property {number} repkitJsMs
 * @property {number} gcMs
 * @property {number} loaded the fewest of any run
 * @property {TimedRun[]} runs
 * @property {TimedRun[]} profiles
 */

/**
 * Medians of the runs of widgets of distinct addresses, at one latency and count.
 * @typedef {object} DistinctRow
 * @property {number} latencyMs
 * @property {number} widgets
 * @property {number} mountToLastLoadMs
 * @property {number} frames
 * @property {number} layoutMs
 * @property {number} styleMs
 * @property {number} mainThreadBusyMs
 * @property {number} longTaskMs
 * @property {number} requests
 * @property {number} requestsAloneMs
 * @property {number} loaded the fewest of any run
 * @property {Array<TimedRun & { requests: number, requestsAloneMs: number }>} runs
 */

// ---- the page --------------------------------------------------------------------------------

/** The bench page: the UMD build and a few helpers the scenarios call through evaluate(). */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit bench</title><link rel="icon" href="data:,"></head>
<body><main id="root"></main>
<script src="/dist/repkit.umd.js"></script>
<script>
  window.widgets = [];
  /** Mounts one widget per config at once; resolves at the last load or error. */
  window.mountMany = (configs) => new Promise((resolve) => {
    const root = document.getElementById('root');
    const slots = configs.map(() => root.appendChild(document.createElement('div')));
    let loaded = 0, failed = 0, t0 = 0, lastLoad = 0, frames = 0, counting = true;
    const frame = () => { if (counting) { frames++; requestAnimationFrame(frame); } };
    const settle = () => {
      if (loaded + failed < configs.length) return;
      counting = false;
      document.removeEventListener('repkit:load', onLoad);
      document.removeEventListener('repkit:error', onError);
      resolve({ ms: lastLoad - t0, settledMs: performance.now() - t0, loaded, failed, frames });
    };
    const onLoad = () => { loaded++; lastLoad = performance.now(); settle(); };
    const onError = () => { failed++; settle(); };
    document.addEventListener('repkit:load', onLoad);
    document.addEventListener('repkit:error', onError);
    t0 = performance.now();
    requestAnimationFrame(frame);
    configs.forEach((config, i) => window.widgets.push(RepKit.createWidget(config).mount(slots[i])));
  });
  /** True when the build knows \`option\`: a known option refuses a nonsense value, an unknown one is ignored. */
  window.hasOption = (config, option) => {
    try { RepKit.createWidget({ ...config, [option]: 'not-a-value' }); return false; } catch { return true; }
  };
  /** update({ theme }) on every mounted widget: synchronous time, and time to the next frame. */
  window.retheme = (theme) => new Promise((resolve) => {
    const t0 = performance.now();
    for (const w of window.widgets) w.update({ theme });
    const syncMs = performance.now() - t0;
    requestAnimationFrame(() => setTimeout(() => resolve({ syncMs, frameMs: performance.now() - t0 })));
  });
  /** n cycles of create, mount, wait for the load, destroy (kinds in turn). */
  window.cycle = async (configs, n) => {
    const root = document.getElementById('root');
    for (let i = 0; i < n; i++) {
      const slot = root.appendChild(document.createElement('div'));
      const w = RepKit.createWidget(configs[i % configs.length]).mount(slot);
      if (w.state == 'loading') {
        await new Promise((r) => {
          w.element.addEventListener('repkit:load', r, { once: true });
          w.element.addEventListener('repkit:error', r, { once: true });
        });
      }
      w.destroy();
      slot.remove();
    }
  };
  /** Long tasks from now on. */
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); })
    .observe({ type: 'longtask' });
</script></body></html>`;

/**
 * A fresh context and page on `sandbox`'s origin with the bench page loaded, and a CDP session.
 * @param {Browser} browser
 * @param {Sandbox} sandbox
 */
async function openPage(browser, sandbox) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  context.setDefaultTimeout(60000);
  // The fixtures' image hosts do not exist on an offline machine: answer for them locally.
  await context.route(/^https:\/\/(avatars|badges)\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: AVATAR_SVG }),
  );
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  /** @type {string[]} */
  const apiUrls = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v2/')) apiUrls.push(r.url());
  });
  await page.route(`${sandbox.url}/bench.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PAGE }),
  );
  await page.goto(`${sandbox.url}/bench.html`);
  await page.waitForFunction(() => typeof (/** @type {BenchWindow} */ (window).RepKit) == 'object');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { context, page, cdp, problems, apiUrls };
}

/** @type {(cdp: CDPSession) => Promise<Record<string, number>>} Chromium's performance counters now */
const metrics = async (cdp) => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));

/** Waits for late requests (there should be none) before the log is read. */
const quiet = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the page has drawn two more frames (whatever work they had to wait for). */
const frames = (/** @type {Page} */ page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))));

// ---- scenarios -------------------------------------------------------------------------------

/** `scores`, `scores/{key}`, `badges`, `profiles`, `metadata/badges`...: an API path without its address. */
const endpointOf = (/** @type {string} */ path) => {
  const [area, first, second] = path.slice('/api/v2/'.length).split('/');
  if (area == 'metadata') return `metadata/${first}`;
  return second === undefined ? area : `${area}/{key}`;
};

/**
 * Requests for `configs` mounted at once in a fresh page: what the sandbox received, by endpoint.
 * @param {Browser} browser
 * @param {Sandbox} sandbox
 * @param {Config[]} configs
 */
async function requestsFor(browser, sandbox, configs) {
  const { context, page, apiUrls, problems } = await openPage(browser, sandbox);
  try {
    sandbox.resetRequests();
    const outcome = await page.evaluate((c) => /** @type {BenchWindow} */ (window).mountMany(c), configs);
    await quiet();
    /** @type {Record<string, number>} */
    const byEndpoint = {};
    for (const r of sandbox.requests) {
      const endpoint = endpointOf(r.path);
      byEndpoint[endpoint] = (byEndpoint[endpoint] ?? 0) + 1;
    }
    return {
      widgets: configs.length,
      requests: sandbox.requests.length,
      // Distinct full URLs (fault prefix and all) the page asked for: one per distinct resource.
      distinct: new Set(apiUrls).size,
      byEndpoint,
      loaded: outcome.loaded,
      failed: outcome.failed,
      pageErrors: problems.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * Where a CPU profile's samples went: JavaScript (not idle, not native "(program)" work such
 * as style and layout, not GC), JavaScript with a repkit frame on the stack (inclusive: the
 * DOM calls repkit makes count), and garbage collection.
 * @param {{ nodes: ProfileNode[], startTime: number, endTime: number, samples?: number[], timeDeltas?: number[] }} profile
 *   what analysis reads of Chromium's CPU profile (Profiler.stop)
 */
function analyseProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** @type {Map<number, boolean>} */
  const repkitMemo = new Map();
  /** @type {(id: number) => boolean} */
  const underRepkit = (id) => {
    if (!repkitMemo.has(id)) {
      const url = byId.get(id)?.callFrame.url ?? '';
      const up = parent.get(id);
      repkitMemo.set(id, /\/dist\/repkit[^/]*\.(m?js)$/.test(url) || (up !== undefined && underRepkit(up)));
    }
    return repkitMemo.get(id) === true;
  };
  const totals = { jsMs: 0, repkitMs: 0, gcMs: 0 };
  let t = profile.startTime;
  const times = (profile.timeDeltas ?? []).map((d) => (t += d));
  const samples = profile.samples ?? [];
  for (let i = 0; i < samples.length; i++) {
    const ms = ((times[i + 1] ?? profile.endTime) - times[i]) / 1000;
    const name = byId.get(samples[i])?.callFrame.functionName;
    if (name == '(garbage collector)') totals.gcMs += ms;
    else if (name != '(idle)' && name != '(program)' && name != '(root)') {
      totals.jsMs += ms;
      if (underRepkit(samples[i])) totals.repkitMs += ms;
    }
  }
  return totals;
}

/**
 * One timed run: 100 widgets (25 of each kind, one address) mounted at once in a fresh page.
 * With `profile`, a CPU profile (100 µs sampling) is taken of the same window instead of
 * timing it, so the profiler's overhead never inflates the timings.
 * @param {Browser} browser
 * @param {Sandbox} sandbox
 * @param {{ retheme?: boolean, profile?: boolean, distinct?: number }} [how]
 * @returns {Promise<TimedRun>}
 */
async function timedRun(browser, sandbox, { retheme = false, profile = false, distinct = 0 } = {}) {
  const configs = distinct
    ? Array.from({ length: distinct }, (_, i) => configOf(ANY_ADDRESS_KINDS[i % ANY_ADDRESS_KINDS.length], benchAddress(i), sandbox.url))
    : Array.from({ length: 100 }, (_, i) => configOf(KINDS[i % 4], ADDRESSES.rich, sandbox.url));
  const { context, page, cdp, problems } = await openPage(browser, sandbox);
  try {
    await page.evaluate(() => {
      /** @type {BenchWindow} */ (window).longTasks.length = 0;
    });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const before = await metrics(cdp);
    const outcome = await page.evaluate((c) => /** @type {BenchWindow} */ (window).mountMany(c), configs);
    // The frame after the last load is part of the work: let it happen before reading counters.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
    const after = await metrics(cdp);
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      return { ...analyseProfile(cpu), loaded: outcome.loaded, pageErrors: problems.length };
    }
    const longTasks = await page.evaluate(() => /** @type {BenchWindow} */ (window).longTasks.slice());
    const delta = (/** @type {string} */ name) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
    /** @type {TimedRun} */
    const run = {
      mountToLastLoadMs: outcome.ms,
      frames: outcome.frames,
      loaded: outcome.loaded,
      failed: outcome.failed,
      longTaskCount: longTasks.length,
      longTaskMs: longTasks.reduce((a, b) => a + b, 0),
      busyMs: delta('TaskDuration'),
      layoutMs: delta('LayoutDuration'),
      styleMs: delta('RecalcStyleDuration'),
      pageErrors: problems.length,
    };
    if (retheme) {
      await quiet(100);
      sandbox.resetRequests();
      const t = await page.evaluate(() => /** @type {BenchWindow} */ (window).retheme('dark'));
      await quiet();
      run.update = {
        syncMs: t.syncMs,
        toNextFrameMs: t.frameMs,
        requests: sandbox.requests.length,
        dark: await page.$$eval('.repkit', (hosts) => hosts.filter((h) => h.dataset.theme == 'dark').length),
      };
    }
    return run;
  } finally {
    await context.close();
  }
}

/**
 * The same requests as a widget run, made by plain `fetch` from a fresh page, all at once, each
 * body read and parsed: the time the network and the sandbox take with no widget rendering,
 * the floor a widget run cannot go below.
 * @param {Browser} browser
 * @param {Sandbox} sandbox
 * @param {string[]} paths
 */
async function requestsAlone(browser, sandbox, paths) {
  const { context, page } = await openPage(browser, sandbox);
  try {
    return await page.evaluate(
      async ({ paths, apiKey }) => {
        const t0 = performance.now();
        await Promise.all(
          paths.map((p) => fetch(p, { headers: { 'X-API-Key': apiKey, Accept: 'application/json' } }).then((r) => r.json())),
        );
        return performance.now() - t0;
      },
      { paths, apiKey: API_KEY },
    );
  } finally {
    await context.close();
  }
}

/**
 * JS heap and DOM counters after 1,000 mount/destroy cycles against a warmed-up baseline, and
 * after 1,000 more: growth that stops after the first thousand is the engine warming up
 * (compiled code, type feedback); growth that goes on is a leak.
 * @param {Browser} browser
 * @param {Sandbox} sandbox
 */
async function memory(browser, sandbox, cycles = 1000) {
  const configs = KINDS.map((kind) => configOf(kind, ADDRESSES.rich, sandbox.url));
  const { context, page, cdp } = await openPage(browser, sandbox);
  try {
    await cdp.send('HeapProfiler.enable');
    const snapshot = async () => {
      for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
      const m = await metrics(cdp);
      const dom = await cdp.send('Memory.getDOMCounters');
      return {
        jsHeapUsedBytes: m.JSHeapUsedSize ?? 0,
        domNodes: dom.nodes,
        jsEventListeners: dom.jsEventListeners,
        documents: dom.documents,
      };
    };
    // Warm-up: one cycle of each kind builds the shared stylesheets and fills the cache.
    await page.evaluate((c) => /** @type {BenchWindow} */ (window).cycle(c, c.length), configs);
    const before = await snapshot();
    const t0 = Date.now();
    await page.evaluate(({ c, n }) => /** @type {BenchWindow} */ (window).cycle(c, n), { c: configs, n: cycles });
    const ms = Date.now() - t0;
    const after = await snapshot();
    await page.evaluate(({ c, n }) => /** @type {BenchWindow} */ (window).cycle(c, n), { c: configs, n: cycles });
    const afterMore = await snapshot();
    return { cycles, cycleMs: ms / cycles, before, after, afterMore };
  } finally {
    await context.close();
  }
}

/**
 * Cumulative layout shift of one widget of `kind` at its defaults, between text above and
 * below it: from before mount() to two frames after its load. The page has no input, so every
 * layout-shift entry counts.
 * @param {Browser} browser
 * @param {Sandbox} sandbox
 * @param {string} kind
 */
async function layoutShift(browser, sandbox, kind) {
  const { context, page } = await openPage(browser, sandbox);
  try {
    return await page.evaluate(
      async (config) => {
        const root = /** @type {HTMLElement} */ (document.getElementById('root'));
        root.insertAdjacentHTML('beforeend', '<p>Above the widget.</p><div id="cls"></div><p>Below the widget.</p>');
        let cls = 0,
          entries = 0;
        const observer = new PerformanceObserver((list) => {
          for (const e of /** @type {LayoutShift[]} */ (list.getEntries())) if (!e.hadRecentInput) ((cls += e.value), entries++);
        });
        observer.observe({ type: 'layout-shift' });
        const widget = /** @type {BenchWindow} */ (window).RepKit.createWidget(config).mount('#cls');
        await new Promise((r) => {
          widget.element.addEventListener('repkit:load', r, { once: true });
          widget.element.addEventListener('repkit:error', r, { once: true });
        });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))));
        for (const e of /** @type {LayoutShift[]} */ (observer.takeRecords())) if (!e.hadRecentInput) ((cls += e.value), entries++);
        observer.disconnect();
        return { kind: config.type, cls, entries, state: widget.state };
      },
      configOf(kind, ADDRESSES.rich, sandbox.url),
    );
  } finally {
    await context.close();
  }
}

/**
 * A 500-row leaderboard of distinct addresses (compact reputation widgets, `loading: 'lazy'`),
 * scrolled down one screen: the API requests made, against the rows within the viewport or
 * its 300 px margin at either scroll position. Null when the build has no `loading` option.
 * @param {Browser} browser
 * @param {Sandbox} sandbox
 */
async function lazyLeaderboard(browser, sandbox, rows = 500) {
  const { context, page } = await openPage(browser, sandbox);
  try {
    const base = configOf('reputation', benchAddress(0), sandbox.url);
    if (!(await page.evaluate((c) => /** @type {BenchWindow} */ (window).hasOption(c, 'loading'), base))) return null;
    sandbox.resetRequests();
    const configs = Array.from({ length: rows }, (_, i) => ({
      ...configOf('reputation', benchAddress(i), sandbox.url),
      compact: true,
      loading: 'lazy',
    }));
    await page.evaluate((list) => {
      const table = /** @type {HTMLElement} */ (document.getElementById('root')).appendChild(document.createElement('ol'));
      const { RepKit } = /** @type {BenchWindow} */ (window);
      for (const config of list) RepKit.createWidget(config).mount(table.appendChild(document.createElement('li')));
    }, configs);
    // Mounting 500 widgets keeps the main thread busy past any fixed pause: wait for the frames
    // that draw the skeletons and run the first intersection checks, then for the answers.
    await frames(page);
    await quiet(500);
    const atTop = sandbox.requests.length;
    const near = () =>
      page.$$eval('#root li', (items) =>
        items
          .map((li, i) => ({ i, r: li.getBoundingClientRect() }))
          .filter(({ r }) => r.bottom > -300 && r.top < innerHeight + 300)
          .map(({ i }) => i),
      );
    const first = await near();
    await page.evaluate(() => window.scrollBy(0, innerHeight));
    await frames(page);
    await quiet(500);
    const second = await near();
    return { rows, requestsAtTop: atTop, requests: sandbox.requests.length, rowsNear: new Set([...first, ...second]).size };
  } finally {
    await context.close();
  }
}

/**
 * `cache: 'session'`: load a page once, reload it, and see whether the widget is ready in the
 * first animation frame after mount(), how long it took to be ready, and the requests the
 * reload made (the revalidation, if the answer was older than cacheTtlMs: none here). Null
 * when the build has no `cache` option.
 * @param {Browser} browser
 * @param {Sandbox} sandbox
 */
async function sessionCache(browser, sandbox) {
  const { context, page } = await openPage(browser, sandbox);
  try {
    const config = { ...configOf('reputation', ADDRESSES.rich, sandbox.url), cache: 'session' };
    if (!(await page.evaluate((c) => /** @type {BenchWindow} */ (window).hasOption(c, 'cache'), config))) return null;
    const visit = () =>
      page.evaluate(async (c) => {
        const t0 = performance.now();
        const widget = /** @type {BenchWindow} */ (window).RepKit.createWidget(c).mount(
          /** @type {HTMLElement} */ (document.getElementById('root')).appendChild(document.createElement('div')),
        );
        const firstFrame = await new Promise((r) => requestAnimationFrame(() => r(widget.state)));
        if (widget.state == 'loading') await new Promise((r) => widget.element.addEventListener('repkit:load', r, { once: true }));
        return { firstFrame, readyMs: performance.now() - t0 };
      }, config);
    const first = await visit();
    await page.reload();
    await page.waitForFunction(() => typeof (/** @type {BenchWindow} */ (window).RepKit) == 'object');
    sandbox.resetRequests();
    const repeat = await visit();
    await quiet();
    return { first, repeat, repeatRequests: sandbox.requests.length };
  } finally {
    await context.close();
  }
}

/** Raw, gzip (level 9) and brotli (quality 11) sizes of each built JavaScript file. */
function sizes() {
  return readdirSync(`${ROOT}dist`)
    .filter((f) => /\.(mjs|js)$/.test(f))
    .sort()
    .map((file) => {
      const code = readFileSync(`${ROOT}dist/${file}`);
      return {
        file: `dist/${file}`,
        raw: code.length,
        gzip: gzipSync(code, { level: 9 }).length,
        brotli: brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: code.length } })
          .length,
      };
    });
}

// ---- output ----------------------------------------------------------------------------------

/**
 * A plain-text table: `rows` of cells, the first row the header; numbers right-aligned.
 * @param {Array<Array<string | number>>} rows
 */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (/** @type {Array<string | number>} */ r) =>
    r.map((c, i) => (typeof c == 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const kB = (/** @type {number} */ bytes) => round(bytes / 1000, 2);

/** @param {BenchResults} results */
function report(results) {
  const out = [];
  out.push(
    `repkit ${results.version} bench — ${results.date}, ${results.chromium}, ${results.machine.cpus} × ${results.machine.cpu}, Node ${results.node}`,
  );
  out.push(`Build measured: ${results.build}. ${RUNS} runs per timing, median shown.\n`);

  out.push('HTTP requests the sandbox received (widgets mounted at once, fresh page each)');
  out.push(
    table([
      ['scenario', 'widgets', 'requests', 'distinct resources', 'duplicates', 'loaded', 'failed', 'by endpoint'],
      ...results.requests.map((r) => [
        r.scenario,
        r.widgets,
        r.requests,
        r.distinct,
        r.requests - r.distinct,
        r.loaded,
        r.failed,
        Object.entries(r.byEndpoint)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
      ]),
    ]),
  );
  out.push(
    '"distinct resources" counts the distinct API URLs the page asked for (one per address and endpoint,\n' +
      'plus one per metadata resource per service), the target; "duplicates" is what exceeds it.\n' +
      '10 addresses × 4 kinds: the 5 fixture addresses that answer, each through the sandbox directly and\n' +
      'through a fault prefix with no fault (`/__fault/id=second`), i.e. two services. The "failed" widgets are\n' +
      'the category widgets of the two addresses without a governance score (a 404), one request each all the same.\n',
  );

  const t = results.timing;
  out.push('100 widgets (25 of each kind, one address) mounted at once: first mount() → last repkit:load');
  out.push(
    table([
      [
        'latency',
        'mount→last load ms',
        'frames',
        'long tasks',
        'long task ms',
        'main thread busy ms',
        'JS ms',
        'in repkit ms',
        'GC ms',
        'layout ms',
        'style ms',
        'loaded',
      ],
      ...t.map((r) => [
        `${r.latencyMs} ms`,
        round(r.mountToLastLoadMs),
        r.frames ?? 'n/a',
        r.longTaskCount,
        round(r.longTaskMs),
        round(r.mainThreadBusyMs),
        round(r.jsMs),
        round(r.repkitJsMs),
        round(r.gcMs),
        round(r.layoutMs),
        round(r.styleMs),
        r.loaded,
      ]),
    ]),
  );
  out.push(
    'Window: just before the first mount() to the frame after the last load. Long tasks: PerformanceObserver\n' +
      '("longtask": tasks over 50 ms). Main thread busy, layout, style: Performance.getMetrics deltas (TaskDuration,\n' +
      'LayoutDuration, RecalcStyleDuration) over the window. JS, in repkit, GC: a V8 CPU profile (100 µs samples)\n' +
      'of the same window in separate runs (so the profiler never slows the timed ones); "in repkit" counts JS samples\n' +
      'with a dist/repkit frame on the stack, the DOM calls it makes included.\n',
  );

  const u = results.updateTheme ?? { syncMs: NaN, toNextFrameMs: NaN, requests: NaN, dark: NaN };
  out.push('update({ theme: "dark" }) on the 100 mounted widgets (0 ms latency)');
  out.push(
    table([
      ['synchronous ms', 'to next frame ms', 'requests during update', 'widgets now dark'],
      [round(u.syncMs), round(u.toNextFrameMs), u.requests, u.dark],
    ]),
  );
  if (u.requests !== 0) out.push(`WARNING: update({ theme }) made ${u.requests} request(s); it must make none.`);
  out.push('');

  out.push(
    'Widgets of distinct addresses (reputation, badge, profile in turn; one request each) mounted at once: first mount() → last repkit:load',
  );
  out.push(
    table([
      [
        'latency',
        'widgets',
        'mount→last load ms',
        'requests alone ms',
        'frames',
        'style ms',
        'layout ms',
        'style + layout ms',
        'main thread busy ms',
        'long task ms',
        'requests',
        'loaded',
      ],
      ...results.distinct.map((r) => [
        `${r.latencyMs} ms`,
        r.widgets,
        round(r.mountToLastLoadMs),
        r.requestsAloneMs === undefined ? 'n/a' : round(r.requestsAloneMs),
        r.frames,
        round(r.styleMs),
        round(r.layoutMs),
        round(r.styleMs + r.layoutMs),
        round(r.mainThreadBusyMs),
        round(r.longTaskMs),
        r.requests,
        r.loaded,
      ]),
    ]),
  );
  out.push(
    'Requests alone: the same requests by plain fetch() from a fresh page, all at once, bodies parsed, no widget: the floor\n' +
      'set by the network and the sandbox (a browser opens at most 6 HTTP/1.1 connections to one origin).\n' +
      'Frames: animation frames drawn between the first mount() and the last answer. Style, layout: Performance.getMetrics\n' +
      '(RecalcStyleDuration, LayoutDuration) deltas over the window, as above. Requests: what the sandbox received.\n',
  );

  out.push('Cumulative layout shift, one widget at its defaults between two paragraphs, mount → two frames after load (50 ms latency)');
  out.push(
    table([
      ['kind', 'CLS (worst run)', 'shift entries', 'final state'],
      ...results.layoutShift.map((r) => [r.kind, round(r.cls, 4), r.entries, r.states.join(', ')]),
    ]),
  );
  out.push('');

  const lazy = results.lazy;
  out.push("Leaderboard of 500 compact reputation widgets (distinct addresses), loading: 'lazy', scrolled down one screen");
  out.push(
    table([
      ['rows', 'requests before scrolling', 'requests after', 'rows within viewport + 300 px (both positions)'],
      lazy ? [lazy.rows, lazy.requestsAtTop, lazy.requests, lazy.rowsNear] : [500, 'n/a', 'n/a', 'n/a'],
    ]),
  );
  if (!lazy) out.push('n/a: this build has no `loading` option.');
  out.push('');

  const sc = results.sessionCache;
  out.push("cache: 'session', one reputation widget: first visit, then a reload");
  out.push(
    table([
      ['visit', 'state in first frame', 'ready after ms', 'requests'],
      sc ? ['first', sc.first.firstFrame, round(sc.first.readyMs), 1] : ['first', 'n/a', 'n/a', 'n/a'],
      sc ? ['reload', sc.repeat.firstFrame, round(sc.repeat.readyMs), sc.repeatRequests] : ['reload', 'n/a', 'n/a', 'n/a'],
    ]),
  );
  if (!sc) out.push('n/a: this build has no `cache` option.');
  out.push('');

  const pageErrors = [
    ...results.requests,
    ...results.timing.flatMap((t) => [...t.runs, ...t.profiles]),
    ...results.distinct.flatMap((d) => d.runs),
  ].reduce((n, r) => n + r.pageErrors, 0);
  if (pageErrors) out.push(`WARNING: pages reported ${pageErrors} uncaught error(s) during the runs.\n`);

  const m = results.memory;
  if (!m) throw new Error('bench: the memory figures are missing');
  out.push(`Memory: ${m.cycles} cycles of create → mount → load → destroy (kinds in turn, ${round(m.cycleMs, 2)} ms a cycle)`);
  /** @type {(label: string, key: 'jsHeapUsedBytes' | 'domNodes' | 'jsEventListeners', scale?: (x: number) => number) => Array<string | number>} */
  const row = (label, key, scale = (x) => x) => [
    label,
    scale(m.before[key]),
    scale(m.after[key]),
    scale(m.after[key] - m.before[key]),
    scale(m.afterMore[key] - m.after[key]),
  ];
  out.push(
    table([
      ['counter', 'before', `after ${m.cycles}`, 'change', `change over ${m.cycles} more`],
      row('JS heap used (kB)', 'jsHeapUsedBytes', kB),
      row('DOM nodes', 'domNodes'),
      row('JS event listeners', 'jsEventListeners'),
    ]),
  );
  out.push(
    'Each after three forced garbage collections (HeapProfiler.collectGarbage); DOM counters from Memory.getDOMCounters.\n' +
      'Growth over the first thousand that (nearly) stops over the next is the engine warming up; steady growth is a leak.\n',
  );

  out.push('Bundle sizes (kB = 1000 bytes; gzip level 9, brotli quality 11)');
  out.push(table([['file', 'raw kB', 'gzip kB', 'brotli kB'], ...results.sizes.map((s) => [s.file, kB(s.raw), kB(s.gzip), kB(s.brotli)])]));
  out.push('dist/repkit.mjs is not minified (bundlers minify it); dist/repkit.umd.js is.');
  return out.join('\n');
}

// ---- main ------------------------------------------------------------------------------------

async function main() {
  if (!['repkit.umd.js', 'repkit.mjs', 'repkit.embed.mjs'].every((f) => existsSync(`${ROOT}dist/${f}`))) {
    log('dist/ is missing: building it first (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: run \`node test/browser/ensure-chromium.mjs\` (installs Debian's chromium) or set CHROMIUM_PATH`,
    );

  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
  /** @type {Array<() => Promise<void>>} Things to close, last opened first, whatever happens. */
  const open = [];
  const closeAll = async () => {
    for (const close of open.splice(0).reverse()) await close().catch((e) => log('close failed:', e));
  };
  const deadline = setTimeout(() => {
    log(`bench: gave up after ${DEADLINE_MS / 60000} minutes`);
    void closeAll().finally(() => process.exit(2));
  }, DEADLINE_MS);
  deadline.unref();
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void closeAll().finally(() => process.exit(130)));

  try {
    const fast = await createSandbox({ staticRoot: ROOT });
    open.push(() => fast.close());
    const slow = await createSandbox({ staticRoot: ROOT, latencyMs: 50 });
    open.push(() => slow.close());
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60000 });
    open.push(() => browser.close());

    /** @type {BenchResults} */
    const results = {
      version,
      date: new Date().toISOString(),
      commit:
        git(['rev-parse', '--short', 'HEAD']) +
        (git(['status', '--porcelain', '--', 'src', 'styles', 'rollup.config.mjs']) ? ' (with uncommitted changes)' : ''),
      node: process.versions.node,
      chromium: `Chromium ${browser.version()}`,
      machine: {
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
        memoryGB: round(os.totalmem() / 1e9, 1),
        platform: `${os.platform()} ${os.release()}`,
      },
      build: 'dist/repkit.umd.js (script tag, global RepKit); page and API on one origin',
      runs: RUNS,
      requests: [],
      timing: [],
      distinct: [],
      updateTheme: null,
      layoutShift: [],
      lazy: null,
      sessionCache: null,
      memory: null,
      sizes: sizes(),
    };

    for (const kind of KINDS) {
      for (const n of [1, 10, 100]) {
        log(`requests: ${n} × ${kind}`);
        const configs = Array.from({ length: n }, () => configOf(kind, ADDRESSES.rich, fast.url));
        results.requests.push({ scenario: `${n} × ${kind}, one address`, kind, ...(await requestsFor(browser, fast, configs)) });
      }
    }
    log('requests: 10 addresses × 4 kinds');
    const services = [fast.url, `${fast.url}/__fault/id=second`];
    const mixed = services.flatMap((base) => ANSWERING.flatMap((address) => KINDS.map((kind) => configOf(kind, address, base))));
    results.requests.push({ scenario: '10 addresses × 4 kinds', kind: 'all', ...(await requestsFor(browser, fast, mixed)) });

    /** @type {Array<[number, Sandbox]>} */
    const latencies = [
      [0, fast],
      [50, slow],
    ];
    for (const [latencyMs, sandbox] of latencies) {
      /** @type {TimedRun[]} */
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        log(`timing: 100 widgets at ${latencyMs} ms latency, run ${i + 1}/${RUNS}`);
        runs.push(await timedRun(browser, sandbox, { retheme: latencyMs == 0 }));
      }
      /** @type {TimedRun[]} */
      const profiles = [];
      for (let i = 0; i < RUNS; i++) {
        log(`profile: 100 widgets at ${latencyMs} ms latency, run ${i + 1}/${RUNS}`);
        profiles.push(await timedRun(browser, sandbox, { profile: true }));
      }
      /** @type {(list: TimedRun[], key: keyof TimedRun) => number} */
      const med = (list, key) => median(list.map((r) => Number(r[key])));
      results.timing.push({
        latencyMs,
        mountToLastLoadMs: med(runs, 'mountToLastLoadMs'),
        frames: med(runs, 'frames'),
        longTaskCount: med(runs, 'longTaskCount'),
        longTaskMs: med(runs, 'longTaskMs'),
        layoutMs: med(runs, 'layoutMs'),
        styleMs: med(runs, 'styleMs'),
        mainThreadBusyMs: med(runs, 'busyMs'),
        jsMs: med(profiles, 'jsMs'),
        repkitJsMs: med(profiles, 'repkitMs'),
        gcMs: med(profiles, 'gcMs'),
        loaded: Math.min(...runs.map((r) => r.loaded)),
        runs,
        profiles,
      });
      if (latencyMs == 0) {
        const updates = runs.flatMap((r) => (r.update ? [r.update] : []));
        results.updateTheme = {
          syncMs: median(updates.map((u) => u.syncMs)),
          toNextFrameMs: median(updates.map((u) => u.toNextFrameMs)),
          requests: Math.max(...updates.map((u) => u.requests)),
          dark: Math.min(...updates.map((u) => u.dark)),
        };
      }
    }

    for (const [latencyMs, sandbox] of latencies) {
      for (const n of [10, 100]) {
        /** @type {Array<TimedRun & { requests: number, requestsAloneMs: number }>} */
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          log(`timing: ${n} distinct addresses at ${latencyMs} ms latency, run ${i + 1}/${RUNS}`);
          sandbox.resetRequests();
          const run = await timedRun(browser, sandbox, { distinct: n });
          const paths = sandbox.requests.map((r) => r.path);
          runs.push({ ...run, requests: paths.length, requestsAloneMs: await requestsAlone(browser, sandbox, paths) });
        }
        const med = (/** @type {keyof DistinctRow['runs'][number]} */ key) => median(runs.map((r) => Number(r[key])));
        results.distinct.push({
          latencyMs,
          widgets: n,
          mountToLastLoadMs: med('mountToLastLoadMs'),
          frames: med('frames'),
          layoutMs: med('layoutMs'),
          styleMs: med('styleMs'),
          mainThreadBusyMs: med('busyMs'),
          longTaskMs: med('longTaskMs'),
          requests: med('requests'),
          requestsAloneMs: med('requestsAloneMs'),
          loaded: Math.min(...runs.map((r) => r.loaded)),
          runs,
        });
      }
    }

    for (const kind of KINDS) {
      log(`layout shift: ${kind}`);
      /** @type {Array<Awaited<ReturnType<typeof layoutShift>>>} */
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await layoutShift(browser, slow, kind));
      results.layoutShift.push({
        kind,
        cls: Math.max(...runs.map((r) => r.cls)),
        entries: Math.max(...runs.map((r) => r.entries)),
        states: [...new Set(runs.map((r) => r.state))],
      });
    }

    log('lazy leaderboard: 500 rows, scrolled one screen');
    results.lazy = await lazyLeaderboard(browser, fast);
    log('session cache: a reload');
    results.sessionCache = await sessionCache(browser, fast);

    log('memory: 1,000 mount/destroy cycles');
    results.memory = await memory(browser, fast);

    const text = report(results);
    console.log(text);
    writeFileSync(RESULTS, JSON.stringify({ ...results, table: text.split('\n') }, null, 2) + '\n');
    log(`\nwritten to ${RESULTS.slice(ROOT.length)}`);
  } finally {
    clearTimeout(deadline);
    await closeAll();
  }
}

/** @param {string[]} args */
function git(args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
