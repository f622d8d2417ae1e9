/**
 * In Chromium, against the built bundle and the sandbox's 429 fault: a 429 whose reset is 9 s
 * away (the production body "… Resets at <ISO time>", and `X-RateLimit-Reset`) is waited out by
 * the client (it is under the 10 s a retry may wait). Meanwhile every widget says that the quota
 * is used up and when it tries again, instead of "Calculating…", and nothing more is sent before
 * the reset; the reset is kept in the session, so a reload waits too, saying so; at the reset
 * every widget loads by itself.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { faultBaseUrl } from '../service/sandbox.mjs';
import { servePage, umdPage, useBrowser } from './harness';

const browser = useBrowser();

const RESET_IN_MS = 9000;
/** "A few seconds after the reset": the widgets' retries and the page's own work. */
const AFTER_RESET_MS = 4000;

/** Three addresses the sandbox answers (ones it never saw are computed on the spot). */
const addresses = Array.from({ length: 3 }, (_, i) => `5${'D'.repeat(46)}${'123'[i]}`);

/** A page of three widgets whose every first request gets the 429 (and only those: `times`). */
const quotaPage = (baseUrl: string): string =>
  umdPage(
    baseUrl,
    addresses.map((address) => ({ type: 'reputation', address, cache: 'session', locale: 'en-US' })),
  );

const SENTENCE = /^Quota used up: trying again at (\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M)\.$/;

/** Each widget's state and what it says: the loading view's status line, or the error view's sentence. */
const seen = (page: Page) =>
  page.$$eval('.repkit', (hosts) =>
    hosts.map((h) => ({
      state: (h as HTMLElement).dataset.state,
      text: (h.shadowRoot!.querySelector('.rk-slow, .rk-error-text')?.textContent ?? '').trim(),
    })),
  );

/** Opens a page of three widgets behind a fresh 429 fault; returns it, the API requests so far and the reset. */
const open = async (name: string) => {
  const { page } = await browser.page();
  const baseUrl = faultBaseUrl(browser.url, { status: 429, resetIn: RESET_IN_MS, times: addresses.length, id: `${name}-${Date.now()}` });
  const url = `${browser.url}/t/quota-wait-${name}.html`;
  await servePage(page, url, quotaPage(baseUrl));
  const api = () => browser.sandbox.requests.filter((r) => r.path.startsWith('/api/v2/') && r.path.includes('5DDDD'));
  browser.sandbox.resetRequests();
  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll('.repkit').length == 3);
  // Every first request is answered 429 at once.
  await expect.poll(() => api().length).toBe(addresses.length);
  const reset = Math.max(...api().map((r) => r.time)) + RESET_IN_MS;
  return { page, api, reset };
};

/** Waits until every widget says the quota sentence; checks its time against the reset. */
const expectQuotaSentence = async (page: Page, reset: number, state: string) => {
  await expect
    .poll(async () => (await seen(page)).map((w) => w.text), { timeout: 2500 })
    .toEqual(addresses.map(() => expect.stringMatching(SENTENCE)));
  for (const widget of await seen(page)) {
    expect(widget.state).toBe(state);
    // The time said is the reset's, to the second it is shown with.
    const said = Date.parse(SENTENCE.exec(widget.text)![1]!);
    expect(Math.abs(said - reset)).toBeLessThan(1500);
  }
};

/** Waits for every widget to be ready, a few seconds after the reset at most; checks no request went out before it. */
const expectReadyAfterReset = async (page: Page, api: () => { time: number }[], reset: number) => {
  await page.waitForFunction(
    () => Array.from(document.querySelectorAll<HTMLElement>('.repkit')).every((h) => h.dataset.state == 'ready'),
    undefined,
    { timeout: reset - Date.now() + AFTER_RESET_MS },
  );
  expect(Date.now()).toBeLessThan(reset + AFTER_RESET_MS);
  const later = api().slice(addresses.length);
  expect(later).toHaveLength(addresses.length);
  // The reset is rounded to the millisecond both ways; a retry may be timed a hair early.
  for (const request of later) expect(request.time).toBeGreaterThanOrEqual(reset - RESET_IN_MS / 100);
};

describe('a 429 whose reset is seconds away', () => {
  it('every widget says the quota is used up and when it tries again, sends nothing before the reset, and is ready soon after it', async () => {
    const { page, api, reset } = await open('stay');
    // Said at once, while the client waits: the widget is still loading, not "calculating".
    await expectQuotaSentence(page, reset, 'loading');
    await page.waitForTimeout(3500);
    await expectQuotaSentence(page, reset, 'loading');
    expect(api()).toHaveLength(addresses.length);
    await expectReadyAfterReset(page, api, reset);
    await page.context().close();
  });

  it("with cache: 'session', a reload before the reset keeps waiting, says so, sends nothing, and loads by itself at the reset", async () => {
    const { page, api, reset } = await open('reload');
    await expectQuotaSentence(page, reset, 'loading');
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('.repkit').length == 3);
    // The reloaded widgets know the reset from the session: refused by the gate, they say when they try again.
    await expectQuotaSentence(page, reset, 'error');
    expect(Date.now()).toBeLessThan(reset);
    expect(api()).toHaveLength(addresses.length);
    await expectReadyAfterReset(page, api, reset);
    await page.context().close();
  });
});
