/**
 * The sandbox's CORS, as Chromium sees it. The page is served by a second local server, so it
 * has another origin than the sandbox (another port) and the browser applies CORS exactly as
 * between a site and the production service. An allowed key works; a key that does not allow
 * the page's origin (or an invalid key) is refused with a 403 without CORS headers, which the
 * page only sees as a network failure: the widget must still tell the site owner what may be
 * wrong, within two attempts. Scripts on the page cannot read the rate-limit headers (nothing
 * is exposed).
 *
 * (The page is really served over loopback: Chromium refuses a page it does not know the
 * address of, such as one fulfilled by page.route, any request to a loopback address.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ORIGIN_LOCKED_KEY } from '../service/fixtures.mjs';
import { ADDRESSES, API_KEY, settled, useBrowser } from './harness';

const browser = useBrowser();

/** The site's server: answers each path with the page registered for it. */
const pages = new Map<string, string>();
let site: http.Server | undefined;
let siteOrigin = '';
beforeAll(async () => {
  site = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

const pageOrigin = () => siteOrigin;

/** Serves `body` at `{site}{path}` and opens it. */
const openPage = async (page: Page, path: string, body: string): Promise<void> => {
  pages.set(path, body);
  await page.goto(`${siteOrigin}${path}`);
};

/** A page that mounts one reputation widget per key, against the sandbox on the other origin. */
const widgetsPage = (keys: string[]): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cors</title></head><body>
${keys.map((_, i) => `<div id="w${i}"></div>`).join('\n')}
<script src="${browser.url}/dist/repkit.umd.js"></script>
<script>
${keys
  .map(
    (apiKey, i) =>
      `RepKit.createWidget(${JSON.stringify({ type: 'reputation', apiKey, address: ADDRESSES.rich, baseUrl: browser.url })}).mount('#w${i}');`,
  )
  .join('\n')}
</script></body></html>`;

const errorText = (page: Page, index: number) =>
  page
    .locator('.repkit')
    .nth(index)
    .evaluate((host) => host.shadowRoot!.querySelector('.rk-error-text')?.textContent ?? '');

describe('CORS between a page and the sandbox', () => {
  it('an allowed key works from another origin; a refused one says so (the origin, the portal, the proxy), without "Try again", in at most 2 attempts', async () => {
    const { page } = await browser.page();
    browser.sandbox.resetRequests();
    await openPage(page, '/t/cors.html', widgetsPage([API_KEY, ORIGIN_LOCKED_KEY, 'demo-not-a-key']));
    expect(await settled(page, 3)).toEqual(['ready', 'error', 'error']);
    // The browser hides the 403; a keyless no-cors probe shows something answers there: refused, not unreachable.
    const sentence = `Origin (${pageOrigin()}) refused: add it to the API key in the developer portal (at most three), or use a proxy.`;
    expect(await errorText(page, 1)).toBe(sentence);
    expect(await errorText(page, 2)).toBe(sentence);
    const retries = await page.$$eval('.repkit', (hosts) => hosts.map((h) => !!h.shadowRoot!.querySelector('[part="retry"]')));
    expect(retries).toEqual([false, false, false]);
    // Each refused widget tried at most twice (a network failure is retried once at most).
    const from = (key: string) => browser.sandbox.requests.filter((r) => r.apiKey == key && r.origin == pageOrigin()).length;
    expect(from(API_KEY)).toBe(1);
    expect(from(ORIGIN_LOCKED_KEY)).toBeGreaterThanOrEqual(1);
    expect(from(ORIGIN_LOCKED_KEY)).toBeLessThanOrEqual(2);
    expect(from('demo-not-a-key')).toBeLessThanOrEqual(2);
    await page.context().close();
  });

  it('a script on the page reads the answer but not the rate-limit headers; a refusal is an opaque TypeError', async () => {
    const { page } = await browser.page();
    await openPage(page, '/t/headers.html', '<!doctype html><title>headers</title>');
    const seen = await page.evaluate(
      async ({ base, address, key, locked }) => {
        const res = await fetch(`${base}/api/v2/scores/${address}`, { headers: { 'X-API-Key': key } });
        const body = await res.json();
        let refusal = '';
        try {
          await fetch(`${base}/api/v2/scores/${address}`, { headers: { 'X-API-Key': locked } });
        } catch (e) {
          refusal = (e as Error).name;
        }
        return {
          status: res.status,
          total: body.data.totalScore,
          limit: res.headers.get('x-ratelimit-limit'),
          reset: res.headers.get('x-ratelimit-reset'),
          refusal,
        };
      },
      { base: browser.url, address: ADDRESSES.rich, key: API_KEY, locked: ORIGIN_LOCKED_KEY },
    );
    expect(seen).toEqual({ status: 200, total: 89, limit: null, reset: null, refusal: 'TypeError' });
    await page.context().close();
  });
});
