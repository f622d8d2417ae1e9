import { existsSync, mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { faultBaseUrl } from '../service/sandbox.mjs';
import { TIER_COLORS } from '../../src/widgets/tiers';
import { ADDRESSES, ARTIFACTS, servePage, settled, umdPage, useBrowser } from './harness';

const browser = useBrowser();
const rich = ADDRESSES.rich;

const KINDS = [
  { type: 'reputation', address: rich },
  { type: 'badge', address: rich, showProgress: true },
  { type: 'badge', address: rich, badgeKey: 'ReferendumVoter' },
  { type: 'profile', address: rich },
  { type: 'category', address: rich, categoryKey: 'governance' },
];

const background = (page: Page, index: number) =>
  page
    .locator('[part="widget"]')
    .nth(index)
    .evaluate((el) => getComputedStyle(el).backgroundColor);

const LIGHT = 'rgb(255, 255, 255)';
const DARK = 'rgb(22, 24, 29)';

describe('themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`renders every kind in the ${theme} theme (screenshots in artifacts/)`, async () => {
      const { page } = await browser.page();
      await servePage(
        page,
        `${browser.url}/t/${theme}.html`,
        umdPage(
          browser.url,
          KINDS.map((k) => ({ ...k, theme })),
        ),
      );
      await page.goto(`${browser.url}/t/${theme}.html`);
      expect(await settled(page, KINDS.length)).toEqual(KINDS.map(() => 'ready'));
      for (let i = 0; i < KINDS.length; i++) {
        expect(await background(page, i)).toBe(theme == 'light' ? LIGHT : DARK);
        const name = `${KINDS[i]!.type}${KINDS[i]!.badgeKey ? '-one' : ''}-${theme}`;
        await page
          .locator('.repkit')
          .nth(i)
          .screenshot({ path: `${ARTIFACTS}/${name}.png` });
      }
      await page.context().close();
    });
  }

  it('auto follows the system colour scheme, live', async () => {
    const { page } = await browser.page({ colorScheme: 'dark' });
    await servePage(
      page,
      `${browser.url}/t/auto.html`,
      umdPage(
        browser.url,
        KINDS.map((k) => ({ ...k, theme: 'auto' })),
      ),
    );
    await page.goto(`${browser.url}/t/auto.html`);
    await settled(page, KINDS.length);
    for (let i = 0; i < KINDS.length; i++) expect(await background(page, i)).toBe(DARK);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.repkit')).every((h) => h.dataset.theme == 'light'),
    );
    for (let i = 0; i < KINDS.length; i++) expect(await background(page, i)).toBe(LIGHT);
    await page.context().close();
  });

  it('lets the host page override colours with --rk-* custom properties', async () => {
    const { page } = await browser.page();
    await servePage(
      page,
      `${browser.url}/t/vars.html`,
      umdPage(browser.url, [KINDS[0]!], '<style>.repkit { --rk-bg: rgb(1, 2, 3); } .repkit::part(score) { color: rgb(4, 5, 6); }</style>'),
    );
    await page.goto(`${browser.url}/t/vars.html`);
    await settled(page, 1);
    expect(await background(page, 0)).toBe('rgb(1, 2, 3)');
    expect(await page.locator('[part="score"]').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(4, 5, 6)');
    await page.context().close();
  });
});

describe('tier colours', () => {
  it('draw each badge in its tier colour, exactly as TIER_COLORS says, and a host page can override one', async () => {
    const { page } = await browser.page();
    const url = `${browser.url}/t/tiers.html`;
    const head = '<style>#w1 .repkit { --rk-tier-gold: #123456 }</style>';
    await servePage(
      page,
      url,
      umdPage(
        browser.url,
        [
          { type: 'badge', address: rich },
          { type: 'badge', address: rich },
        ],
        head,
      ),
    );
    await page.goto(url);
    await settled(page, 2);
    const colours = (index: number) =>
      page
        .locator('.repkit')
        .nth(index)
        .evaluate((host) =>
          Array.from(host.shadowRoot!.querySelectorAll<HTMLElement>('.rk-badge')).map((badge) => [
            badge.dataset.tier,
            getComputedStyle(badge).borderLeftColor,
          ]),
        );
    const hex = (rgb: string) =>
      '#' +
      rgb
        .match(/\d+/g)!
        .map((n) => Number(n).toString(16).padStart(2, '0').toUpperCase())
        .join('');
    const plain = await colours(0);
    expect(new Set(plain.map(([tier]) => tier)).size).toBeGreaterThan(1);
    expect(plain.map(([tier]) => tier)).toContain('gold');
    for (const [tier, rgb] of plain) expect(hex(rgb!), tier).toBe(TIER_COLORS[tier as keyof typeof TIER_COLORS]);
    for (const [tier, rgb] of await colours(1)) {
      expect(hex(rgb!), tier).toBe(tier == 'gold' ? '#123456' : TIER_COLORS[tier as keyof typeof TIER_COLORS]);
    }
  });
});

