/**
 * Forced colours (Windows High Contrast and the like): the browser replaces every colour with
 * the user's few system colours and drops background colours. Whatever a widget drew with a
 * background alone (tier medals, level dots, score bars and their fills, the verified mark) must
 * keep an outline or a border, and nothing may tell things apart by colour alone (chips keep their
 * text and spacing). Emulated with
 * playwright's `forcedColors: 'active'`, both themes; screenshots: artifacts/forced-<kind>-<theme>.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADDRESSES, ARTIFACTS, servePage, settled, umdPage, useBrowser } from './harness';

const browser = useBrowser();
const rich = ADDRESSES.rich;

const KINDS: { name: string; config: Record<string, unknown> }[] = [
  { name: 'reputation', config: { type: 'reputation', address: rich } },
  { name: 'reputation-compact', config: { type: 'reputation', address: rich, compact: true } },
  { name: 'badge', config: { type: 'badge', address: rich } },
  // Level 2 of 3: a ladder with levels reached and one not.
  { name: 'badge-one', config: { type: 'badge', address: ADDRESSES.identityOnly, badgeKey: 'ReferendumVoter' } },
  { name: 'profile', config: { type: 'profile', address: rich } },
  { name: 'category', config: { type: 'category', address: rich, categoryKey: 'governance' } },
];

/**
 * What must stay visible without colour, by selector: each element it matches must draw a frame
 * (a border or an outline on every side) in a colour other than the card's background.
 */
const FRAMED = ['.rk-medal', '.rk-dot', '.rk-bar', '.rk-verified'];

/** Per element of {@link FRAMED} in one widget: what is wrong with its frame (nothing: null). */
const framesOf = (page: Page, index: number) =>
  page
    .locator('.repkit')
    .nth(index)
    .evaluate((host, selectors) => {
      const view = host.shadowRoot!.querySelector<HTMLElement>('[part="widget"]')!;
      const canvas = getComputedStyle(view).backgroundColor;
      const visible = (style: string, width: string, color: string) =>
        style != 'none' && style != 'hidden' && parseFloat(width) >= 1 && color != canvas && !/rgba\(.*, 0\)$/.test(color);
      const found: Record<string, number> = {};
      const problems: string[] = [];
      for (const selector of selectors) {
        for (const el of view.querySelectorAll<HTMLElement>(selector)) {
          if (el.closest('.rk-hidden') || el.getBoundingClientRect().width == 0) continue;
          found[selector] = (found[selector] ?? 0) + 1;
          const s = getComputedStyle(el);
          const outline = visible(s.outlineStyle, s.outlineWidth, s.outlineColor);
          const border = (['Top', 'Right', 'Bottom', 'Left'] as const).every((side) =>
            visible(
              s.getPropertyValue(`border-${side.toLowerCase()}-style`),
              s.getPropertyValue(`border-${side.toLowerCase()}-width`),
              s.getPropertyValue(`border-${side.toLowerCase()}-color`),
            ),
          );
          if (!outline && !border)
            problems.push(`${selector}: no frame (outline ${s.outlineStyle} ${s.outlineWidth}, border ${s.borderStyle} ${s.borderWidth})`);
        }
      }
      return { found, problems, canvas };
    }, FRAMED);

/** A bar's fill: painted with something forced colours keep (a border, not a background). */
const fillsOf = (page: Page, index: number) =>
  page
    .locator('.repkit')
    .nth(index)
    .evaluate((host) =>
      Array.from(host.shadowRoot!.querySelectorAll<HTMLElement>('.rk-fill'))
        .filter((fill) => fill.getBoundingClientRect().width > 0)
        .map((fill) => {
          const s = getComputedStyle(fill);
          const bar = fill.parentElement!.getBoundingClientRect();
          const painted = parseFloat(s.borderTopWidth) + parseFloat(s.borderBottomWidth);
          return { painted: s.borderTopStyle == 'solid' ? painted : 0, barHeight: bar.height };
        }),
    );

const forcedPage = async (theme: 'light' | 'dark') => {
  const { page, log } = await browser.page({ forcedColors: 'active' });
  const url = `${browser.url}/t/forced-${theme}.html`;
  await servePage(
    page,
    url,
    umdPage(
      browser.url,
      KINDS.map(({ config }) => ({ ...config, theme })),
    ),
  );
  await page.goto(url);
  expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
  expect(await settled(page, KINDS.length)).toEqual(KINDS.map(() => 'ready'));
  return { page, log };
};

