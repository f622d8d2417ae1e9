// @vitest-environment node
/**
 * The SVG badges: the drawing as a pure function (src/proxy/svg.ts), then the two badge routes
 * of the handler against the sandbox, through the same cache as the JSON routes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProxy, type ProxyOptions } from '../../src/proxy';
import { etagOf, matchesEtag, svgOptionsOf } from '../../src/proxy/badge';
import { badgesSvg, neutralSvg, reputationSvg, SVG_LIMITS, textWidth, topCategories, xmlText, type SvgOptions } from '../../src/proxy/svg';
import type { BadgeDefinition, UserBadge, UserScores } from '../../src/client/types';
import { rankCategories } from '../../src/widgets/categories';
import type { Locale } from '../../src/i18n/messages';
import ar from '../../src/locales/ar';
import de from '../../src/locales/de';
import es from '../../src/locales/es';
import fr from '../../src/locales/fr';
import he from '../../src/locales/he';
import ja from '../../src/locales/ja';
import ko from '../../src/locales/ko';
import ptBR from '../../src/locales/pt-BR';
import zhCN from '../../src/locales/zh-CN';
import { MESSAGE_KEYS } from '../helpers/message-keys';
import { TIER_COLORS } from '../../src/widgets/tiers';
import { bounded } from '../../src/widgets/views/common';
import { ADDRESSES, fakeClock, KEY, PROXY, syntheticAddress, useSandbox } from './util';

/** One element of a parsed SVG: its name, attributes, text (entities decoded) and children. */
interface Node {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: Node[];
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes XML references, refusing any `&` that does not start one (it would not parse). */
const decode = (text: string): string => {
  expect(text, 'a bare & or an unknown entity').not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i);
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (_, ref: string) =>
    ref[0] == '#' ? String.fromCodePoint(Number(ref[1] == 'x' ? `0${ref.slice(1)}` : ref.slice(1))) : ENTITY[ref]!,
  );
};

/**
 * A strict reader for the subset of XML the badges use (elements, double-quoted attributes,
 * text, references): it fails on anything else, so an unescaped `<`, `"` or `&` from the data,
 * an unbalanced tag or a character XML forbids fails the test as a real parser would.
 */
const parseSvg = (svg: string): Node => {
  expect(svg, 'a character XML 1.0 forbids').not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
  const root: Node = { name: '#root', attrs: {}, text: '', children: [] };
  const stack = [root];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  while (token.lastIndex < svg.length) {
    const at = token.lastIndex;
    m = token.exec(svg);
    expect(m, `not well-formed at ${at}: ${svg.slice(at, at + 40)}`).not.toBeNull();
    const [, close, name, attrText, selfClose, text] = m!;
    const top = stack[stack.length - 1]!;
    if (text !== undefined) {
      expect(text).not.toContain('>');
      top.text += decode(text);
    } else if (close) {
      expect(top.name, `</${name}> closes <${top.name}>`).toBe(name);
      stack.pop();
    } else {
      const attrs: Record<string, string> = {};
      for (const [, k, v] of attrText!.matchAll(/([\w:-]+)="([^"]*)"/g)) {
        expect(attrs[k!], `attribute ${k} twice`).toBeUndefined();
        attrs[k!] = decode(v!);
      }
      const node: Node = { name: name!, attrs, text: '', children: [] };
      top.children.push(node);
      if (!selfClose) stack.push(node);
    }
  }
  expect(stack.length, 'unclosed elements').toBe(1);
  expect(root.children.length).toBe(1);
  return root.children[0]!;
};

const all = (node: Node, name: string): Node[] => [
  ...(node.name == name ? [node] : []),
  ...node.children.flatMap((child) => all(child, name)),
];

const names = (node: Node): Set<string> => new Set([node.name, ...node.children.flatMap((c) => [...names(c)])]);

const texts = (svg: string): string[] => all(parseSvg(svg), 'text').map((t) => t.text);

const LIGHT: SvgOptions = { theme: 'light', locale: 'en' };
const ADDRESS = ADDRESSES.rich;

const scores = (categories: Record<string, [title: string, score: number]>, total = 89): UserScores => ({
  address: ADDRESS,
  totalScore: total,
  calculatedAt: '2030-01-01T00:00:00Z',
  categories: Object.fromEntries(Object.entries(categories).map(([k, [title, score]]) => [k, { title, score, reason: 'r' }])),
});

