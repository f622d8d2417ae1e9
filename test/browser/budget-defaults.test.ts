/**
 * Chromium, against the built bundles (issue 40): the first visitor of a members page of 100
 * widgets of 100 distinct addresses, by repkit.umd.js, through the built proxy with every option
 * at its default but `apiKey`, `upstream` and `allowOrigins: '*'` (so its default `clientBudget`
 * counts this visitor, 127.0.0.1, by its socket), on another origin than the page: every widget
 * ready, at most 4 requests to the proxy, no preflight, nothing refused.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  return `1${'Budget'.padEnd(38, 'x')}${tail}`;
};

const servers: http.Server[] = [];
const listen = async (handler: http.RequestListener): Promise<string> => {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
let proxyUrl = '';
/** The members page, and its site: the page and dist/'s files, on an origin of its own. */
let html = '';
let site = '';
/** What reached the proxy: method, URL and status. */
const reached: string[] = [];
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

beforeAll(async () => {
  const edge = (await import(/* @vite-ignore */ pathToFileURL(ensureProxyBuild()).href)) as Proxy;
  const node = (await import(/* @vite-ignore */ pathToFileURL(PROXY_NODE_DIST).href)) as ProxyNode;
  const listener = node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: browser.url, allowOrigins: '*' }));
  proxyUrl = await listen((req, res) => {
    res.on('finish', () => reached.push(`${req.method} ${req.url} ${res.statusCode}`));
    listener(req, res);
  });
  site = await listen((req, res) => {
    const file = /^\/dist\/([\w.-]+\.js)$/.exec(req.url ?? '')?.[1];
    res.writeHead(200, { 'Content-Type': file ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
    res.end(file ? readFileSync(`${ROOT}dist/${file}`) : html);
  });
}, 120_000);

afterAll(async () => {
  warn.mockRestore();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("the proxy's default client budget and a members page", () => {
  it('lets the first visitor of 100 widgets of 100 new addresses load them all, in at most 4 requests and no preflight', async () => {
    const kinds = ['reputation', 'badge', 'profile'];
    const configs = Array.from({ length: 100 }, (_, i) => ({ type: kinds[i % 3], address: addressOf(i), baseUrl: proxyUrl }));
    html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Members</title></head>
<body><main><h1>Members</h1>
${configs.map((_, i) => `<div id="w${i}"></div>`).join('\n')}
</main>
<script src="/dist/repkit.umd.js"></script>
<script>
${configs.map((c, i) => `RepKit.createWidget(${JSON.stringify(c)}).mount('#w${i}');`).join('\n')}
</script>
</body></html>`;
    const { page, log } = await browser.page();
    await page.goto(`${site}/members.html`);
    const states = await settled(page, 100);
    await page.context().close();

    expect(states).toEqual(Array.from({ length: 100 }, () => 'ready'));
    const toProxy = log.requests.filter((u) => u.startsWith(proxyUrl));
    expect(toProxy.length, toProxy.join('\n')).toBeLessThanOrEqual(4);
    expect(reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
    expect(
      reached.every((r) => r.endsWith(' 200')),
      reached.join('\n'),
    ).toBe(true);
    expect(warn.mock.calls.map((c) => String(c[0]))).not.toContainEqual(
      expect.stringMatching(/over-budget|more new answers than its budget/),
    );
    // The page never saw the key: the proxy asked the service with it.
    for (const r of browser.sandbox.requests.filter((q) => q.path.startsWith('/api/v2/'))) expect(r.apiKey).toBe(API_KEY);
  });
});
