// @ts-check
/**
 * The servers `npm run bench:annotate` and `test/bench/annotate-trace.mjs` load their page from:
 * the sandbox; repkit/proxy (the built dist/repkit.proxy.mjs behind its node:http adapter) in
 * front of it; and a site on another origin that serves the page set by `setPage` and the built
 * files of `DIST` (with their source maps, for the trace).
 */
import http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createSandbox } from '../service/sandbox.mjs';
import { API_KEY } from '../service/fixtures.mjs';
import { ensureProxyBuild, PROXY_NODE_DIST } from '../proxy/build.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname;
/** The built files served: dist/, or another build's (BENCH_DIST=/path/to/dist/, to compare two builds back to back). */
export const DIST = process.env.BENCH_DIST ? process.env.BENCH_DIST.replace(/\/?$/, '/') : `${ROOT}dist/`;

/** @param {http.RequestListener} handler */
const listen = async (handler) => {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, url: `http://127.0.0.1:${address.port}` };
};

export async function annotateServers() {
  if (!existsSync(`${DIST}repkit.annotate.js`)) throw new Error('build first: npm run build');
  const sandbox = await createSandbox();
  const edge = await import(pathToFileURL(ensureProxyBuild()).href);
  const node = await import(pathToFileURL(PROXY_NODE_DIST).href);
  let html = '';
  const site = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = /^\/dist\/([\w.-]+\.m?js(\.map)?)$/.exec(path)?.[1];
    res.writeHead(200, { 'Content-Type': file ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
    res.end(file ? readFileSync(`${DIST}${file}`) : html);
  });
  // No per-client budget: every page comes from one client (127.0.0.1), and each run asks for 350
  // addresses no cache holds (250 + 100 appended, of its own so that the cache starts cold), each
  // one upstream request, where the default budget allows a client 150 an hour. What is measured
  // is the page's main thread; the budget has its own tests (test/proxy, test/browser/budget-defaults).
  const proxy = await listen(
    node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: sandbox.url, allowOrigins: [site.url], clientBudget: false })),
  );
  return {
    site,
    proxy,
    /** @param {string} page the HTML the site answers `/` with from now on */
    setPage(page) {
      html = page;
    },
    async close() {
      await sandbox.close();
      for (const { server } of [site, proxy]) {
        server.closeAllConnections();
        server.close();
      }
    },
  };
}

/**
 * Resolves once the page has at least `count` chips and none of them is still loading (polled
 * every 100 ms, as both scripts report).
 * @param {import('playwright-core').Page} page
 * @param {number} count
 */
export const chipsScored = (page, count) =>
  page.waitForFunction(
    (n) => {
      const chips = document.querySelectorAll('[data-repkit-chip]');
      return chips.length >= n && [...chips].every((c) => /** @type {HTMLElement} */ (c).dataset.state != 'loading');
    },
    count,
    { timeout: 60000, polling: 100 },
  );
