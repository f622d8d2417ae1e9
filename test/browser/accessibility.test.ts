import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { faultBaseUrl } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY, servePage, settled, umdPage, useBrowser } from './harness';
import { KIND_NAMES } from '../helpers/kinds';

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

/** Every rule these tags name runs, whatever its impact (minor, moderate, serious, critical); none is turned off. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeNode {
  target: unknown;
  any: { data?: { messageKey?: string } | null }[];
}
interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: AxeNode[] }[];
  incomplete: { id: string; nodes: AxeNode[] }[];
}

/**
 * axe's violations, each as `rule (impact): help at [targets]`, and the text whose contrast it
 * could not decide, except two kinds:
 * - glyphs too short to be text, all `aria-hidden` (the medal's letter, the verified tick; their
 *   words are beside them);
 * - the "still calculating" line, laid over the skeleton (partly over its bars): measured here
 *   instead, against the card and against a bar at full opacity (the skeleton dims them to 0.3).
 */
const axe = async (page: Page): Promise<string[]> => {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run(options: object): Promise<AxeResult> } };
    const result = await axe.run({ runOnly: { type: 'tag', values: tags } });
    const where = (n: AxeNode) => JSON.stringify(n.target);
    return [
      ...result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map(where).join(', ')}`),
      ...result.incomplete
        .filter((r) => r.id == 'color-contrast')
        .flatMap((r) => r.nodes)
        .filter((n) => {
          const why = n.any[0]?.data?.messageKey;
          return !(why == 'shortTextContent' || why == 'nonBmp' || (why == 'elmPartiallyObscured' && where(n).includes('.rk-slow')));
        })
        .map((n) => `color-contrast undecided (${n.any[0]?.data?.messageKey}) at ${where(n)}`),
      ...Array.from(document.querySelectorAll('.repkit')).flatMap((host, i) => {
        const root = host.shadowRoot!;
        const slow = root.querySelector('.rk-slow');
        const bar = root.querySelector('.rk-placeholder span');
        const card = root.querySelector('.rk');
        if (!slow?.textContent || !bar || !card) return [];
        const luminance = (color: string) => {
          const [r, g, b] = color.match(/[\d.]+/g)!.map((c) => {
            const v = Number(c) / 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const text = luminance(getComputedStyle(slow).color);
        return [getComputedStyle(card).backgroundColor, getComputedStyle(bar).backgroundColor].flatMap((under) => {
          const ratio = (Math.max(text, luminance(under)) + 0.05) / (Math.min(text, luminance(under)) + 0.05);
          return ratio < 4.5 ? [`"still calculating" at ${ratio.toFixed(2)}:1 on ${under} in #w${i}`] : [];
        });
      }),
    ];
  }, TAGS);
};

/** Each kind, and each variant that draws a different card. */
const VARIANTS: Record<string, unknown>[] = [
  { type: 'reputation' },
  { type: 'reputation', compact: true },
  { type: 'badge', showProgress: true },
  { type: 'badge', badgeKey: 'ReferendumVoter' },
  { type: 'category', categoryKey: 'governance' },
  { type: 'category', categoryKey: 'governance', compact: true },
  { type: 'profile' },
];

/** What a widget's host says in a state: `data-state` (`settled`: not loading), `data-stale`, `data-slow`. */
interface Expected {
  state: 'loading' | 'ready' | 'error' | 'settled';
  stale?: boolean;
  slow?: boolean;
}

/** A widget of the page: its options, the state it ends in, and for kept data the failing service it then moves to. */
interface Slot {
  label: string;
  config: Record<string, unknown>;
  expected: Expected;
  then?: string;
  /** Its "Show more" toggles are opened. */
  open?: boolean;
  /** Written as a `<repkit-widget>` (these come last, after every widget mounted with createWidget). */
  element?: boolean;
}

/**
 * A service that never answers, intercepted in the browser: the sandbox's own `hang` would hold
 * one of the six connections Chromium opens to a host for each loading widget, and starve the rest.
 */
const HANGING = 'https://hanging.example';

/** Addresses with nothing (or nothing yet) to show, by kind: a 404 is an empty card for some kinds, an error for others. */
const NO_DATA: Record<string, Record<string, unknown>> = {
  reputation: { address: ADDRESSES.fresh },
  badge: { address: ADDRESSES.fresh },
  category: { address: ADDRESSES.identityOnly, categoryKey: 'tokenDiversity' },
  profile: { address: ADDRESSES.noProfile },
};

