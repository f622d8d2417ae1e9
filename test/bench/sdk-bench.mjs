#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:sdk`: repkit and the service's own SDK (@dotpassport/sdk, pinned in
 * package.json), side by side, in one run, on the same page, against the same sandbox.
 *
 * Each library renders reputation widgets of distinct addresses on a page that the sandbox
 * serves itself (so the API is same-origin for both and no CORS preflight is involved):
 *
 * - **10 widgets of 10 addresses**: time from the first `mount()` to the last widget loaded
 *   (repkit: `repkit:load`; the SDK: its `onLoad` callback), at 0 and 50 ms of sandbox latency,
 *   no profiler attached;
 * - **100 widgets of 100 addresses**, 0 ms latency: main-thread JavaScript and garbage
 *   collection from the first `mount()` to the frame after the last load, read from a V8 CPU
 *   profile (CDP Profiler, 100 µs samples: JS is every sample that is not idle, `(program)` or
 *   `(garbage collector)`; GC is `(garbage collector)`), with Chromium's ScriptDuration
 *   (Performance.getMetrics) alongside;
 * - **the answer cached**: one widget loads an address, then 20 widgets of it are each created,
 *   mounted, loaded and destroyed in turn (`--only cachedCycle`): ms per cycle.
 *
 * The SDK is configured as its README says for another server: `createWidget({ type:
 * 'reputation', apiKey, address, baseUrl, onLoad, onError })`, `baseUrl` the sandbox's origin.
 * It is bundled for the browser with its dependency (axios) by rollup (node-resolve with the
 * browser field, terser), as an application's bundler would ship it. Its widgets ask
 * `/api/v2/widget/reputation/{address}`, which the production service answers with the same
 * record as `/api/v2/scores/{address}`; the sandbox has no such route, so this
 * script maps that one path onto the scores path before the sandbox sees the request. repkit is
 * the built `dist/repkit.umd.js` (everything; `npm run build` first), or any other build of it
 * named by `--repkit LABEL=FILE` (repeatable), so a build before a change and after it are
 * measured in the same run as the SDK.
 *
 * Every run is a fresh browser context and uses addresses of its own; the libraries take turns
 * within a run. Median and range of BENCH_RUNS runs (default 7). `--profile-top N` also prints
 * each library's top N functions by self time and the functions under which garbage collection
 * was sampled (from one extra profiled run each). Writes test/bench/sdk-results.json. A script,
 * not a test: it checks no threshold.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { rollup } from 'rollup';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { chromium } from 'playwright-core';
import { createSandbox } from '../service/sandbox.mjs';
import { API_KEY } from '../service/fixtures.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number, columnNumber: number }, children?: number[] }} ProfileNode */
/** @typedef {{ nodes: ProfileNode[], startTime: number, endTime: number, samples?: number[], timeDeltas?: number[] }} CpuProfile */

const ROOT = new URL('../..', import.meta.url).pathname;
const RESULTS = new URL('./sdk-results.json', import.meta.url).pathname;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 7);
const SDK_VERSION = JSON.parse(readFileSync(`${ROOT}node_modules/@dotpassport/sdk/package.json`, 'utf8')).version;

const log = (/** @type {unknown[]} */ ...args) => console.error(...args);
const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (/** @type {number} */ x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** `--repkit LABEL=FILE` pairs; default: this worktree's build. */
const repkitBuilds = /** @type {{ label: string, file: string }[]} */ ([]);
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] != '--repkit') continue;
  const [label, file] = (process.argv[++i] ?? '').split(/=(.*)/);
  if (!label || !file) throw new Error('--repkit takes LABEL=FILE');
  repkitBuilds.push({ label, file });
}
if (!repkitBuilds.length) repkitBuilds.push({ label: 'repkit', file: `${ROOT}dist/repkit.umd.js` });
for (const { file } of repkitBuilds) if (!existsSync(file)) throw new Error(`${file} is missing: npm run build first`);
const topAt = process.argv.indexOf('--profile-top');
const PROFILE_TOP = topAt > 0 ? Number(process.argv[topAt + 1]) || 15 : 0;
const saveAt = process.argv.indexOf('--save-profiles');
/** A folder to write each profiled run's .cpuprofile to (DevTools opens them). */
const SAVE_PROFILES = saveAt > 0 ? process.argv[saveAt + 1] : undefined;
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;

