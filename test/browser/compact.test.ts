/**
 * The compact reputation widget on one line at every width from 240 px up: chips that do not
 * fit are hidden whole and counted in a "+N" chip, never cut at the card's edge (which showed
 * half a chip and a stray letter at the demo's 353 px).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADDRESSES, ARTIFACTS, servePage, settled, umdPage, useBrowser } from './harness';

const browser = useBrowser();
const WIDTHS = [240, 320, 353, 480] as const;
/** The rich fixture's categories (an app user's twelve). */
const RICH_CATEGORIES = 12;

/** What a user sees of one compact widget's row. */
interface Row {
  chips: { text: string; hidden: boolean; left: number; right: number; width: number; cut: boolean; visible: boolean }[];
  listRight: number;
  cardRight: number;
  listOverflows: boolean;
  more: { shown: boolean; text: string; right: number; ariaHidden: string | null };
  oneLine: boolean;
}

const rowOf = (page: Page, index: number): Promise<Row> =>
  page
    .locator('.repkit')
    .nth(index)
    .evaluate((host) => {
      const root = host.shadowRoot!;
      const card = root.querySelector<HTMLElement>('.rk-card')!;
      const list = root.querySelector<HTMLElement>('.rk-categories')!;
      const more = root.querySelector<HTMLElement>('.rk-chip-more')!;
      const cardBox = card.getBoundingClientRect();
      const padding = parseFloat(getComputedStyle(card).paddingRight);
      const listBox = list.getBoundingClientRect();
      const chips = Array.from(list.querySelectorAll<HTMLElement>('.rk-category')).map((chip) => {
        const box = chip.getBoundingClientRect();
        const style = getComputedStyle(chip);
        return {
          text: chip.textContent!.replace(/\s+/g, ' ').trim(),
          hidden: chip.classList.contains('rk-hidden'),
          left: box.left,
          right: box.right,
          width: box.width,
          // Content wider than the chip itself: a title cut inside the chip.
          cut: chip.scrollWidth > chip.clientWidth + 1,
          // Still in the accessibility tree (not display: none, not visibility: hidden).
          visible: style.display != 'none' && style.visibility != 'hidden',
        };
      });
      const moreBox = more.getBoundingClientRect();
      // One line: every item's vertical extent overlaps every other's.
      const boxes = [...root.querySelectorAll('.rk-total, .rk-category:not(.rk-hidden), .rk-chip-more:not([hidden])')].map((el) =>
        el.getBoundingClientRect(),
      );
      const oneLine = Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
      return {
        chips,
        listRight: listBox.right,
        cardRight: cardBox.right - padding,
        listOverflows: list.scrollWidth > list.clientWidth + 1,
        more: {
          shown: !more.hidden && moreBox.width > 0,
          text: more.textContent ?? '',
          right: moreBox.right,
          ariaHidden: more.getAttribute('aria-hidden'),
        },
        oneLine,
      };
    });

/** Checks one row; `extra` is how many categories maxCategories left out. Returns the chips shown. */
const expectFitted = (row: Row, extra: number, label: string): number => {
  const shown = row.chips.filter((c) => !c.hidden);
  const hidden = row.chips.filter((c) => c.hidden);
  // No chip cut at the edge: every chip shown ends inside the list, and the list inside the card.
  for (const chip of shown) {
    expect(chip.right, `${label}: "${chip.text}" passes the row's edge`).toBeLessThanOrEqual(row.listRight + 0.5);
    expect(chip.cut, `${label}: "${chip.text}" is cut inside`).toBe(false);
  }
  expect(row.listRight, `${label}: the chips pass the card's padding`).toBeLessThanOrEqual(row.cardRight + 0.5);
  // No stray letter: nothing of a hidden chip is painted, and nothing overflows the clipped list.
  for (const chip of hidden) expect(chip.width, `${label}: hidden "${chip.text}" still shows`).toBeLessThanOrEqual(1);
  expect(row.listOverflows, `${label}: the list clips content`).toBe(false);
  // "+N" counts exactly what is not shown, and is itself inside the card.
  const count = hidden.length + extra;
  expect(row.more.shown, label).toBe(count > 0);
  if (count > 0) {
    expect(row.more.text, label).toBe(`+${count}`);
    expect(row.more.right, `${label}: "+N" passes the card's padding`).toBeLessThanOrEqual(row.cardRight + 0.5);
  }
  expect(row.more.ariaHidden).toBe('true');
  // Hidden chips are still read by screen readers (the list keeps every category).
  for (const chip of row.chips) expect(chip.visible, `${label}: "${chip.text}" left the accessibility tree`).toBe(true);
  expect(row.oneLine, `${label}: the row wraps`).toBe(true);
  return shown.length;
};

const page = (widths: readonly number[], configs: Record<string, unknown>[]): string =>
  umdPage(
    browser.url,
    widths.flatMap((w) => configs.map((c) => ({ ...c, className: `at-${w}` }))),
    // The slots are sized by the page, as a sidebar would size them.
    `<style>${widths.map((w, i) => configs.map((_, j) => `#w${i * configs.length + j} { width: ${w}px; margin: 8px 0; }`).join('\n')).join('\n')}</style>`,
  );