/** Every variant in every state, then the widgets above, then lists cut short and hostile data. */
const slots = (theme: string): Slot[] => {
  const fault = (items: Record<string, unknown>) => faultBaseUrl(browser.url, { ...items, id: `axe-${theme}` });
  const states: { name: string; expected: Expected; options?: (v: Record<string, unknown>) => object; then?: string }[] = [
    // The skeleton, then the "still calculating" line over it.
    { name: 'loading', expected: { state: 'loading', slow: true }, options: () => ({ baseUrl: HANGING, timeoutMs: 60000 }) },
    { name: 'ready', expected: { state: 'ready' } },
    { name: 'no data', expected: { state: 'settled' }, options: (v) => NO_DATA[v.type as string]! },
    { name: '503', expected: { state: 'error' }, options: () => ({ baseUrl: fault({ status: 503 }) }) },
    { name: '400', expected: { state: 'error' }, options: () => ({ baseUrl: fault({ status: 400 }) }) },
    { name: '429', expected: { state: 'error' }, options: () => ({ baseUrl: fault({ status: 429 }) }) },
    { name: 'connection dropped', expected: { state: 'error' }, options: () => ({ baseUrl: fault({ drop: true }) }) },
    { name: '404', expected: { state: 'settled' }, options: () => ({ baseUrl: fault({ status: 404 }) }) },
    { name: 'stale', expected: { state: 'ready', stale: true }, then: fault({ status: 503 }) },
  ];
  const settledSlot = (config: Record<string, unknown>, more: Partial<Slot> = {}): Slot => ({
    label: JSON.stringify(config),
    config,
    expected: { state: 'settled' },
    ...more,
  });
  // Text long enough to be clamped, with its "Show more" toggle.
  const longBio = { type: 'profile', address: rich, baseUrl: fault({ patch: { bio: 'A long bio. '.repeat(30) } }) };
  return [
    ...VARIANTS.flatMap((variant) =>
      states.map(({ name, expected, options, then }) => ({
        label: `${JSON.stringify(variant)}, ${name}`,
        config: { address: rich, ...variant, ...options?.(variant) },
        expected,
        then,
      })),
    ),
    ...WIDGETS.map((config) => settledSlot(config)),
    ...[
      { type: 'reputation', address: rich, maxCategories: 3 },
      { type: 'badge', address: rich, maxBadges: 2 },
      { type: 'reputation', address: ADDRESSES.hostile },
      { type: 'badge', address: ADDRESSES.hostile, showProgress: true },
      { type: 'profile', address: ADDRESSES.hostile },
      { type: 'profile', address: ADDRESSES.noBadges },
    ].map((config) => settledSlot(config)),
    settledSlot(longBio),
    settledSlot(longBio, { open: true }),
    ...[
      { type: 'reputation', address: rich },
      { type: 'badge', address: rich, 'badge-key': 'ReferendumVoter' },
      { type: 'category', address: rich, 'category-key': 'governance', compact: '' },
      { type: 'profile', address: rich },
    ].map((config) => settledSlot(config, { element: true })),
  ];
};

/**
 * A host page done as a host page should be (a language, a title, a main landmark, headings),
 * so the page-level rules judge the page, and the widgets in it. Each widget is numbered by a
 * heading of its own, which a failure's target names (`#w12`).
 */
const matrixPage = (theme: string, list: Slot[], script = 'repkit.umd.js', lang = 'en'): string => `<!doctype html>
<html lang="${lang}"${lang == 'ar' ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>repkit accessibility, ${theme} theme</title>
${theme == 'dark' ? '<style>body { background: #0b0c0f; color: #eceef3; }</style>' : ''}</head>
<body><main><h1>repkit widgets, ${theme} theme</h1>
${list
  .map(
    (s, i) =>
      `<section aria-labelledby="h${i}"><h2 id="h${i}">Widget ${i}</h2>${
        s.element
          ? `<repkit-widget id="w${i}" ${Object.entries({ ...s.config, 'api-key': API_KEY, 'base-url': browser.url, theme })
              .map(([name, value]) => `${name}="${String(value)}"`)
              .join(' ')}></repkit-widget>`
          : `<div id="w${i}"></div>`
      }</section>`,
  )
  .join('\n')}
</main>
<script src="/dist/${script}"></script>
${lang == 'en' ? '' : `<script src="/dist/locales/${lang}.js"></script>`}
<script>
window.widgets = [
${list
  .filter((s) => !s.element)
  .map(
    (s, i) =>
      `RepKit.createWidget(${JSON.stringify({ apiKey: API_KEY, baseUrl: browser.url, cache: 'none', retries: 0, theme, ...s.config })}).mount('#w${i}'),`,
  )
  .join('\n')}
];
</script>
</body></html>`;

