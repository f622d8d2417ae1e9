/**
 * The reputation widget: total score, categories up to
 * maxCategories highest first, showCategories, compact, empty state, shortened address, bar
 * widths through CSSOM only, and escaping of hostile data.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../service/fixtures.mjs';
import { ADDRESSES, useSandbox, widgetConfig } from '../helpers/sandbox';
import { allElements, cleanupWidgets, mountReady, makeContainer, mountWidget, textOf, viewOf } from '../helpers/widgets';
import { ITEM_TEXT_LIMIT } from '../../src/widgets/views/common';

const server = useSandbox();
afterEach(cleanupWidgets);

const reputation = (extra: Record<string, unknown> = {}) => widgetConfig(server, 'reputation' as const, extra);

const ready = (extra: Record<string, unknown> = {}) => mountReady(reputation(extra));

const titles = (view: HTMLElement) => [...view.querySelectorAll('.rk-category-title')].map(textOf);
const scores = (view: HTMLElement) => [...view.querySelectorAll('.rk-category-score')].map(textOf);

// The rich account: the 12 categories, total 89, shown by their score titles (some differ from
// the definitions' names), highest first; equal scores in the service's category order.
const RICH_ORDER = [
  'Governance',
  'Account Age',
  'Transaction Count',
  'Transaction Volume',
  'Staking Rewards',
  'Extrinsic Depth',
  'Modules Used',
  'Nominations',
  'NFT Holdings',
  'Token Diversity',
  'NFT Activity',
  'Staking Slash Penalties',
];
const RICH_SCORES = ['20', '10', '10', '10', '10', '10', '5', '5', '5', '3', '1', '0'];
const RICH_TOTAL = 89;

describe('total score', () => {
  it('is shown, labelled, in the score part', async () => {
    const { view } = await ready();
    const total = view.querySelector('[part="score"]');
    expect(textOf(total)).toBe('89');
    expect(textOf(view.querySelector('[part="total"]'))).toBe('Reputation score89');
  });

  it('is grouped by the locale: de-DE "1.234", en-US "1,234"', async () => {
    const baseUrl = server.fault({ patch: { totalScore: 1234 } });
    const de = await ready({ baseUrl, locale: 'de-DE' });
    expect(textOf(de.view.querySelector('.rk-score'))).toBe('1.234');
    const en = await ready({ baseUrl, locale: 'en-US' });
    expect(textOf(en.view.querySelector('.rk-score'))).toBe('1,234');
  });

  it('shows the date it was calculated in a <time datetime>', async () => {
    const { view } = await ready();
    const time = view.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2025-06-01T08:30:00.000Z');
    expect(textOf(time)).toBe('Jun 1, 2025');
  });
});

describe('categories: exactly min(available, maxCategories), highest score first', () => {
  it.each([
    [undefined, 6],
    [7, 7],
    [12, 12],
    [20, 12],
    [2, 2],
    [1, 1],
  ])('maxCategories %s → %s shown', async (maxCategories, count) => {
    const { view } = await ready(maxCategories === undefined ? {} : { maxCategories });
    expect(view.querySelectorAll('.rk-category')).toHaveLength(count);
    expect(titles(view)).toEqual(RICH_ORDER.slice(0, count));
    expect(scores(view)).toEqual(RICH_SCORES.slice(0, count));
  });

  it('maxCategories 0 shows no category and no "empty" sentence', async () => {
    const { view } = await ready({ maxCategories: 0 });
    expect(view.querySelectorAll('.rk-category')).toHaveLength(0);
    expect(view.querySelector('.rk-empty')).toBeNull();
    expect(textOf(view.querySelector('.rk-score'))).toBe('89');
  });

  it('the list is labelled for assistive technology', async () => {
    const { view } = await ready();
    expect(view.querySelector('ul.rk-categories')!.getAttribute('aria-label')).toMatch(/categor/i);
  });

  it("equal scores keep the service's category order", async () => {
    const tie = { score: 10, reason: 'r', title: '' };
    const baseUrl = server.fault({
      patch: { totalScore: 30, categories: { stakingRewards: tie, longevity: tie, governance: tie } },
    });
    const { view } = await ready({ baseUrl });
    expect(titles(view)).toEqual(['Account Longevity', 'Governance Participation', 'Staking Rewards']);
  });
});

describe('category titles', () => {
  it('a key without a definition ("bridging", say a category added later) is shown by its title', async () => {
    const categories = { ...FIXTURES[ADDRESSES.rich].scores.categories, bridging: { score: 15, reason: 'Bridged', title: 'Bridging' } };
    const { view } = await ready({ maxCategories: 13, baseUrl: server.fault({ patch: { totalScore: RICH_TOTAL + 15, categories } }) });
    const bridging = view.querySelector('[data-category="bridging"]');
    expect(textOf(bridging?.querySelector('.rk-category-title'))).toBe('Bridging');
    expect(textOf(bridging?.querySelector('.rk-category-score'))).toBe('15');
  });

  it("a blank title falls back to the category's name, then to the key", async () => {
    const baseUrl = server.fault({
      patch: {
        totalScore: 30,
        categories: { governance: { score: 20, reason: 'r', title: '  ' }, mystery_key: { score: 10, reason: 'r', title: '' } },
      },
    });
    const { view } = await ready({ baseUrl });
    expect(titles(view)).toEqual(['Governance Participation', 'mystery_key']);
  });

  // The reputation view looks titles up with `CATEGORY_TITLES[key]`, which reads inherited
  // properties of a plain object, so a key such as "constructor" shows Object's source text.
  it('a blank title under the key "constructor" falls back to the key, not to Object.prototype', async () => {
    const baseUrl = server.fault({
      patch: { totalScore: 10, categories: { constructor: { score: 10, reason: 'r', title: '' } } },
    });
    const { view } = await ready({ baseUrl });
    expect(titles(view)).toEqual(['constructor']);
  });
});

describe('showCategories: false shows only the total score', () => {
  it('no category list, no category text', async () => {
    const { view } = await ready({ showCategories: false });
    expect(view.querySelector('.rk-categories')).toBeNull();
    expect(view.querySelectorAll('.rk-category, .rk-bar')).toHaveLength(0);
    expect(textOf(view.querySelector('.rk-score'))).toBe('89');
    for (const title of RICH_ORDER) expect(textOf(view)).not.toContain(title);
  });

  it('and no "no categories" sentence for an account without categories', async () => {
    const { view } = await ready({ showCategories: false, address: ADDRESSES.fresh });
    expect(view.querySelector('.rk-empty')).toBeNull();
    expect(textOf(view.querySelector('.rk-score'))).toBe('0');
  });
});

describe('compact: a one-line form', () => {
  it('carries the compact class, keeps the total, and drops the meta line', async () => {
    const normal = await ready();
    expect(normal.view.querySelector('.rk-compact')).toBeNull();
    expect(normal.view.querySelector('.rk-meta')).not.toBeNull();
    const { view } = await ready({ compact: true, maxCategories: 3 });
    expect(view.querySelector('.rk-card.rk-compact')).not.toBeNull();
    expect(textOf(view.querySelector('.rk-score'))).toBe('89');
    expect(view.querySelector('.rk-meta')).toBeNull();
    expect(view.querySelectorAll('.rk-category')).toHaveLength(3);
  });

  it('its loading skeleton is one line too', async () => {
    const { host, root, loaded } = mountWidget(reputation({ compact: true, baseUrl: server.fault({ latency: 150 }) }));
    const view = viewOf(root);
    expect(host.dataset.state).toBe('loading');
    expect(view.querySelector('.rk-compact')).not.toBeNull();
    expect(view.querySelectorAll('.rk-skel')).toHaveLength(1);
    await loaded;
  });
});

describe('an account with no categories', () => {
  it('is ready, shows score 0 and a sentence saying there are no category scores', async () => {
    const { view } = await ready({ address: ADDRESSES.fresh });
    expect(textOf(view.querySelector('.rk-score'))).toBe('0');
    expect(view.querySelectorAll('.rk-category')).toHaveLength(0);
    expect(textOf(view.querySelector('.rk-empty'))).toMatch(/no category scores/i);
  });
});

describe('the address', () => {
  it('is shortened to first 6 + … + last 4, with the full address in a title', async () => {
    const { view } = await ready();
    const a = ADDRESSES.rich;
    const el = view.querySelector('.rk-address')!;
    expect(textOf(el)).toBe(`${a.slice(0, 6)}…${a.slice(-4)}`);
    expect(el.getAttribute('title')).toBe(a);
    expect(textOf(view)).not.toContain(a);
  });
});

describe('bar widths go through CSSOM, never through a style attribute in markup', () => {
  /**
   * Records every markup string assigned with innerHTML in the document: to `el`, or to the
   * template a markup rendered twice is parsed into (src/render/html.ts). Returns the strings
   * and the function that stops recording.
   */
  const recordMarkup = (el: Element): { seen: string[]; stop: () => void } => {
    const seen: string[] = [];
    let proto: object | null = el;
    let descriptor: PropertyDescriptor | undefined;
    while (proto && !(descriptor = Object.getOwnPropertyDescriptor(proto, 'innerHTML'))) proto = Object.getPrototypeOf(proto);
    const owner = proto!;
    Object.defineProperty(owner, 'innerHTML', {
      ...descriptor,
      get() {
        return descriptor!.get!.call(this);
      },
      set(value: string) {
        seen.push(value);
        descriptor!.set!.call(this, value);
      },
    });
    return { seen, stop: () => Object.defineProperty(owner, 'innerHTML', descriptor!) };
  };

  it('each bar gets --rk-share = score / total', async () => {
    const { view } = await ready({ maxCategories: 12 });
    const shares = [...view.querySelectorAll<HTMLElement>('.rk-fill')].map((bar) => Number(bar.style.getPropertyValue('--rk-share')));
    // Rounded to thousandths by the widget.
    expect(shares).toEqual(RICH_SCORES.map((s) => expect.closeTo(Number(s) / RICH_TOTAL, 3)));
  });

  it('the only style attributes are the --rk-share custom properties set after rendering', async () => {
    const container = makeContainer();
    // A total no other test renders: markup seen before is copied from its template, not assigned again.
    const baseUrl = server.fault({ latency: 50, patch: { totalScore: 4321 } });
    const { root, loaded, widget } = mountWidget(reputation({ cacheTtlMs: 0, baseUrl }), container);
    const { seen: markup, stop } = recordMarkup(viewOf(root));
    expect(await loaded).toBe('ready');
    widget.update({ maxCategories: 7 });
    widget.update({ compact: true });
    stop();
    // The ready and compact views of this total are new to the page (the skeleton is shared by
    // every reputation widget, so another file may have drawn it first).
    expect(markup.length).toBeGreaterThanOrEqual(2);
    for (const m of markup) expect(m).not.toMatch(/\sstyle\s*=/i);
    const styled = allElements(root).filter((el) => el.hasAttribute('style'));
    expect(styled.length).toBe(7);
    for (const el of styled) {
      expect(el.getAttribute('style')).toMatch(/^--rk-share:\s*[\d.]+;?$/);
    }
  });

  it('a zero total gives empty bars rather than NaN', async () => {
    const baseUrl = server.fault({ patch: { totalScore: 0, categories: { governance: { score: 0, reason: 'r', title: 'Governance' } } } });
    const { view } = await ready({ baseUrl });
    expect(view.querySelector<HTMLElement>('.rk-fill')!.style.getPropertyValue('--rk-share')).toBe('0');
  });
});

