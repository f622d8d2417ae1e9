/**
 * Chromium: with the batching add-on (the built dist/repkit.batch.js after repkit.umd.js), a page
 * of 100 widgets of distinct addresses through repkit/proxy on another origin (the built
 * dist/repkit.proxy.mjs behind its node:http adapter, in front of the sandbox) loads with at most
 * 4 requests to the proxy, all batches or plain GETs, and no CORS preflight; every widget shows
 * its own record, and one whose address the service refuses shows its own error. Without the
 * add-on nothing is batched; loaded before repkit's script it does nothing, and loaded twice, or
 * after a per-kind script, it batches all the same.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProxyBuild, PROXY_NODE_DIST } from '../proxy/build.mjs';
import { API_KEY, settled, useBrowser } from './harness';

const ROOT = new URL('../..', import.meta.url).pathname;
const browser = useBrowser();

type Proxy = typeof import('../../src/proxy');
type ProxyNode = typeof import('../../src/proxy/node');

/** A valid address the sandbox computes on the spot, distinct for each `i`. */
const addressOf = (i: number): string => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let tail = '';
  for (let n = i + 1; tail.length < 8; n = Math.floor(n / 58)) tail = alphabet[n % 58] + tail;
  return `1${'Chromium'.padEnd(38, 'x')}${tail}`;
};

const KINDS = ['reputation', 'badge', 'profile'];

const servers: http.Server[] = [];
const listen = async (handler: http.RequestListener): Promise<string> => {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The page's HTML, set by each test, and the origins of the page and of the proxy. */
let html = '';
let site = '';
let proxyUrl = '';
/** What reached the proxy: method and URL. */
let reached: string[] = [];
/** Addresses used so far: each page asks for addresses of its own. */
let used = 0;

beforeAll(async () => {
  const edge = (await import(/* @vite-ignore */ pathToFileURL(ensureProxyBuild()).href)) as Proxy;
  const node = (await import(/* @vite-ignore */ pathToFileURL(PROXY_NODE_DIST).href)) as ProxyNode;
  site = await listen((req, res) => {
    // The built scripts: dist/repkit.umd.js, the per-kind ones and the add-on.
    const script = /^\/dist\/(repkit(\.\w+)?\.umd\.js|repkit\.batch\.js)$/.exec(req.url ?? '');
    if (script) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return void res.end(readFileSync(`${ROOT}dist/${script[1]}`));
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  const proxy = node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: browser.url, allowOrigins: [site] }));
  proxyUrl = await listen((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    proxy(req, res);
  });
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * Loads a page of `count` widgets (of `kinds` in turn, the last one of an address the service
 * refuses) made with the global API after the `scripts` given, in that order; waits until all
 * have settled. Returns their states, what each `repkit:load` carried, the requests the page sent
 * to the proxy and what reached it.
 */
const load = async (scripts: string[], count: number, kinds = KINDS) => {
  const configs = Array.from({ length: count }, (_, i) => ({
    type: kinds[i % kinds.length],
    address: i == count - 1 ? 'not-an-address' : addressOf(used + i),
    baseUrl: `${proxyUrl}/rep`,
    retries: 0,
  }));
  html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit: a page of widgets</title></head>
<body><main><h1>Members</h1>
${configs.map((_, i) => `<div id="w${i}"></div>`).join('\n')}
</main>
${scripts.map((src) => `<script src="/dist/${src}"></script>`).join('\n')}
<script>
window.loaded = {};
document.addEventListener('repkit:load', (e) => {
  const slot = e.composedPath().find((n) => n.id && n.id.startsWith('w'));
  window.loaded[slot.id] = JSON.stringify(e.detail.data);
});
${configs.map((c, i) => `RepKit.createWidget(${JSON.stringify(c)}).mount('#w${i}');`).join('\n')}
</script>
</body></html>`;
  reached = [];
  const { page: tab, log } = await browser.page();
  await tab.goto(`${site}/`);
  const states = await settled(tab, count);
  const loaded = await tab.evaluate(() => (window as unknown as { loaded: Record<string, string> }).loaded);
  const toProxy = log.requests.filter((u) => u.startsWith(proxyUrl));
  const first = used;
  used += count;
  /** Whether widget `i` got its own address's record (the reputation and profile records name it). */
  const ownRecord = (i: number) => loaded[`w${i}`]?.includes(addressOf(first + i));
  await tab.context().close();
  return { states, loaded, toProxy, ownRecord, errors: log.errors, reached: [...reached] };
};

const isBatch = (url: string) => new URL(url).pathname == '/rep/batch';

/** Every widget but the last is ready, the last shows its own error, and the page logged no error. */
const expectSettled = ({ states, errors }: { states: string[]; errors: string[] }) => {
  expect(states.slice(0, -1)).toEqual(Array.from({ length: states.length - 1 }, () => 'ready'));
  expect(states.at(-1)).toBe('error');
  expect(errors).toEqual([]);
};

describe('a page of widgets through repkit/proxy in Chromium', () => {
  it('with the add-on, 100 widgets of distinct addresses make at most 4 requests to the proxy, and no preflight', async () => {
    const run = await load(['repkit.umd.js', 'repkit.batch.js'], 100);
    expectSettled(run);

    expect(Object.keys(run.loaded)).toHaveLength(99);
    for (let i = 0; i < 99; i++) if (i % 3 != 1) expect(run.ownRecord(i), `widget ${i}`).toBe(true);

    const { toProxy, reached } = run;
    expect(toProxy.length, toProxy.join('\n')).toBeLessThanOrEqual(4);
    expect(toProxy.some(isBatch)).toBe(true);
    expect(reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
    expect(reached).toHaveLength(toProxy.length);
    // The proxy asked the service once per resource, with the key; the page never saw it.
    for (const r of browser.sandbox.requests) expect(r.apiKey).toBe(API_KEY);
  });

  it('without the add-on, nothing is batched: each widget sends its own requests', async () => {
    const run = await load(['repkit.umd.js'], 30);
    expectSettled(run);
    for (let i = 0; i < 29; i++) if (i % 3 != 1) expect(run.ownRecord(i), `widget ${i}`).toBe(true);
    expect(run.toProxy.filter(isBatch)).toEqual([]);
    // One request per widget at least (the badge widgets also ask for the badge definitions).
    expect(run.toProxy.length).toBeGreaterThanOrEqual(30);
    expect(run.reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
  });

  it("the add-on loaded before repkit's script does nothing, and breaks nothing", async () => {
    const run = await load(['repkit.batch.js', 'repkit.umd.js'], 30);
    expectSettled(run);
    expect(run.toProxy.filter(isBatch)).toEqual([]);
    expect(run.toProxy.length).toBeGreaterThanOrEqual(30);
  });

  it('the add-on batches after a per-kind script too, and loaded twice it batches all the same', async () => {
    const run = await load(['repkit.reputation.umd.js', 'repkit.batch.js', 'repkit.batch.js'], 60, ['reputation']);
    expectSettled(run);
    for (let i = 0; i < 59; i++) expect(run.ownRecord(i), `widget ${i}`).toBe(true);
    // 60 parts: a batch of 50 and one of 10.
    expect(run.toProxy.length, run.toProxy.join('\n')).toBe(2);
    expect(run.toProxy.every(isBatch)).toBe(true);
    expect(run.reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
  });
});
