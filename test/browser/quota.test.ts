/**
 * In Chromium, against the built bundle and a sandbox that grants 7 requests per 5 s window:
 * ten widgets on a page spend the quota; those refused say when they try again (no "Try
 * again" button). A reload of the page sends nothing before the reset (the widgets' session
 * storage keeps it), and at the reset the widgets load by themselves.
 */
import { describe, expect, it } from 'vitest';
import { servePage, umdPage, useBrowser } from './harness';

const LIMIT = 7;
const WINDOW_MS = 5000;
const browser = useBrowser({ quota: { limit: LIMIT, windowMs: WINDOW_MS } });

/** Ten addresses the sandbox answers (ones it never saw are computed on the spot). */
const addresses = Array.from({ length: 10 }, (_, i) => `5${'C'.repeat(46)}${'123456789B'[i]}`);

const page10 = (): string =>
  umdPage(
    browser.url,
    addresses.map((address) => ({ type: 'reputation', address, retries: 0, cache: 'session', locale: 'en-US' })),
  );

describe('a spent quota', () => {
  it('ten widgets and a reload send no request before the reset, then recover on their own', async () => {
    const { page } = await browser.page();
    const url = `${browser.url}/t/quota.html`;
    await servePage(page, url, page10());
    browser.sandbox.resetRequests();
    await page.goto(url);
    const states = () => page.$$eval('.repkit', (hosts) => hosts.map((h) => (h as HTMLElement).dataset.state));
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.repkit')).every((h) => h.dataset.state != 'loading'),
    );
    const first = await states();
    expect(first.filter((s) => s == 'ready')).toHaveLength(LIMIT);
    expect(first.filter((s) => s == 'error')).toHaveLength(addresses.length - LIMIT);
    const api = () => browser.sandbox.requests.filter((r) => r.path.startsWith('/api/v2/'));
    const reset = api()[0]!.time + WINDOW_MS;
    const errors = await page.$$eval('.repkit[data-state="error"]', (hosts) =>
      hosts.map((h) => [h.shadowRoot!.querySelector('.rk-error-text')?.textContent, !!h.shadowRoot!.querySelector('[part="retry"]')]),
    );
    for (const [sentence, retry] of errors) {
      expect(sentence).toMatch(/^Quota used up: trying again at \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M\.$/);
      expect(retry).toBe(false);
    }
    const sent = api().length;
    expect(sent).toBe(addresses.length);

    // A reload before the reset: the answers stored in the session show, the others wait.
    await page.reload();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.repkit')).every((h) => h.dataset.state != 'loading'),
    );
    expect(Date.now()).toBeLessThan(reset);
    expect((await states()).filter((s) => s == 'ready')).toHaveLength(LIMIT);
    expect(api()).toHaveLength(sent);

    // At the reset they load by themselves, one request each, none of them early.
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll<HTMLElement>('.repkit')).every((h) => h.dataset.state == 'ready'),
      undefined,
      {
        timeout: WINDOW_MS + 5000,
      },
    );
    const later = api().slice(sent);
    expect(later).toHaveLength(addresses.length - LIMIT);
    for (const request of later) expect(request.time).toBeGreaterThanOrEqual(reset);
    await page.context().close();
  });
});
