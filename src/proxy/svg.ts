import type { BadgeDefinition, UserBadge, UserScores } from '../client/types';
import { shortAddress } from '../render/address';
import { formatNumber } from '../render/format';
import { escapeHtml } from '../render/html';
import { categoryTitleOf, rankCategories } from '../widgets/categories';
import { TIER_COLORS, tierOf, type Tier } from '../widgets/tiers';
import { bounded } from '../widgets/views/common';
import type { Message, Words } from '../i18n/messages';
import { fill, svgWords } from './words';

/**
 * The SVG badges the proxy serves for READMEs and other pages where no script runs: plain
 * functions of their data, so that they are tested as such and the handler only picks one.
 * Everything from the service goes through {@link xmlText}; nothing here loads a font, an
 * image or a script, so an image proxy (GitHub's camo) and a strict CSP both show it as is.
 * Their words are the widgets' catalogue's (./words), in the `locale` of the URL; a right-to-left
 * language draws the boxes from the right, its text set right to left.
 */

/** `theme` query value of a badge URL. */
export type SvgTheme = 'light' | 'dark';

/** How a badge is drawn, from its URL's query. */
export interface SvgOptions {
  theme: SvgTheme;
  /**
   * The badge's language: its words from the catalogue (the tag's, else its language's, else
   * English) and its numbers formatted by `Intl` (a canonical tag: the handler checks it).
   */
  locale: string;
  /** The reputation badge without its categories. */
  compact?: boolean;
}

/** One coloured box with one line of text. */
interface Segment {
  text: string;
  fill: string;
  color: string;
}

export const PALETTES = {
  // Each text colour keeps at least 4.5:1 contrast on its box (WCAG AA), in both themes.
  light: { label: '#555555', labelText: '#ffffff', value: '#0969da', valueText: '#ffffff', item: '#eaeef2', itemText: '#1f2328' },
  dark: { label: '#30363d', labelText: '#f0f6fc', value: '#1f6feb', valueText: '#ffffff', item: '#21262d', itemText: '#e6edf3' },
} as const;

/** The grey of a badge that has no data to show; white text on it reads at 4.5:1. */
export const NEUTRAL = '#6e7781';
/** Text on a tier colour: every tier colour is light enough for near-black text. */
export const TIER_TEXT = '#111111';

/** Categories on a full reputation badge, and badges on a badges badge: a README line, not a card. */
export const SVG_LIMITS = { categories: 3, badges: 4, textChars: 28 } as const;

const FONT = 'Verdana,DejaVu Sans,sans-serif';

const HEIGHT = 20;
const PAD = 6;

/**
 * Characters XML 1.0 does not allow at all, not even as a character reference: C0 controls
 * other than tab and line breaks, lone surrogates, U+FFFE and U+FFFF. One of them in a title
 * would make the whole image fail to parse, so it becomes U+FFFD.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text from the service made safe for XML content and for a double-quoted attribute: the
 * widgets' one escaping function (its entities are XML's too), after removing what XML
 * cannot carry.
 */
export const xmlText = (text: string): string => escapeHtml(text.replace(NOT_XML, '\uFFFD'));

