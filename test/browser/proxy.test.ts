/**
 * Chromium through repkit/proxy: widgets with no key on the page render through the proxy
 * (the built dist/repkit.proxy.mjs behind its node:http adapter, in front of the sandbox), and
 * neither the page source nor any request the page makes, nor any answer it gets, contains
 * the key. Same-origin (`baseUrl: '/rep'`) and cross-origin (CORS for `allowOrigins`), and the
 * demo server's "Through the proxy" switch.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADDRESSES, API_KEY, servicePathsOf, settled, useBrowser, widgetsPage } from './harness';
import { builtProxy } from './servers';

const ROOT = new URL('../..', import.meta.url).pathname;
const browser = useBrowser();

type Proxy = typeof import('../../src/proxy');
type ProxyNode = typeof import('../../src/proxy/node');
type ProxyEvent = import('../../src/proxy').ProxyEvent;

/** A page that mounts one widget of each kind from the UMD build, with no key anywhere. */
const pageOf = (baseUrl: string): string => {
  const configs = [
    { type: 'reputation', address: ADDRESSES.rich },
    { type: 'badge', address: ADDRESSES.rich },
    { type: 'profile', address: ADDRESSES.identityOnly },
    { type: 'category', address: ADDRESSES.rich, categoryKey: 'governance' },
    { type: 'reputation', address: ADDRESSES.rich, compact: true },
  ].map((c) => ({ ...c, baseUrl, retries: 0 }));
  return widgetsPage(configs);
};

/** A site on its own port: `/` is `html`, `/dist/*` the build, `/rep/*` (optionally) the proxy. */
interface Site {
  url: string;
  html: string;
  proxy?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  server: http.Server;
}

const startSite = async (html: string, proxy?: Site['proxy']): Promise<Site> => {
  const site: Site = { url: '', html, proxy, server: http.createServer() };
  site.server.on('request', (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/rep' || path.startsWith('/rep/')) {
      if (site.proxy) return site.proxy(req, res);
    } else if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return void res.end(site.html);
    } else if (path === '/dist/repkit.umd.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return void res.end(readFileSync(`${ROOT}dist/repkit.umd.js`));
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  return site;
};

const sites: Site[] = [];
let edge: Proxy;
let node: ProxyNode;

beforeAll(async () => {
  ({ edge, node } = await builtProxy());
});

afterAll(async () => {
  for (const site of sites) {
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
  }
});

/** Everything the page sent and received, as text, to search for the key. */
interface Traffic {
  sent: Promise<string>[];
  received: Promise<string>[];
}

const recordTraffic = (page: Page): Traffic => {
  const traffic: Traffic = { sent: [], received: [] };
  page.on('request', (request) => {
    traffic.sent.push(
      request
        .allHeaders()
        .then((headers) => `${request.method()} ${request.url()}\n${JSON.stringify(headers)}\n${request.postData() ?? ''}`),
    );
  });
  page.on('response', (response) => {
    traffic.received.push(
      Promise.all([response.allHeaders(), response.body().catch(() => Buffer.alloc(0))]).then(
        ([headers, body]) => `${response.url()}\n${JSON.stringify(headers)}\n${body.toString('utf8')}`,
      ),
    );
  });
  return traffic;
};

const noKeyAnywhere = async (traffic: Traffic): Promise<void> => {
  const sent = await Promise.all(traffic.sent);
  const received = await Promise.all(traffic.received);
  expect(sent.length).toBeGreaterThan(0);
  for (const text of [...sent, ...received]) expect(text).not.toContain(API_KEY);
  // No request carries a key header at all (the library's source, which names it, is an answer).
  for (const text of sent) expect(text.toLowerCase()).not.toContain('x-api-key');
};

describe('widgets through repkit/proxy in Chromium', () => {
  it("render with baseUrl '/rep' on the page's own origin, and the key is nowhere on the page", async () => {
    const proxy = node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: browser.url, basePath: '/rep' }));
    const site = await startSite(pageOf('/rep'), proxy);
    sites.push(site);
    browser.sandbox.resetRequests();

    const { page, log } = await browser.page();
    const traffic = recordTraffic(page);
    const response = await page.goto(`${site.url}/`);
    expect(await response!.text()).not.toContain(API_KEY);
    expect(await settled(page, 5)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);
    expect(await page.content()).not.toContain(API_KEY);
    expect(log.errors).toEqual([]);

    await noKeyAnywhere(traffic);
    // Every API call of the page went to the proxy on its own origin (images may come from the
    // service's host); the sandbox heard from the proxy alone, with the key.
    // (Plain requests or batches of them: test/browser/batch.test.ts.)
    const calls = log.requests.filter((u) => u.includes('/api/v2/'));
    expect(servicePathsOf(calls).length).toBeGreaterThanOrEqual(5);
    for (const url of calls) expect(url.startsWith(`${site.url}/rep/api/v2/`) || url.startsWith(`${site.url}/rep/batch?`), url).toBe(true);
    expect(browser.sandbox.requests.length).toBeGreaterThan(0);
    for (const r of browser.sandbox.requests) {
      expect(r.apiKey).toBe(API_KEY);
      expect(r.origin).toBeNull();
    }

    // A second visitor is served from the proxy's cache: the service hears nothing new.
    const before = browser.sandbox.requests.length;
    const second = await browser.page();
    await second.page.goto(`${site.url}/`);
    expect(await settled(second.page, 5)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);
    expect(browser.sandbox.requests.length).toBe(before);
  });

  it('render from another origin through CORS for allowOrigins, and fail for an origin not allowed', async () => {
    const page = await startSite('');
    sites.push(page);
    // What reaches the allowed proxy, by method: with no key header, the page's requests are
    // simple requests, so the browser sends them with no CORS preflight (no OPTIONS).
    const methods: string[] = [];
    const gets: string[] = [];
    const allowedProxy = node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: browser.url, allowOrigins: [page.url] }));
    const allowed = await startSite('', (req, res) => {
      methods.push(req.method ?? '');
      if (req.method == 'GET') gets.push(`http://proxy${req.url ?? ''}`);
      allowedProxy(req, res);
    });
    sites.push(allowed);
    const refusals: ProxyEvent[] = [];
    const refusing = await startSite(
      '',
      node.toNodeListener(
        edge.createProxy({
          apiKey: API_KEY,
          upstream: browser.url,
          allowOrigins: ['https://elsewhere.example'],
          // Every event but the `ready` each proxy sends when created (test/proxy/proxy.test.ts).
          onEvent: (event) => event.type != 'ready' && refusals.push(event),
        }),
      ),
    );
    sites.push(refusing);

    page.html = pageOf(`${allowed.url}/rep`);
    const first = await browser.page();
    const traffic = recordTraffic(first.page);
    await first.page.goto(`${page.url}/`);
    expect(await settled(first.page, 5)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);
    await noKeyAnywhere(traffic);
    // Every widget's resources came by GET, in plain requests or batches.
    expect(servicePathsOf(gets).length).toBeGreaterThanOrEqual(5);
    expect(methods.filter((m) => m == 'OPTIONS')).toEqual([]);

    page.html = pageOf(`${refusing.url}/rep`);
    const second = await browser.page();
    await second.page.goto(`${page.url}/`);
    expect(await settled(second.page, 5)).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(refusals.map((e) => [e.type, e.origin])).toEqual([['origin-refused', page.url]]);
  });
});

