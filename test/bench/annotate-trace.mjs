#!/usr/bin/env node
// @ts-check
/**
 * `node test/bench/annotate-trace.mjs`: where the time of `npm run bench:annotate` goes, for one
 * run of its page (same page, same 4× CPU throttling, same proxy on another origin): a Chromium
 * trace (`devtools.timeline`) and a CPU profile mapped through dist's source maps.
 *
 * Prints, for each phase (loading the page; appending 200 posts), the main thread's tasks over
 * `BENCH_TASK_MS` (default 30) with what filled them (repkit's scripts by function, style, layout,
 * paint, parsing), the time spent by kind, and for the appended posts a timeline: when the
 * chips were in the page, when the proxy's answers came, when the last chip showed its score.
 * BENCH_DIST as for the benchmark. A tool for finding causes, not a benchmark: one run.
 */
import os from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { forumPage } from '../annotate/pages.mjs';
import { annotateServers, chipsScored, DIST } from './annotate-servers.mjs';

const TASK_MS = Number(process.env.BENCH_TASK_MS ?? 30);
const SEED = Number(process.env.BENCH_SEED ?? 101);

const { site, proxy, setPage, close } = await annotateServers();

/** In the page: when chips arrive and when they show their score, and every animation frame. */
const PROBE = `<script>
window.probe = { added: [], ready: [], frames: [] };
new MutationObserver((records) => {
  const t = performance.now();
  for (const r of records) {
    if (r.type == 'attributes') { if (r.target.getAttribute('data-state') != 'loading') window.probe.ready.push(t); }
    else for (const n of r.addedNodes) if (n.nodeType == 1 && n.hasAttribute('data-repkit-chip')) window.probe.added.push(t);
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
(function frame(t) { window.probe.frames.push(t); requestAnimationFrame(frame); })(performance.now());
</script>`;

