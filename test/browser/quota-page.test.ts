/**
 * Issue 40, part 1: a spent quota is a fact for the whole page. In Chromium, against the built
 * `dist/repkit.umd.js`, the page on another origin than the API (as every real embed is), so the
 * page reads the 429's body but none of its headers. One widget gets the production 429 (reset
 * 9 s away, said only in the body); the nine widgets the page creates afterwards, each with its
 * own `RepKit.createWidget` call, send nothing before the reset; nor does a reload, whose widgets
 * say the quota sentence; at the reset every widget loads by itself within a few seconds.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { faultBaseUrl } from '../service/sandbox.mjs';
import { API_KEY, useBrowser } from './harness';

const browser = useBrowser();

const RESET_IN_MS = 9000;
/** "Ready within 4 s after the reset, by itself." */
const AFTER_RESET_MS = 4000;
const DIST = new URL('../../dist/', import.meta.url);

/**
 * The site's server, on another port than the sandbox, so another origin whose page reads no
 * X-RateLimit-* header: the page at `/quota.html`, the built bundle and its chunks under `/dist/`.
 */
let page429 = '';
let site: http.Server | undefined;
let PAGE_ORIGIN = '';
beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url ?? '';
    if (path == '/quota.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return void res.end(page429);
    }
    const file = /^\/dist\/([\w.-]+\.js)$/.exec(path)?.[1];
    res.writeHead(file ? 200 : 404, { 'Content-Type': 'text/javascript' });
    res.end(file ? readFileSync(new URL(file, DIST)) : '');
  });
  await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
  PAGE_ORIGIN = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

/** The first widget's address, then nine others: six new ones and three times the first again. */
const FIRST = `5${'E'.repeat(46)}1`;
const LATER = [...Array.from({ length: 6 }, (_, i) => `5${'E'.repeat(46)}${'234567'[i]}`), FIRST, FIRST, FIRST];

const SENTENCE = /^Quota used up: trying again at (\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M)\.$/;

/** A page that mounts one widget at load and offers `add(address)` to mount one more, each its own createWidget call. */
const pageHtml = (baseUrl: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>quota page</title></head>
<body><main id="main"></main>
<script src="/dist/repkit.umd.js"></script>
<script>
window.add = (address) => {
  const slot = document.createElement('div');
  document.getElementById('main').append(slot);
  RepKit.createWidget({ type: 'reputation', apiKey: ${JSON.stringify(API_KEY)}, baseUrl: ${JSON.stringify(baseUrl)}, address, cache: 'session', locale: 'en-US' }).mount(slot);
};
add(${JSON.stringify(FIRST)});
</script>
</body></html>`;

/** Each widget's state and sentence: the loading view's status line or the error view's text. */
const seen = (page: Page) =>
  page.$$eval('.repkit', (hosts) =>
    hosts.map((h) => ({
      state: (h as HTMLElement).dataset.state,
      text: (h.shadowRoot!.querySelector('.rk-slow, .rk-error-text')?.textContent ?? '').trim(),
    })),
  );

const expectQuotaSentences = async (page: Page, count: number, reset: number) => {
  await expect
    .poll(async () => (await seen(page)).map((w) => w.text), { timeout: 2500 })
    .toEqual(Array(count).fill(expect.stringMatching(SENTENCE)));
  for (const { text } of await seen(page)) expect(Math.abs(Date.parse(SENTENCE.exec(text)![1]!) - reset)).toBeLessThan(1500);
};

const allReady = (page: Page, count: number, reset: number) =>
  page.waitForFunction(
    (n) => {
      const hosts = Array.from(document.querySelectorAll<HTMLElement>('.repkit'));
      return hosts.length == n && hosts.every((h) => h.dataset.state == 'ready');
    },
    count,
    { timeout: reset - Date.now() + AFTER_RESET_MS },
  );

describe('a quota refusal, cross-origin, closes one gate for the whole page', () => {
  it('widgets created after the 429 and a reload send nothing before the reset, say so, and are ready soon after it by themselves', async () => {
    const { page, log } = await browser.page();
    const baseUrl = faultBaseUrl(browser.url, { status: 429, resetIn: RESET_IN_MS, times: 1, id: `page-${Date.now()}` });
    page429 = pageHtml(baseUrl);
    browser.sandbox.resetRequests();
    const api = () =>
      browser.sandbox.requests.filter((r) => r.method == 'GET' && r.path.startsWith('/api/v2/') && r.path.includes('5EEEE'));
    await page.goto(`${PAGE_ORIGIN}/quota.html`);
    await expect.poll(() => api().length).toBe(1);
    expect(api()[0]!.origin).toBe(PAGE_ORIGIN);
    const reset = api()[0]!.time + RESET_IN_MS;
    await expectQuotaSentences(page, 1, reset);

    // Nine more widgets, each its own call, a little apart.
    for (const address of LATER) {
      await page.evaluate((a) => (window as unknown as { add: (a: string) => void }).add(a), address);
      await page.waitForTimeout(100);
    }
    await expectQuotaSentences(page, 1 + LATER.length, reset);
    expect(api()).toHaveLength(1);

    // A reload before the reset: the session keeps the reset; nothing is sent, the widgets say when.
    await page.reload();
    for (const address of LATER) await page.evaluate((a) => (window as unknown as { add: (a: string) => void }).add(a), address);
    await expectQuotaSentences(page, 1 + LATER.length, reset);
    for (const { state } of await seen(page)) expect(state).not.toBe('ready');
    expect(Date.now()).toBeLessThan(reset);
    expect(api()).toHaveLength(1);

    // At the reset, by themselves: no request early, every widget ready within 4 s.
    await allReady(page, 1 + LATER.length, reset);
    expect(Date.now()).toBeLessThan(reset + AFTER_RESET_MS);
    for (const request of api().slice(1)) expect(request.time < reset - 100 ? request : undefined).toBeUndefined();
    // No widget shows an error button or "having trouble" at any point it was looked at.
    expect(log.errors).toEqual([]);
    await page.context().close();
  }, 30000);
});