const badge = (badgeKey: string, achievedLevel: number): UserBadge => ({
  badgeKey,
  achievedLevel,
  achievedLevelKey: `LEVEL_${achievedLevel}`,
  achievedLevelTitle: '',
});

const definition = (key: string, title: string): BadgeDefinition => ({
  key,
  title,
  shortDescription: '',
  longDescription: '',
  metric: '',
  levels: [],
});

/** Hostile strings, each with what it shows: characters XML forbids become U+FFFD. */
const HOSTILE: [string, string][] = [
  ['</text><script>alert(1)</script>', '</text><script>alert(1)</script>'],
  ['"><foreignObject>', '"><foreignObject>'],
  ["a & b ' ` \r", "a & b ' `"],
  ['nul\u0000bell\u0007 lone\uD800', 'nul\uFFFDbell\uFFFD lone\uFFFD'],
];

describe('drawing (pure)', () => {
  it('draws the total, the top categories in the widget`s order, and an accessible name', () => {
    const svg = reputationSvg(
      scores({ governance: ['Governance', 30], longevity: ['', 30], txCount: ['Tx', 50], modules: ['Modules', 1] }),
      ADDRESS,
      LIGHT,
    );
    const root = parseSvg(svg);
    expect(root.name).toBe('svg');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(root.attrs.role).toBe('img');
    expect(root.attrs['aria-label']).toMatch(/^Reputation score 89 for 1bW2n3…CFa6\b/);
    expect(all(root, 'title')[0]!.text).toBe(root.attrs['aria-label']);
    // Highest first; the tie in the service's order (longevity before governance), its name from the key.
    expect(texts(svg)).toEqual(['reputation', '89', 'Tx 50', 'Account Longevity 30', 'Governance 30']);
    expect(Number.isInteger(Number(root.attrs.width))).toBe(true);
    expect(root.attrs.height).toBe('20');
    expect(all(root, 'text').every((t) => t.attrs['font-family'] === undefined)).toBe(true);
    expect(svg).toContain('font-family="Verdana,DejaVu Sans,sans-serif"');
  });

  it('leaves the categories out when compact, and formats numbers in the locale', () => {
    const data = scores({ governance: ['Governance', 1234.5] }, 12345);
    expect(texts(reputationSvg(data, ADDRESS, { ...LIGHT, compact: true }))).toEqual(['reputation', '12,345']);
    expect(texts(reputationSvg(data, ADDRESS, { theme: 'light', locale: 'de' }))).toEqual([
      de.reputation,
      '12.345',
      `${bounded(de['Governance Participation'], SVG_LIMITS.textChars)} 1.234,5`,
    ]);
  });

  it('ranks categories as the reputation widget does', () => {
    const data = scores({
      zeta: ['', 5],
      stakingSlash: ['Slash', -3],
      identity: ['', 5],
      txVolume: ['', 5],
      longevity: ['Old', 7],
      ['constructor' as string]: ['', 5],
    });
    expect(topCategories(data, 10).map(({ score }, i) => [score, i])).toEqual(rankCategories(data).map(([, c], i) => [c.score, i]));
    expect(topCategories(data, 10).map(({ name }) => name)).toEqual([
      'Old',
      'Transaction Volume',
      'Identity',
      'zeta',
      'constructor',
      'Slash',
    ]);
  });

  it('colours each earned badge with its tier`s colour from TIER_COLORS, titled from definitions, else by key', () => {
    const svg = badgesSvg(
      [badge('ReferendumVoter', 1), badge('RelayChainInitiate', 3), badge('Unknown', 5)],
      new Map([['RelayChainInitiate', definition('RelayChainInitiate', 'Relay Chain Initiate')]]),
      ADDRESS,
      LIGHT,
    );
    const root = parseSvg(svg);
    expect(texts(svg)).toEqual(['badges', '3', 'Unknown', 'Relay Chain Initiate', 'ReferendumVoter']);
    const fills = all(root, 'rect').map((r) => r.attrs.fill);
    expect(fills).toEqual(expect.arrayContaining([TIER_COLORS.diamond, TIER_COLORS.gold, TIER_COLORS.bronze]));
    expect(root.attrs['aria-label']).toBe(
      '3 badges earned by 1bW2n3…CFa6. Top badges: Unknown (Diamond), Relay Chain Initiate (Gold), and ReferendumVoter (Bronze)',
    );
    expect(parseSvg(badgesSvg([badge('k', 1)], new Map(), ADDRESS, LIGHT)).attrs['aria-label']).toBe(
      '1 badge earned by 1bW2n3…CFa6. Top badges: k (Bronze)',
    );
  });

  it('shows at most a few badges and counts the rest', () => {
    const many = Array.from({ length: 7 }, (_, i) => badge(`B${i}`, 2));
    expect(texts(badgesSvg(many, new Map(), ADDRESS, LIGHT))).toEqual(['badges', '7', 'B0', 'B1', 'B2', 'B3', '+3']);
    expect(texts(badgesSvg([], new Map(), ADDRESS, LIGHT))).toEqual(['badges', 'none']);
    expect(SVG_LIMITS.badges).toBe(4);
  });

  it('escapes every string from the service, as text, in content and attributes', () => {
    for (const [hostile, shown] of HOSTILE) {
      const rep = reputationSvg(scores({ [hostile]: [hostile, 5], x: ['', 4] }), ADDRESS, LIGHT);
      const bad = badgesSvg([badge(hostile, 2), badge('k', 1)], new Map([['k', definition('k', hostile)]]), ADDRESS, LIGHT);
      for (const svg of [rep, bad]) {
        const root = parseSvg(svg);
        expect([...names(root)].sort()).toEqual(['clipPath', 'g', 'rect', 'svg', 'text', 'title']);
        expect(texts(svg).some((t) => t.includes(shown.slice(0, SVG_LIMITS.textChars)))).toBe(true);
        expect(root.attrs['aria-label']).toContain(shown.slice(0, SVG_LIMITS.textChars));
      }
    }
    expect(xmlText('<&>"\'`')).toBe('&lt;&amp;&gt;&quot;&#39;&#96;');
  });

  it('cuts long text, and widens boxes with their text in whole pixels', () => {
    const long = 'W'.repeat(500);
    const svg = reputationSvg(scores({ a: [long, 1] }), ADDRESS, LIGHT);
    const width = Number(parseSvg(svg).attrs.width);
    expect(width).toBeLessThan(600);
    expect(textWidth('iiii')).toBeLessThan(textWidth('MMMM'));
    expect(Number.isInteger(textWidth('Governance 30'))).toBe(true);
    const narrow = Number(parseSvg(reputationSvg(scores({}, 1), ADDRESS, LIGHT)).attrs.width);
    const wide = Number(parseSvg(reputationSvg(scores({}, 123456789), ADDRESS, LIGHT)).attrs.width);
    expect(wide).toBeGreaterThan(narrow);
  });

  it('draws a neutral grey badge, and a dark theme', () => {
    expect(texts(neutralSvg('unavailable', LIGHT))).toEqual(['reputation', 'unavailable']);
    expect(parseSvg(neutralSvg('unavailable', LIGHT)).attrs['aria-label']).toBe('reputation: unavailable');
    const light = reputationSvg(scores({}), ADDRESS, LIGHT);
    const dark = reputationSvg(scores({}), ADDRESS, { ...LIGHT, theme: 'dark' });
    expect(dark).not.toBe(light);
    expect(texts(dark)).toEqual(texts(light));
  });

  it('reads its options from the query, with defaults for anything unknown', () => {
    expect(svgOptionsOf(new URLSearchParams(''))).toEqual({ theme: 'light', locale: 'en', compact: false });
    expect(svgOptionsOf(new URLSearchParams('theme=dark&locale=de-de&compact'))).toEqual({ theme: 'dark', locale: 'de-DE', compact: true });
    expect(svgOptionsOf(new URLSearchParams('theme=blue&locale=not_a!locale')).locale).toBe('en');
  });

  it('makes ETags that change with the badge, and compares them weakly', () => {
    const a = etagOf(neutralSvg('unavailable', LIGHT));
    expect(a).toMatch(/^"[0-9a-f]{8}-[0-9a-f]+"$/);
    expect(etagOf(neutralSvg('no data', LIGHT))).not.toBe(a);
    expect(matchesEtag(a, a)).toBe(true);
    expect(matchesEtag(`"x", W/${a}`, a)).toBe(true);
    expect(matchesEtag('*', a)).toBe(true);
    expect(matchesEtag('"x"', a)).toBe(false);
    expect(matchesEtag(null, a)).toBe(false);
  });
});