const thread = forumPage({ posts: 250, nodesPerPost: 8, addresses: 500, distinct: 250, bad: 60, seed: SEED });
const later = forumPage({ posts: 200, nodesPerPost: 4, addresses: 200, distinct: 100, bad: 0, seed: SEED + 200 });
setPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>trace</title>${PROBE}</head>
<body>${thread.body}
<template id="later">${later.body.replace(/<\/?main>/g, '')}</template>
<script src="/dist/repkit.annotate.js" data-base-url="${proxy.url}/rep"></script>
</body></html>`);

const load = os.loadavg()[0];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
/** @type {any[]} */
const events = [];
cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
await cdp.send('Tracing.start', {
  transferMode: 'ReportEvents',
  traceConfig: {
    includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'],
  },
});
await page.goto(`${site.url}/`);
const done = (/** @type {number} */ n) => chipsScored(page, n);
await done(thread.annotated.length);
const annotatedAt = await page.evaluate(() => performance.now());
await page.waitForTimeout(500);
const appendedAt = await page.evaluate(() => {
  const template = /** @type {HTMLTemplateElement} */ (document.getElementById('later'));
  performance.mark('append');
  const at = performance.now();
  /** @type {any} */ (window).probe.added = [];
  /** @type {any} */ (window).probe.ready = [];
  /** @type {any} */ (window).probe.frames = [];
  document.querySelector('main')?.append(template.content.cloneNode(true));
  return at;
});
await done(thread.annotated.length + later.annotated.length);
const endAt = await page.evaluate(() => performance.now());
const probe = await page.evaluate(() => /** @type {any} */ (window).probe);
const resources = await page.evaluate(() =>
  performance
    .getEntriesByType('resource')
    .map((e) => ({ name: e.name, start: e.startTime, end: /** @type {PerformanceResourceTiming} */ (e).responseEnd })),
);
await cdp.send('Tracing.end');
await traced;
const { profile } = await cdp.send('Profiler.stop');
const samples = profile.samples ?? [];
const deltas = profile.timeDeltas ?? [];
await context.close();
await browser.close();
await close();

// --- the CPU profile: each sample's function, mapped to repkit's sources ---
/** @type {Map<string, TraceMap | null>} */
const maps = new Map();
const mapFor = (/** @type {string} */ url) => {
  const file = /\/dist\/([\w.-]+\.m?js)$/.exec(url)?.[1];
  if (!file) return null;
  if (!maps.has(file)) maps.set(file, existsSync(`${DIST}${file}.map`) ? new TraceMap(readFileSync(`${DIST}${file}.map`, 'utf8')) : null);
  return maps.get(file) ?? null;
};
/** @type {Map<number, any>} */
const nodes = new Map(profile.nodes.map((/** @type {any} */ n) => [n.id, n]));
const nameOf = (/** @type {any} */ n) => {
  const f = n.callFrame;
  const map = mapFor(f.url);
  if (map) {
    const at = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
    return `${at.name ?? (f.functionName || '(anon)')} ${String(at.source ?? '').replace(/^.*\/src\//, 'src/')}:${at.line}`;
  }
  return f.url ? `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}` : f.functionName || '(program)';
};
// Sample times are µs from profile.startTime, on the trace clock; the page's clock starts at navigation.
const navStart = events.find((e) => e.name == 'navigationStart' && e.args?.frame)?.ts ?? profile.startTime;
/** Self time by function within [from, to) page ms. */
const selfTime = (/** @type {number} */ from, /** @type {number} */ to) => {
  /** @type {Map<string, number>} */
  const by = new Map();
  let t = profile.startTime;
  samples.forEach((/** @type {number} */ id, /** @type {number} */ i) => {
    t += deltas[i];
    const ms = (t - navStart) / 1000;
    if (ms < from || ms >= to) return;
    const key = nameOf(nodes.get(id));
    by.set(key, (by.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  return [...by].sort((a, b) => b[1] - a[1]);
};

// --- the trace: the renderer's main thread, its tasks and what fills them ---
const main = events.find((e) => e.name == 'thread_name' && e.args?.name == 'CrRendererMain');
const onMain = events.filter((e) => e.pid == main?.pid && e.tid == main?.tid && e.ph == 'X');
const tasks = onMain.filter((e) => e.name == 'RunTask' || e.name == 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
const KINDS = new Map([
  ['FunctionCall', 'script'],
  ['EvaluateScript', 'script'],
  ['v8.compile', 'compile'],
  ['v8.compileModule', 'compile'],
  ['V8.CompileCode', 'compile'],
  ['TimerFire', 'script'],
  ['FireAnimationFrame', 'script'],
  ['UpdateLayoutTree', 'style'],
  ['RecalculateStyles', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'prepaint'],
  ['Paint', 'paint'],
  ['Layerize', 'paint'],
  ['UpdateLayer', 'paint'],
  ['Commit', 'paint'],
  ['ParseHTML', 'parse'],
  ['IntersectionObserverController::computeIntersections', 'intersection'],
  ['HitTest', 'hit-test'],
  ['MajorGC', 'gc'],
  ['MinorGC', 'gc'],
  ['V8.GC_SCAVENGER', 'gc'],
]);
/** Top-level time by kind inside a task (nested events of a kind counted once, at their outermost). */
const breakdown = (/** @type {any} */ task) => {
  const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e != task && KINDS.has(e.name));
  /** @type {Record<string, number>} */
  const by = {};
  /** @type {any[]} */
  const open = [];
  for (const e of inside.sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= e.ts) open.pop();
    const kind = /** @type {string} */ (KINDS.get(e.name));
    // Layout inside a script is a forced layout: named so.
    const parent = open.at(-1);
    if (parent && KINDS.get(parent.name) == 'script' && kind != 'script' && kind != 'compile') {
      by[`forced ${kind}`] = (by[`forced ${kind}`] ?? 0) + e.dur / 1000;
    } else if (!parent) by[kind] = (by[kind] ?? 0) + e.dur / 1000;
    open.push(e);
  }
  return Object.fromEntries(Object.entries(by).map(([k, v]) => [k, Math.round(v * 10) / 10]));
};
const urlsIn = (/** @type {any} */ task) =>
  [
    ...new Set(
      onMain
        .filter((e) => e.ts >= task.ts && e.ts <= task.ts + task.dur && (e.name == 'FunctionCall' || e.name == 'EvaluateScript'))
        .map((e) => (e.args?.data?.url ?? '').replace(/^.*\//, ''))
        .filter(Boolean),
    ),
  ].join(' ');
const pageMs = (/** @type {number} */ ts) => (ts - navStart) / 1000;

const report = (/** @type {string} */ title, /** @type {number} */ from, /** @type {number} */ to) => {
  const inPhase = tasks.filter((t) => pageMs(t.ts) >= from && pageMs(t.ts) < to);
  /** @type {Record<string, number>} */
  const total = {};
  for (const t of inPhase) for (const [k, v] of Object.entries(breakdown(t))) total[k] = Math.round(((total[k] ?? 0) + v) * 10) / 10;
  const busy = inPhase.reduce((s, t) => s + t.dur / 1000, 0);
  console.log(`\n== ${title}: ${Math.round(to - from)} ms, main thread busy ${Math.round(busy)} ms in ${inPhase.length} tasks`);
  console.log('by kind (ms):', total);
  console.log(`tasks over ${TASK_MS} ms:`);
  for (const t of inPhase.filter((t) => t.dur / 1000 > TASK_MS)) {
    const parts = breakdown(t);
    console.log(`  at ${Math.round(pageMs(t.ts))} ms, ${Math.round(t.dur / 1000)} ms [${urlsIn(t)}]`, JSON.stringify(parts));
    // What the scripts in it were, when they were a good part of it.
    if ((parts.script ?? 0) + (parts.compile ?? 0) > 10) {
      const top = selfTime(pageMs(t.ts), pageMs(t.ts + t.dur))
        .filter(([name]) => !/^\((program|idle)\)/.test(name))
        .slice(0, 6);
      console.log(`    ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join('; ')}`);
    }
  }
  // repkit's own scripts (as a long animation frame names them: a script's evaluation, or a callback of its file).
  const scripts = onMain.filter(
    (e) =>
      (e.name == 'EvaluateScript' || e.name == 'FunctionCall') &&
      /\/dist\/repkit/.test(e.args?.data?.url ?? '') &&
      pageMs(e.ts) >= from &&
      pageMs(e.ts) < to &&
      e.dur / 1000 > TASK_MS,
  );
  console.log(`repkit scripts over ${TASK_MS} ms:`);
  for (const e of scripts) {
    const top = selfTime(pageMs(e.ts), pageMs(e.ts + e.dur))
      .filter(([name]) => !/^\((program|idle)\)/.test(name))
      .slice(0, 6);
    console.log(
      `  at ${Math.round(pageMs(e.ts))} ms, ${Math.round(e.dur / 1000)} ms, ${e.name} ${(e.args?.data?.url ?? '').replace(/^.*\//, '')}: ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join('; ')}`,
    );
  }
  console.log('JS self time by function (ms, top 25):');
  for (const [name, ms] of selfTime(from, to).slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${name}`);
};

console.log(`load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}; files from ${DIST}`);
report('loading: navigation until every chip has its score', 0, annotatedAt);
report('appending 200 posts until every chip has its score', appendedAt, endAt);
const rel = (/** @type {number} */ t) => Math.round(t - appendedAt);
const proxyAnswers = resources.filter((r) => r.name.startsWith(proxy.url) && r.start >= appendedAt);
console.log('\nappended posts, ms after appending:');
console.log(`  chips added: ${probe.added.length}, first ${rel(probe.added[0])}, last ${rel(probe.added.at(-1))}`);
console.log(`  chips with score: ${probe.ready.length}, first ${rel(probe.ready[0])}, last ${rel(probe.ready.at(-1))}`);
console.log(`  proxy requests: ${proxyAnswers.map((r) => `${rel(r.start)}→${rel(r.end)}`).join(', ')}`);
const gaps = probe.frames.slice(1).map((/** @type {number} */ t, /** @type {number} */ i) => t - probe.frames[i]);
console.log(
  `  frames: ${probe.frames.length}, median gap ${Math.round(gaps.sort((/** @type {number} */ a, /** @type {number} */ b) => a - b)[gaps.length >> 1] ?? 0)} ms`,
);
console.log(`  total ${rel(endAt)} ms (the bench's figure polls every 100 ms)`);
