/**
 * Right to left: every kind in a `dir="rtl"` context at 360 px. Each widget is rendered twice on
 * one page, in a left-to-right slot and a right-to-left one, from the same data: the RTL card must
 * be the LTR card's mirror image (every box of the view flipped about the card's centre), fit its
 * slot without overflow, keep the scores (direction: ltr) and the address (bidi-isolated) left to
 * right, fill its bars from the right and start its text at the right edge. Screenshots: artifacts/rtl-<kind>.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADDRESSES, API_KEY, ARTIFACTS, servePage, settled, useBrowser } from './harness';

const browser = useBrowser();
const rich = ADDRESSES.rich;
const WIDTH = 360;

const KINDS: { name: string; config: Record<string, unknown> }[] = [
  { name: 'reputation', config: { type: 'reputation', address: rich } },
  { name: 'reputation-compact', config: { type: 'reputation', address: rich, compact: true, maxCategories: 50 } },
  { name: 'badge', config: { type: 'badge', address: rich, showProgress: true } },
  { name: 'badge-one', config: { type: 'badge', address: rich, badgeKey: 'ReferendumVoter', showProgress: true } },
  { name: 'profile', config: { type: 'profile', address: rich } },
  { name: 'category', config: { type: 'category', address: rich, categoryKey: 'governance' } },
  { name: 'category-compact', config: { type: 'category', address: rich, categoryKey: 'governance', compact: true } },
];

/**
 * A page whose `<html>` carries `htmlDir`, with one pair of slots per kind: `#l<i>` inside a
 * `dir="ltr"` wrapper and `#r<i>` inside `rtlWrapper` (a `dir="rtl"` element, or none: the
 * page's direction).
 */
const pairPage = (htmlDir: 'ltr' | 'rtl', rtlWrapper: string, rtlOptions: Record<string, unknown> = {}, scripts = ''): string => {
  const slots = KINDS.map(
    (_, i) =>
      `<div dir="ltr"><div id="l${i}" class="slot"></div></div>` +
      (rtlWrapper ? `<${rtlWrapper} dir="rtl"><div id="r${i}" class="slot"></div></${rtlWrapper}>` : `<div id="r${i}" class="slot"></div>`),
  ).join('\n');
  const mounts = KINDS.flatMap(({ config }, i) =>
    ['l', 'r'].map(
      (side) =>
        `RepKit.createWidget(${JSON.stringify({ apiKey: API_KEY, baseUrl: browser.url, ...config, ...(side == 'r' ? rtlOptions : {}) })}).mount('#${side}${i}');`,
    ),
  ).join('\n');
  return `<!doctype html>
<html lang="${htmlDir == 'rtl' ? 'ar' : 'en'}" dir="${htmlDir}"><head><meta charset="utf-8"><title>repkit rtl</title>
<style>body { margin: 0; } .slot { margin: 0 0 8px; }</style></head>
<body>${slots}
<script src="/dist/repkit.umd.js"></script>${scripts}
<script>${mounts}</script>
</body></html>`;
};

/** Everything a user sees of one card, measured in its own coordinates (x from the card's left edge). */
interface Measured {
  dir: string;
  cardWidth: number;
  slotWidth: number;
  scrollWidth: number;
  clientWidth: number;
  contentLeft: number;
  contentRight: number;
  /** Every element of the view: class, and its box (x from the card's left edge); hidden ones and SVG drawings' insides are skipped. */
  boxes: { key: string; left: number; right: number; top: number; width: number }[];
  /** The scores' computed direction and their text's horizontal extent. */
  ltrParts: { part: string; direction: string; textLeft: number; textRight: number }[];
  /** The address: its computed unicode-bidi, and whether its first character is painted left of its last. */
  address: { bidi: string; readsLeftToRight: boolean } | null;
  /** Each bar and its fill. */
  bars: { bar: [number, number]; fill: [number, number] }[];
  /** The right edge of the text nearest the card's right side. */
  textRight: number;
}