/** Approximate advance widths at 11px in Verdana (the widest of the stack), by character class. */
const NARROW = /[ilj|!.,:;'`]/;
const THIN = /[ frtI()[\]{}/\\\-"]/;
const SMALL = /[cszJ*^~]/;
const WIDE = /[mwMW%@]/;

/** The width of one character at 11px: an estimate, rounded up in the total, never measured. */
const charWidth = (c: string): number => {
  const code = c.codePointAt(0)!;
  // CJK, Hangul, full-width forms and emoji take about a full em.
  if (code >= 0x2e80) return 11;
  if (NARROW.test(c)) return 3.1;
  if (THIN.test(c)) return 4;
  if (SMALL.test(c)) return 5.8;
  if (WIDE.test(c)) return 10;
  return c >= 'A' && c <= 'Z' ? 7.6 : 7;
};

/** The estimated width of a line of text, in whole pixels. */
export const textWidth = (text: string): number => Math.ceil(Array.from(text).reduce((sum, c) => sum + charWidth(c), 0));

/**
 * The badge: boxes side by side in reading order (from the right in a right-to-left language),
 * each as wide as its estimated text plus padding. `textLength` makes the renderer fit each text
 * to its box, so a font wider than the estimate never spills. Each text starts at its box's
 * start edge: in `direction="rtl"` an SVG text's start is its right end, and bidi orders it.
 */
const strip = (segments: readonly Segment[], label: string, words: Words): string => {
  const rtl = words.dir == 'rtl';
  const widths = segments.map((s) => textWidth(s.text));
  const width = widths.reduce((sum, tw) => sum + tw + 2 * PAD, 0);
  let start = 0;
  const boxes: string[] = [];
  const texts: string[] = [];
  segments.forEach((s, i) => {
    const tw = widths[i];
    const w = tw + 2 * PAD;
    const x = rtl ? width - start - w : start;
    boxes.push(`<rect x="${x}" width="${w}" height="${HEIGHT}" fill="${s.fill}"/>`);
    texts.push(
      `<text x="${rtl ? x + w - PAD : x + PAD}" y="14" fill="${s.color}" textLength="${tw}" lengthAdjust="spacingAndGlyphs">${xmlText(s.text)}</text>`,
    );
    start += w;
  });
  const name = xmlText(label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${name}" lang="${xmlText(words.locale)}">` +
    `<title>${name}</title>` +
    `<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3"/></clipPath>` +
    `<g clip-path="url(#r)">${boxes.join('')}</g>` +
    `<g font-family="${FONT}" font-size="11"${rtl ? ' direction="rtl"' : ''}>${texts.join('')}</g>` +
    `</svg>`
  );
};

/** A list in the language's words ("a, b, and c"), where `Intl.ListFormat` is there. */
export const listOf = (items: string[], locale: string): string =>
  typeof Intl.ListFormat == 'function' ? new Intl.ListFormat(locale).format(items) : items.join(', ');

/**
 * The badge's categories: the reputation widget's ranking and names (../widgets/categories), in
 * the language of `t` where a category is known, the first `limit`.
 */
export const topCategories = (scores: UserScores, limit: number, t?: Words['t']): CategoryLine[] =>
  rankCategories(scores)
    .slice(0, limit)
    .map(([key, c]) => ({ name: categoryTitleOf(key, c.title, t), score: c.score }));

/** One category as a badge or card shows it: its name in the badge's language and its score. */
export interface CategoryLine {
  name: string;
  score: number;
}

/** Service text shortened for one box (the full text would make the image any width). */
const short = (text: string): string => bounded(text.trim(), SVG_LIMITS.textChars);

/**
 * The reputation badge: "reputation | 89", then (unless `compact`) the highest-scoring
 * categories in the widget's order. `address` is the one asked for, not the service's echo.
 */
export const reputationSvg = (scores: UserScores, address: string, o: SvgOptions): string => {
  const p = PALETTES[o.theme];
  const words = svgWords(o.locale);
  const total = formatNumber(scores.totalScore, o.locale);
  const top = o.compact ? [] : topCategories(scores, SVG_LIMITS.categories, words.t);
  const items = top.map(({ name, score }) => `${short(name)} ${formatNumber(score, o.locale)}`);
  const label = [
    fill(words.t('Reputation score $ for $'), total, shortAddress(address)),
    ...(items.length ? [words.t('Top categories: $', listOf(items, o.locale))] : []),
  ].join('. ');
  return strip(
    [
      { text: words.t('reputation'), fill: p.label, color: p.labelText },
      { text: total, fill: p.value, color: p.valueText },
      ...items.map((text) => ({ text, fill: p.item, color: p.itemText })),
    ],
    label,
    words,
  );
};

/**
 * The badges badge: "badges | 3", then the highest-level badges on their tier's colour, titled
 * from the definitions where there are some, else by key, as the badge widget does.
 */
export const badgesSvg = (
  badges: readonly UserBadge[],
  definitions: ReadonlyMap<string, BadgeDefinition>,
  address: string,
  o: SvgOptions,
): string => {
  const p = PALETTES[o.theme];
  const words = svgWords(o.locale);
  const sorted = [...badges].sort((a, b) => b.achievedLevel - a.achievedLevel);
  const shown = sorted.slice(0, SVG_LIMITS.badges).map((b) => ({
    title: short(definitions.get(b.badgeKey)?.title.trim() || b.badgeKey),
    tier: tierOf(b.achievedLevel),
  }));
  const hidden = badges.length - shown.length;
  const count = formatNumber(badges.length, o.locale);
  // The tier by its name, as the badge widget says it (its message is the capitalised key).
  const named = shown.map((b) => `${b.title} (${words.t((b.tier[0].toUpperCase() + b.tier.slice(1)) as Capitalize<Tier>)})`);
  const label = [
    fill(words.n('$ badges earned by $', badges.length, true), count, shortAddress(address)),
    ...(named.length ? [words.t('Top badges: $', listOf(named, o.locale))] : []),
  ].join('. ');
  return strip(
    [
      { text: words.t('badges'), fill: p.label, color: p.labelText },
      { text: badges.length ? count : words.t('none'), fill: badges.length ? p.value : NEUTRAL, color: p.valueText },
      ...shown.map((b) => ({ text: b.title, fill: TIER_COLORS[b.tier], color: TIER_TEXT })),
      ...(hidden > 0 ? [{ text: `+${formatNumber(hidden, o.locale)}`, fill: p.item, color: p.itemText }] : []),
    ],
    label,
    words,
  );
};

/** Why a badge has nothing to show. */
export type NeutralReason = Extract<Message, 'unavailable' | 'no data' | 'invalid address'>;

/** The grey badge shown when there is nothing to show: "reputation | unavailable" and the like. */
export const neutralSvg = (reason: NeutralReason, o: SvgOptions): string => {
  const p = PALETTES[o.theme];
  const words = svgWords(o.locale);
  const label = words.t('reputation');
  const value = words.t(reason);
  return strip(
    [
      { text: label, fill: p.label, color: p.labelText },
      { text: value, fill: NEUTRAL, color: '#ffffff' },
    ],
    `${label}: ${value}`,
    words,
  );
};