describe('the host page', () => {
  it('lends the widget its font', async () => {
    const { page } = await browser.page();
    await servePage(
      page,
      `${browser.url}/t/font.html`,
      umdPage(browser.url, [KINDS[0]!], '<style>body { font-family: "Courier New", monospace; }</style>'),
    );
    await page.goto(`${browser.url}/t/font.html`);
    await settled(page, 1);
    expect(await page.locator('[part="widget"]').evaluate((el) => getComputedStyle(el).fontFamily)).toBe('"Courier New", monospace');
    await page.context().close();
  });

  it('cannot break the layout with a hostile stylesheet', async () => {
    const { page } = await browser.page();
    const hostile = `<style>
      * { all: unset !important; }
      div { display: none !important; }
      html { font-size: 90px !important; }
      .repkit { width: 5000px; }
    </style>`;
    await servePage(
      page,
      `${browser.url}/t/hostile-css.html`,
      `<!doctype html><html lang="en"><head><title>hostile css</title>${hostile}</head><body>
<section id="w0" class="slot"></section><section id="w1" class="slot"></section>
<script src="/dist/repkit.umd.js"></script>
<script>
RepKit.createWidget({ type: 'reputation', apiKey: 'demo-key', address: '${rich}', baseUrl: location.origin }).mount('#w0');
RepKit.createWidget({ type: 'profile', apiKey: 'demo-key', address: '${rich}', baseUrl: location.origin }).mount('#w1');
</script></body></html>`,
    );
    await page.goto(`${browser.url}/t/hostile-css.html`);
    await settled(page, 2);
    for (const part of ['score', 'name']) {
      const box = await page.locator(`[part="${part}"]`).boundingBox();
      expect(box?.height).toBeGreaterThan(10);
    }
    const sizes = await page.locator('[part="widget"]').evaluateAll((els) => els.map((el) => getComputedStyle(el).fontSize));
    expect(sizes).toEqual(['14px', '14px']);
    await page.screenshot({ path: `${ARTIFACTS}/hostile-css.png` });
    await page.context().close();
  });
});

describe('motion', () => {
  it('animates the loading skeleton unless the reader prefers reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page } = await browser.page({ reducedMotion });
      const slow = faultBaseUrl(browser.url, { latency: 5000, id: reducedMotion });
      await servePage(page, `${browser.url}/t/motion.html`, umdPage(slow, [KINDS[0]!]));
      await page.goto(`${browser.url}/t/motion.html`);
      const skeleton = page.locator('.rk-skel').first();
      await skeleton.waitFor();
      expect(await page.locator('[part="widget"]').getAttribute('aria-busy')).toBe('true');
      expect(await skeleton.evaluate((el) => getComputedStyle(el).animationName)).toBe(reducedMotion == 'reduce' ? 'none' : 'rk-shimmer');
      await page.context().close();
    }
  });
});

/**
 * README's pictures are demo/screenshots/<kind>-<theme>.png, taken here from what the sandbox
 * serves now. `UPDATE_SCREENSHOTS=1` rewrites them (commit the result); otherwise this only
 * checks that every file README can point at is there.
 */
describe("README's screenshots (demo/screenshots)", () => {
  const DIR = new URL('../../demo/screenshots/', import.meta.url).pathname;
  const SHOTS = [
    { name: 'reputation', config: { type: 'reputation', address: rich } },
    { name: 'badge', config: { type: 'badge', address: rich } },
    { name: 'profile', config: { type: 'profile', address: rich } },
    { name: 'category', config: { type: 'category', address: rich, categoryKey: 'governance' } },
  ];
  const update = process.env.UPDATE_SCREENSHOTS == '1';

  for (const theme of ['light', 'dark'] as const) {
    it(update ? `are written for the ${theme} theme from the sandbox's data` : `exist for the ${theme} theme`, async () => {
      const files = SHOTS.map(({ name }) => `${DIR}${name}-${theme}.png`);
      if (!update) {
        for (const file of files) expect(existsSync(file), `${file} (run with UPDATE_SCREENSHOTS=1 to write it)`).toBe(true);
        return;
      }
      mkdirSync(DIR, { recursive: true });
      // Fixed locale, time zone and scale, so a rerun on the same data writes the same pictures.
      const { page, log } = await browser.page({ locale: 'en-US', timezoneId: 'UTC', deviceScaleFactor: 1 });
      const url = `${browser.url}/t/screenshots-${theme}.html`;
      const head = `<style>body { margin: 16px; background: ${theme == 'light' ? '#f6f7f9' : '#0b0c0f'}; font-family: system-ui, sans-serif; } .slot { width: 420px; margin: 0 0 16px; }</style>`;
      await servePage(
        page,
        url,
        umdPage(
          browser.url,
          SHOTS.map(({ config }) => ({ ...config, theme, locale: 'en-US' })),
          head,
        ),
      );
      await page.goto(url);
      expect(await settled(page, SHOTS.length)).toEqual(SHOTS.map(() => 'ready'));
      // Avatars and badge art are images: wait until each is decoded (or has failed) before the shot.
      await page.evaluate(() =>
        Promise.all(
          Array.from(document.querySelectorAll('.repkit'))
            .flatMap((host) => Array.from(host.shadowRoot?.querySelectorAll('img') ?? []))
            .map((img) => img.decode().catch(() => undefined)),
        ),
      );
      for (let i = 0; i < SHOTS.length; i++) {
        await page.locator('.repkit').nth(i).screenshot({ path: files[i]!, animations: 'disabled', caret: 'hide' });
      }
      expect(log.errors).toEqual([]);
      await page.context().close();
    });
  }
});