/** Every shipped catalogue, by its tag. */
const SHIPPED: Record<string, Locale> = { ar, de, es, fr, he, ja, ko, 'pt-BR': ptBR, 'zh-CN': zhCN };

/**
 * English words of the badges' own messages (a message's text around its `$`, 4 characters or
 * more) that a badge in `catalogue`'s language must not say: those the language shares are left out.
 */
const englishOfBadges = (catalogue: Locale): string[] => {
  const own = JSON.stringify(catalogue);
  const badgeKeys = MESSAGE_KEYS.map(({ key }) => key).slice(MESSAGE_KEYS.findIndex(({ key }) => key == 'reputation'));
  return [...badgeKeys, '$ badge earned by $', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Governance Participation']
    .flatMap((text) => text.split('$'))
    .map((part) => part.replace(/^[\s.:]+|[\s.:]+$/g, ''))
    .filter((part) => part.length > 3 && !own.includes(part));
};

/** The rects and texts of a badge in drawing order, with their horizontal extents. */
const layout = (svg: string) => {
  const root = parseSvg(svg);
  const [clip, boxes, words] = root.children.slice(1);
  expect(clip!.name).toBe('clipPath');
  return {
    root,
    width: Number(root.attrs.width),
    words: words!,
    boxes: boxes!.children.map((r) => ({ x: Number(r.attrs.x), w: Number(r.attrs.width) })),
    texts: words!.children.map((t) => ({ x: Number(t.attrs.x), length: Number(t.attrs.textLength), text: t.text })),
  };
};

describe('in the language asked for (pure)', () => {
  const data = scores({ governance: ['Governance', 30], longevity: ['Account Age', 20], txCount: ['', 10] }, 1234);
  const earned = [badge('ReferendumVoter', 3), badge('Other', 1)];
  const defined = new Map([['ReferendumVoter', definition('ReferendumVoter', 'Referendum Voter')]]);

  it.each(Object.entries(SHIPPED))('%s: the words of the widgets` catalogue, no English left, numbers in the locale', (tag, catalogue) => {
    const o: SvgOptions = { theme: 'light', locale: tag };
    const number = (n: number) => new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(n);
    const reputation = reputationSvg(data, ADDRESS, o);
    const badges = badgesSvg(earned, defined, ADDRESS, o);
    const none = badgesSvg([], new Map(), ADDRESS, o);
    // The service's category titles are its own (English); a known category is named in the language.
    expect(texts(reputation)).toEqual([
      catalogue.reputation,
      number(1234),
      `${bounded(catalogue['Governance Participation'], SVG_LIMITS.textChars)} ${number(30)}`,
      `${bounded(catalogue['Account Longevity'], SVG_LIMITS.textChars)} ${number(20)}`,
      `${bounded(catalogue['Transaction Count'], SVG_LIMITS.textChars)} ${number(10)}`,
    ]);
    expect(texts(badges)).toEqual([catalogue.badges, number(2), 'Referendum Voter', 'Other']);
    expect(texts(none)).toEqual([catalogue.badges, catalogue.none]);
    for (const reason of ['unavailable', 'no data', 'invalid address'] as const) {
      expect(texts(neutralSvg(reason, o))).toEqual([catalogue.reputation, catalogue[reason]]);
      expect(parseSvg(neutralSvg(reason, o)).attrs['aria-label']).toBe(`${catalogue.reputation}: ${catalogue[reason]}`);
    }
    const label = parseSvg(reputation).attrs['aria-label']!;
    const [before, between, after] = catalogue['Reputation score $ for $'].split('$');
    expect(label.startsWith(`${before}${number(1234)}${between}1bW2n3…CFa6${after}`), label).toBe(true);
    expect(label).toContain(catalogue['Top categories: $'].split('$')[0]);
    const badgesLabel = parseSvg(badges).attrs['aria-label']!;
    expect(badgesLabel).toContain(catalogue.Gold);
    expect(badgesLabel).toContain('1bW2n3…CFa6');
    expect(badgesLabel).toContain(catalogue['Top badges: $'].split('$')[0]);
    for (const svg of [reputation, badges, none, neutralSvg('unavailable', o)]) {
      const said = [...texts(svg), parseSvg(svg).attrs['aria-label']!].join('\n');
      expect(englishOfBadges(catalogue).filter((english) => said.includes(english))).toEqual([]);
      expect(parseSvg(svg).attrs.lang).toBe(tag);
    }
  });

  it('falls back to the language`s catalogue, then to English words (numbers still in the locale)', () => {
    const say = (locale: string) => texts(reputationSvg(scores({}, 1234.5), ADDRESS, { theme: 'light', locale }));
    expect(say('de-AT')).toEqual([de.reputation, new Intl.NumberFormat('de-AT').format(1234.5)]);
    expect(say('pt')).toEqual([ptBR.reputation, '1.234,5']);
    expect(say('pt-PT')[0]).toBe(ptBR.reputation);
    expect(say('zh-TW')[0]).toBe(zhCN.reputation);
    expect(say('nl')).toEqual(['reputation', '1.234,5']);
    expect(say('en-GB')).toEqual(['reputation', '1,234.5']);
    // The query reads any tag Intl takes, and English for the rest.
    expect(svgOptionsOf(new URLSearchParams('locale=he-IL')).locale).toBe('he-IL');
    expect(svgOptionsOf(new URLSearchParams('locale=%3Cscript%3E')).locale).toBe('en');
  });

  it('draws a right-to-left language from the right: the label box at the right edge, each text set right to left from its box`s right', () => {
    for (const locale of ['ar', 'he', 'ar-EG']) {
      for (const svg of [
        reputationSvg(data, ADDRESS, { theme: 'light', locale }),
        badgesSvg([...earned, ...Array.from({ length: 5 }, (_, i) => badge(`B${i}`, 2))], defined, ADDRESS, { theme: 'dark', locale }),
        neutralSvg('no data', { theme: 'light', locale }),
      ]) {
        const { words, boxes, texts: shown, width } = layout(svg);
        expect(words.attrs.direction).toBe('rtl');
        // Reading order runs right to left: each box ends where the one before it starts.
        expect(boxes[0]!.x + boxes[0]!.w).toBe(width);
        boxes.slice(1).forEach((box, i) => expect(box.x + box.w).toBe(boxes[i]!.x));
        expect(boxes[boxes.length - 1]!.x).toBe(0);
        // A text's start, in direction rtl its right end, is its box's right edge less the padding;
        // fitted to its length, it stays inside its box.
        shown.forEach((t, i) => {
          expect(t.x).toBe(boxes[i]!.x + boxes[i]!.w - 6);
          expect(t.x - t.length).toBe(boxes[i]!.x + 6);
        });
      }
    }
    for (const locale of ['en', 'de', 'ja']) {
      const { words, boxes, texts: shown } = layout(reputationSvg(data, ADDRESS, { theme: 'light', locale }));
      expect(words.attrs.direction).toBeUndefined();
      expect(boxes[0]!.x).toBe(0);
      shown.forEach((t, i) => expect(t.x).toBe(boxes[i]!.x + 6));
    }
  });

  it('escapes the service`s strings in every language, right to left too', () => {
    for (const locale of ['ar', 'ja']) {
      for (const [hostile, shown] of HOSTILE) {
        const o: SvgOptions = { theme: 'light', locale };
        for (const svg of [
          reputationSvg(scores({ [hostile]: [hostile, 5] }), ADDRESS, o),
          badgesSvg([badge('k', 1)], new Map([['k', definition('k', hostile)]]), ADDRESS, o),
        ]) {
          const root = parseSvg(svg);
          expect([...names(root)].sort()).toEqual(['clipPath', 'g', 'rect', 'svg', 'text', 'title']);
          expect(texts(svg).some((t) => t.includes(shown.slice(0, SVG_LIMITS.textChars)))).toBe(true);
        }
      }
    }
  });
});

const sb = useSandbox();
const A = ADDRESSES.rich;

afterEach(() => {
  vi.useRealTimers();
});

/** A proxy whose service can be switched to fail (a refused connection), with its cache behind it. */
const proxyOf = (options: Partial<ProxyOptions> = {}) => {
  const state = { failing: false };
  const proxy = createProxy({
    apiKey: KEY,
    upstream: sb.url,
    basePath: '/rep',
    onEvent: () => {},
    ...options,
    fetch: (input, init) => (state.failing ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)),
  });
  return { proxy, state };
};