const measure = (page: Page, id: string): Promise<Measured> =>
  page.locator(`#${id} .repkit`).evaluate((host) => {
    const root = host.shadowRoot!;
    const view = root.querySelector<HTMLElement>('[part="widget"]')!;
    const card = view.getBoundingClientRect();
    const inner = view.querySelector<HTMLElement>('.rk-card')!;
    const innerStyle = getComputedStyle(inner);
    const innerBox = inner.getBoundingClientRect();
    const x = (n: number) => n - card.left;
    const textRect = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect();
    };
    const boxes = Array.from(view.querySelectorAll<HTMLElement>('*'))
      .filter((el) => !el.closest('.rk-hidden, [hidden], svg *'))
      .map((el, i) => {
        const b = el.getBoundingClientRect();
        return {
          key: `${i}:${el.tagName.toLowerCase()}.${el.className}`,
          left: x(b.left),
          right: x(b.right),
          top: b.top - card.top,
          width: b.width,
        };
      })
      .filter((b) => b.width > 0);
    const ltrParts = Array.from(view.querySelectorAll<HTMLElement>('[part="score"], .rk-category-score')).map((el) => {
      const t = textRect(el);
      return { part: el.className, direction: getComputedStyle(el).direction, textLeft: x(t.left), textRight: x(t.right) };
    });
    const addressOf = (el: HTMLElement | null) => {
      if (!el) return null;
      const text = el.firstChild!;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      return { bidi: getComputedStyle(el).unicodeBidi, readsLeftToRight: at(0) < at(text.textContent!.length - 1) };
    };
    const bars = Array.from(view.querySelectorAll<HTMLElement>('.rk-bar'))
      .filter((bar) => bar.getBoundingClientRect().width > 0)
      .map((bar) => {
        const b = bar.getBoundingClientRect();
        const f = bar.querySelector('.rk-fill')!.getBoundingClientRect();
        return { bar: [x(b.left), x(b.right)] as [number, number], fill: [x(f.left), x(f.right)] as [number, number] };
      });
    // Where the lines of text start: the right edge of the visible text nearest the card's right side.
    const texts: DOMRect[] = [];
    const walker = document.createTreeWalker(inner, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent!.trim() && !node.parentElement!.closest('.rk-hidden, [hidden]')) texts.push(textRect(node));
    }
    return {
      dir: getComputedStyle(view).direction,
      cardWidth: card.width,
      slotWidth: host.parentElement!.getBoundingClientRect().width,
      scrollWidth: view.scrollWidth,
      clientWidth: view.clientWidth,
      contentLeft: x(innerBox.left) + parseFloat(innerStyle.paddingLeft),
      contentRight: x(innerBox.right) - parseFloat(innerStyle.paddingRight),
      boxes,
      ltrParts,
      address: addressOf(view.querySelector<HTMLElement>('.rk-address')),
      bars,
      textRight: Math.max(...texts.map((t) => x(t.right))),
    };
  });

/** Boxes of `rtl` that are not where `ltr`'s are, mirrored about the card's centre (1 px of slack). */
const unmirrored = (ltr: Measured, rtl: Measured): string[] => {
  const bad: string[] = [];
  if (ltr.boxes.length != rtl.boxes.length) bad.push(`${ltr.boxes.length} boxes in LTR, ${rtl.boxes.length} in RTL`);
  ltr.boxes.forEach((l, i) => {
    const r = rtl.boxes[i];
    if (!r) return;
    const mirroredLeft = ltr.cardWidth - l.right;
    if (l.key != r.key || Math.abs(r.left - mirroredLeft) > 1 || Math.abs(r.width - l.width) > 1 || Math.abs(r.top - l.top) > 1) {
      bad.push(`${l.key}: LTR [${l.left.toFixed(1)}, ${l.right.toFixed(1)}], RTL [${r.left.toFixed(1)}, ${r.right.toFixed(1)}] (${r.key})`);
    }
  });
  return bad;
};

/**
 * What is wrong with `rtl` as the right-to-left version of `ltr` (nothing: an empty list). With
 * other words (`mirror: false`: another language), every rule but the mirror image.
 */
