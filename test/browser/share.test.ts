/**
 * Chromium opens the share page (docs/share-links.md) of the built dist/repkit.proxy.mjs behind its
 * node:http adapter, in front of the sandbox: the page and its embed view, framed by a page of
 * another origin, show the widgets rendered on the server under the page's own strict policy (no
 * style refused, so the hashes match what the browser parses), and the hostile-text address runs
 * no script and opens no dialog. With UPDATE_SCREENSHOTS=1 it writes the screenshots of
 * docs/share-links.md (docs/share-links/).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProxyBuild, PROXY_DIST, PROXY_NODE_DIST } from '../proxy/build.mjs';
import { ADDRESSES, API_KEY, useBrowser } from './harness';

type Proxy = typeof import('../../src/proxy');
type ProxyNode = typeof import('../../src/proxy/node');

const browser = useBrowser();
const SHOTS = new URL('../../docs/share-links/', import.meta.url).pathname;
const UPDATE = process.env.UPDATE_SCREENSHOTS == '1';

/** The proxy on one origin, and a page of another origin that frames its embed view. */
let proxySite = '';
let otherSite = '';
const servers: http.Server[] = [];

const listen = async (listener: http.RequestListener): Promise<string> => {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  ensureProxyBuild();
  const { createProxy } = (await import(/* @vite-ignore */ pathToFileURL(PROXY_DIST).href)) as Proxy;
  const { toNodeListener } = (await import(/* @vite-ignore */ pathToFileURL(PROXY_NODE_DIST).href)) as ProxyNode;
  proxySite = await listen(toNodeListener(createProxy({ apiKey: API_KEY, upstream: browser.url, basePath: '/rep', onEvent: () => {} })));
  otherSite = await listen((req, res) => {
    const address = new URL(req.url ?? '/', 'http://x').searchParams.get('a') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>forum</title></head><body>
<p>A forum post with an oEmbed of a share page:</p>
<iframe id="embed" src="${proxySite}/rep/u/${address}?embed" width="480" height="560" title="reputation"></iframe></body></html>`);
  });
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** What a frame shows: each widget's state, and whether the page's own stylesheet applied (a refused one leaves the default margin). */
const shown = (frame: { evaluate: <T>(fn: () => T) => Promise<T> }) =>
  frame.evaluate(() => ({
    states: Array.from(document.querySelectorAll('repkit-widget')).map(
      (el) => el.shadowRoot?.querySelector<HTMLElement>('.repkit')?.dataset.state ?? 'none',
    ),
    bodyMargin: getComputedStyle(document.body).margin,
    widgetStyled: Array.from(document.querySelectorAll('repkit-widget')).every((el) => {
      const card = el.shadowRoot?.querySelector('.repkit')?.shadowRoot?.querySelector('[part="widget"]');
      return !!card && getComputedStyle(card).display != 'inline';
    }),
  }));

describe('the share page in Chromium', () => {
  for (const [name, address] of [
    ['rich', ADDRESSES.rich],
    ['hostile', ADDRESSES.hostile],
  ] as const) {
    it(`shows the ${name} address's widgets under its own policy, running nothing`, async () => {
      const { page, log } = await browser.page({ viewport: { width: 760, height: 900 } });
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      const response = await page.goto(`${proxySite}/rep/u/${address}`);
      expect(response?.status()).toBe(200);
      const seen = await shown(page);
      expect(seen.states).toEqual(['ready', 'ready']);
      expect(seen.bodyMargin).toBe('0px');
      expect(seen.widgetStyled).toBe(true);
      expect(log.dialogs).toEqual([]);
      expect(log.errors).toEqual([]);
      expect(violations).toEqual([]);
      // The hostile strings are text: no element from them, no request to their URLs.
      expect(
        await page.evaluate(
          () => document.querySelectorAll('[onerror], [onload], [onmouseover], script:not([type="application/json"])').length,
        ),
      ).toBe(0);
      // Only the page and the badge art of the definitions (the sandbox's images): no hostile URL is fetched.
      expect(log.requests.filter((r) => !r.startsWith(proxySite) && !r.startsWith(`${browser.url}/sandbox/fixtures/`))).toEqual([]);
      if (UPDATE && name == 'rich') {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}page.png`, fullPage: true });
        const dark = await browser.page({ viewport: { width: 760, height: 900 } });
        await dark.page.goto(`${proxySite}/rep/u/${address}?theme=dark&locale=de`);
        await dark.page.screenshot({ path: `${SHOTS}page-dark-de.png`, fullPage: true });
        for (const [file, query] of [
          ['card.png', ''],
          ['card-dark-de.png', '?theme=dark&locale=de'],
        ]) {
          const card = await fetch(`${proxySite}/rep/card/${address}.png${query}`);
          writeFileSync(`${SHOTS}${file}`, Buffer.from(await card.arrayBuffer()));
        }
      }
    });

    it(`lets a page of another origin frame the ${name} address's embed view`, async () => {
      const { page, log } = await browser.page({ viewport: { width: 600, height: 700 } });
      await page.goto(`${otherSite}/?a=${address}`);
      const frame = page.frame({ url: /\?embed$/ });
      expect(frame).not.toBeNull();
      await frame!.waitForLoadState();
      const seen = await shown(frame!);
      expect(seen.states).toEqual(['ready', 'ready']);
      expect(seen.widgetStyled).toBe(true);
      expect(log.dialogs).toEqual([]);
      expect(log.console.filter((m) => /Refused|Content Security Policy/i.test(m))).toEqual([]);
      if (UPDATE && name == 'rich') await page.screenshot({ path: `${SHOTS}embed.png` });
    });
  }

  it('shows a malformed address as a page that says so', async () => {
    const { page } = await browser.page();
    const response = await page.goto(`${proxySite}/rep/u/not-an-address`);
    expect(response?.status()).toBe(404);
    expect(await page.textContent('main')).toContain('This is not a valid address.');
  });
});
