#!/usr/bin/env node
// @ts-check
/**
 * Render benchmark: the main-thread time a widget spends on the worst records
 * the client's validator accepts (./worst-records.mjs: 2 MB of list items, or the longest
 * texts in every slot), in Debian's Chromium, from the UMD build. Per scenario, median of
 * RENDER_RUNS (default 5) runs:
 *
 * - render: `update({ locale })` re-renders the held record (the whole view is rebuilt) and
 *   the layout that follows, timed in the page (`update()` + a forced layout) — the figure the
 *   target "any render under 50 ms" is about;
 * - load: Chromium's own TaskDuration from mount() until the view is laid out, so also the
 *   JSON parse and the validation of the 2 MB body, not only the render;
 * - longest task: the longest main-thread task during the load (long-task API, > 50 ms only);
 * - the widget's height, and its "+N more" lines.
 *
 * A script, not a test: prints a table (stdout) and writes test/bench/render-results.json. The
 * answers are served with page.route on the page's own origin, so no preflight is involved.
 * Options: RENDER_RUNS, RENDER_ONLY (run the scenarios whose name contains it), CHROMIUM_PATH.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createSandbox } from '../service/sandbox.mjs';
import { API_KEY } from '../service/fixtures.mjs';
import { ADDRESS, body, worstScenarios } from './worst-records.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const RESULTS = new URL('./render-results.json', import.meta.url).pathname;
const RUNS = Math.max(1, Number(process.env.RENDER_RUNS) || 5);
/** The budget: no render of any record may hold the main thread longer (a long task, which delays input). */
const TARGET_MS = 50;

const log = (/** @type {unknown[]} */ ...args) => console.error(...args);
const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (/** @type {number} */ x) => Math.round(x * 10) / 10;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit render bench</title><link rel="icon" href="data:,">
<style>#slot { width: 360px; }</style></head>
<body><div id="slot"></div>
<script src="/dist/repkit.umd.js"></script>
<script>
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); }).observe({ type: 'longtask' });
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  /** Mounts a widget and resolves once its ready view has been laid out. */
  window.mountOne = (config) => new Promise((resolve, reject) => {
    window.widget?.destroy();
    window.longTasks.length = 0;
    const slot = document.getElementById('slot');
    const done = (event) => {
      slot.removeEventListener('repkit:load', done);
      slot.removeEventListener('repkit:error', done);
      if (event.type == 'repkit:error') return reject(new Error(String(event.detail.error)));
      slot.firstElementChild.getBoundingClientRect();
      frame().then(() => resolve());
    };
    slot.addEventListener('repkit:load', done);
    slot.addEventListener('repkit:error', done);
    window.widget = RepKit.createWidget(config).mount(slot);
  });
  /** Re-renders the held record (a new locale rebuilds the whole view) and lays it out. */
  window.rerender = (locale) => {
    const t0 = performance.now();
    window.widget.update({ locale });
    const t1 = performance.now();
    window.widget.element.getBoundingClientRect();
    const t2 = performance.now();
    return { renderMs: t2 - t0, layoutMs: t2 - t1 };
  };
  window.shape = () => {
    const host = window.widget.element;
    return {
      height: host.getBoundingClientRect().height,
      more: Array.from(host.shadowRoot.querySelectorAll('.rk-more'), (e) => e.textContent.trim()),
      state: host.dataset.state,
    };
  };