const rightToLeftProblems = (ltr: Measured, rtl: Measured, name: string, mirror = true): string[] => {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(`${name}: ${problem}`);
  };
  check(ltr.dir == 'ltr' && rtl.dir == 'rtl', `directions ${ltr.dir}, ${rtl.dir}`);
  // No horizontal overflow: the card fits its slot and nothing inside passes its edge (on either side).
  check(rtl.cardWidth <= rtl.slotWidth + 0.5, `card ${rtl.cardWidth}px wide in a ${rtl.slotWidth}px slot`);
  check(rtl.scrollWidth <= rtl.clientWidth + 1, `content cut off at the card's edge (scrollWidth ${rtl.scrollWidth} > ${rtl.clientWidth})`);
  // Laid out right to left: the mirror image of the LTR card.
  if (mirror) for (const box of unmirrored(ltr, rtl)) check(false, `not mirrored: ${box}`);
  // The text starts at the right edge: lines of text end at the content box's right side.
  check(
    Math.abs(rtl.textRight - rtl.contentRight) <= 1,
    `no text starts at the right edge (${rtl.textRight}; content box ends at ${rtl.contentRight})`,
  );
  // Numbers stay left to right (a minus sign stays in front), and still sit at the start (right) of their line.
  for (const part of rtl.ltrParts) check(part.direction == 'ltr', `${part.part} is ${part.direction}`);
  // The address (letters and digits) is isolated, so it reads left to right whatever surrounds it.
  if (rtl.address) check(rtl.address.bidi == 'isolate' && rtl.address.readsLeftToRight, `address: ${JSON.stringify(rtl.address)}`);
  const ltrScore = ltr.ltrParts.find((p) => p.part.includes('rk-score'));
  const rtlScore = rtl.ltrParts.find((p) => p.part.includes('rk-score'));
  if (mirror && ltrScore && rtlScore) {
    check(
      Math.abs(rtlScore.textRight - (rtl.cardWidth - ltrScore.textLeft)) <= 1,
      `score's text at ${rtlScore.textLeft}, not at the right`,
    );
  }
  // Bars fill from the right (the inline start).
  for (const { bar, fill } of rtl.bars) {
    check(Math.abs(fill[1] - bar[1]) <= 0.5 && fill[0] >= bar[0] - 0.5, `fill [${fill}] does not start at the right of its bar [${bar}]`);
  }
  return problems;
};

const ready = async (page: Page, url: string, body: string): Promise<void> => {
  await servePage(page, url, body);
  await page.goto(url);
  expect(await settled(page, KINDS.length * 2)).toEqual(Array(KINDS.length * 2).fill('ready'));
  // Fitting the compact chips runs in a ResizeObserver callback, before the next paint.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
};