/** The SDK as an application ships it: one minified script, axios included, `DotPassport` global. */
async function bundleSdk() {
  const bundle = await rollup({
    input: `${ROOT}node_modules/@dotpassport/sdk/dist/index.js`,
    plugins: [nodeResolve({ browser: true, preferBuiltins: false }), terser()],
    onwarn: () => {},
  });
  const { output } = await bundle.generate({ format: 'iife', name: 'DotPassport' });
  await bundle.close();
  return Buffer.from(output[0].code);
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A valid address the sandbox computes on the spot, distinct for each `n`. */
const addressOf = (/** @type {number} */ n) => {
  let tail = '';
  for (let i = 0, x = n + 1; i < 8; i++, x = Math.floor(x / 58)) tail = ALPHABET[x % 58] + tail;
  return `1${'SdkBench'.padEnd(39, 'x')}${tail}`;
};

/**
 * A library as the page drives it: the script to load and the body of `mountOne(address, i)`,
 * which mounts one reputation widget on `#w{i}` and calls `loaded()` or `failed()` once, and of
 * `cycleOne(address)`, which does the same on `#w0` and returns the widget.
 * @typedef {{ name: string, script: Buffer, mountOne: string, cycleOne: string, map?: string }} Library
 */

/** @type {Library[]} */
const libraries = [
  ...repkitBuilds.map(({ label, file }) => ({
    name: label,
    script: readFileSync(file),
    map: existsSync(`${file}.map`) ? readFileSync(`${file}.map`, 'utf8') : undefined,
    mountOne: `RepKit.createWidget({ type: 'reputation', apiKey: KEY, address, baseUrl: location.origin }).mount('#w' + i);`,
    cycleOne: `const w = RepKit.createWidget({ type: 'reputation', apiKey: KEY, address, baseUrl: location.origin }); w.mount('#w0'); return w;`,
  })),
  {
    name: `@dotpassport/sdk ${SDK_VERSION}`,
    script: await bundleSdk(),
    mountOne: `DotPassport.createWidget({ type: 'reputation', apiKey: KEY, address, baseUrl: location.origin,
      onLoad: loaded, onError: failed }).mount('#w' + i);`,
    cycleOne: `const w = DotPassport.createWidget({ type: 'reputation', apiKey: KEY, address, baseUrl: location.origin,
      onLoad: loaded, onError: failed }); w.mount('#w0'); return w;`,
  },
];

/** Cycles of the cached scenario, each timed from the first one's start. */
const CYCLES = 20;

/**
 * The page: the library's script, then `mountAll(addresses)`, which mounts one widget per
 * address in one task and resolves with the time from the first mount() to the last load.
 * @param {Library} lib
 * @param {number} count
 */
const pageOf = (lib, count) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>sdk bench</title></head>
<body><main>${Array.from({ length: count }, (_, i) => `<div id="w${i}"></div>`).join('')}</main>
<script src="/bench/lib.js"></script>
<script>
const KEY = ${JSON.stringify(API_KEY)};
let done = 0, errors = 0, finish = () => {}, lastAt = 0;
let onEach = () => {};
const settle = () => { lastAt = performance.now(); onEach(); if (++done == window.expected) finish(); };
const loaded = () => settle();
const failed = () => { errors++; settle(); };
document.addEventListener('repkit:load', loaded);
document.addEventListener('repkit:error', failed);
// Mounts in a task of the page's own (a timer), not inside the DevTools call that starts it, so
// that the trace sees the mounting as the page's JavaScript.
window.mountAll = (addresses) => new Promise((resolve) => setTimeout(() => {
  window.expected = addresses.length;
  const t0 = performance.now();
  finish = () => resolve({ ms: lastAt - t0, loaded: done - errors, failed: errors });
  addresses.forEach((address, i) => { ${lib.mountOne} });
}));
const cycleOne = (address) => { ${lib.cycleOne} };
// With the answer cached: one widget loads it, then each cycle creates a widget of the same
// address, mounts it, waits for its load and destroys it; resolves with the time per cycle.
window.cycleAll = ([address]) => new Promise((resolve) => setTimeout(() => {
  let widget, t0, cycle = -1;
  const next = () => {
    widget?.destroy();
    if (++cycle == 1) t0 = performance.now();
    if (cycle > ${CYCLES}) return resolve({ ms: (performance.now() - t0) / ${CYCLES}, loaded: done - errors, failed: errors });
    widget = cycleOne(address);
  };
  // Out of the library's callback first, so that destroy() is never called inside it.
  onEach = () => queueMicrotask(next);
  next();
}));
</script></body></html>`;

const sandbox = await createSandbox();
/** What the page and the library script are, per run. */
let page = { html: '', script: /** @type {Buffer} */ (Buffer.alloc(0)) };
// The sandbox's own handler answers the API; this one serves the bench page and script on the
// same origin first, and maps the SDK's widget path onto the record production answers it with.
const [sandboxHandler] = /** @type {import('node:http').RequestListener[]} */ (sandbox.server.listeners('request'));
sandbox.server.removeAllListeners('request');
sandbox.server.on('request', (req, res) => {
  if (req.url == '/bench/page.html') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    return void res.end(page.html);
  }
  if (req.url == '/bench/lib.js') {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    return void res.end(page.script);
  }
  if (req.url?.startsWith('/api/v2/widget/reputation/')) req.url = req.url.replace('/api/v2/widget/reputation/', '/api/v2/scores/');
  // The sandbox takes one latency for its life; the bench needs two, so it waits here instead.
  if (latency > 0 && req.url?.startsWith('/api/')) setTimeout(() => sandboxHandler(req, res), latency);
  else sandboxHandler(req, res);
});
/** The API's latency in ms, set between runs, never while one is under way. */
let latency = 0;

let nextAddress = 0;

/**
 * Where a CPU profile's samples went: JavaScript (not idle, `(program)` or GC), and GC.
 * @param {CpuProfile} profile
 */
function totalsOf(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let jsMs = 0;
  let gcMs = 0;
  eachSample(profile, (id, ms) => {
    const name = byId.get(id)?.callFrame.functionName;
    if (name == '(garbage collector)') gcMs += ms;
    else if (name != '(idle)' && name != '(program)' && name != '(root)') jsMs += ms;
  });
  return { jsMs, gcMs };
}

/** @param {CpuProfile} profile @param {(id: number, ms: number) => void} f */
function eachSample(profile, f) {
  const samples = profile.samples ?? [];
  let t = profile.startTime;
  const times = (profile.timeDeltas ?? []).map((d) => (t += d));
  for (let i = 0; i < samples.length; i++) f(samples[i], ((times[i + 1] ?? profile.endTime) - times[i]) / 1000);
}

/** Self time and GC by function, summed over the profiled runs of each library. */
/** @type {Map<string, { self: Map<string, number>, gc: Map<string, number> }>} */
const hotspotSums = new Map();

/**
 * Adds one profile to its library's sums: self time by function, and GC samples by the JS
 * function that was running when they were taken (V8 attributes a GC sample to the
 * `(garbage collector)` node, so the allocating frame is read from the sample before it).
 * Minified frames of a build with a source map are named by their source file, line and name.
 * @param {CpuProfile} profile
 * @param {Library} lib
 */
async function addHotspots(profile, lib) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {{ originalPositionFor(p: { line: number, column: number }): { source?: string | null, line?: number | null, name?: string | null } } | undefined} */
  let consumer;
  if (lib.map) {
    try {
      const { SourceMapConsumer } = await import('source-map-js');
      consumer = new SourceMapConsumer(JSON.parse(lib.map));
    } catch {
      // no source-map-js in node_modules: minified names it is
    }
  }
  const nameOf = (/** @type {number} */ id) => {
    const f = byId.get(id)?.callFrame;
    if (!f) return '?';
    const file = f.url.split('/').pop() || '';
    if (consumer && file == 'lib.js') {
      const at = consumer.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      if (at.source) return `${at.name ?? f.functionName ?? '(anonymous)'} ${at.source.replace(/^(\.\.\/)+/, '')}:${at.line}`;
    }
    return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
  };
  if (!hotspotSums.has(lib.name)) hotspotSums.set(lib.name, { self: new Map(), gc: new Map() });
  const { self, gc } = /** @type {{ self: Map<string, number>, gc: Map<string, number> }} */ (hotspotSums.get(lib.name));
  let previous = '';
  eachSample(profile, (id, ms) => {
    const name = nameOf(id);
    if (name.startsWith('(garbage collector)')) gc.set(previous || '?', (gc.get(previous || '?') ?? 0) + ms);
    else if (!name.startsWith('(idle)')) {
      self.set(name, (self.get(name) ?? 0) + ms);
      previous = name;
    }
  });
}

/** The top PROFILE_TOP entries of each sum, per run (ms). */
const hotspotTable = () => {
  const top = (/** @type {Map<string, number>} */ m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, PROFILE_TOP)
      .map(([name, ms]) => ({ name, msPerRun: round(ms / RUNS) }));
  return Object.fromEntries([...hotspotSums].map(([name, { self, gc }]) => [name, { selfTime: top(self), gcAfter: top(gc) }]));
};

/** @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number, args?: { name?: string } }} TraceEvent */

/** Trace categories: Chromium's timeline (tasks, JS entry points, layout, GC) with thread times. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute'];

/** Where the page's main thread runs JavaScript: the outermost of these events is JS, all it contains included. */
const JS_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'v8.run',
  'V8.Execute',
]);
const GC_EVENTS = new Set(['MinorGC', 'MajorGC']);
/** What DevTools counts as rendering or loading, not scripting, when a script makes it happen. */
const RENDER_EVENTS = new Set(['Layout', 'UpdateLayoutTree', 'ParseHTML']);

/**
 * CPU time of the renderer's main thread over a trace, by thread clock (`tdur`), so time the
 * operating system gave to other processes on a busy machine is not counted:
 * - `jsMs`: the outermost JavaScript events (what the scripts do, the DOM calls they make
 *   included: parsing innerHTML, layouts they force), less the garbage collection inside them;
 * - `scriptingMs`: the same less the style, layout and HTML parsing inside them, which DevTools
 *   counts as rendering and loading (its "Scripting");
 * - `gcMs`: garbage collection on the main thread (MinorGC, MajorGC);
 * - `busyMs`: every top-level task (JS, style, layout, paint, parsing, GC).
 * @param {TraceEvent[]} events
 */
function cpuOf(events) {
  const mains = new Set(
    events.filter((e) => e.ph == 'M' && e.name == 'thread_name' && e.args?.name == 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  /** @type {Map<string, TraceEvent[]>} */
  const byThread = new Map();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph != 'X' || !mains.has(thread) || e.tdur === undefined) continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread)?.push(e);
  }
  // The page's renderer is the busiest one (other contexts are closed, and an idle one is empty).
  let best = { jsMs: 0, scriptingMs: 0, gcMs: 0, busyMs: 0 };
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let jsUs = 0;
    let gcUs = 0;
    let busyUs = 0;
    let renderUs = 0;
    let renderEnd = -1;
    let jsEnd = -1;
    let taskEnd = -1;
    for (const e of list) {
      const end = e.ts + (e.dur ?? 0);
      if (e.name == 'ThreadControllerImpl::RunTask' || e.name == 'RunTask') {
        if (e.ts >= taskEnd) ((busyUs += e.tdur ?? 0), (taskEnd = end));
      } else if (JS_EVENTS.has(e.name)) {
        if (e.ts >= jsEnd) ((jsUs += e.tdur ?? 0), (jsEnd = end));
      } else if (GC_EVENTS.has(e.name)) {
        gcUs += e.tdur ?? 0;
        if (e.ts < jsEnd) jsUs -= e.tdur ?? 0;
      } else if (RENDER_EVENTS.has(e.name) && e.ts < jsEnd && e.ts >= renderEnd) {
        renderUs += e.tdur ?? 0;
        renderEnd = end;
      }
    }
    if (busyUs / 1000 > best.busyMs)
      best = { jsMs: jsUs / 1000, scriptingMs: (jsUs - renderUs) / 1000, gcMs: gcUs / 1000, busyMs: busyUs / 1000 };
  }
  return best;
}

/**
 * One run: a fresh context, the library's page, `count` widgets of fresh addresses mounted at once.
 * @param {Browser} browser
 * @param {Library} lib
 * @param {{ count: number, latencyMs: number, profile: boolean, trace: boolean, cycled?: boolean }} how
 */
async function runOnce(browser, lib, { count, latencyMs, profile, trace, cycled = false }) {
  page = { html: pageOf(lib, count), script: lib.script };
  const addresses = Array.from({ length: count }, () => addressOf(nextAddress++));
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  try {
    const tab = await context.newPage();
    /** @type {string[]} */
    const problems = [];
    tab.on('pageerror', (e) => problems.push(String(e)));
    await tab.goto(`${sandbox.url}/bench/page.html`);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Performance.enable');
    const scriptSeconds = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name == 'ScriptDuration')?.value ?? 0;
    /** @type {TraceEvent[]} */
    const events = [];
    if (trace) {
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(.../** @type {TraceEvent[]} */ (/** @type {unknown} */ (value))));
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
    }
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    latency = latencyMs;
    const before = await scriptSeconds();
    const outcome = /** @type {{ ms: number, loaded: number, failed: number }} */ (
      await tab.evaluate(
        ([a, name]) => /** @type {Record<string, (a: string[]) => Promise<unknown>>} */ (/** @type {unknown} */ (window))[name](a),
        /** @type {[string[], string]} */ ([addresses, cycled ? 'cycleAll' : 'mountAll']),
      )
    );
    // The frame after the last load is part of the work.
    await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
    const scriptMs = ((await scriptSeconds()) - before) * 1000;
    /** @type {Record<string, unknown>} */
    const row = {
      ms: round(outcome.ms),
      loaded: outcome.loaded,
      failed: outcome.failed,
      scriptMs: round(scriptMs),
      pageErrors: problems.length,
    };
    if (trace) {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      const { jsMs, scriptingMs, gcMs, busyMs } = cpuOf(events);
      Object.assign(row, { jsMs: round(jsMs), scriptingMs: round(scriptingMs), gcMs: round(gcMs), busyMs: round(busyMs) });
    }
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      const { jsMs, gcMs } = totalsOf(/** @type {CpuProfile} */ (cpu));
      Object.assign(row, { profileJsMs: round(jsMs), profileGcMs: round(gcMs) });
      if (PROFILE_TOP) await addHotspots(/** @type {CpuProfile} */ (cpu), lib);
      if (SAVE_PROFILES) {
        mkdirSync(SAVE_PROFILES, { recursive: true });
        writeFileSync(`${SAVE_PROFILES}/${lib.name.replace(/\W+/g, '_')}-${nextAddress}.cpuprofile`, JSON.stringify(cpu));
      }
    }
    return row;
  } finally {
    await context.close();
  }
}

/** @typedef {'load10at0' | 'load10at50' | 'mount100' | 'cachedCycle'} Scenario */
/** @type {Record<Scenario, { count: number, latencyMs: number, trace: boolean, cycled?: boolean }>} */
const SCENARIOS = {
  load10at0: { count: 10, latencyMs: 0, trace: false },
  load10at50: { count: 10, latencyMs: 50, trace: false },
  mount100: { count: 100, latencyMs: 0, trace: true },
  cachedCycle: { count: 1, latencyMs: 0, trace: false, cycled: true },
};

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const chromiumVersion = browser.version();
/** @type {Record<string, Record<Scenario, Record<string, unknown>[]>>} */
const all = Object.fromEntries(libraries.map((l) => [l.name, { load10at0: [], load10at50: [], mount100: [], cachedCycle: [] }]));
try {
  // One unrecorded round first: Chromium's caches and the sandbox's JIT warm up for everyone.
  for (const lib of libraries) await runOnce(browser, lib, { count: 10, latencyMs: 0, profile: false, trace: false });
  for (let run = 0; run < RUNS; run++) {
    for (const [scenario, how] of /** @type {[Scenario, typeof SCENARIOS[Scenario]][]} */ (Object.entries(SCENARIOS))) {
      if (ONLY && scenario != ONLY) continue;
      // The libraries take turns, in a rotating order, so neither always goes first.
      for (let k = 0; k < libraries.length; k++) {
        const lib = libraries[(k + run) % libraries.length];
        const row = await runOnce(browser, lib, { ...how, profile: false });
        all[lib.name][scenario].push(row);
        log(`run ${run + 1}/${RUNS} ${scenario} ${lib.name}: ${JSON.stringify(row)}`);
      }
    }
  }
  if (PROFILE_TOP)
    for (const lib of libraries) {
      // Profiled runs of their own, so the profiler's overhead never inflates the timings above.
      for (let run = 0; run < RUNS; run++) {
        const row = await runOnce(browser, lib, { ...SCENARIOS.mount100, trace: false, profile: true });
        all[lib.name].mount100[run] = { ...all[lib.name].mount100[run], profileJsMs: row.profileJsMs, profileGcMs: row.profileGcMs };
      }
    }
} finally {
  await browser.close();
  await sandbox.close();
}

/** Median and range of one figure of one scenario. */
const stat = (/** @type {string} */ lib, /** @type {Scenario} */ scenario, /** @type {string} */ key) => {
  const xs = all[lib][scenario].map((r) => Number(r[key]));
  if (!xs.length) return { median: NaN, min: NaN, max: NaN };
  return { median: round(median(xs)), min: round(Math.min(...xs)), max: round(Math.max(...xs)) };
};
const summary = Object.fromEntries(
  libraries.map((l) => [
    l.name,
    {
      load10at0Ms: stat(l.name, 'load10at0', 'ms'),
      load10at50Ms: stat(l.name, 'load10at50', 'ms'),
      mount100JsMs: stat(l.name, 'mount100', 'jsMs'),
      mount100ScriptingMs: stat(l.name, 'mount100', 'scriptingMs'),
      mount100GcMs: stat(l.name, 'mount100', 'gcMs'),
      mount100BusyMs: stat(l.name, 'mount100', 'busyMs'),
      mount100ScriptMs: stat(l.name, 'mount100', 'scriptMs'),
      mount100Ms: stat(l.name, 'mount100', 'ms'),
      cachedCycleMs: stat(l.name, 'cachedCycle', 'ms'),
      ...(PROFILE_TOP && {
        mount100ProfileJsMs: stat(l.name, 'mount100', 'profileJsMs'),
        mount100ProfileGcMs: stat(l.name, 'mount100', 'profileGcMs'),
      }),
    },
  ]),
);
const sdk = libraries[libraries.length - 1].name;
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
} catch {
  // not a checkout: the figures stand without it
}
const sizes = Object.fromEntries(
  libraries.map((l) => [l.name, { raw: l.script.length, gzip: Number(execFileSync('gzip', ['-9c'], { input: l.script }).length) }]),
);
writeFileSync(
  RESULTS,
  JSON.stringify(
    {
      commit,
      date: new Date().toISOString(),
      node: process.version,
      chromium: chromiumVersion,
      cpus: os.cpus().length,
      runs: RUNS,
      scripts: sizes,
      summary,
      ...(PROFILE_TOP ? { hotspots: hotspotTable() } : {}),
      all,
    },
    null,
    2,
  ) + '\n',
);

/** @typedef {{ median: number, min: number, max: number }} Stat */
const cell = (/** @type {Stat | undefined} */ s) => (s ? `${s.median} (${s.min}–${s.max})` : 'n/a');
const ratio = (/** @type {string} */ lib, /** @type {string} */ key) => {
  const [mine, theirs] = [lib, sdk].map((name) => /** @type {Record<string, Stat | undefined>} */ (summary[name])[key]?.median);
  return lib == sdk || !mine || !theirs ? '' : ` · ${(mine / theirs).toFixed(2)}×`;
};
const KEYS = /** @type {const} */ ([
  ['load10at0Ms', '10 widgets, 0 ms: mount → all loaded'],
  ['load10at50Ms', '10 widgets, 50 ms: mount → all loaded'],
  ['mount100JsMs', '100 widgets: main-thread JS with the DOM work it forces, CPU (trace)'],
  ['mount100ScriptingMs', '100 widgets: main-thread JS without style, layout, HTML parsing (DevTools "Scripting"), CPU (trace)'],
  ['mount100GcMs', '100 widgets: main-thread GC, CPU (trace)'],
  ['mount100BusyMs', '100 widgets: main thread busy, CPU (trace)'],
  ['mount100Ms', '100 widgets: mount → all loaded'],
  ['cachedCycleMs', 'create → mount → loaded → destroy with the answer cached, ms per cycle'],
  ...(PROFILE_TOP
    ? /** @type {const} */ ([
        ['mount100ProfileJsMs', '100 widgets: JS, CPU profile (wall, profiled runs)'],
        ['mount100ProfileGcMs', '100 widgets: GC, CPU profile (wall, profiled runs)'],
      ])
    : []),
]);
console.log(`repkit and @dotpassport/sdk ${SDK_VERSION}, reputation widgets of distinct addresses, median (range) of ${RUNS} runs, ms; ×: of the SDK's median
(${commit}, ${os.cpus().length} CPU)

| | ${libraries.map((l) => l.name).join(' | ')} |
|---|${libraries.map(() => '---').join('|')}|
${KEYS.map(([key, label]) => `| ${label} | ${libraries.map((l) => cell(/** @type {Record<string, Stat | undefined>} */ (summary[l.name])[key]) + ratio(l.name, key)).join(' | ')} |`).join('\n')}
| script gzip, bytes | ${libraries.map((l) => sizes[l.name].gzip).join(' | ')} |

Written to ${RESULTS}`);
if (PROFILE_TOP)
  for (const [name, { selfTime, gcAfter }] of Object.entries(hotspotTable()))
    console.log(
      `\n${name}, 100 widgets, ms a run: self time\n${selfTime.map((h) => `  ${h.msPerRun}\t${h.name}`).join('\n')}` +
        `\nGC, by the function sampled before it\n${gcAfter.map((h) => `  ${h.msPerRun}\t${h.name}`).join('\n')}`,
    );
