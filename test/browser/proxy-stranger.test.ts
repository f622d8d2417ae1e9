/**
 * A page on a site the proxy refuses tries every way a page has to make a browser call the
 * proxy's API (issue 41): `fetch`, a `no-cors` fetch, `<img>` and `<script>`, at an API route and
 * at `/batch`. None of them spends an upstream request. A page on the allowed site does the same
 * and is served, so the refusal is the origin's, not the method's. The proxy is the built
 * dist/repkit.proxy.mjs behind dist/repkit.proxy.node.mjs, on 127.0.0.1; the pages are on
 * `localhost`, another site, as on the web.
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES, useBrowser } from './harness';
import { builtProxy, useServers } from './servers';

const browser = useBrowser();
const { listen } = useServers();
/** The port of a server's origin. */
const portOf = (origin: string): number => Number(new URL(origin).port);

/** A page that calls the proxy every way it can, and says what each got. */
const attempts = (proxy: string, address: string) => `<!doctype html><meta charset="utf-8"><title>stranger</title>
<script type="module">
const api = ${JSON.stringify(proxy)} + '/api/v2/scores/' + ${JSON.stringify(address)};
const batch = ${JSON.stringify(proxy)} + '/batch?r=/api/v2/badges/' + ${JSON.stringify(address)};
const load = (tag, src) => new Promise((resolve) => {
  const el = document.createElement(tag);
  el.onload = () => resolve('load');
  el.onerror = () => resolve('error');
  el.src = src;
  document.body.append(el);
});
const results = {};
results.fetch = await fetch(api).then((r) => r.status, () => 'refused');
results.noCors = await fetch(batch, { mode: 'no-cors' }).then((r) => r.type, () => 'refused');
results.img = await load('img', api + '?img');
results.script = await load('script', batch + '&script');
document.title = JSON.stringify(results);
</script>`;

let proxyUrl = '';
let allowedPort = 0;
let refusedPort = 0;
const pages = new Map<number, string>();

beforeAll(async () => {
  const { edge, node } = await builtProxy();
  const site: http.RequestListener = (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(pages.get(req.socket.localPort ?? 0) ?? '');
  };
  allowedPort = portOf(await listen(site, 'localhost'));
  refusedPort = portOf(await listen(site, 'localhost'));
  proxyUrl = await listen(
    node.toNodeListener(
      edge.createProxy({ apiKey: 'demo-key', upstream: browser.url, allowOrigins: [`http://localhost:${allowedPort}`], onEvent: () => {} }),
    ),
  );
});

/** Opens the page on `port` and waits for what each attempt got; the upstream requests for `address` meanwhile. */
const visit = async (port: number, address: string) => {
  pages.set(port, attempts(proxyUrl, address));
  const upstream = () => browser.sandbox.requests.filter((r) => r.path.endsWith(address)).length;
  const before = upstream();
  const { page } = await browser.page();
  await page.goto(`http://localhost:${port}/`);
  await page.waitForFunction(() => document.title.startsWith('{'));
  const results = JSON.parse(await page.title()) as Record<string, unknown>;
  await page.context().close();
  return { results, spent: upstream() - before };
};

describe('a page on a refused site', () => {
  it('spends no upstream request with fetch, no-cors fetch, <img> or <script>', async () => {
    const { results, spent } = await visit(refusedPort, ADDRESSES.noBadges);
    expect(results.fetch).toBe(403);
    expect(results.img).toBe('error');
    expect(spent).toBe(0);
  });
  it('while the allowed site is served the same way', async () => {
    const { results, spent } = await visit(allowedPort, ADDRESSES.rich);
    expect(results.fetch).toBe(200);
    expect(spent).toBeGreaterThan(0);
  });
});