describe(`right to left at ${WIDTH} px`, () => {
  it('lays out every kind right to left on a dir="rtl" page (screenshots in artifacts/)', async () => {
    const { page, log } = await browser.page({ viewport: { width: WIDTH, height: 900 } });
    await ready(page, `${browser.url}/t/rtl-page.html`, pairPage('rtl', ''));
    const problems: string[] = [];
    for (let i = 0; i < KINDS.length; i++) {
      const name = KINDS[i]!.name;
      problems.push(...rightToLeftProblems(await measure(page, `l${i}`), await measure(page, `r${i}`), name));
      await page.locator(`#r${i} .repkit`).screenshot({ path: `${ARTIFACTS}/rtl-${name}.png` });
    }
    expect(problems).toEqual([]);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    expect(log.errors).toEqual([]);
    expect(log.console).toEqual([]);
    await page.context().close();
  });

  it('follows a dir="rtl" ancestor of the mount point on a left-to-right page', async () => {
    const { page, log } = await browser.page({ viewport: { width: WIDTH, height: 900 } });
    await ready(page, `${browser.url}/t/rtl-ancestor.html`, pairPage('ltr', 'section'));
    const problems: string[] = [];
    for (let i = 0; i < KINDS.length; i++) {
      problems.push(...rightToLeftProblems(await measure(page, `l${i}`), await measure(page, `r${i}`), KINDS[i]!.name));
    }
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('follows a right-to-left catalogue on a left-to-right page: its dir on the widget\'s own view (messages: { dir: "rtl" }, English words)', async () => {
    const { page, log } = await browser.page({ viewport: { width: WIDTH, height: 900 } });
    await ready(
      page,
      `${browser.url}/t/rtl-view.html`,
      pairPage('ltr', 'div', { messages: { dir: 'rtl' } }).replaceAll('<div dir="rtl">', '<div>'),
    );
    const problems: string[] = [];
    for (let i = 0; i < KINDS.length; i++) {
      problems.push(...rightToLeftProblems(await measure(page, `l${i}`), await measure(page, `r${i}`), KINDS[i]!.name));
    }
    expect(problems).toEqual([]);
    expect(await page.locator('#r0 [part="widget"]').getAttribute('dir')).toBe('rtl');
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  for (const locale of ['ar', 'he']) {
    it(`lays out every kind in ${locale} right to left within ${WIDTH} px on a left-to-right English page (screenshots in artifacts/)`, async () => {
      const { page, log } = await browser.page({ viewport: { width: WIDTH, height: 900 } });
      await ready(
        page,
        `${browser.url}/t/rtl-${locale}.html`,
        pairPage('ltr', 'div', { locale }, `<script src="/dist/locales/${locale}.js"></script>`).replaceAll('<div dir="rtl">', '<div>'),
      );
      const problems: string[] = [];
      for (let i = 0; i < KINDS.length; i++) {
        const name = `${locale} ${KINDS[i]!.name}`;
        problems.push(...rightToLeftProblems(await measure(page, `l${i}`), await measure(page, `r${i}`), name, false));
        await page.locator(`#r${i} .repkit`).screenshot({ path: `${ARTIFACTS}/rtl-${locale}-${KINDS[i]!.name}.png` });
      }
      expect(problems).toEqual([]);
      // Spoken in the language: the view carries it.
      expect(await page.locator('#r0 [part="widget"]').getAttribute('lang')).toBe(locale);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
      expect(log.errors).toEqual([]);
      await page.context().close();
    });
  }
});

/** Where the advice arrow is painted in a card, and which way its head points, read from the pixels. */
interface Arrow {
  /** Which side of the advice's first line of text the arrow is on. */
  side: 'left' | 'right';
  /** Which end of the arrow is its head (the taller end). */
  head: 'left' | 'right';
}

/**
 * The first advice line of `#id`'s card: a screenshot of its box, read back through a canvas.
 * The arrow is the ink outside the text's first line (a `::before` has no box of its own to
 * measure); its head is the end whose columns carry the most ink from top to bottom.
 */
const adviceArrow = async (page: Page, id: string): Promise<Arrow> => {
  const item = page.locator(`#${id} .repkit`).locator('.rk-advice li').first();
  await item.scrollIntoViewIfNeeded();
  const geometry = await item.evaluate((li) => {
    const box = li.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(li);
    // The first line of the text only (the arrow shares it), which bidi may split into runs.
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
    const top = Math.min(...rects.map((r) => r.top));
    const line = rects.filter((r) => r.top < top + 4);
    return {
      textLeft: Math.min(...line.map((r) => r.left)) - box.left,
      textRight: Math.max(...line.map((r) => r.right)) - box.left,
      lineTop: top - box.top,
      lineBottom: Math.max(...line.map((r) => r.bottom)) - box.top,
      width: box.width,
      background: getComputedStyle(li.closest('.rk-advice')!).backgroundColor,
    };
  });
  const png = await item.screenshot();
  return page.evaluate(
    async ({ data, g }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const scale = canvas.width / g.width;
      const [br, bg, bb] = g.background.match(/[\d.]+/g)!.map(Number) as [number, number, number];
      const inked = (x: number, y: number) => {
        const i = (y * canvas.width + x) * 4;
        return Math.abs(pixels[i]! - br) + Math.abs(pixels[i + 1]! - bg) + Math.abs(pixels[i + 2]! - bb) > 90;
      };
      // Columns of the first line outside the text, on each side, and how much ink each holds.
      const columns = (from: number, to: number) => {
        const heights: number[] = [];
        for (let x = Math.max(0, Math.floor(from * scale)); x < Math.min(canvas.width, Math.ceil(to * scale)); x++) {
          let h = 0;
          for (let y = Math.floor(g.lineTop * scale); y < Math.min(canvas.height, Math.ceil(g.lineBottom * scale)); y++) h += +inked(x, y);
          heights.push(h);
        }
        // Trimmed to the ink.
        const first = heights.findIndex((h) => h > 0);
        return first < 0 ? [] : heights.slice(first, heights.length - [...heights].reverse().findIndex((h) => h > 0));
      };
      const left = columns(0, g.textLeft - 0.5);
      const right = columns(g.textRight + 0.5, g.width);
      const ink = left.length >= right.length ? left : right;
      const third = Math.max(1, Math.floor(ink.length / 3));
      const tallest = (part: number[]) => Math.max(...part);
      return {
        side: ink === left ? 'left' : 'right',
        head: tallest(ink.slice(0, third)) > tallest(ink.slice(-third)) ? 'left' : 'right',
        // For a failure's message: the ink found on each side.
        left: left.length,
        right: right.length,
      } as Arrow;
    },
    { data: png.toString('base64'), g: geometry },
  );
};

describe('the advice arrow', () => {
  it('points along the reading direction: mirrored in a right-to-left card, by the page or by an Arabic or Hebrew catalogue', async () => {
    const { page, log } = await browser.page({ viewport: { width: WIDTH, height: 900 } });
    // An occasional voter: advice on voting more.
    const config = { apiKey: API_KEY, baseUrl: browser.url, type: 'category', address: ADDRESSES.identityOnly, categoryKey: 'governance' };
    const slots: { id: string; wrapper: string; options: Record<string, unknown>; rtl: boolean }[] = [
      { id: 'ltr', wrapper: '<div>', options: {}, rtl: false },
      { id: 'page-rtl', wrapper: '<div dir="rtl">', options: {}, rtl: true },
      { id: 'arabic', wrapper: '<div>', options: { locale: 'ar' }, rtl: true },
      { id: 'hebrew', wrapper: '<div>', options: { locale: 'he' }, rtl: true },
      { id: 'german', wrapper: '<div>', options: { locale: 'de' }, rtl: false },
    ];
    const url = `${browser.url}/t/rtl-arrow.html`;
    await servePage(
      page,
      url,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>advice arrow</title>
<style>body { margin: 0; }</style></head><body>
${slots.map((s) => `${s.wrapper}<div id="${s.id}" class="slot"></div></div>`).join('\n')}
<script src="/dist/repkit.umd.js"></script>
<script src="/dist/locales/ar.js"></script>
<script src="/dist/locales/he.js"></script>
<script src="/dist/locales/de.js"></script>
<script>${slots.map((s) => `RepKit.createWidget(${JSON.stringify({ ...config, ...s.options })}).mount('#${s.id}');`).join('\n')}</script>
</body></html>`,
    );
    await page.goto(url);
    expect(await settled(page, slots.length)).toEqual(slots.map(() => 'ready'));
    const arrows: Record<string, Arrow> = {};
    for (const { id } of slots) {
      arrows[id] = await adviceArrow(page, id);
      await page
        .locator(`#${id} .repkit`)
        .locator('.rk-advice')
        .screenshot({ path: `${ARTIFACTS}/advice-arrow-${id}.png` });
    }
    expect(arrows).toEqual(
      Object.fromEntries(
        slots.map(({ id, rtl }) => [id, expect.objectContaining(rtl ? { side: 'right', head: 'left' } : { side: 'left', head: 'right' })]),
      ),
    );
    expect(log.errors).toEqual([]);
    await page.context().close();
  });
});
