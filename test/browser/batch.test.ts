/**
 * Chromium: a page of 100 widgets of distinct addresses through repkit/proxy on another origin
 * (the built dist/repkit.proxy.mjs behind its node:http adapter, in front of the sandbox) loads
 * with at most 4 requests to the proxy, all batches or plain GETs, and no CORS preflight; every
 * widget shows its own record, and one whose address the service refuses shows its own error.
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

let edge: Proxy;
let node: ProxyNode;

beforeAll(async () => {
  edge = (await import(/* @vite-ignore */ pathToFileURL(ensureProxyBuild()).href)) as Proxy;
  node = (await import(/* @vite-ignore */ pathToFileURL(PROXY_NODE_DIST).href)) as ProxyNode;
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('a page of widgets through repkit/proxy in Chromium', () => {
  it('100 widgets of distinct addresses make at most 4 requests to the proxy, and no preflight', async () => {
    let html = '';
    const page = await listen((req, res) => {
      if (req.url == '/dist/repkit.umd.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        return void res.end(readFileSync(`${ROOT}dist/repkit.umd.js`));
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    /** What reached the proxy: method and URL. */
    const reached: string[] = [];
    const proxy = node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: browser.url, allowOrigins: [page] }));
    const proxyUrl = await listen((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      proxy(req, res);
    });

    const configs = Array.from({ length: 100 }, (_, i) => ({
      type: KINDS[i % 3],
      address: i == 99 ? 'not-an-address' : addressOf(i),
      baseUrl: `${proxyUrl}/rep`,
      retries: 0,
    }));
    html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit: a page of widgets</title></head>
<body><main><h1>Members</h1>
${configs.map((_, i) => `<div id="w${i}"></div>`).join('\n')}
</main>
<script src="/dist/repkit.umd.js"></script>
<script>
window.loaded = {};
document.addEventListener('repkit:load', (e) => {
  const slot = e.composedPath().find((n) => n.id && n.id.startsWith('w'));
  window.loaded[slot.id] = JSON.stringify(e.detail.data);
});
${configs.map((c, i) => `RepKit.createWidget(${JSON.stringify(c)}).mount('#w${i}');`).join('\n')}
</script>
</body></html>`;

    const { page: tab, log } = await browser.page();
    await tab.goto(`${page}/`);
    const states = await settled(tab, 100);
    expect(states.slice(0, 99)).toEqual(Array.from({ length: 99 }, () => 'ready'));
    expect(states[99]).toBe('error');
    expect(log.errors).toEqual([]);

    // Each widget got its own address's record (the reputation and profile records name it).
    const loaded = await tab.evaluate(() => (window as unknown as { loaded: Record<string, string> }).loaded);
    expect(Object.keys(loaded)).toHaveLength(99);
    for (let i = 0; i < 99; i++) if (i % 3 != 1) expect(loaded[`w${i}`], `widget ${i}`).toContain(addressOf(i));

    const toProxy = log.requests.filter((u) => u.startsWith(proxyUrl));
    expect(toProxy.length, toProxy.join('\n')).toBeLessThanOrEqual(4);
    expect(toProxy.some((u) => new URL(u).pathname == '/rep/batch')).toBe(true);
    expect(reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
    expect(reached).toHaveLength(toProxy.length);
    // The proxy asked the service once per resource, with the key; the page never saw it.
    for (const r of browser.sandbox.requests) expect(r.apiKey).toBe(API_KEY);
  });
});
