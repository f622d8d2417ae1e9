/**
 * The packed tarball in a plain browser page, as a site without a bundler uses it: Chromium
 * loads the installed files from a small static server over HTTP — the UMD through a script
 * tag, the ES modules through native `import` with an import map — and talks to the sandbox.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import { declaredExports, pack } from './util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

/** The consumer whose node_modules/repkit the pages load. */
const consumer = join(pack().dir, 'esm');
const VALUES = declaredExports(join(consumer, 'node_modules/repkit/dist/repkit.d.mts')).values;
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.map': 'application/json',
};

let sandbox: Sandbox;
let server: http.Server;
let origin: string;
let browser: Browser;
/** Pages by path, served next to the consumer's files. */
const pages = new Map<string, string>();
/** Every URL (path and query) the static server was asked for. */
const requested: string[] = [];

beforeAll(async () => {
  sandbox = await createSandbox();
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '/');
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const page = pages.get(path);
    if (page !== undefined) return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    const file = normalize(join(consumer, path));
    if (!file.startsWith(join(consumer, 'node_modules/repkit/'))) return void res.writeHead(404).end();
    readFile(file).then(
      (body) => res.writeHead(200, { 'Content-Type': `${TYPES[extname(file)] ?? 'application/octet-stream'}; charset=utf-8` }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await sandbox?.close();
});

const config = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  apiKey: API_KEY,
  address: ADDRESSES.rich,
  baseUrl: sandbox.url,
  ...extra,
});

/** A snippet element as `snippet()` prints it, without the script tag. */
const snippetDiv = (id: string) =>
  `<div id="${id}" data-repkit="reputation" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${sandbox.url}"></div>`;

const importMap = `<script type="importmap">${JSON.stringify({
  imports: {
    repkit: '/node_modules/repkit/dist/repkit.mjs',
    'repkit/embed': '/node_modules/repkit/dist/repkit.embed.mjs',
    'repkit/batch': '/node_modules/repkit/dist/repkit.batch.mjs',
  },
})}</script>`;

/** Opens `html` at `path` on the static server; records page errors and console errors. */
const open = async (path: string, html: string): Promise<{ page: Page; problems: string[] }> => {
  pages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>consumer</title><link rel="icon" href="data:,">${html}`,
  );
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()}`));
  await page.goto(origin + path);
  return { page, problems };
};

/** The `data-state` of the widget host inside each element of `ids`, once none is loading. */
const states = (page: Page, ids: string[]): Promise<string[]> =>
  page
    .waitForFunction(
      (list) => {
        // A snippet's host is its child; <repkit-widget> renders into its own shadow root.
        const found = list.map((id) => {
          const element = document.getElementById(id);
          return (element?.shadowRoot ?? element)?.querySelector<HTMLElement>('.repkit')?.dataset.state;
        });
        return found.every((s) => s && s !== 'loading') && found;
      },
      ids,
      { timeout: 15000 },
    )
    .then((handle) => handle.jsonValue() as Promise<string[]>);

describe('a plain browser page', () => {
  it('loads the UMD with a script tag: global RepKit with every export, and snippets auto-mount', async () => {
    const { page, problems } = await open(
      '/umd.html',
      `</head><body>${snippetDiv('snippet')}<div id="api"></div>
      <script src="/node_modules/repkit/dist/repkit.umd.js"></script>
      <script>RepKit.createWidget(${JSON.stringify(config('category', { categoryKey: 'governance' }))}).mount('#api');</script>`,
    );
    expect(await states(page, ['snippet', 'api'])).toEqual(['ready', 'ready']);
    const global = await page.evaluate(() => ({
      keys: Object.keys((window as unknown as { RepKit: object }).RepKit).sort(),
      element: customElements.get('repkit-widget') !== undefined,
    }));
    // Every export, and nothing else.
    expect(global).toEqual({ keys: [...VALUES].sort(), element: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('imports the pure ES module natively: widgets work, and nothing is defined or mounted by the import', async () => {
    const { page, problems } = await open(
      '/esm.html',
      `${importMap}</head><body>${snippetDiv('snippet')}<div id="api"></div>
      <script type="module">
        import * as repkit from 'repkit';
        window.exportsSeen = Object.keys(repkit).sort();
        repkit.createWidget(${JSON.stringify(config('reputation'))}).mount('#api');
      </script>`,
    );
    expect(await states(page, ['api'])).toEqual(['ready']);
    await page.waitForTimeout(200);
    const seen = await page.evaluate(() => ({
      keys: (window as unknown as { exportsSeen: string[] }).exportsSeen,
      element: customElements.get('repkit-widget') !== undefined,
      snippetChildren: document.getElementById('snippet')!.childElementCount,
      global: 'RepKit' in window,
    }));
    expect(seen).toEqual({ keys: VALUES, element: false, snippetChildren: 0, global: false });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('imports repkit/embed natively: <repkit-widget> and snippets come alive, sharing one copy of repkit', async () => {
    const { page, problems } = await open(
      '/embed.html',
      `${importMap}</head><body>${snippetDiv('snippet')}
      <repkit-widget id="element" type="category" category-key="txCount" api-key="${API_KEY}" address="${ADDRESSES.rich}" base-url="${sandbox.url}"></repkit-widget>
      <script type="module">
        import * as embed from 'repkit/embed';
        import * as repkit from 'repkit';
        window.sameCopy = embed.ServiceClient === repkit.ServiceClient;
      </script>`,
    );
    expect(await states(page, ['snippet', 'element'])).toEqual(['ready', 'ready']);
    expect(await page.evaluate(() => (window as unknown as { sameCopy: boolean }).sameCopy)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("batches a keyless client's requests with nothing to load (repkit/batch, once the add-on, imports as a no-op)", async () => {
    const { page, problems } = await open(
      '/batch.html',
      `${importMap}</head><body>
      <script type="module">
        import { ServiceClient } from 'repkit';
        import 'repkit/batch';
        // No repkit proxy answers here: what counts is the request the page sends.
        const client = new ServiceClient({ baseUrl: location.origin + '/rep', retries: 0 });
        await Promise.allSettled([client.getScores(${JSON.stringify(ADDRESSES.rich)}), client.getBadges(${JSON.stringify(ADDRESSES.rich)})]);
        window.done = true;
      </script>`,
    );
    await page.waitForFunction(() => (window as unknown as { done?: boolean }).done === true, undefined, { timeout: 15000 });
    const sent = requested.filter((u) => u.startsWith('/rep/'));
    const batches = sent.filter((u) => u.startsWith('/rep/batch?'));
    expect(batches.length, sent.join('\n')).toBe(1);
    expect(new URL(batches[0]!, origin).searchParams.getAll('r')).toEqual([
      `/api/v2/scores/${ADDRESSES.rich}`,
      `/api/v2/badges/${ADDRESSES.rich}`,
    ]);
    // The answers are 404s (no proxy here); the page itself threw nothing.
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    await page.close();
  });
});