describe('hostile data is shown as text, never as markup', () => {
  const hostile = FIXTURES[ADDRESSES.hostile]!.scores!;

  it('no element or handler comes from the data, and every title is shown literally', async () => {
    const { view, root } = await ready({ address: ADDRESSES.hostile, maxCategories: 8 });
    expect(root.querySelectorAll('img, script, svg, iframe, object, embed, style, link, a, form')).toHaveLength(0);
    for (const el of allElements(root)) {
      for (const attr of el.getAttributeNames()) expect(attr).not.toMatch(/^on/i);
    }
    const shown = [...view.querySelectorAll<HTMLElement>('.rk-category')];
    expect(shown).toHaveLength(8);
    for (const li of shown) {
      const key = li.dataset.category!;
      expect(Object.hasOwn(hostile.categories!, key)).toBe(true);
      const title = hostile.categories![key]!.title.trim();
      // Text past 2,000 characters is cut when rendered.
      expect(li.querySelector('.rk-category-title')!.textContent).toBe(
        title.length > ITEM_TEXT_LIMIT ? title.slice(0, ITEM_TEXT_LIMIT) + '…' : title,
      );
    }
    // The keys __proto__, constructor and hasOwnProperty are data like any other.
    expect(shown.map((li) => li.dataset.category)).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'hasOwnProperty']));
    expect(view.textContent).toContain('<script>alert("long")</script>');
  });

  it('by default exactly six of the eight categories are shown', async () => {
    const { view } = await ready({ address: ADDRESSES.hostile });
    expect(view.querySelectorAll('.rk-category')).toHaveLength(6);
  });
});