describe('forced colours', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keep medals, dots, bars and the verified mark framed (${theme}; screenshots in artifacts/)`, async () => {
      const { page, log } = await forcedPage(theme);
      const found: Record<string, number> = {};
      const problems: string[] = [];
      for (let i = 0; i < KINDS.length; i++) {
        const frames = await framesOf(page, i);
        for (const [selector, n] of Object.entries(frames.found)) found[selector] = (found[selector] ?? 0) + n;
        problems.push(...frames.problems.map((p) => `${KINDS[i]!.name}: ${p}`));
        for (const fill of await fillsOf(page, i)) {
          if (fill.painted < fill.barHeight - 2)
            problems.push(`${KINDS[i]!.name}: a bar's fill paints ${fill.painted}px of ${fill.barHeight}px`);
        }
        await page
          .locator('.repkit')
          .nth(i)
          .screenshot({ path: `${ARTIFACTS}/forced-${KINDS[i]!.name}-${theme}.png` });
      }
      expect(problems).toEqual([]);
      // Every kind of element was there to check.
      expect(Object.keys(found).sort()).toEqual([...FRAMED].sort());
      expect(log.errors).toEqual([]);
      await page.context().close();
    });
  }

  it('tell reached levels from the others by more than colour', async () => {
    const { page } = await forcedPage('light');
    const dots = await page
      .locator('.repkit')
      .nth(KINDS.findIndex((k) => k.name == 'badge-one'))
      .evaluate((host) =>
        Array.from(host.shadowRoot!.querySelectorAll<HTMLElement>('.rk-step')).map((step) => {
          const s = getComputedStyle(step.querySelector('.rk-dot')!);
          return {
            reached: step.classList.contains('rk-reached'),
            look: `${s.borderStyle} ${s.borderWidth} ${s.outlineStyle} ${s.outlineWidth}`,
          };
        }),
      );
    const looks = (reached: boolean) => new Set(dots.filter((d) => d.reached == reached).map((d) => d.look));
    expect(looks(true).size).toBe(1);
    expect(looks(false).size).toBe(1);
    expect([...looks(true)]).not.toEqual([...looks(false)]);
    await page.context().close();
  });

  it('keep the loading skeleton as bars: its filler text stays unseen', async () => {
    const { page, log } = await browser.page({ forcedColors: 'active' });
    const url = `${browser.url}/t/forced-loading.html`;
    // A service that never answers: the widgets stay in their loading view.
    const hanging = `${browser.url}/hang`;
    await page.route(`${hanging}/**`, () => undefined);
    await servePage(
      page,
      url,
      umdPage(
        hanging,
        KINDS.map(({ config }) => config),
      ),
    );
    await page.goto(url);
    await page.waitForFunction((n) => document.querySelectorAll('.repkit[data-state="loading"]').length == n, KINDS.length);
    const seen = await page.$$eval('.repkit', (hosts) =>
      hosts.flatMap((host) =>
        Array.from(host.shadowRoot!.querySelectorAll<HTMLElement>('.rk-placeholder *'))
          .filter((el) => el.childNodes.length && Array.from(el.childNodes).some((n) => n.nodeType == 3 && n.textContent!.trim()))
          .map((el) => getComputedStyle(el).color)
          .filter((color) => !/rgba\(.*, 0\)$/.test(color)),
      ),
    );
    expect(seen).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/forced-loading.png` });
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('keep a visible focus ring on every button, reached with the keyboard', async () => {
    const { page } = await forcedPage('dark');
    const buttons = await page.locator('.repkit button').count();
    expect(buttons).toBeGreaterThan(0);
    const rings: string[] = [];
    const problems: string[] = [];
    // Tab through the page (links and buttons) until every button has had the focus.
    for (let press = 0; press < 100 && rings.length < buttons; press++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        if (el?.tagName != 'BUTTON') return null;
        const s = getComputedStyle(el);
        const canvas = getComputedStyle(el.closest('[part="widget"]')!).backgroundColor;
        return {
          name: el.textContent!.trim(),
          focusVisible: el.matches(':focus-visible'),
          outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} on ${canvas}`,
          visible: s.outlineStyle != 'none' && parseFloat(s.outlineWidth) >= 1 && s.outlineColor != canvas,
        };
      });
      if (!ring) continue;
      rings.push(ring.name);
      if (!ring.focusVisible || !ring.visible) problems.push(`"${ring.name}": ${ring.outline}`);
    }
    expect(rings).toHaveLength(buttons);
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/forced-focus-dark.png` });
    await page.context().close();
  });
});
