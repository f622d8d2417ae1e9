#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:startup`: what loading repkit costs a page's main thread. For each script a
 * page would load (the full `repkit.umd.js` and one per-kind script), in Chromium under 4× CPU
 * throttling (CDP `Emulation.setCPUThrottlingRate`): a page with one reputation widget and
 * `cache: 'session'` is loaded once (the answer is stored), then reloaded and profiled. The
 * reload renders from the stored answer, so no network time is in the figures:
 *
 * - `scriptMs`: Chromium's ScriptDuration over the reload (compiling and running the script);
 * - `readyMs`: from just before the `<script>` tag to the widget's `repkit:load`, by the page's
 *   own clock;
 * - `profileMs`: CPU time the sampling profiler saw in repkit's script URL over the reload.
 *
 * Median of BENCH_RUNS runs (default 7), each a fresh context. `--label NAME` stores the row
 * under that name in test/bench/startup-results.json, so a build before and after a change can
 * be compared in one session on one machine. A script, not a test: it checks no threshold.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createSandbox } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const RESULTS = new URL('./startup-results.json', import.meta.url);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const THROTTLE = 4;
const labelAt = process.argv.indexOf('--label');
const label = labelAt > 0 ? (process.argv[labelAt + 1] ?? 'now') : 'now';
const SCRIPTS = ['repkit.umd.js', 'repkit.reputation.umd.js'];

if (!SCRIPTS.every((file) => existsSync(`${ROOT}dist/${file}`))) throw new Error('build first: npm run build');

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

/** @param {string} script */
const pageOf = (script) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>startup</title></head>
<body><div id="w"></div>
<script>
window.t0 = performance.now();
// On the reload the stored answer is shown during mount(), before mount() returns.
document.addEventListener('repkit:load', () => { window.ready ??= performance.now() - window.t0; });
</script>
<script src="/dist/${script}"></script>
<script>
RepKit.createWidget({ type: 'reputation', apiKey: ${JSON.stringify(API_KEY)}, address: ${JSON.stringify(ADDRESSES.rich)},
  baseUrl: location.origin, cache: 'session' }).mount('#w');
</script></body></html>`;

const sandbox = await createSandbox({ staticRoot: ROOT });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
/** @type {Record<string, { scriptMs: number, readyMs: number, profileMs: number }>} */
const row = {};
try {
  for (const script of SCRIPTS) {
    /** @type {{ scriptMs: number, readyMs: number, profileMs: number }[]} */
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const url = `${sandbox.url}/startup-${script}.html`;
      await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: pageOf(script) }));
      await page.goto(url);
      await page.waitForFunction(() => 'ready' in window);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      const metric = async (/** @type {string} */ name) =>
        (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name == name)?.value ?? 0;
      const scriptBefore = await metric('ScriptDuration');
      await cdp.send('Profiler.start');
      await page.reload();
      await page.waitForFunction(() => 'ready' in window);
      const { profile } = await cdp.send('Profiler.stop');
      const scriptMs = ((await metric('ScriptDuration')) - scriptBefore) * 1000;
      const readyMs = await page.evaluate(() => /** @type {{ ready: number }} */ (/** @type {unknown} */ (window)).ready);
      // Samples whose frame is in repkit's script, times the interval between samples.
      const inScript = new Set(profile.nodes.filter((node) => node.callFrame.url.endsWith(`/dist/${script}`)).map((node) => node.id));
      const deltas = profile.timeDeltas ?? [];
      const profileMs = (profile.samples ?? []).reduce((sum, id, i) => sum + (inScript.has(id) ? (deltas[i] ?? 0) : 0), 0) / 1000;
      runs.push({ scriptMs, readyMs, profileMs });
      await context.close();
    }
    row[script] = {
      scriptMs: Math.round(median(runs.map((r) => r.scriptMs)) * 10) / 10,
      readyMs: Math.round(median(runs.map((r) => r.readyMs)) * 10) / 10,
      profileMs: Math.round(median(runs.map((r) => r.profileMs)) * 10) / 10,
    };
  }
} finally {
  await browser.close();
  await sandbox.close();
}

/** @type {Record<string, unknown>} */
const results = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
results[label] = { date: new Date().toISOString(), throttle: THROTTLE, runs: RUNS, ...row };
writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
console.log(`startup under ${THROTTLE}x CPU throttling, median of ${RUNS} (${label}):`);
console.table(row);
