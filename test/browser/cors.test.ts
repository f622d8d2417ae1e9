/**
 * The sandbox's CORS, as Chromium sees it. The page is served by a second local server, so it
 * has another origin than the sandbox (another port) and the browser applies CORS exactly as
 * between a site and the production service. An allowed key works; a key that does not allow
 * the page's origin, a wrong key and no key at all are refused with a 403 without CORS headers,
 * which the page only sees as a network failure: the widget must still tell the site owner what
 * may be wrong (the origin, the key), within two attempts, and never send them to check baseUrl;
 * a closed port or an unknown host still says that nothing answers. Scripts on the page cannot
 * read the rate-limit headers (nothing is exposed).
 *
 * Each runs in two Chromiums: Debian's, as the project runs it, and one with
 * `OpaqueResponseBlockingErrorsForAllFetches` on, where opaque-response blocking turns the
 * service's JSON answer to a `no-cors` request into a network error (as in a Chrome that has the
 * feature): the keyless `no-cors` probe repkit used to send then concluded that nothing answers
 * (src/client/probe.ts says what each request shows).
 *
 * (The page is really served over loopback: Chromium refuses a page it does not know the
 * address of, such as one fulfilled by page.route, any request to a loopback address.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ORIGIN_LOCKED_KEY } from '../service/fixtures.mjs';
import { ADDRESSES, API_KEY, closedPort, settled, useBrowser, type BrowserFixture } from './harness';

const BROWSERS: [string, BrowserFixture][] = [
  ["Debian's Chromium", useBrowser()],
  ['Chromium with ORB errors', useBrowser({}, ['--enable-features=OpaqueResponseBlockingErrorsForAllFetches'])],
];

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

/** A page that mounts one reputation widget per config (`apiKey: null`: none), against `baseUrl` on another origin. */
const widgetsPage = (base: string, configs: { apiKey: string | null; baseUrl: string }[]): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cors</title></head><body>
${configs.map((_, i) => `<div id="w${i}"></div>`).join('\n')}
<script src="${base}/dist/repkit.umd.js"></script>
<script>
${configs
  .map(
    ({ apiKey, baseUrl }, i) =>
      `RepKit.createWidget(${JSON.stringify({ type: 'reputation', ...(apiKey !== null && { apiKey }), address: ADDRESSES.rich, baseUrl })}).mount('#w${i}');`,
  )
  .join('\n')}
</script></body></html>`;

const errorText = (page: Page, index: number) =>
  page
    .locator('.repkit')
    .nth(index)
    .evaluate((host) => host.shadowRoot!.querySelector('.rk-error-text')?.textContent ?? '');

describe.each(BROWSERS)('CORS between a page and the sandbox, in %s', (_name, browser) => {
  it('an allowed key works from another origin; a refused origin, a wrong key and no key each name the origin and the key, never baseUrl, without "Try again", in at most 2 attempts', async () => {
    const { page } = await browser.page();
    browser.sandbox.resetRequests();
    const keys = [API_KEY, ORIGIN_LOCKED_KEY, 'demo-not-a-key', null];
    await openPage(
      page,
      '/t/cors.html',
      widgetsPage(
        browser.url,
        keys.map((apiKey) => ({ apiKey, baseUrl: browser.url })),
      ),
    );
    expect(await settled(page, 4)).toEqual(['ready', 'error', 'error', 'error']);
    // The browser hides the 403; a CORS OPTIONS request to the same URL passes (the service
    // answers every one): the service is there and refused this page, for its origin or its key.
    const sentence =
      `The service refused this page. Most likely the API key does not allow origin (${pageOrigin()}): add it in the developer portal, ` +
      'or use a proxy. Otherwise the key is wrong or missing: check apiKey.';
    for (const index of [1, 2, 3]) {
      const seen = await errorText(page, index);
      expect(seen).toBe(sentence);
      expect(seen).toContain(pageOrigin());
      expect(seen).toContain('API key');
      expect(seen).not.toContain('baseUrl');
    }
    const retries = await page.$$eval('.repkit', (hosts) => hosts.map((h) => !!h.shadowRoot!.querySelector('[part="retry"]')));
    expect(retries).toEqual([false, false, false, false]);
    // Each refused widget tried at most twice (a network failure is retried once at most).
    const from = (key: string | null) => browser.sandbox.requests.filter((r) => r.apiKey == key && r.origin == pageOrigin()).length;
    expect(from(API_KEY)).toBe(1);
    for (const key of keys.slice(1)) {
      expect(from(key)).toBeGreaterThanOrEqual(1);
      expect(from(key)).toBeLessThanOrEqual(2);
    }
    await page.context().close();
  });

  it('a closed port and an unknown host still say that nothing answers, and offer "Try again"', async () => {
    const { page } = await browser.page();
    const bases = [`http://127.0.0.1:${await closedPort()}`, 'http://repkit-no-such-host.invalid'];
    await openPage(
      page,
      '/t/unreachable.html',
      widgetsPage(
        browser.url,
        bases.map((baseUrl) => ({ apiKey: API_KEY, baseUrl })),
      ),
    );
    expect(await settled(page, 2)).toEqual(['error', 'error']);
    for (const index of [0, 1]) expect(await errorText(page, index)).toBe('Could not reach the service: check baseUrl (host, port).');
    const retries = await page.$$eval('.repkit', (hosts) => hosts.map((h) => !!h.shadowRoot!.querySelector('[part="retry"]')));
    expect(retries).toEqual([true, true]);
    await page.context().close();
  });

  it('what each request shows of a refusal: the keyed GET and a no-cors GET may both fail like no answer; a CORS OPTIONS passes', async () => {
    const { page } = await browser.page();
    await openPage(page, '/t/probe.html', '<!doctype html><title>probe</title>');
    const url = `${browser.url}/api/v2/scores/${ADDRESSES.rich}`;
    const seen = await page.evaluate(
      async ({ url, key }) => {
        const outcome = (request: Promise<Response>) =>
          request.then(
            (r) => `resolved ${r.type} ${r.status}`,
            (e: Error) => e.name,
          );
        return {
          keyed: await outcome(fetch(url, { headers: { 'X-API-Key': key } })),
          noCors: await outcome(fetch(url, { mode: 'no-cors' })),
          options: await outcome(fetch(url, { method: 'OPTIONS' })),
        };
      },
      { url, key: ORIGIN_LOCKED_KEY },
    );
    expect(seen.keyed).toBe('TypeError');
    // The old probe's request: it resolves only where blocked answers are not turned into errors.
    expect(seen.noCors).toBe(_name.includes('ORB') ? 'TypeError' : 'resolved opaque 0');
    expect(seen.options).toBe('resolved cors 204');
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
