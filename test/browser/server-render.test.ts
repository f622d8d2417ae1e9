/**
 * Server-rendered widgets (`repkit/server`, the built dist/repkit.server.mjs) in Chromium: the
 * HTML shows each kind's data with JavaScript off; with it on, `<repkit-widget>` adopts what the
 * server rendered: no request to the service, no layout shift, and a working widget.
 */
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RepkitWidgetElement } from '../../src/embed/element';
import { ADDRESSES, API_KEY, servePage, useBrowser } from './harness';

const browser = useBrowser();

type Server = typeof import('../../src/server');
const SERVER_DIST = new URL('../../dist/repkit.server.mjs', import.meta.url);

const KINDS = [
  { type: 'reputation', expected: 'Reputation score' },
  { type: 'badge', expected: 'earned' },
  { type: 'profile', expected: 'Verified' },
  { type: 'category', categoryKey: 'governance', expected: 'Governance' },
] as const;

let widgets: string[] = [];

beforeAll(async () => {
  const server = (await import(/* @vite-ignore */ pathToFileURL(SERVER_DIST.pathname).href)) as Server;
  widgets = await Promise.all(
    KINDS.map(({ expected: _, ...kind }) =>
      server.fetchAndRender({ ...kind, apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.rich } as Parameters<
        Server['fetchAndRender']
      >[0]),
    ),
  );
  // A hostile account, rendered as well: its records must not break out of the page's markup.
  widgets.push(await server.fetchAndRender({ type: 'profile', apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.hostile }));
});

/** A page of server-rendered widgets, with (or without) the script, and a layout-shift recorder before anything. */
const ssrPage = (script: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>server rendered</title>
<script>
  window.__shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push(e.value); }).observe({ type: 'layout-shift', buffered: true });