describe('compact reputation fits its chips to the width', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows whole chips and "+N" for the rest at ${WIDTHS.join(', ')} px (${theme})`, async () => {
      const { page: p, log } = await browser.page();
      const configs = [
        { type: 'reputation', address: ADDRESSES.rich, compact: true, maxCategories: 50, theme },
        { type: 'reputation', address: ADDRESSES.rich, compact: true, theme }, // default maxCategories 6: six left out
      ];
      const url = `${browser.url}/compact-${theme}.html`;
      await servePage(p, url, page(WIDTHS, configs));
      await p.goto(url);
      expect(await settled(p, WIDTHS.length * configs.length)).toEqual(Array(WIDTHS.length * configs.length).fill('ready'));

      const shownAt: number[] = [];
      for (let i = 0; i < WIDTHS.length; i++) {
        const all = await rowOf(p, i * configs.length);
        expect(all.chips).toHaveLength(RICH_CATEGORIES);
        shownAt.push(expectFitted(all, 0, `${WIDTHS[i]} px, every category`));
        const capped = await rowOf(p, i * configs.length + 1);
        expect(capped.chips).toHaveLength(6);
        expectFitted(capped, RICH_CATEGORIES - 6, `${WIDTHS[i]} px, maxCategories 6`);
        await p
          .locator('.repkit')
          .nth(i * configs.length)
          .screenshot({ path: `${ARTIFACTS}/compact-${WIDTHS[i]}-${theme}.png` });
      }
      // Wider shows more: at 240 px some are hidden, at 480 px at least two chips are shown.
      expect(shownAt[0]).toBeLessThan(RICH_CATEGORIES);
      expect(shownAt[shownAt.length - 1]).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < shownAt.length; i++) expect(shownAt[i]).toBeGreaterThanOrEqual(shownAt[i - 1]!);
      expect(log.errors).toEqual([]);
      expect(log.console).toEqual([]);
      await p.context().close();
    });
  }

  it('refits when its container is resized, narrower and wider', async () => {
    const { page: p, log } = await browser.page();
    const url = `${browser.url}/compact-resize.html`;
    await servePage(p, url, page([480], [{ type: 'reputation', address: ADDRESSES.rich, compact: true, maxCategories: 50 }]));
    await p.goto(url);
    await settled(p, 1);
    const wide = expectFitted(await rowOf(p, 0), 0, '480 px');
    const resize = (w: number) => p.evaluate((width) => document.querySelector('#w0')!.setAttribute('class', `slot w${width}`), w);
    await p.addStyleTag({ content: '#w0.w240 { width: 240px } #w0.w1200 { width: 1200px }' });
    await resize(240);
    // A ResizeObserver callback runs before the next paint.
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const narrow = expectFitted(await rowOf(p, 0), 0, 'resized to 240 px');
    expect(narrow).toBeLessThan(wide);
    await resize(1200);
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The card stops growing at --rk-max-width (40em): at least as many as at 480 px.
    expect(expectFitted(await rowOf(p, 0), 0, 'resized to 1200 px')).toBeGreaterThanOrEqual(wide);
    expect(log.errors).toEqual([]);
    await p.context().close();
  });

  it('stops watching the width when it re-renders or is destroyed', async () => {
    const { page: p } = await browser.page();
    // Counts the ResizeObservers that are watching something.
    await p.addInitScript(() => {
      const Native = window.ResizeObserver;
      const active = new Set<ResizeObserver>();
      (window as unknown as { activeObservers: () => number }).activeObservers = () => active.size;
      window.ResizeObserver = class extends Native {
        override observe(target: Element, options?: ResizeObserverOptions): void {
          active.add(this);
          super.observe(target, options);
        }
        override disconnect(): void {
          active.delete(this);
          super.disconnect();
        }
      };
    });
    const url = `${browser.url}/compact-destroy.html`;
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>
      <div id="a"></div><div id="b"></div><script src="/dist/repkit.umd.js"></script></body></html>`;
    await servePage(p, url, body);
    await p.goto(url);
    const active = () => p.evaluate(() => (window as unknown as { activeObservers: () => number }).activeObservers());
    await p.evaluate(
      ({ base, key, address }) => {
        const w = window as unknown as { RepKit: { createWidget(c: object): { mount(t: string): unknown } }; widgets: unknown[] };
        w.widgets = ['#a', '#b'].map((t) =>
          w.RepKit.createWidget({ type: 'reputation', baseUrl: base, apiKey: key, address, compact: true }).mount(t),
        );
      },
      { base: browser.url, key: 'demo-key', address: ADDRESSES.rich },
    );
    await settled(p, 2);
    expect(await active()).toBe(2);
    type W = { update(c: object): void; destroy(): void };
    // Re-rendering replaces the observer rather than adding one; leaving compact stops it.
    await p.evaluate(() => (window as unknown as { widgets: W[] }).widgets[0]!.update({ theme: 'dark', maxCategories: 3 }));
    expect(await active()).toBe(2);
    await p.evaluate(() => (window as unknown as { widgets: W[] }).widgets[0]!.update({ compact: false }));
    expect(await active()).toBe(1);
    await p.evaluate(() => (window as unknown as { widgets: W[] }).widgets[1]!.destroy());
    expect(await active()).toBe(0);
    await p.context().close();
  });
});
