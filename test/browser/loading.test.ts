import { describe, expect, it } from 'vitest';
import { snippet } from '../../src/index';
import { ADDRESSES, API_KEY, serveScript, servePage, settled, umdPage, useBrowser } from './harness';

const browser = useBrowser();
const rich = ADDRESSES.rich;

/** What every healthy page must also show: nothing in the console, no error, no dialog. */
const expectQuiet = (log: { console: string[]; errors: string[]; dialogs: string[] }) => {
  expect(log.errors).toEqual([]);
  expect(log.dialogs).toEqual([]);
  expect(log.console.filter((m) => !m.startsWith('debug'))).toEqual([]);
};

describe('the script tag (UMD)', () => {
  it('exposes RepKit and renders every widget kind', async () => {
    const { page, log } = await browser.page();
    await servePage(
      page,
      `${browser.url}/t/umd.html`,
      umdPage(browser.url, [
        { type: 'reputation', address: rich },
        { type: 'badges', address: rich },
        { type: 'profile', address: rich },
        { type: 'category', address: rich, categoryKey: 'governance' },
      ]),
    );
    await page.goto(`${browser.url}/t/umd.html`);
    expect(await settled(page, 4)).toEqual(['ready', 'ready', 'ready', 'ready']);
    expect(await page.evaluate(() => Object.keys((window as unknown as { RepKit: object }).RepKit).sort())).toEqual(
      expect.arrayContaining(['ServiceClient', 'ServiceError', 'createWidget', 'mountAll', 'snippet']),
    );
    expect(await page.locator('[part="score"]').first().textContent()).toBe('89');
    expectQuiet(log);
    await page.context().close();
  });
});

describe('native ES module import (no bundler)', () => {
  it('imports dist/repkit.mjs in a <script type="module"> and mounts', async () => {
    const { page, log } = await browser.page();
    await servePage(
      page,
      `${browser.url}/t/esm.html`,
      `<!doctype html><html lang="en"><head><title>esm</title></head><body><div id="w"></div>
<script type="module">
import { createWidget } from '/dist/repkit.mjs';
createWidget({ type: 'reputation', apiKey: '${API_KEY}', address: '${rich}', baseUrl: '${browser.url}' }).mount('#w');
</script></body></html>`,
    );
    await page.goto(`${browser.url}/t/esm.html`);
    expect(await settled(page, 1)).toEqual(['ready']);
    // The pure entry defines nothing by itself.
    expect(await page.evaluate(() => customElements.get('repkit-widget'))).toBeUndefined();
    expectQuiet(log);
    await page.context().close();
  });
});

describe('the copy-paste snippet', () => {
  const code = (address: string) =>
    snippet({ type: 'badge', apiKey: API_KEY, address, baseUrl: browser.url, maxBadges: 3 }, { scriptUrl: '/dist/repkit.umd.js' });

  it('works pasted into a blank HTML file, exactly as snippet() prints it', async () => {
    const { page, log } = await browser.page();
    await servePage(page, `${browser.url}/t/snippet.html`, code(rich));
    await page.goto(`${browser.url}/t/snippet.html`);
    expect(await settled(page, 1)).toEqual(['ready']);
    expect(await page.locator('[part="badge"]').count()).toBe(3);
    expectQuiet(log);
    await page.context().close();
  });

  it('mounts snippets inserted later and destroys the widget of a removed one', async () => {
    const { page } = await browser.page();
    await servePage(
      page,
      `${browser.url}/t/later.html`,
      `<!doctype html><html lang="en"><head><title>later</title></head><body>${code(rich)}</body></html>`,
    );
    await page.goto(`${browser.url}/t/later.html`);
    await settled(page, 1);
    await page.evaluate((html) => {
      const section = document.createElement('section');
      section.innerHTML = html.split('\n')[0]!;
      document.body.append(section);
    }, code(ADDRESSES.noProfile));
    expect(await settled(page, 2)).toEqual(['ready', 'ready']);
    await page.evaluate(() => document.querySelector('section')!.remove());
    await page.waitForFunction(() => document.querySelectorAll('.repkit').length == 1);
    await page.context().close();
  });

  it('calls update() when a data-* attribute changes', async () => {
    const { page } = await browser.page();
    await servePage(page, `${browser.url}/t/attr.html`, code(rich));
    await page.goto(`${browser.url}/t/attr.html`);
    await settled(page, 1);
    await page.evaluate(() => document.querySelector<HTMLElement>('[data-repkit]')!.setAttribute('data-max-badges', '1'));
    await page.waitForFunction(() => document.querySelector('.repkit')!.shadowRoot!.querySelectorAll('[part="badge"]').length == 1);
    await page.context().close();
  });
});