</script></head>
<body><main><h1>Server-rendered widgets</h1>
${widgets.map((w, i) => `<section id="s${i}">${w}</section>`).join('\n')}
<p id="after">Below the widgets</p></main>
${script}
</body></html>`;

/** Each element's view, by type, as text and as markup (CSSOM-set style attributes aside). */
const views = (page: Page) =>
  page.$$eval('repkit-widget', (elements) =>
    elements.map((element) => {
      const host = element.shadowRoot?.querySelector<HTMLElement>('.repkit');
      const view = host?.shadowRoot?.querySelector('[part="widget"]');
      return {
        type: element.getAttribute('type'),
        state: host?.dataset.state,
        text: view?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        markup: view?.innerHTML.replace(/ style="[^"]*"/g, '') ?? '',
        box: JSON.stringify(element.getBoundingClientRect()),
      };
    }),
  );

const serviceRequests = (requests: string[]): string[] => requests.filter((u) => u.startsWith(browser.url) && /\/api\//.test(u));

describe('server-rendered widgets', () => {
  it('show each kind’s data with JavaScript off, and nothing the hostile records say runs', async () => {
    const { page, log } = await browser.page({ javaScriptEnabled: false });
    const url = `${browser.url}/ssr-nojs.html`;
    await servePage(page, url, ssrPage(''));
    await page.goto(url);
    const shown = await views(page);
    expect(shown).toHaveLength(KINDS.length + 1);
    KINDS.forEach(({ type, expected }, i) => {
      expect(shown[i]).toMatchObject({ type, state: 'ready' });
      expect(shown[i]!.text).toContain(expected);
    });
    // The bars have their width with no script: the server wrote it.
    const width = await page
      .locator('repkit-widget[type="reputation"] .rk-fill')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(0);
    expect(shown[KINDS.length]!.state).toBe('ready');
    expect(await page.locator('main > section').count()).toBe(KINDS.length + 1);
    expect(await page.locator('#after').isVisible()).toBe(true);
    expect(log.dialogs).toEqual([]);
    expect(serviceRequests(log.requests)).toEqual([]);
  });

  it('are adopted by repkit.umd.js: no request, no layout shift, the same markup, and a working widget', async () => {
    const noJs = await browser.page({ javaScriptEnabled: false });
    await servePage(noJs.page, `${browser.url}/ssr-static.html`, ssrPage(''));
    await noJs.page.goto(`${browser.url}/ssr-static.html`);
    const before = await views(noJs.page);

    const { page, log } = await browser.page();
    const url = `${browser.url}/ssr.html`;
    await servePage(page, url, ssrPage('<script src="/dist/repkit.umd.js"></script>'));
    await page.goto(url);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('repkit-widget')).every((element) => element.widget?.data !== undefined),
    );
    // Two frames for any shift to be reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const after = await views(page);
    expect(after.map(({ type, state }) => ({ type, state }))).toEqual(before.map(({ type, state }) => ({ type, state })));
    after.forEach((view, i) => {
      expect(view.markup, view.type!).toBe(before[i]!.markup);
      expect(view.box, view.type!).toBe(before[i]!.box);
    });
    const shifts = () => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(await shifts()).toEqual([]);
    expect(serviceRequests(log.requests)).toEqual([]);
    expect(log.errors).toEqual([]);
    expect(log.dialogs).toEqual([]);

    // The widget works: its data, a theme change, a refresh that asks the service again.
    const reputation = page.locator('repkit-widget[type="reputation"]');
    expect(
      await reputation.evaluate((el) => ((el as RepkitWidgetElement).widget?.data as { totalScore?: number } | undefined)?.totalScore),
    ).toBeGreaterThan(0);
    await reputation.evaluate((el) => (el as RepkitWidgetElement).widget!.update({ theme: 'dark' }));
    expect(await reputation.evaluate((el) => el.shadowRoot!.querySelector<HTMLElement>('.repkit')!.dataset.theme)).toBe('dark');
    await reputation.evaluate((el) => (el as RepkitWidgetElement).widget!.refresh());
    expect(serviceRequests(log.requests)).toHaveLength(1);
    expect(await reputation.evaluate((el) => el.shadowRoot!.querySelector<HTMLElement>('.repkit')!.dataset.state)).toBe('ready');

    // The recorder sees shifts: content pushed in above the widgets is one.
    await page.evaluate(async () => {
      const block = document.createElement('div');
      block.style.height = '120px';
      document.querySelector('h1')!.after(block);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await expect.poll(async () => (await shifts()).length).toBeGreaterThan(0);
  });

  it('load again once the data is older than cacheTtlMs, keeping it on screen meanwhile', async () => {
    const server = (await import(/* @vite-ignore */ pathToFileURL(SERVER_DIST.pathname).href)) as Server;
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.rich, cacheTtlMs: 1000 } as const;
    const fresh = await server.fetchAndRender(config);
    const markup = fresh.replace(/\{"t":\d+/, `{"t":${Date.now() - 5000}`);
    const { page, log } = await browser.page();
    const url = `${browser.url}/ssr-old.html`;
    await servePage(page, url, `<!doctype html><html lang="en"><body>${markup}<script src="/dist/repkit.umd.js"></script></body></html>`);
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('repkit-widget')?.widget?.data !== undefined);
    await expect.poll(() => serviceRequests(log.requests).length).toBe(1);
    expect(await page.locator('repkit-widget').evaluate((el) => el.shadowRoot!.querySelector<HTMLElement>('.repkit')!.dataset.state)).toBe(
      'ready',
    );
  });
});

describe('server-rendered widgets in every shipped language', () => {
  const TAGS = readdirSync(new URL('../../src/locales/', import.meta.url)).map((file) => file.replace(/\.ts$/, ''));

  it.each(TAGS)('%s: the server writes its words (right to left where it is written so), and hydration changes no text', async (tag) => {
    const server = (await import(/* @vite-ignore */ pathToFileURL(SERVER_DIST.pathname).href)) as Server;
    const markup = await Promise.all(
      KINDS.map(({ expected: _, ...kind }) =>
        server.fetchAndRender({ ...kind, apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.rich, locale: tag } as Parameters<
          Server['fetchAndRender']
        >[0]),
      ),
    );
    const page = (script: string): string =>
      `<!doctype html><html lang="${tag}"><head><meta charset="utf-8"></head><body>${markup.join('\n')}${script}</body></html>`;

    const noJs = await browser.page({ javaScriptEnabled: false });
    await servePage(noJs.page, `${browser.url}/ssr-${tag}-static.html`, page(''));
    await noJs.page.goto(`${browser.url}/ssr-${tag}-static.html`);
    const before = await views(noJs.page);
    const catalogue = (await import(`../../src/locales/${tag}.ts`)) as { default: Record<string, unknown> };
    expect(before[0]!.text).toContain(String(catalogue.default['Reputation score']));
    expect(before[0]!.text).not.toContain('Reputation score');
    const direction = await noJs.page
      .locator('repkit-widget[type="reputation"] [part="widget"]')
      .evaluate((view) => getComputedStyle(view).direction);
    expect(direction).toBe(catalogue.default.dir == 'rtl' ? 'rtl' : 'ltr');

    const { page: live, log } = await browser.page();
    await servePage(
      live,
      `${browser.url}/ssr-${tag}.html`,
      page(`<script src="/dist/repkit.umd.js"></script><script src="/dist/locales/${tag}.js"></script>`),
    );
    await live.goto(`${browser.url}/ssr-${tag}.html`);
    await live.waitForFunction(() =>
      Array.from(document.querySelectorAll('repkit-widget')).every((element) => element.widget?.data !== undefined),
    );
    await live.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const after = await views(live);
    after.forEach((view, i) => expect(view.text, `${tag} ${view.type}`).toBe(before[i]!.text));
    expect(log.errors).toEqual([]);
  });
});