/** Waits until each widget's host is as `expected` says; on a timeout, says which were not. */
const reach = async (page: Page, expected: Expected[]): Promise<void> => {
  const seen = () =>
    page.evaluate(() =>
      [
        ...Array.from(document.querySelectorAll<HTMLElement>('.repkit')),
        ...Array.from(document.querySelectorAll('repkit-widget'), (el) => el.shadowRoot?.querySelector<HTMLElement>('.repkit')),
      ].map((h) => h && { state: h.dataset.state, stale: h.hasAttribute('data-stale'), slow: h.hasAttribute('data-slow') }),
    );
  await page
    .waitForFunction(
      (want) => {
        // The widgets' hosts, then those inside each <repkit-widget>'s shadow root.
        const hosts = [
          ...Array.from(document.querySelectorAll<HTMLElement>('.repkit')),
          ...Array.from(document.querySelectorAll('repkit-widget'), (el) => el.shadowRoot?.querySelector<HTMLElement>('.repkit')),
        ];
        return (
          hosts.length == want.length &&
          hosts.every(
            (h, i) =>
              !!h &&
              (want[i]!.state == 'settled' ? h.dataset.state != 'loading' : h.dataset.state == want[i]!.state) &&
              (!want[i]!.stale || h.hasAttribute('data-stale')) &&
              (!want[i]!.slow || h.hasAttribute('data-slow')),
          )
        );
      },
      expected,
      { timeout: 20000 },
    )
    .catch(async (error: unknown) => {
      const now = await seen();
      const off = expected.flatMap((want, i) =>
        JSON.stringify(now[i]) == JSON.stringify(want) ? [] : [`#w${i}: want ${JSON.stringify(want)}, saw ${JSON.stringify(now[i])}`],
      );
      throw new Error(`${String(error)}\n${off.join('\n')}`);
    });
};

/**
 * Loads `list` with `script` in the `theme`, brings each widget to its state, scrolls through
 * the page once and runs axe (and the page must log no error).
 */
const checkMatrix = async (theme: string, list: Slot[], script = 'repkit.umd.js', lang = 'en'): Promise<void> => {
  const { page, log } = await browser.page();
  const url = `${browser.url}/t/a11y-${theme}-${script}-${lang}.html`;
  await servePage(page, url, matrixPage(theme, list, script, lang));
  await page.route(`${HANGING}/**`, () => undefined);
  await page.goto(url);
  // The data first; then the widgets meant to keep theirs move to a failing service.
  await reach(
    page,
    list.map((s) => (s.then ? { state: 'ready' } : s.expected)),
  );
  await page.evaluate(
    (moves) => {
      const { widgets } = window as unknown as { widgets: { update(options: object): void }[] };
      for (const [i, baseUrl] of moves) widgets[i]!.update({ baseUrl });
    },
    list.flatMap((s, i) => (s.then ? [[i, s.then] as const] : [])),
  );
  await reach(
    page,
    list.map((s) => s.expected),
  );
  const opened = await page.evaluate(
    (open) =>
      open.map((i) => {
        const toggle = document.querySelector(`#w${i} > .repkit`)!.shadowRoot!.querySelector<HTMLElement>('.rk-more-toggle')!;
        toggle.click();
        return toggle.getAttribute('aria-expanded');
      }),
    list.flatMap((s, i) => (s.open ? [i] : [])),
  );
  expect(opened.filter((expanded) => expanded != 'true')).toEqual([]);
  // In another language, the widgets do speak it (their view carries its lang and its words),
  // those inside a <repkit-widget>'s own shadow root too.
  if (lang != 'en') {
    const views = await page.evaluate(() =>
      [
        ...Array.from(document.querySelectorAll('div[id^="w"] > .repkit')),
        ...Array.from(document.querySelectorAll('repkit-widget'), (el) => el.shadowRoot!.querySelector('.repkit')!),
      ].map((h) => [h.shadowRoot!.querySelector('.rk')!.getAttribute('lang'), h.shadowRoot!.textContent ?? ''] as const),
    );
    expect(views.length).toBe(list.length);
    for (const [viewLang, text] of views) {
      expect(viewLang).toBe(lang);
      expect(text).toMatch(/[\u0600-\u06ff]/);
    }
  }
  // Scrolled through once, as a reader would: a card off screen is not laid out (content-visibility)
  // until it has been in view, and axe would measure its contents against the card's guessed size.
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, 0);
  });
  expect(await axe(page), list.map((s, i) => `#w${i}: ${s.label}`).join('\n')).toEqual([]);
  expect(log.errors).toEqual([]);
  await page.context().close();
};

describe('axe-core, every impact', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`finds no violation in any kind, variant or state (loading, ready, no data, 503, 400, 429, dropped, 404, stale), ${theme} theme`, () =>
      checkMatrix(theme, slots(theme)));
    // The same in Arabic, on a right-to-left page whose language the widgets take ('auto').
    it(`finds no violation in Arabic, right to left, in any kind, variant or state, ${theme} theme`, () =>
      checkMatrix(theme, slots(theme), 'repkit.umd.js', 'ar'));
  }

  // Each per-kind script carries only its kind's styles: the same matrix, that kind's widgets, once
  // loaded (loading is the same skeleton code in every script).
  for (const kind of KIND_NAMES) {
    for (const theme of ['light', 'dark'] as const) {
      it(`finds no violation with repkit.${kind}.umd.js alone, ${theme} theme`, () =>
        checkMatrix(
          theme,
          slots(theme).filter((s) => !s.element && s.config.type == kind && s.expected.state != 'loading'),
          `repkit.${kind}.umd.js`,
        ));
    }
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
