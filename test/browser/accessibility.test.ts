import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { faultBaseUrl } from '../../demo/sandbox.mjs';
import { ADDRESSES, servePage, settled, umdPage, useBrowser } from './harness';

const browser = useBrowser();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const rich = ADDRESSES.rich;

/** Every kind, and the states a reader meets: empty, not set up, not earned, no score, a penalty, failed. */
const WIDGETS = [
  { type: 'reputation', address: rich },
  { type: 'reputation', address: rich, compact: true },
  { type: 'reputation', address: ADDRESSES.fresh },
  { type: 'reputation', address: ADDRESSES.unknown },
  { type: 'badge', address: rich, showProgress: true },
  { type: 'badge', address: rich, badgeKey: 'ReferendumVoter' },
  { type: 'badge', address: ADDRESSES.fresh, badgeKey: 'ReferendumVoter' },
  { type: 'profile', address: rich },
  { type: 'profile', address: ADDRESSES.noProfile },
  { type: 'category', address: rich, categoryKey: 'governance' },
  { type: 'category', address: ADDRESSES.identityOnly, categoryKey: 'tokenDiversity' },
  { type: 'profile', address: ADDRESSES.identityOnly },
  { type: 'category', address: ADDRESSES.identityOnly, categoryKey: 'stakingSlash' },
];

const axe = async (page: Page) => {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(): Promise<{ violations: { id: string; help: string; nodes: { target: unknown }[] }[] }> } }
    ).axe.run();
    return result.violations.map((v) => `${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
};

describe('axe-core', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`finds no violation in any widget or state, ${theme} theme`, async () => {
      const { page } = await browser.page();
      const bg = theme == 'dark' ? '<style>body { background: #0b0c0f; color: #eceef3; }</style>' : '';
      await servePage(
        page,
        `${browser.url}/t/a11y-${theme}.html`,
        umdPage(
          browser.url,
          WIDGETS.map((w) => ({ ...w, theme })),
          bg,
        ),
      );
      await page.goto(`${browser.url}/t/a11y-${theme}.html`);
      await settled(page, WIDGETS.length);
      expect(await axe(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('finds no violation on the demo page, of any impact, after widgets loaded and the log filled', async () => {
    // The demo's CSP allows only its own scripts: the check is injected around it.
    const { page } = await browser.page({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await page.goto(`${browser.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('#log-list li').length > 2, null, { timeout: 15000 });
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });

  it('finds no violation while loading, and marks the loading view busy', async () => {
    const { page } = await browser.page();
    const slow = faultBaseUrl(browser.url, { latency: 5000, id: 'a11y-loading' });
    await servePage(page, `${browser.url}/t/a11y-loading.html`, umdPage(slow, WIDGETS.slice(0, 6)));
    await page.goto(`${browser.url}/t/a11y-loading.html`);
    await page.locator('.rk-skel').first().waitFor();
    expect(await page.locator('[part="widget"]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-busy')))).toEqual(
      Array(6).fill('true'),
    );
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });
});

describe('text alternatives', () => {
  it('says in words what tier colours and the verified mark show', async () => {
    const { page } = await browser.page();
    await servePage(page, `${browser.url}/t/alt.html`, umdPage(browser.url, [WIDGETS[4]!, WIDGETS[7]!]));
    await page.goto(`${browser.url}/t/alt.html`);
    await settled(page, 2);
    const levels = await page.locator('[part="badge"] .rk-level').allTextContents();
    // The service's level titles, with the level in words next to the tier colour.
    expect(levels).toContain('Old Guard · Gold · Level 3');
    expect(await page.locator('[part="verified"]').first().textContent()).toContain('Verified');
    expect(await page.getByText('Verified identity').first().count()).toBe(1);
    await page.context().close();
  });
});

describe('keyboard', () => {
  it('reaches every link and button with Tab, each with a visible focus ring', async () => {
    const { page } = await browser.page();
    const failing = faultBaseUrl(browser.url, { status: 503, id: 'keyboard' });
    await servePage(
      page,
      `${browser.url}/t/keys.html`,
      umdPage(browser.url, [WIDGETS[7]!, { type: 'reputation', address: rich, baseUrl: failing, retries: 0 }]),
    );
    await page.goto(`${browser.url}/t/keys.html`);
    expect(await settled(page, 2)).toEqual(['ready', 'error']);
    const interactive = await page.evaluate(() => {
      const all = Array.from(document.querySelectorAll('.repkit')).flatMap((h) =>
        Array.from(h.shadowRoot!.querySelectorAll('a[href], button')),
      );
      (window as unknown as { interactive: Element[] }).interactive = all;
      return all.length;
    });
    expect(interactive).toBeGreaterThan(5);
    const reached: string[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < interactive + 2; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        if (!el || el == document.body) return null;
        const style = getComputedStyle(el);
        const index = (window as unknown as { interactive: Element[] }).interactive.indexOf(el);
        return { index, label: `${el.tagName}:${el.textContent}`, outline: style.outlineStyle };
      });
      if (!focused) continue;
      expect(focused.outline, focused.label).not.toBe('none');
      reached.push(focused.label);
      seen.add(focused.index);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: interactive }, (_, i) => i));
    expect(reached).toContain('BUTTON:Try again');
    expect(reached).toContain('BUTTON:Copy');
    await page.context().close();
  });
});
