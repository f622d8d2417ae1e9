import type { Message } from '../../i18n/messages';
import { shortAddress } from '../../render/address';
import { formatNumber } from '../../render/format';
import { bounded } from '../../widgets/views/common';
import { TIER_COLORS, tierWord } from '../../widgets/tiers';
import { PALETTES, TIER_TEXT, textWidth, xmlText, type SvgOptions } from '../svg';
import { svgWords } from '../words';
import type { Coverage } from './coverage';
import { CARD_FONT_FAMILY } from './raster';
import type { ShareFacts } from './summary';

/**
 * The share card: a 1200×630 SVG (the size every unfurler crops to) drawn from the same
 * palettes, tier colours, catalogue and escaping as the SVG badges (../svg), rasterised to PNG
 * by ./raster. Every text goes through the font's {@link Coverage}: a word the font cannot draw
 * is said in English, a service text it cannot draw is left out, so no box is ever drawn.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The card's colours beyond the badges' palette: page, muted text, and the accent. */
const CARD_COLORS = {
  light: { background: '#ffffff', text: '#1f2328', muted: '#59636e', rule: '#d1d9e0' },
  dark: { background: '#0d1117', text: '#e6edf3', muted: '#9198a1', rule: '#3d444d' },
} as const;

/** Characters of a service text on the card: a category or badge title on one line. */
const TEXT_CHARS = 24;

/** Bidi marks, embeddings, overrides and isolates. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** What the card says when there is nothing to show about the address. */
export type CardReason = Extract<Message, 'no data' | 'unavailable' | 'invalid address'>;

/**
 * The badges' width estimate (Verdana, the widest of their font stack) scaled to Noto Sans, which
 * sets Latin text about 10 % narrower: pills sized by Verdana's widths held half the badges they
 * have room for. Still a little over Noto's widths, so that a fitted text is never squeezed.
 */
const NOTO_OF_VERDANA = 0.9;

/** The estimated width of `content` at `size` px in the card's font. */
const widthAt = (content: string, size: number): number => (textWidth(content) * size * NOTO_OF_VERDANA) / 11;

/** Text drawn with `textLength` only when its estimate is wider than `max`: fitted, never spilling. */
const text = (x: number, y: number, size: number, color: string, content: string, max: number, anchor = 'start'): string => {
  const estimate = widthAt(content, size);
  const fit = estimate > max ? ` textLength="${max}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${color}" text-anchor="${anchor}"${fit}>${xmlText(content)}</text>`;
};

/** The words of a card: the locale's where the font draws them, else English's. */
const sayer = (o: SvgOptions, coverage: Coverage): { say: (message: Message, value?: string) => string; number: (n: number) => string } => {
  const words = svgWords(o.locale);
  const english = svgWords('en');
  return {
    say: (message, value) => {
      const said = words.t(message, value);
      return coverage.draws(said) ? said : english.t(message, value);
    },
    number: (n) => {
      const said = formatNumber(n, o.locale);
      return coverage.draws(said) ? said : formatNumber(n, 'en');
    },
  };
};

const frame = (o: SvgOptions, label: string, body: string): string => {
  const c = CARD_COLORS[o.theme];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-label="${xmlText(label)}">` +
    `<title>${xmlText(label)}</title>` +
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${c.background}"/>` +
    `<rect width="${CARD_WIDTH}" height="14" fill="${PALETTES[o.theme].value}"/>` +
    `<g font-family="${CARD_FONT_FAMILY}">${body}` +
    `<line x1="80" y1="540" x2="1120" y2="540" stroke="${c.rule}" stroke-width="2"/>` +
    text(80, 590, 28, c.muted, 'repkit', 400) +
    `</g></svg>`
  );
};

/** The card of an address with data: its score, top categories and top badges on their tier colours. */
export const cardSvg = (facts: ShareFacts, label: string, o: SvgOptions, coverage: Coverage): string => {
  const c = CARD_COLORS[o.theme];
  const p = PALETTES[o.theme];
  const { say, number } = sayer(o, coverage);
  const drawable = (s: string): string | undefined => {
    // Bidi overrides and isolates from the service would reorder the card's own words after them.
    const shown = bounded(s.replace(BIDI_CONTROLS, '').trim(), TEXT_CHARS);
    return shown && coverage.draws(shown) ? shown : undefined;
  };
  let body =
    text(80, 120, 40, c.muted, say('Reputation score'), 500) +
    text(80, 320, 190, p.value, number(facts.total), 500) +
    text(80, 400, 40, c.text, shortAddress(facts.address), 500);
  facts.categories
    .map((line) => ({ name: drawable(line.name), score: number(line.score) }))
    .filter((line): line is { name: string; score: string } => !!line.name)
    .forEach((line, i) => {
      const y = 130 + i * 80;
      body += text(640, y, 36, c.text, line.name, 360) + text(1120, y, 36, c.muted, line.score, 110, 'end');
    });
  // Badges as pills on their tier's colour, left to right while they fit.
  let x = 80;
  for (const badge of facts.badges) {
    const title = drawable(badge.title);
    if (!title) continue;
    const tier = say(tierWord(badge.tier));
    const content = `${title} · ${tier}`;
    const width = Math.min(520, Math.ceil(widthAt(content, 28)) + 48);
    if (x + width > 1120) break;
    body += `<rect x="${x}" y="440" width="${width}" height="60" rx="30" fill="${TIER_COLORS[badge.tier]}"/>`;
    body += text(x + 24, 481, 28, TIER_TEXT, content, width - 48);
    x += width + 16;
  }
  if (x == 80) {
    const none = facts.badgeCount ? `${say('badges')}: ${number(facts.badgeCount)}` : say('No badges earned yet.');
    body += text(80, 481, 30, c.muted, none, 1040);
  }
  return frame(o, label, body);
};

/** The card of an address there is nothing to show for: the reason, in words the font draws. */
export const neutralCardSvg = (address: string | undefined, reason: CardReason, o: SvgOptions, coverage: Coverage): string => {
  const c = CARD_COLORS[o.theme];
  const { say } = sayer(o, coverage);
  const label = `${say('reputation')}: ${say(reason)}`;
  const shown = address && coverage.draws(address) ? shortAddress(address) : '';
  return frame(
    o,
    label,
    text(80, 120, 40, c.muted, say('Reputation score'), 500) +
      text(80, 300, 110, c.text, say(reason), 1040) +
      (shown ? text(80, 400, 40, c.text, shown, 1040) : ''),
  );
};
