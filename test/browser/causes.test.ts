/**
 * In Chromium, against the built bundle: mistakes a new user makes each get their own sentence,
 * and "Try again" only where trying again can help. A baseUrl with a wrong path (the service's
 * catch-all 404, or another server's 404 page) is not "no data for this address"; a closed port
 * is "could not reach"; a CSP without the service in connect-src says so. (A refused origin is
 * in cors.test.ts, where the page has another origin.)
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADDRESSES, closedPort, servePage, settled, umdPage, useBrowser } from './harness';

const browser = useBrowser();

/** One reputation widget on a page of the sandbox's origin; its state, sentence and whether it offers "Try again". */
const mountOne = async (page: Page, name: string, config: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const url = `${browser.url}/t/causes-${name}.html`;
  await servePage(page, url, umdPage(browser.url, [{ type: 'reputation', address: ADDRESSES.rich, retries: 0, ...config }]), headers);
  await page.goto(url);
  const [state] = await settled(page, 1);
  return page
    .$eval('.repkit', (host) => ({
      state: (host as HTMLElement).dataset.state,
      sentence: host.shadowRoot!.querySelector('.rk-error-text')?.textContent ?? '',
      retry: !!host.shadowRoot!.querySelector('[part="retry"]'),
      empty: !!host.shadowRoot!.querySelector('[part="empty"]'),
    }))
    .then((seen) => ({ ...seen, state }));
};

describe('each cause its own sentence', () => {
  it.each([
    ['the service catch-all 404', '/api'],
    ['another server 404 page', '/rep'],
  ])('a baseUrl with a wrong path (%s) says to check the path, not "no data"', async (_label, path) => {
    const { page } = await browser.page();
    const seen = await mountOne(page, `path${path.replace('/', '-')}`, { baseUrl: browser.url + path });
    expect(seen).toEqual({
      state: 'error',
      sentence: 'No service at baseUrl (404): check its path.',
      retry: false,
      empty: false,
    });
    await page.context().close();
  });

  it('a closed port says the service could not be reached, and offers "Try again"', async () => {
    const { page } = await browser.page();
    const seen = await mountOne(page, 'closed-port', { baseUrl: `http://127.0.0.1:${await closedPort()}` });
    expect(seen).toEqual({
      state: 'error',
      sentence: 'Could not reach the service: check baseUrl (host, port).',
      retry: true,
      empty: false,
    });
    await page.context().close();
  });

  it('a CSP without the service in connect-src says so, without "Try again"', async () => {
    const { page, log } = await browser.page();
    const seen = await mountOne(page, 'csp', { baseUrl: browser.url }, { 'Content-Security-Policy': "connect-src 'none'" });
    expect(seen).toEqual({
      state: 'error',
      sentence: 'Blocked by CSP: add the service to connect-src.',
      retry: false,
      empty: false,
    });
    // Nothing reached the service: the browser blocked it.
    expect(log.requests.filter((u) => u.includes('/api/v2/'))).toEqual([]);
    await page.context().close();
  });
});