const badgeUrl = (kind: 'reputation' | 'badges', address: string, query = '') => `${PROXY}/rep/badge/${kind}/${address}.svg${query}`;

let n = 0;
const nextAddress = () => syntheticAddress(9000 + ++n);

describe('the badge routes', () => {
  it('serves the reputation badge from the scores route`s data, with image caching headers', async () => {
    const { proxy } = proxyOf();
    const json = (await (await proxy(new Request(`${PROXY}/rep/api/v2/scores/${A}`))).json()) as { data: UserScores };
    const before = sb.hits(`scores/${A}`);
    const response = await proxy(new Request(badgeUrl('reputation', A)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('cache-control')).toMatch(
      /^public, max-age=(\d+), s-maxage=\1, stale-while-revalidate=60, stale-if-error=86400$/,
    );
    expect(response.headers.get('x-repkit-cache')).toBe('hit');
    // The same cached answer as the JSON route: no request upstream.
    expect(sb.hits(`scores/${A}`)).toBe(before);
    const svg = await response.text();
    expect(response.headers.get('etag')).toBe(etagOf(svg));
    const shown = texts(svg);
    expect(shown.slice(0, 2)).toEqual([
      'reputation',
      new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(json.data.totalScore),
    ]);
    expect(shown.length).toBe(2 + Math.min(SVG_LIMITS.categories, Object.keys(json.data.categories ?? {}).length));
    expect(parseSvg(svg).attrs['aria-label']).toMatch(/^Reputation score [\d,.]+ for 1bW2n3…CFa6/);
  });

  it('takes compact, theme and locale from the query', async () => {
    const { proxy } = proxyOf();
    const compactSvg = await (await proxy(new Request(badgeUrl('reputation', A, '?compact&theme=dark&locale=ar-EG')))).text();
    const compact = texts(compactSvg);
    expect(compact.length).toBe(2);
    expect(compact[0]).toBe(ar.reputation);
    expect(compact[1]).toMatch(/^[\u0660-\u0669٬٫]+$/);
    expect(layout(compactSvg).words.attrs.direction).toBe('rtl');
    const german = await (await proxy(new Request(badgeUrl('badges', A, '?locale=de-CH')))).text();
    expect(texts(german)[0]).toBe(de.badges);
    expect(parseSvg(german).attrs['aria-label']).toContain(de['Top badges: $'].split('$')[0]);
    const hebrew = await (await proxy(new Request(badgeUrl('reputation', 'short', '?locale=he')))).text();
    expect(texts(hebrew)).toEqual([he.reputation, he['invalid address']]);
    const fallback = await proxy(new Request(badgeUrl('reputation', A, '?locale=%E2%80%AE!!&theme=<x>')));
    expect(fallback.status).toBe(200);
    parseSvg(await fallback.text());
  });

  it('serves the badges badge with tier colours, titles from the definitions', async () => {
    const { proxy } = proxyOf();
    const earned = (await (await proxy(new Request(`${PROXY}/rep/api/v2/badges/${A}`))).json()) as { data: { badges: UserBadge[] } };
    const response = await proxy(new Request(badgeUrl('badges', A)));
    expect(response.status).toBe(200);
    const root = parseSvg(await response.text());
    const fills = all(root, 'rect').map((r) => r.attrs.fill);
    const top = [...earned.data.badges].sort((a, b) => b.achievedLevel - a.achievedLevel).slice(0, SVG_LIMITS.badges);
    expect(top.length).toBeGreaterThan(0);
    for (const b of top) {
      const colour = Object.values(TIER_COLORS)[Math.min(4, Math.max(0, Math.round(b.achievedLevel) - 1))];
      expect(fills).toContain(colour);
    }
    // Titles, not keys, where the definitions have them.
    expect(root.attrs['aria-label']).not.toContain(top[0]!.badgeKey);
  });

  it('escapes the hostile account`s strings, which appear as text only', async () => {
    const { proxy } = proxyOf();
    for (const kind of ['reputation', 'badges'] as const) {
      const response = await proxy(new Request(badgeUrl(kind, ADDRESSES.hostile)));
      expect(response.status).toBe(200);
      const root = parseSvg(await response.text());
      expect([...names(root)].sort()).toEqual(['clipPath', 'g', 'rect', 'svg', 'text', 'title']);
    }
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    const { proxy } = proxyOf();
    const first = await proxy(new Request(badgeUrl('reputation', A)));
    const etag = first.headers.get('etag')!;
    await first.text();
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await proxy(new Request(badgeUrl('reputation', A), { headers: { 'If-None-Match': tag } }));
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toMatch(/^public, max-age=/);
      expect(await again.text()).toBe('');
    }
    const other = await proxy(new Request(badgeUrl('reputation', A, '?theme=dark'), { headers: { 'If-None-Match': etag } }));
    expect(other.status).toBe(200);
    await other.text();
    const head = await proxy(new Request(badgeUrl('badges', A), { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('draws the neutral badge for an invalid address, without asking the service', async () => {
    const { proxy } = proxyOf();
    const before = sb.sandbox.requests.length;
    for (const address of ['short', encodeURIComponent('<script>'), `${A}0`]) {
      const response = await proxy(new Request(badgeUrl('reputation', address)));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
      expect(texts(await response.text())).toEqual(['reputation', 'invalid address']);
    }
    expect(sb.sandbox.requests.length).toBe(before);
  });

  it('draws the neutral badge, kept briefly, when the service fails and nothing is cached', async () => {
    const unreachable = proxyOf();
    unreachable.state.failing = true;
    const erring = proxyOf({ upstream: sb.fault({ status: 500 }) });
    for (const { proxy } of [unreachable, erring]) {
      for (const kind of ['reputation', 'badges'] as const) {
        const response = await proxy(new Request(badgeUrl(kind, nextAddress())));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
        expect(texts(await response.text())).toEqual(['reputation', 'unavailable']);
      }
    }
  });

  it('serves the last good badge when the service fails after a success', async () => {
    const clock = fakeClock(Date.UTC(2035, 0, 1));
    const { proxy, state } = proxyOf({ ttlSeconds: 60, staleWhileRevalidateSeconds: 0 });
    const address = nextAddress();
    const good = await (await proxy(new Request(badgeUrl('reputation', address)))).text();
    expect(texts(good)[0]).toBe('reputation');
    expect(texts(good)[1]).not.toBe('unavailable');
    clock.advance(120);
    state.failing = true;
    const stale = await proxy(new Request(badgeUrl('reputation', address)));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-repkit-cache')).toBe('stale');
    expect(stale.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=0, /);
    expect(await stale.text()).toBe(good);
  });

  it('keeps CORS as on the other routes, and shows the picture to a refused origin without letting it read', async () => {
    const { proxy } = proxyOf({ allowOrigins: ['https://site.example'] });
    const allowed = await proxy(new Request(badgeUrl('reputation', A), { headers: { Origin: 'https://site.example' } }));
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://site.example');
    await allowed.text();
    const refused = await proxy(new Request(badgeUrl('reputation', A), { headers: { Origin: 'https://evil.example' } }));
    expect(refused.status).toBe(200);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('vary')).toBe('Origin');
    parseSvg(await refused.text());
  });

  it('answers 404 off the badge routes, and takes the basePath rule of the API routes', async () => {
    const { proxy } = proxyOf();
    for (const url of [
      `${PROXY}/rep/badge/profile/${A}.svg`,
      `${PROXY}/rep/badge/reputation/${A}`,
      `${PROXY}/rep/badge/reputation/${A}.svg/x`,
      `${PROXY}/other/badge/reputation/${A}.svg`,
    ]) {
      expect((await proxy(new Request(url))).status, url).toBe(404);
    }
    const any = proxyOf({ basePath: undefined }).proxy;
    expect((await any(new Request(`${PROXY}/a/b/badge/reputation/${A}.svg`))).status).toBe(200);
  });
});
