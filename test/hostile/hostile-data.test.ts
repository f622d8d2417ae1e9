/**
 * Hostile data, in happy-dom: every string of ./corpus.ts, put into every string
 * field of every record by ./records.ts, through one render per widget kind with every field
 * shown (the escaping itself is proven string by string in ./helpers.test.ts); the
 * option combinations that hide or reshape fields run the corpus's sample. For each: the
 * widget is ready, the view holds
 * only the elements and attributes the templates write (./inspect.ts), no event handler,
 * every href / src is an absolute http(s) URL (or mailto: an email address), the only image
 * is the payload's URL when that is absolute http(s), and every displayed field shows the
 * hostile text literally (or what the widget documents in its place: the trimmed text, a
 * fallback title for blank text).
 *
 * Delivery: the records are served by a stubbed global `fetch` (see ./records.ts for why not
 * the sandbox's `patch` fault). Each corpus string has its own base URL,
 * `https://hostile.test/{profile variant}/{index}`, so one widget per combination is reused:
 * `update({ baseUrl })` reloads it with the next string (the client cache is per base URL,
 * so no answer leaks from one string to the next).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { displayNameOf, shortAddress, socialsOf, type AnyWidget, type UserProfile, type WidgetConfig } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { cleanupWidgets, mountWidget, nextOutcome } from '../helpers/widgets';
import { CORPUS, htmlParsing, SAMPLE } from './corpus';
import { inspectView, rulesFor, type Kind } from './inspect';
import { answer, hostileRecords, wireRecords, type ProfileVariant } from './records';
import { ITEM_TEXT_LIMIT, TEXT_LIMIT } from '../../src/widgets/views/common';
import { KIND_NAMES } from '../helpers/kinds';

const server = useSandbox();

/** What the engine's HTML parser makes of text and attribute values (CR, NUL). */
const { text: parsedText, attribute: parsedAttribute } = htmlParsing(document);

const ORIGIN = 'https://hostile.test';
const ADDRESS = ADDRESSES.rich;
const WARM_UP = 'warm-up';

/** Base URL serving corpus string `index` (or the warm-up records). */
const baseFor = (index: number | 'warm', variant: ProfileVariant = 'links') => `${ORIGIN}/${variant}/${index}`;
const stringAt = (index: string) => (index == 'warm' ? WARM_UP : CORPUS[Number(index)]!.value);

/** Every URL the widgets fetched. */
const fetched: string[] = [];

const realFetch = globalThis.fetch;

const stubFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = typeof input == 'string' ? input : input instanceof URL ? input.href : input.url;
  // The sandbox (the cross-check at the end of this file) is reached for real.
  if (url.startsWith(server.url)) return realFetch(input, init);
  fetched.push(url);
  const match = /^https:\/\/hostile\.test\/(links|identities)\/(\d+|warm)\/api\/v2\/(.+)$/.exec(url);
  if (!match) throw new TypeError(`the hostile suite requested an unexpected URL: ${url}`);
  const { status, body } = answer(stringAt(match[2]!), match[3]!, match[1] as ProfileVariant);
  return new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};

beforeAll(() => {
  vi.stubGlobal('fetch', stubFetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
  cleanupWidgets();
});

// ---------------------------------------------------------------------------------------
// Expectations
// ---------------------------------------------------------------------------------------

/**
 * README: text past 2,000 characters is cut (300 inside list items and names), with an
 * ellipsis, never inside a surrogate pair.
 */
const RENDERED_TEXT_LIMITS = [ITEM_TEXT_LIMIT, TEXT_LIMIT];
const asRendered = (text: string, limit: number): string => {
  if (text.length <= limit) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[limit - 1]!) ? limit - 1 : limit;
  return text.slice(0, cut) + '…';
};
/** Text inside a list item or a name, as rendered. */
const asItem = (text: string): string => asRendered(text, ITEM_TEXT_LIMIT);

