/**
 * Chromium, against the built bundles: batching is built in. A page of 100 widgets of distinct
 * addresses through repkit/proxy on another origin (the built dist/repkit.proxy.mjs behind its
 * node:http adapter, in front of the sandbox) loads with at most 4 requests to the proxy, all
 * batches or plain GETs, and no CORS preflight: with repkit.umd.js alone (which loads
 * dist/repkit.chunk-batch.js from beside itself, once), with a per-kind script, and with
 * `import { createWidget } from 'repkit'` in an app bundled by esbuild (which splits the chunk off
 * as bundlers do). Direct to the service with a key, nothing is batched and no chunk is loaded;
 * `cache` and `loading: 'lazy'` each load their own chunk, once. When the chunks cannot load,
 * every widget still shows its record, with nothing on the page or in the console about it.
 * dist/repkit.batch.js, the old add-on, does nothing and breaks nothing.
 */
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, settled, useBrowser } from './harness';
import { ADDRESS_ONLY_KINDS } from '../helpers/kinds';
import { builtProxy, generatedAddress, useServers } from './servers';

const ROOT = new URL('../..', import.meta.url).pathname;
const browser = useBrowser();

/** A valid address the sandbox computes on the spot, distinct for each `i`. */
const addressOf = (i: number): string => generatedAddress('Chromium', i);

const KINDS = ADDRESS_ONLY_KINDS;

const { listen } = useServers();

/** The page's HTML, set by each test, and the origins of the page and of the proxy. */
let html = '';
let site = '';
let proxyUrl = '';
/** What reached the proxy: method and URL. */
let reached: string[] = [];
/** Addresses used so far: each page asks for addresses of its own. */
let used = 0;
/**
 * How the site answers for the chunk files: as built; 404 (a copy of dist/ without them); or with
 * another module (a stale copy, a server with one file for every path).
 */
let chunkFiles: 'built' | 'missing' | 'wrong' = 'built';
/** The bundled app's files (esbuild's output), served under /app/. */
let appDir = '';
/** A proxy as createProxy makes it by default, in front of the sandbox, for the page's origin. */
let freshProxy: () => http.RequestListener;

/** A chunk of repkit's: dist/repkit.chunk-<name>.js, or the file a bundler made of dist/repkit.chunk-<name>.mjs. */
const isChunk = (path: string) => /\/repkit\.chunk-[\w-]+\.js$/.test(path);

beforeAll(async () => {
  const { edge, node } = await builtProxy();

  // A tiny app as a developer writes it, bundled as a bundler ships it: ES modules, split.
  appDir = mkdtempSync(join(tmpdir(), 'repkit-app-'));
  await build({
    stdin: {
      contents: `import { createWidget } from 'repkit';
for (const [i, config] of window.configs.entries()) createWidget(config).mount('#w' + i);`,
      resolveDir: appDir,
    },
    alias: { repkit: `${ROOT}dist/repkit.mjs` },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    outdir: appDir,
    entryNames: 'app',
    logLevel: 'silent',
  });

  site = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // The built files of dist/, as a site that hosts dist/ whole serves them.
    const file = /^\/dist\/([\w.-]+\.m?js)$/.exec(path)?.[1] ?? /^\/app\/([\w.-]+\.js)$/.exec(path)?.[1];
    if (file) {
      if (chunkFiles == 'missing' && isChunk(path)) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return void res.end('Not Found');
      }
      if (chunkFiles == 'wrong' && isChunk(path)) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        return void res.end('export const notTheChunk = true;');
      }
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return void res.end(readFileSync(path.startsWith('/app/') ? join(appDir, file) : `${ROOT}dist/${file}`));
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  // Every page here comes from one client (127.0.0.1), where a site has a new visitor for each:
  // each page gets a proxy of its own, at its defaults (its client budget included), as a first
  // visit meets it.
  freshProxy = () => node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: browser.url, allowOrigins: [site] }));
  let proxy = freshProxy();
  proxyUrl = await listen((req, res) => {
    if (req.url == '/new-visitor') {
      proxy = freshProxy();
      return void res.end();
    }
    reached.push(`${req.method} ${req.url}`);
    proxy(req, res);
  });
});