describe('<repkit-widget>', () => {
  it('renders from attributes into its own shadow root, reacts to changes and cleans up when removed', async () => {
    const { page, log } = await browser.page();
    await servePage(
      page,
      `${browser.url}/t/element.html`,
      `<!doctype html><html lang="en"><head><title>element</title>
<style>repkit-widget::part(score) { color: rgb(1, 2, 3); } repkit-widget::part(widget) { --rk-bg: rgb(7, 8, 9); }</style></head><body>
<repkit-widget type="reputation" address="${rich}" api-key="${API_KEY}" base-url="${browser.url}" theme="dark"><a href="/fallback">fallback</a></repkit-widget>
<script src="/dist/repkit.umd.js"></script></body></html>`,
    );
    await page.goto(`${browser.url}/t/element.html`);
    const state = () =>
      page.evaluate(() => {
        const el = document.querySelector('repkit-widget')!;
        const host = el.shadowRoot!.querySelector<HTMLElement>('.repkit');
        return {
          light: el.outerHTML,
          state: host?.dataset.state,
          theme: host?.dataset.theme,
          hosts: document.querySelectorAll('.repkit').length,
        };
      });
    await page.waitForFunction(
      () => document.querySelector('repkit-widget')!.shadowRoot!.querySelector<HTMLElement>('.repkit')?.dataset.state == 'ready',
    );
    const light = `<repkit-widget type="reputation" address="${rich}" api-key="${API_KEY}" base-url="${browser.url}" theme="dark"><a href="/fallback">fallback</a></repkit-widget>`;
    // Nothing in the light DOM: the element's markup is what the page wrote; the fallback link is not shown.
    expect(await state()).toEqual({ light, state: 'ready', theme: 'dark', hosts: 0 });
    expect(await page.locator('a[href="/fallback"]').isVisible()).toBe(false);
    // Parts are forwarded to the page; the score is laid out and styled by the page's ::part rule.
    expect(await page.locator('[part="score"]').evaluate((node) => getComputedStyle(node).color)).toBe('rgb(1, 2, 3)');
    // Custom properties set on the widget part theme the card (the host itself is in the shadow root).
    expect(await page.locator('[part="widget"]').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(7, 8, 9)');
    await page.evaluate(() => {
      const el = document.querySelector('repkit-widget')!;
      el.setAttribute('theme', 'light');
      el.setAttribute('max-categories', '2');
    });
    await page.waitForFunction(
      () => document.querySelector('repkit-widget')!.shadowRoot!.querySelector<HTMLElement>('.repkit')!.dataset.theme == 'light',
    );
    expect(await page.locator('[part="category"]').count()).toBe(2);
    await page.evaluate(() => document.querySelector('repkit-widget')!.remove());
    expect(await page.evaluate(() => document.querySelectorAll('[part]').length)).toBe(0);
    expectQuiet(log);
    await page.context().close();
  });
});

describe('a strict Content-Security-Policy', () => {
  const csp = (extra = '') => ({
    'Content-Security-Policy': `default-src 'none'; script-src 'self'${extra}; style-src 'self'${extra}; connect-src 'self'; img-src 'self' https:`,
  });
  const page = (body: string) => `<!doctype html><html lang="en"><head><title>csp</title></head><body>${body}</body></html>`;

  it('renders fully styled with constructable stylesheets and reports no violation', async () => {
    const { page: tab, log } = await browser.page();
    await servePage(tab, `${browser.url}/t/csp.html`, page(`<div id="w"></div><script src="/t/csp.js"></script>`), csp());
    await serveScript(
      tab,
      `${browser.url}/t/csp.js`,
      `document.addEventListener('securitypolicyviolation', (e) => console.error('csp: ' + e.violatedDirective));
const s = document.createElement('script'); s.src = '/dist/repkit.umd.js';
s.onload = () => RepKit.createWidget({ type: 'profile', apiKey: '${API_KEY}', address: '${rich}', baseUrl: location.origin }).mount('#w');
document.body.append(s);`,
    );
    await tab.goto(`${browser.url}/t/csp.html`);
    expect(await settled(tab, 1)).toEqual(['ready']);
    // Styled: the card has its border radius, which only our stylesheet gives it.
    expect(await tab.locator('[part="widget"]').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('12px');
    expect(log.console).toEqual([]);
    await tab.context().close();
  });

  it('falls back to a <style> carrying the loading script nonce where adoptedStyleSheets is missing', async () => {
    const { page: tab, log } = await browser.page();
    await tab.addInitScript(() => {
      delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    });
    await servePage(
      tab,
      `${browser.url}/t/nonce.html`,
      page(
        `<div data-repkit="reputation" data-api-key="${API_KEY}" data-address="${rich}" data-base-url="${browser.url}"></div><script nonce="n0nce" src="/dist/repkit.umd.js"></script>`,
      ),
      { 'Content-Security-Policy': `default-src 'none'; script-src 'nonce-n0nce'; style-src 'nonce-n0nce'; connect-src 'self'` },
    );
    await tab.goto(`${browser.url}/t/nonce.html`);
    expect(await settled(tab, 1)).toEqual(['ready']);
    expect(await tab.locator('.repkit').evaluate((h) => h.shadowRoot!.querySelector('style')?.nonce)).toBe('n0nce');
    expect(await tab.locator('[part="widget"]').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('12px');
    expect(log.errors).toEqual([]);
    await tab.context().close();
  });
});