/** Compares long strings with a short message (a 10,000-character diff helps nobody). */
const same = (actual: string | null | undefined, full: string, what: string): void => {
  // Text is cut when rendered; markup, attributes and data-* keys are compared whole.
  if (actual === full) return;
  const cuts = RENDERED_TEXT_LIMITS.map((limit) => asRendered(full, limit));
  if (cuts.includes(actual ?? '')) return;
  const expected = cuts.find((cut) => cut.length == actual?.length) ?? cuts[cuts.length - 1]!;
  const a = actual ?? '(none)';
  let i = 0;
  while (i < a.length && a[i] === expected[i]) i++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 20), i + 40));
  throw new Error(
    `${what}: expected ${expected.length} characters, got ${actual == null ? 'nothing' : a.length}; first difference at ${i}: ${around(a)} vs ${around(expected)}`,
  );
};

const text = (element: Element | null | undefined): string | undefined => element?.textContent ?? undefined;

/** An absolute http(s) URL as the URL parser writes it, or undefined (README: only these reach src). */
const httpHref = (value: string): string | undefined => {
  try {
    const url = new URL(value);
    return url.protocol == 'http:' || url.protocol == 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

const isDate = (value: string) => !Number.isNaN(Date.parse(value));

/** A string the widgets accept as a path segment (badgeKey, categoryKey). */
const isSegment = (value: string): boolean => {
  try {
    encodeURIComponent(value);
    return value.trim() != '' && value != '.' && value != '..';
  } catch {
    return false;
  }
};

/** What a template shows for `value.trim() || fallback`. */
const trimmedOr = (value: string, fallback: string) => parsedText(value.trim() || fallback);

interface Context {
  s: string;
  view: HTMLElement;
  /** The badgeKey / categoryKey in the config. */
  key: string;
}

const all = (view: Element, selector: string) => Array.from(view.querySelectorAll(selector));

const expectImage = ({ s, view }: Context, shown: boolean) => {
  const expected = shown ? httpHref(s) : undefined;
  expect(all(view, 'img').map((img) => img.getAttribute('src'))).toEqual(expected ? [expected] : []);
};

const expectDate = ({ s, view }: Context, shown: boolean) => {
  const times = all(view, 'time');
  expect(times).toHaveLength(shown && isDate(s) ? 1 : 0);
  if (times[0]) same(times[0].getAttribute('datetime'), parsedAttribute(s), 'datetime');
  expect(view.textContent).not.toMatch(/Invalid Date|NaN/);
};

// Reputation -----------------------------------------------------------------------------

const reputation = (options: { compact?: boolean; categories: boolean }) => (ctx: Context) => {
  const { s, view } = ctx;
  same(text(view.querySelector('.rk-score')), '40', 'total score');
  const items = all(view, 'li.rk-category');
  if (!options.categories) {
    expect(items).toHaveLength(0);
    expect(view.querySelector('.rk-empty')).toBeNull();
  } else {
    // The hostile key scores 30 and comes first; longevity (10) second.
    expect(items).toHaveLength(2);
    same(items[0]!.getAttribute('data-category'), parsedAttribute(s), 'data-category of the hostile key');
    same(items[1]!.getAttribute('data-category'), 'longevity', 'data-category of longevity');
    same(text(items[0]!.querySelector('.rk-category-title')), trimmedOr(s, s), 'title under the hostile key');
    same(text(items[1]!.querySelector('.rk-category-title')), trimmedOr(s, 'Account Longevity'), 'title under longevity');
  }
  expect(!!view.querySelector('.rk-meta')).toBe(!options.compact);
  expectDate(ctx, !options.compact);
};

// Badges ---------------------------------------------------------------------------------

const badgeList = (showProgress: boolean) => (ctx: Context) => {
  const { s, view } = ctx;
  const items = all(view, 'li.rk-badge');
  expect(items).toHaveLength(1);
  same(items[0]!.getAttribute('data-badge'), parsedAttribute(s), 'data-badge');
  same(items[0]!.getAttribute('data-tier'), 'gold', 'data-tier');
  same(text(items[0]!.querySelector('.rk-badge-title')), trimmedOr(s, s), 'badge title');
  // The tier says its name, unless the level's title already is it (docs/reference.md, "Badge widget options").
  const title = asItem(trimmedOr(s, 'Gold'));
  same(text(items[0]!.querySelector('.rk-level')), `${title == 'Gold' ? '' : `${title} · `}Gold · Level 3`, 'level text');
  same(text(view.querySelector('.rk-count')), '1 earned', 'count');
  expectImage(ctx, true);
  expectDate(ctx, showProgress);
};

const oneBadge = (showProgress: boolean) => (ctx: Context) => {
  const { s, view, key } = ctx;
  const card = view.querySelector('.rk-one')!;
  same(card.getAttribute('data-badge'), parsedAttribute(key), 'data-badge (the config badgeKey)');
  same(text(card.querySelector('.rk-badge-title')), trimmedOr(s, key), 'badge title');
  const title = asItem(trimmedOr(s, 'Gold'));
  same(text(card.querySelector('.rk-level')), `${title == 'Gold' ? '' : `${title} · `}Gold · Level 3`, 'level text');
  const description = card.querySelector('.rk-description');
  if (s) same(text(description), parsedText(s), 'short description');
  else expect(description).toBeNull();
  const steps = all(card, 'li.rk-step');
  expect(steps).toHaveLength(5);
  steps.forEach((step, i) => {
    same(text(step.querySelector('.rk-step-title')), asItem(parsedText(s)) + (i < 3 ? ' (reached)' : ''), `level ${i + 1} title`);
    same(text(step.querySelector('.rk-step-value')), `${(i + 1) * 10} ${asItem(parsedText(s))}`, `level ${i + 1} value and metric`);
  });
  expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
  expectImage(ctx, true);
  expectDate(ctx, showProgress);
};

// Profile --------------------------------------------------------------------------------

const profileView = (variant: ProfileVariant, on: boolean) => (ctx: Context) => {
  const { s, view } = ctx;
  const records = hostileRecords(s);
  const profile: UserProfile = variant == 'links' ? records.profile : records.profileFromIdentities;
  same(text(view.querySelector('.rk-name')), parsedText(displayNameOf(profile)), 'display name');
  same(view.querySelector('.rk-address')!.getAttribute('title'), ADDRESS, 'address title (from the config)');
  expect(all(view, '[part="avatar"]')).toHaveLength(on ? 1 : 0);
  expectImage(ctx, on);
  const bio = view.querySelector('.rk-bio');
  if (on && s.trim()) same(text(bio), parsedText(s), 'bio');
  else expect(bio).toBeNull();
  expect(all(view, '.rk-nfts')).toHaveLength(on ? 1 : 0);

  const socials = on ? socialsOf(profile) : [];
  const shownSocials = all(view, 'li.rk-social');
  expect(shownSocials).toHaveLength(socials.length);
  const labels: Record<string, string> = {
    web: 'Website',
    email: 'Email',
    twitter: 'X',
    github: 'GitHub',
    matrix: 'Matrix',
    discord: 'Discord',
    riot: 'Element',
  };
  socials.forEach((social, i) => {
    const li = shownSocials[i]!;
    same(li.getAttribute('data-platform'), parsedAttribute(social.platform), `platform ${i}`);
    same(
      text(li.querySelector('.rk-platform')),
      parsedText(Object.hasOwn(labels, social.platform) ? labels[social.platform]! : social.platform),
      `platform label ${i}`,
    );
    const handle = li.children[1]!;
    same(text(handle), parsedText(social.handle), `handle ${i}`);
    expect(handle.tagName).toBe(social.url ? 'A' : 'SPAN');
    if (social.url) same(handle.getAttribute('href'), social.url, `link ${i}`);
  });

  const identities = on ? profile.chainIdentities! : [];
  const shownIdentities = all(view, 'li.rk-identity');
  expect(shownIdentities).toHaveLength(identities.length);
  identities.forEach((identity, i) => {
    const li = shownIdentities[i]!;
    same(text(li.querySelector('.rk-identity-name')), trimmedOr(identity.display!, shortAddress(identity.address)), `identity ${i} name`);
    const facts = (
      [
        ['Legal name', identity.legal],
        ['Web', identity.web],
        ['Role', identity.role],
        ['Judgements', identity.judgements!.map((j) => `${j.judgement} (registrar ${j.index})`).join(', ')],
      ] as [string, string | undefined][]
    ).filter(([, value]) => value);
    const shownFacts = all(li, '.rk-fact');
    expect(shownFacts).toHaveLength(facts.length);
    facts.forEach(([label, value], j) =>
      same(text(shownFacts[j]), `${label} ${asItem(parsedText(value!))}`, `identity ${i} fact ${label}`),
    );
  });
  // The second identity has a KnownGood judgement: one mark for it, one for the profile.
  expect(all(view, '[part="verified"]')).toHaveLength(on ? 2 : 1);
};

// Category -------------------------------------------------------------------------------

const categoryView = (shown: { full: boolean; breakdown?: boolean; advice?: boolean }) => (ctx: Context) => {
  const { s, view } = ctx;
  same(text(view.querySelector('[part="title"]')), trimmedOr(s, s), 'category name');
  same(text(view.querySelector('.rk-score')), '30', 'score');
  const description = view.querySelector('.rk-description');
  if (shown.full && s.trim()) same(text(description), parsedText(s), 'description');
  else expect(description).toBeNull();
  const reasons = all(view, 'li.rk-reason-item');
  expect(reasons).toHaveLength(shown.full && shown.breakdown ? 2 : 0);
  reasons.forEach((reason, i) => {
    same(text(reason.querySelector('.rk-reason-title')), parsedText(s), `reason ${i} title`);
    same(text(reason.querySelector('.rk-points')), i == 0 ? '50 pts' : '10 pts', `reason ${i} points`);
    const description = reason.querySelector('.rk-reason-text');
    if (s.trim()) same(text(description), parsedText(s), `reason ${i} description`);
    else expect(description).toBeNull();
    const thresholds = all(reason, '.rk-thresholds > li');
    expect(thresholds).toHaveLength(2);
    thresholds.forEach((li, j) => same(text(li), `${asItem(parsedText(s))} ${asItem(parsedText(s))}`, `reason ${i} threshold ${j}`));
  });
  expect(reasons.map((r) => r.getAttribute('aria-current'))).toEqual(reasons.length ? ['true', null] : []);
  const achieved = view.querySelector('p.rk-reason');
  if (shown.full && !shown.breakdown) same(text(achieved), parsedText(s), 'achieved reason title');
  else expect(achieved).toBeNull();
  const advice = all(view, '.rk-advice li');
  expect(advice).toHaveLength(shown.full && shown.advice && s.trim() ? 1 : 0);
  if (advice[0]) same(text(advice[0]), parsedText(s), 'advice');
  expect(all(view, '.rk-address')).toHaveLength(shown.full ? 1 : 0);
};

// ---------------------------------------------------------------------------------------
// Combinations
// ---------------------------------------------------------------------------------------

/** A widget config without apiKey and address (distributed over the kinds). */
type ConfigOf<C> = C extends unknown ? Omit<C, 'apiKey' | 'address'> : never;

interface Combo {
  name: string;
  kind: Kind;
  config: ConfigOf<WidgetConfig>;
  variant?: ProfileVariant;
  /** Which config key carries the hostile string too (when it is a usable path segment). */
  hostileKey?: { option: 'badgeKey' | 'categoryKey'; fallback: string };
  check: (ctx: Context) => void;
  /** The kind's render with the most fields shown (one per kind): it runs the whole corpus, the others the sample. */
  full?: boolean;
}

const COMBOS: Combo[] = [
  { name: 'reputation, default', kind: 'reputation', config: { type: 'reputation' }, check: reputation({ categories: true }), full: true },
  {
    name: 'reputation, compact',
    kind: 'reputation',
    config: { type: 'reputation', compact: true },
    check: reputation({ compact: true, categories: true }),
  },
  {
    name: 'reputation, showCategories false',
    kind: 'reputation',
    config: { type: 'reputation', showCategories: false },
    check: reputation({ categories: false }),
  },
  { name: 'badge list, showProgress false', kind: 'badge', config: { type: 'badges' }, check: badgeList(false) },
  { name: 'badge list, showProgress true', kind: 'badge', config: { type: 'badges', showProgress: true }, check: badgeList(true) },
  {
    name: 'one badge (badgeKey)',
    kind: 'badge',
    config: { type: 'badge', badgeKey: 'early_adopter' },
    hostileKey: { option: 'badgeKey', fallback: 'early_adopter' },
    check: oneBadge(false),
  },
  {
    name: 'one badge (badgeKey), showProgress true',
    kind: 'badge',
    config: { type: 'badge', badgeKey: 'early_adopter', showProgress: true },
    hostileKey: { option: 'badgeKey', fallback: 'early_adopter' },
    check: oneBadge(true),
    full: true,
  },
  {
    name: 'profile, all on, socials from socialLinks',
    kind: 'profile',
    config: { type: 'profile' },
    check: profileView('links', true),
    full: true,
  },
  {
    name: 'profile, all on, socials from identities',
    kind: 'profile',
    config: { type: 'profile' },
    variant: 'identities',
    check: profileView('identities', true),
  },
  {
    name: 'profile, all off',
    kind: 'profile',
    config: { type: 'profile', showAvatar: false, showBio: false, showSocials: false, showIdentities: false, showNftCount: false },
    check: profileView('links', false),
  },
  ...(
    [
      ['default', {}, { full: true, breakdown: true, advice: true }],
      ['showScoreOnly', { showScoreOnly: true }, { full: false }],
      ['compact', { compact: true }, { full: false }],
      ['showBreakdown false', { showBreakdown: false }, { full: true, breakdown: false, advice: true }],
      ['showAdvice false', { showAdvice: false }, { full: true, breakdown: true, advice: false }],
    ] as const
  ).map(
    ([name, options, shown]): Combo => ({
      name: `category, ${name}`,
      kind: 'category',
      config: { type: 'category', categoryKey: 'governance', ...options },
      hostileKey: { option: 'categoryKey', fallback: 'governance' },
      check: categoryView(shown),
      full: name == 'default',
    }),
  ),
];

const CASES = CORPUS.map((entry, index) => ({ ...entry, index }));

describe('the combinations', () => {
  it('give every kind one render with the most fields shown, which runs the whole corpus', () => {
    const kinds = KIND_NAMES;
    for (const kind of kinds)
      expect(
        COMBOS.filter((c) => c.kind == kind && c.full),
        kind,
      ).toHaveLength(1);
  });
});

describe.each(COMBOS)('$name', (combo) => {
  let widget: AnyWidget;
  let container: HTMLElement;
  let host: HTMLElement;
  let view: HTMLElement;
  let root: ShadowRoot;
  const rules = rulesFor(combo.kind);
  const calls = { load: 0, error: 0 };

  beforeAll(async () => {
    const mounted = mountWidget({
      apiKey: API_KEY,
      address: ADDRESS,
      baseUrl: baseFor('warm', combo.variant),
      retries: 0,
      // Combinations share base URLs: each load must reach the stub, not another's cached answer.
      cacheTtlMs: 0,
      locale: 'en-US',
      onLoad: () => calls.load++,
      onError: () => calls.error++,
      ...combo.config,
    } as WidgetConfig);
    ({ widget, container, host, root } = mounted);
    expect(await mounted.loaded).toBe('ready');
    view = root.querySelector<HTMLElement>('[part="widget"]')!;
  });

  it.each(combo.full ? CASES : SAMPLE)('$label', async ({ value: s, index }) => {
    const key = combo.hostileKey ? (isSegment(s) ? s : combo.hostileKey.fallback) : '';
    const outcome = nextOutcome(container);
    const before = { ...calls };
    fetched.length = 0;
    widget.update({ baseUrl: baseFor(index, combo.variant), ...(combo.hostileKey && { [combo.hostileKey.option]: key }) });
    expect(await outcome).toBe('ready');
    expect(calls).toEqual({ load: before.load + 1, error: before.error });
    expect(host.dataset.state).toBe('ready');
    expect(view.getAttribute('aria-busy')).toBe('false');

    // A badgeKey / categoryKey from the config is one percent-encoded path segment.
    if (combo.hostileKey) {
      const area = combo.kind == 'badge' ? 'badges' : 'scores';
      expect(fetched).toContain(`${baseFor(index, combo.variant)}/api/v2/${area}/${ADDRESS}/${encodeURIComponent(key)}`);
    }
    // Only the view is in the shadow root (styles are adopted sheets), and the host keeps the
    // attributes the widget gives it.
    expect(Array.from(root.children)).toEqual([view]);
    expect(host.getAttributeNames().sort()).toEqual(['class', 'data-state', 'data-theme', 'data-type']);

    expect(inspectView(view, rules)).toEqual([]);
    // The `address` of a record is hostile too, but the address row shows the config's.
    for (const row of all(view, '.rk-address')) {
      same(row.getAttribute('title'), ADDRESS, 'address title');
      same(row.textContent, shortAddress(ADDRESS), 'short address');
    }
    combo.check({ s, view, key });
  });
});

/**
 * The stub is faithful: for every corpus string short enough to travel in a fault spec (see
 * ./records.ts), the same records delivered by the real sandbox through its `patch` fault (which
 * replaces every field of the fixture's `data`) render exactly the same markup. Shown on the
 * corpus's sample: the stub is one function for every string. The badge list
 * is left out: its definitions cannot be patched (both endpoints' data use the key `badges`).
 */
describe('the fetch stub renders what the sandbox would (patch fault, over HTTP)', () => {
  afterAll(cleanupWidgets);

  const SHORT = SAMPLE.filter(({ value }) => encodeURIComponent(JSON.stringify(wireRecords(value).profile)).length < 6000);
  const KINDS = [
    { kind: 'reputation', config: { type: 'reputation' }, patch: (s: string) => wireRecords(s).scores },
    { kind: 'one badge', config: { type: 'badge', badgeKey: 'ReferendumVoter' }, patch: (s: string) => wireRecords(s).badge },
    { kind: 'profile', config: { type: 'profile' }, patch: (s: string) => wireRecords(s).profile },
    { kind: 'category', config: { type: 'category', categoryKey: 'governance' }, patch: (s: string) => wireRecords(s).categoryScore },
  ] as const;

  it('covers most of the sample', () => {
    expect(SHORT.length).toBeGreaterThan(SAMPLE.length * 0.8);
  });

  describe.each(KINDS)('$kind', ({ config, patch }) => {
    it.each(SHORT)('$label', async ({ value, index }) => {
      const options = { apiKey: API_KEY, address: ADDRESS, retries: 0, locale: 'en-US', ...config } as WidgetConfig;
      const viaSandbox = mountWidget({ ...options, baseUrl: server.fault({ patch: patch(value) as unknown as Record<string, unknown> }) });
      const viaStub = mountWidget({ ...options, baseUrl: baseFor(index) });
      expect(await Promise.all([viaSandbox.loaded, viaStub.loaded])).toEqual(['ready', 'ready']);
      same(viaSandbox.root.innerHTML, viaStub.root.innerHTML, 'the two renders');
    });
  });
});
