/**
 * Hostile servers in real Chromium, where a real network stack and layout decide:
 * a redirect never takes the key to another origin, a gzip bomb is cut off without filling the
 * renderer's memory, and long text and long lists keep the widget's height bounded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultBaseUrl } from '../service/sandbox.mjs';
import { ADDRESS, body, categoryRecord, words, worstScenarios } from '../bench/worst-records.mjs';
import { ADDRESSES, servePage, settled, umdPage, useBrowser } from './harness';

const browser = useBrowser();

/** Another origin, which logs every request it gets and the API key it carried. */
const elsewhere = { url: '', log: [] as { url: string; key: string | undefined }[], server: undefined as http.Server | undefined };
beforeAll(async () => {
  elsewhere.server = http.createServer((req, res) => {
    elsewhere.log.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
    res.writeHead(200, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'X-API-Key, Accept',
      'Content-Type': 'application/json',
    });
    res.end(JSON.stringify({ success: true, data: { address: ADDRESSES.rich, totalScore: 999999, calculatedAt: '2026-01-01T00:00:00Z' } }));
  });
  await new Promise<void>((resolve) => elsewhere.server!.listen(0, '127.0.0.1', resolve));
  elsewhere.url = `http://localhost:${(elsewhere.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (elsewhere.server ? elsewhere.server.close(() => resolve()) : resolve())));

/** Loads a page with one widget and returns it once settled, with its state and text. */
const mountOne = async (page: Page, config: Record<string, unknown>, name: string) => {
  const url = `${browser.url}/t/security-${name}.html`;
  await servePage(page, url, umdPage(browser.url, [{ cacheTtlMs: 0, ...config }], '<style>.slot { width: 360px; }</style>'));
  await page.goto(url);
  const [state] = await settled(page, 1);
  const text = await page.$eval('.repkit', (host) => host.shadowRoot!.textContent!.replace(/\s+/g, ' '));
  return { state, text };
};

describe('a redirect is refused: the key never reaches the other origin', () => {
  it.each([301, 302, 307, 308])('%i to another origin: one request, nothing elsewhere, the refusal sentence', async (status) => {
    const { page } = await browser.page();
    elsewhere.log.length = 0;
    browser.sandbox.resetRequests();
    const baseUrl = faultBaseUrl(browser.url, {
      redirect: `${elsewhere.url}/api/v2/scores/${ADDRESSES.rich}`,
      status,
      id: `redirect-${status}`,
    });
    const { state, text } = await mountOne(
      page,
      { type: 'reputation', address: ADDRESSES.rich, baseUrl, retries: 3 },
      `redirect-${status}`,
    );
    expect(state).toBe('error');
    expect(text).toContain('Redirect not followed.');
    expect(text).not.toContain('999');
    expect(browser.sandbox.requests.filter((r) => r.method == 'GET')).toHaveLength(1);
    expect(elsewhere.log).toEqual([]);
    await page.context().close();
  });
});

describe('a gzip bomb is cut off at maxResponseBytes', () => {
  it('1 GB unpacked (a few kB on the wire): one request, "too large", and the renderer heap stays small', async () => {
    const { page } = await browser.page();
    browser.sandbox.resetRequests();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const baseUrl = faultBaseUrl(browser.url, { bomb: 1_000_000_000, id: 'bomb' });
    const { state, text } = await mountOne(page, { type: 'reputation', address: ADDRESSES.rich, baseUrl, retries: 3 }, 'bomb');
    expect(state).toBe('error');
    expect(text).toContain('Response too large.');
    expect(browser.sandbox.requests.filter((r) => r.method == 'GET')).toHaveLength(1);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name == 'JSHeapUsedSize')!.value;
    // The cap is 2 MB of text; a page that had read the body would hold gigabytes.
    expect(heap).toBeLessThan(60_000_000);
    await page.context().close();
  }, 120000);
});

/** Serves `data` as every API answer under `{origin}/records/{name}`; returns that base URL. */
const serveRecords = async (page: Page, name: string, answers: Record<string, unknown>): Promise<string> => {
  const base = `${browser.url}/records/${name}`;
  const bodies = Object.entries(answers).map(([path, data]) => [`/records/${name}/api/v2/${path}`, body(data)] as const);
  await page.route(`${base}/**`, (route) => {
    const found = bodies.find(([path]) => path == new URL(route.request().url()).pathname);
    return route.fulfill({
      status: found ? 200 : 404,
      contentType: 'application/json',
      body: found ? found[1] : '{"message":"Not Found"}',
    });
  });
  return base;
};

const heightOf = (page: Page) => page.$eval('.repkit', (host) => host.getBoundingClientRect().height);

describe('long text keeps the widget a bounded height', () => {
  it('a category description of 10,000 characters and one of 1 MB: the same few lines, then "Show more"', async () => {
    const heights: number[] = [];
    for (const length of [10_000, 1_000_000]) {
      const { page } = await browser.page();
      const record = categoryRecord({ short_description: words(length), reasons: [] });
      const baseUrl = await serveRecords(page, `description-${length}`, { [`scores/${ADDRESS}/governance`]: record });
      const { state } = await mountOne(
        page,
        { type: 'category', categoryKey: 'governance', address: ADDRESS, baseUrl, maxResponseBytes: 5_000_000 },
        `description-${length}`,
      );
      expect(state).toBe('ready');
      heights.push(await heightOf(page));
      // Opened, it shows what is kept (2,000 characters): taller, but still bounded.
      await page.locator('.repkit [data-action="more"]').first().click();
      const open = await heightOf(page);
      expect(open).toBeGreaterThan(heights.at(-1)!);
      expect(open).toBeLessThan(2500);
      await page.context().close();
    }
    expect(heights[0]).toBeLessThan(300);
    expect(heights[1]).toBe(heights[0]);
  });
});

describe('100,000 items render the capped count and "+N more"', () => {
  const N = 100_000;
  const scenarios = worstScenarios({ count: N });
  // `extra`: the reason that scored is shown even when it ranks past the limit (here it ranks last).
  const cases = [
    { pick: 'of levels', item: '.rk-step', limit: 10, extra: 0 },
    { pick: 'of reasons', item: 'li.rk-reason-item', limit: 8, extra: 1 },
    { pick: 'of identities', item: '.rk-identity', limit: 5, extra: 0 },
    { pick: 'of social links', item: '.rk-social', limit: 12, extra: 0 },
  ];
  it.each(cases)(
    '$pick',
    async ({ pick, item, limit, extra }) => {
      const scenario = scenarios.find((s) => s.name.includes(pick))!;
      const { page } = await browser.page();
      const name = pick.replace(/\W+/g, '-');
      const baseUrl = await serveRecords(page, name, scenario.answers);
      const { state } = await mountOne(
        page,
        { ...scenario.config, address: ADDRESS, baseUrl, maxResponseBytes: 50_000_000, locale: 'en-US' },
        name,
      );
      expect(state).toBe('ready');
      const shown = await page.$eval('.repkit', (host, selector) => host.shadowRoot!.querySelectorAll(selector).length, item);
      expect(shown).toBe(limit + extra);
      const more = await page.$eval('.repkit', (host) =>
        Array.from(host.shadowRoot!.querySelectorAll('.rk-more'), (e) => e.textContent!.trim()),
      );
      expect(more).toContain(`+${(N - limit - extra).toLocaleString('en-US')} more`);
      expect(await heightOf(page)).toBeLessThan(1500);
      await page.context().close();
    },
    60000,
  );
});