afterAll(() => {
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

interface PageSetup {
  /** The scripts the page loads, in order (files of dist/), or `app` for the bundled app. */
  scripts: string[] | 'app';
  count: number;
  kinds?: readonly string[];
  /** What every widget is given besides its type and address; by default, the proxy without a key. */
  options?: Record<string, unknown>;
  /** Whether the last widget asks for an address the service refuses. */
  lastInvalid?: boolean;
}

/**
 * Loads a page of `count` widgets (of `kinds` in turn) made after the `scripts` given, in that
 * order, with the global API or by the bundled app; waits until all have settled. Returns their
 * states, what each `repkit:load` carried, the requests the page sent to the API and for chunk
 * files, what reached the proxy, and what the page logged or showed.
 */
const load = async ({ scripts, count, kinds = KINDS, options = { baseUrl: `${proxyUrl}/rep`, retries: 0 }, lastInvalid }: PageSetup) => {
  const configs = Array.from({ length: count }, (_, i) => ({
    type: kinds[i % kinds.length],
    address: lastInvalid && i == count - 1 ? 'not-an-address' : addressOf(used + i),
    ...options,
  }));
  const tags =
    scripts == 'app'
      ? `<script>window.configs = ${JSON.stringify(configs)};</script>\n<script type="module" src="/app/app.js"></script>`
      : `${scripts.map((src) => `<script src="/dist/${src}"></script>`).join('\n')}
<script>
${configs.map((c, i) => `RepKit.createWidget(${JSON.stringify(c)}).mount('#w${i}');`).join('\n')}
</script>`;
  html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit: a page of widgets</title></head>
<body><main><h1>Members</h1>
${configs.map((_, i) => `<div id="w${i}"></div>`).join('\n')}
</main>
<script>
window.loaded = {};
document.addEventListener('repkit:load', (e) => {
  const slot = e.composedPath().find((n) => n.id && n.id.startsWith('w'));
  window.loaded[slot.id] = JSON.stringify(e.detail.data);
});
</script>
${tags}
</body></html>`;
  await fetch(`${proxyUrl}/new-visitor`);
  reached = [];
  const { page: tab, log } = await browser.page();
  await tab.goto(`${site}/`);
  const states = await settled(tab, count);
  const loaded = await tab.evaluate(() => (window as unknown as { loaded: Record<string, string> }).loaded);
  const text = await tab.$$eval('.repkit', (hosts) => hosts.map((h) => h.shadowRoot?.textContent ?? '').join('\n'));
  const api = String(options.baseUrl).startsWith(proxyUrl) ? proxyUrl : browser.url;
  const toApi = log.requests.filter((u) => u.startsWith(api) && !u.startsWith(`${api}/dist/`));
  const chunks = log.requests.filter((u) => u.startsWith(site) && isChunk(new URL(u).pathname)).map((u) => new URL(u).pathname);
  const first = used;
  used += count;
  /** Whether widget `i` got its own address's record (the reputation and profile records name it). */
  const ownRecord = (i: number) => loaded[`w${i}`]?.includes(addressOf(first + i));
  /** Whether widget `i`'s record names its address (a badge list does not). */
  const namesAddress = (i: number) => configs[i].type != 'badge';
  await tab.context().close();
  return { states, loaded, toApi, chunks, ownRecord, namesAddress, text, log, reached: [...reached] };
};

const isBatch = (url: string) => new URL(url).pathname == '/rep/batch';

/** Nothing on the console: the library logs nothing (a 404 of a file is the browser's own line, about the file). */
const ownConsole = (log: { console: string[] }) => log.console.filter((line) => !/Failed to load resource/.test(line));

describe('a page of widgets through repkit/proxy in Chromium, batched by default', () => {
  for (const scripts of [['repkit.umd.js'], 'app'] as const) {
    const label = scripts == 'app' ? "`import { createWidget } from 'repkit'`, bundled" : 'repkit.umd.js alone';
    it(`${label}: 100 widgets of distinct addresses make at most 4 requests to the proxy, and no preflight`, async () => {
      const run = await load({ scripts: scripts == 'app' ? 'app' : [...scripts], count: 100 });
      expect(run.states).toEqual(Array.from({ length: 100 }, () => 'ready'));
      expect(run.log.errors).toEqual([]);
      expect(run.log.console).toEqual([]);
      expect(Object.keys(run.loaded)).toHaveLength(100);
      for (let i = 0; i < 100; i++) if (run.namesAddress(i)) expect(run.ownRecord(i), `widget ${i}`).toBe(true);

      const { toApi, reached } = run;
      expect(toApi.length, toApi.join('\n')).toBeLessThanOrEqual(4);
      expect(toApi.some(isBatch)).toBe(true);
      expect(reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
      expect(reached).toHaveLength(toApi.length);
      // One chunk, the batcher, fetched once.
      expect(run.chunks).toHaveLength(1);
      expect(run.chunks[0]).toMatch(scripts == 'app' ? /^\/app\/repkit\.chunk-batch-\w+\.js$/ : /^\/dist\/repkit\.chunk-batch\.js$/);
      // The proxy asked the service with the key; the page never saw it.
      for (const r of browser.sandbox.requests) expect(r.apiKey).toBe(API_KEY);
    });
  }

  it('a per-kind script batches too; a widget the service refuses shows its own error', async () => {
    const run = await load({ scripts: ['repkit.reputation.umd.js'], count: 60, kinds: ['reputation'], lastInvalid: true });
    expect(run.states.slice(0, -1)).toEqual(Array.from({ length: 59 }, () => 'ready'));
    expect(run.states.at(-1)).toBe('error');
    for (let i = 0; i < 59; i++) expect(run.ownRecord(i), `widget ${i}`).toBe(true);
    // 60 parts: a batch of 50 and one of 10.
    expect(run.toApi.length, run.toApi.join('\n')).toBe(2);
    expect(run.toApi.every(isBatch)).toBe(true);
    // The batcher's chunk, and the failure's sentences for the refused widget (failure-chunk.test.ts).
    expect(run.chunks).toEqual(['/dist/repkit.chunk-batch.js', '/dist/repkit.chunk-failure.js']);
    expect(run.reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
  });

  it('dist/repkit.batch.js, the old add-on, does nothing and breaks nothing, before or after the script', async () => {
    for (const scripts of [
      ['repkit.batch.js', 'repkit.umd.js'],
      ['repkit.umd.js', 'repkit.batch.js', 'repkit.batch.js'],
    ]) {
      const run = await load({ scripts, count: 30 });
      expect(run.states).toEqual(Array.from({ length: 30 }, () => 'ready'));
      expect(run.log.errors).toEqual([]);
      expect(run.log.console).toEqual([]);
      expect(run.toApi.length).toBeLessThanOrEqual(2);
      expect(run.toApi.every(isBatch)).toBe(true);
    }
  });
});

describe('direct to the service with a key', () => {
  it('sends one request per widget, nothing batched, and loads no chunk', async () => {
    const options = { apiKey: API_KEY, baseUrl: browser.url, retries: 0 };
    const run = await load({ scripts: ['repkit.umd.js'], count: 20, kinds: ['reputation'], options });
    expect(run.states).toEqual(Array.from({ length: 20 }, () => 'ready'));
    for (let i = 0; i < 20; i++) expect(run.ownRecord(i), `widget ${i}`).toBe(true);
    expect(run.toApi).toHaveLength(20);
    expect(run.toApi.every((u) => new URL(u).pathname.startsWith('/api/v2/scores/'))).toBe(true);
    expect(run.chunks).toEqual([]);
  });
});

describe('chunks loaded by configuration', () => {
  const direct = () => ({ apiKey: API_KEY, baseUrl: browser.url, retries: 0 });

  it("cache: 'session' loads the storage chunk once for every widget, and no other; a reload shows the stored answers", async () => {
    for (const script of ['repkit.umd.js', 'repkit.reputation.umd.js']) {
      const run = await load({ scripts: [script], count: 12, kinds: ['reputation'], options: { ...direct(), cache: 'session' } });
      expect(run.states).toEqual(Array.from({ length: 12 }, () => 'ready'));
      expect(run.chunks).toEqual(['/dist/repkit.chunk-cache.js']);
      expect(run.toApi).toHaveLength(12);
    }
  });

  it('the stored answer is shown on the next page load, without asking again', async () => {
    const { page: tab, log } = await browser.page();
    const address = addressOf(used++);
    html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cache</title></head><body><main><div id="w0"></div></main>
<script src="/dist/repkit.umd.js"></script>
<script>RepKit.createWidget(${JSON.stringify({ type: 'reputation', address, ...direct(), cache: 'session' })}).mount('#w0');</script></body></html>`;
    await tab.goto(`${site}/`);
    expect(await settled(tab, 1)).toEqual(['ready']);
    await tab.reload();
    expect(await settled(tab, 1)).toEqual(['ready']);
    const asked = log.requests.filter((u) => u.startsWith(browser.url) && u.includes(address));
    expect(asked).toHaveLength(1);
    await tab.context().close();
  });

  it("loading: 'lazy' loads the watcher chunk once, and no other", async () => {
    for (const script of ['repkit.umd.js', 'repkit.badge.umd.js']) {
      const kinds = script == 'repkit.umd.js' ? KINDS : ['badge'];
      const run = await load({ scripts: [script], count: 6, kinds, options: { ...direct(), loading: 'lazy' } });
      expect(run.states).toEqual(Array.from({ length: 6 }, () => 'ready'));
      expect(run.chunks).toEqual(['/dist/repkit.chunk-lazy.js']);
    }
  });

  it.each([
    { files: 'missing', label: 'no chunk can load' },
    { files: 'wrong', label: 'every chunk file is another module' },
  ] as const)(
    'when $label, every widget still shows its record (lazy: at once), and nothing is shown or logged about it',
    async ({ files }) => {
      chunkFiles = files;
      try {
        const proxied = { baseUrl: `${proxyUrl}/rep`, retries: 0, cache: 'local', loading: 'lazy' };
        for (const scripts of [['repkit.umd.js'], 'app'] as const) {
          const run = await load({ scripts: scripts == 'app' ? 'app' : [...scripts], count: 9, options: proxied });
          expect(run.states).toEqual(Array.from({ length: 9 }, () => 'ready'));
          for (let i = 0; i < 9; i++) if (run.namesAddress(i)) expect(run.ownRecord(i), `widget ${i}`).toBe(true);
          // Each chunk was asked for once and was refused or not the chunk; the requests then went one by one.
          expect(new Set(run.chunks).size).toBe(3);
          expect(run.chunks).toHaveLength(3);
          expect(run.toApi.filter(isBatch)).toEqual([]);
          expect(run.log.errors).toEqual([]);
          expect(ownConsole(run.log)).toEqual([]);
          expect(run.text).not.toMatch(/chunk|load|failed|error/i);
        }
      } finally {
        chunkFiles = 'built';
      }
    },
  );
});