describe('the demo server', () => {
  let child: ChildProcess | undefined;
  let demoUrl = '';

  beforeAll(async () => {
    child = spawn(process.execPath, [`${ROOT}demo/server.mjs`], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    demoUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`demo server did not start: ${out}`)), 20000);
      child!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (!/caching proxy at|proxy\.mjs is missing/.test(out)) return;
        clearTimeout(timer);
        resolve(/repkit demo: (http:\/\/\S+)/.exec(out)![1]!);
      });
    });
  });

  afterAll(() => {
    child?.kill('SIGTERM');
  });

  // The demo prints localhost; HOST's default is 127.0.0.1, which a visitor may open as well.
  it.each(['localhost', '127.0.0.1'])(
    'switches every widget to the proxy on /rep with no key, at %s, and every image loads',
    async (name) => {
      const { page, log } = await browser.page();
      const apiHeaders: Record<string, string>[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v2/')) void request.allHeaders().then((h) => apiHeaders.push({ url: request.url(), ...h }));
      });
      const url = new URL(demoUrl);
      url.hostname = name;
      await page.goto(url.href);
      // The playground's light and dark widget, and the gallery's one of each kind.
      const widgets = 6;
      await settled(page, widgets);
      apiHeaders.length = 0;
      const requestsBefore = log.requests.length;
      await page.getByLabel(/Through the proxy/).check();
      await page.waitForFunction((n) => {
        const hosts = Array.from(document.querySelectorAll<HTMLElement>('.repkit'));
        return hosts.length >= n && hosts.every((h) => h.dataset.state == 'ready' || h.dataset.state == 'error');
      }, widgets);
      await settled(page, widgets);
      const after = log.requests.slice(requestsBefore).filter((u) => u.includes('/api/v2/'));
      expect(after.length).toBeGreaterThan(0);
      for (const url of after) expect(new URL(url).pathname).toMatch(/^\/rep\/(api\/v2\/|batch$)/);
      for (const headers of apiHeaders) expect(headers['x-api-key'], headers.url).toBeUndefined();
      const states = await page.$$eval('.repkit', (hosts) => hosts.map((h) => (h as HTMLElement).dataset.state));
      expect(states.filter((s) => s == 'ready').length).toBeGreaterThanOrEqual(widgets);
      // Image URLs come back under the name the page uses: the page's CSP (img-src 'self') refuses none.
      await page.getByRole('button', { name: "'profile'" }).click();
      await settled(page, widgets);
      expect(log.console.filter((m) => /Content Security Policy|img-src/.test(m))).toEqual([]);
    },
  );
});
