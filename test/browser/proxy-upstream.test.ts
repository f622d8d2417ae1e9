/**
 * Chromium through a real repkit/proxy (the built dist/repkit.proxy.mjs behind its node:http
 * adapter) whose `upstream` has a wrong path, in front of the sandbox: the 404 that comes back
 * is not the service's own (another server's page that is not JSON, or the service's catch-all
 * `{ "message": "Not Found" }`), so the card never says "There is no reputation data for this
 * address yet": it says that the proxy's upstream looks wrong, and the operator hears it once
 * through `onEvent`. A real 404 of the service (a category the address has no score in) is
 * still the calm "no score yet".
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProxyBuild, PROXY_NODE_DIST } from '../proxy/build.mjs';
import { ADDRESSES, API_KEY, settled, useBrowser } from './harness';

const ROOT = new URL('../..', import.meta.url).pathname;
const browser = useBrowser();

type Proxy = typeof import('../../src/proxy');
type ProxyNode = typeof import('../../src/proxy/node');
type ProxyEvent = import('../../src/proxy').ProxyEvent;

let edge: Proxy;
let node: ProxyNode;
const servers: http.Server[] = [];

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

/** A site on its own port: `/` mounts `configs` from the UMD build with `baseUrl: '/rep'`, and `/rep/*` is a proxy to `upstream`. */
const siteWith = async (upstream: string, configs: Record<string, unknown>[]) => {
  const events: ProxyEvent[] = [];
  const proxy = node.toNodeListener(
    edge.createProxy({ apiKey: API_KEY, upstream, basePath: '/rep', onEvent: (e) => e.type != 'ready' && events.push(e) }),
  );
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>proxy upstream</title></head><body>
${configs.map((_, i) => `<div id="w${i}"></div>`).join('\n')}
<script src="/dist/repkit.umd.js"></script>
<script>
${configs.map((c, i) => `RepKit.createWidget(${JSON.stringify({ ...c, baseUrl: '/rep' })}).mount('#w${i}');`).join('\n')}
</script></body></html>`;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/rep/')) return proxy(req, res);
    // The page, and the script and the chunks it loads from beside itself (dist/repkit.chunk-*.js).
    const file = path == '/' ? undefined : /^\/dist\/(repkit[\w.-]*\.js)$/.exec(path)?.[1];
    if (path != '/' && !file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
    res.end(file ? readFileSync(`${ROOT}dist/${file}`) : html);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, events };
};

const WIDGETS = [
  { type: 'reputation', address: ADDRESSES.rich },
  { type: 'badge', address: ADDRESSES.rich },
  { type: 'reputation', address: ADDRESSES.noBadges },
];

const SENTENCE = "The proxy's upstream is not the service (404): check the proxy's upstream option.";

describe('a proxy whose upstream has a wrong path', () => {
  it.each([
    ["another server's 404 page (not JSON)", '/nope'],
    ["the service's catch-all 404", '/api'],
  ])('%s: every card says the upstream looks wrong, never "no data", and onEvent hears it once', async (_label, path) => {
    const upstream = browser.url + path;
    const site = await siteWith(upstream, WIDGETS);
    const { page } = await browser.page();
    await page.goto(site.url);
    expect(await settled(page, WIDGETS.length)).toEqual(['error', 'error', 'error']);
    const cards = await page.$$eval('.repkit', (hosts) =>
      hosts.map((h) => ({
        sentence: h.shadowRoot!.querySelector('.rk-error-text')?.textContent ?? '',
        retry: !!h.shadowRoot!.querySelector('[part="retry"]'),
      })),
    );
    expect(cards).toEqual(WIDGETS.map(() => ({ sentence: SENTENCE, retry: false })));
    // A reload asks again (nothing of it was cached) and gets the same; the operator is told once.
    await page.reload();
    expect(await settled(page, WIDGETS.length)).toEqual(['error', 'error', 'error']);
    expect(site.events.map((e) => e.type)).toEqual(['upstream-not-service']);
    expect(site.events[0]!.message).toContain(upstream);
    expect(site.events[0]!.message).toContain("check the proxy's upstream");
    await page.context().close();
  });

  it('with the right upstream, the service\'s own 404 is still the calm "no score yet"', async () => {
    const site = await siteWith(browser.url, [{ type: 'category', address: ADDRESSES.noBadges, categoryKey: 'nftActivity' }]);
    const { page } = await browser.page();
    await page.goto(site.url);
    await settled(page, 1);
    const text = await page.$eval('.repkit', (h) => h.shadowRoot!.querySelector('[part="empty"]')?.textContent?.trim());
    expect(text).toBe('This address has no score in this category yet.');
    expect(site.events).toEqual([]);
    await page.context().close();
  });
});