</script></body></html>`;

/**
 * The page's window: the helpers of {@link PAGE}. Callbacks of evaluate() run in the page, where
 * nothing of this module exists: they cast `window` to this type.
 * @typedef {typeof window & {
 *   mountOne(config: Record<string, unknown>): Promise<void>,
 *   longTasks: number[],
 *   rerender(locale: string): Promise<{ renderMs: number, layoutMs: number }>,
 *   shape(): { height: number, more: string[], state: string | undefined },
 * }} RenderWindow
 */

/**
 * Renders one scenario RUNS times in a fresh page: its timings and the shape it took.
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin
 * @param {import('./worst-records.mjs').Scenario} scenario
 * @param {number} index
 */
async function measure(browser, origin, scenario, index) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  context.setDefaultTimeout(120000);
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const prefix = `${origin}/worst/${index}`;
  const answers = Object.entries(scenario.answers).map(([path, data]) => /** @type {[string, string]} */ ([`/api/v2/${path}`, body(data)]));
  await page.route(`${prefix}/**`, (route) => {
    const path = new URL(route.request().url()).pathname.slice(`/worst/${index}`.length);
    const found = answers.find(([p]) => p == path);
    return found
      ? route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body: found[1] })
      : route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not Found"}' });
  });
  await page.route(`${origin}/render-bench.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PAGE }),
  );
  await page.goto(`${origin}/render-bench.html`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name == 'TaskDuration')?.value ?? NaN;
  const config = { ...scenario.config, address: ADDRESS, apiKey: API_KEY, baseUrl: prefix, cacheTtlMs: 0, locale: 'en-US' };
  /** @type {Array<{ loadMs: number, longestTaskMs: number, renderMs: number, layoutMs: number }>} */
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const before = await taskSeconds();
    await page.evaluate((c) => /** @type {RenderWindow} */ (window).mountOne(c), config);
    const loadMs = ((await taskSeconds()) - before) * 1000;
    const longestTaskMs = await page.evaluate(() => Math.max(0, .../** @type {RenderWindow} */ (window).longTasks));
    const { renderMs, layoutMs } = await page.evaluate(
      (locale) => /** @type {RenderWindow} */ (window).rerender(locale),
      i % 2 ? 'en-US' : 'en-GB',
    );
    runs.push({ loadMs, longestTaskMs, renderMs, layoutMs });
  }
  const shape = await page.evaluate(() => /** @type {RenderWindow} */ (window).shape());
  await context.close();
  if (errors.length) throw new Error(`${scenario.name}: page errors: ${errors.join('; ')}`);
  const bytes = Math.max(...answers.map(([, text]) => Buffer.byteLength(text)));
  return {
    scenario: scenario.name,
    bytes,
    renderMs: round(median(runs.map((r) => r.renderMs))),
    layoutMs: round(median(runs.map((r) => r.layoutMs))),
    loadMs: round(median(runs.map((r) => r.loadMs))),
    longestTaskMs: round(median(runs.map((r) => r.longestTaskMs))),
    heightPx: Math.round(shape.height),
    more: shape.more.join(', '),
    runs,
  };
}

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

async function main() {
  if (!existsSync(`${ROOT}dist/repkit.umd.js`)) {
    log('dist/ is missing: building it first (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  const sandbox = await createSandbox({ staticRoot: ROOT });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60000 });
  try {
    const results = [];
    const only = process.env.RENDER_ONLY;
    const scenarios = worstScenarios().filter((s) => !only || s.name.includes(only));
    for (const [i, scenario] of scenarios.entries()) {
      log(`render: ${scenario.name}`);
      results.push(await measure(browser, sandbox.url, scenario, i));
    }
    const worst = Math.max(...results.map((r) => r.renderMs));
    const text = [
      `repkit render bench — Chromium ${browser.version()}, UMD build, 360 px slot, median of ${RUNS} runs`,
      'render = update({ locale }) and the layout after it; load = main-thread time from mount() to the laid-out view (parse + validate + render)',
      '',
      table([
        ['worst record', 'body kB', 'render ms', 'of it layout', 'load ms', 'longest task ms', 'height px', '"+N more" lines'],
        ...results.map((r) => [
          r.scenario,
          Math.round(r.bytes / 1000),
          r.renderMs,
          r.layoutMs,
          r.loadMs,
          r.longestTaskMs,
          r.heightPx,
          r.more || '—',
        ]),
      ]),
      '',
      `slowest render: ${worst} ms (target: under ${TARGET_MS} ms)`,
    ].join('\n');
    console.log(text);
    writeFileSync(
      RESULTS,
      JSON.stringify(
        { date: new Date().toISOString(), chromium: browser.version(), runs: RUNS, targetMs: TARGET_MS, results, table: text.split('\n') },
        null,
        2,
      ) + '\n',
    );
    log(`written to ${RESULTS.slice(ROOT.length)}`);
  } finally {
    await browser.close();
    await sandbox.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
