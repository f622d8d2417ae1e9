import { shortAddress } from '../../render/address';
import type { Localized } from '../descriptor';
import { html, type Html, type SafeUrl } from '../../render/html';

/**
 * The most items of each list a widget renders; the rest are counted in a "+N more" line.
 * A record can carry any number (the service's data is written by anyone), and rendering
 * them all would block the page. docs/security.md ("Security model") states these figures.
 */
export const LIST_LIMITS = {
  /** Levels of a badge's ladder. */
  levels: 10,
  /** Ways of scoring in a category (the service's categories have up to five). */
  reasons: 8,
  /** Thresholds of each way of scoring. */
  thresholds: 4,
  /** Advice lines for earning more. */
  advices: 6,
  /** On-chain identity records of a profile. */
  identities: 5,
  /** Registrar judgements of each identity. */
  judgements: 8,
  /** Social accounts of a profile. */
  socials: 12,
} as const;

/** Text longer than this is cut (with an ellipsis) before it is rendered. */
export const TEXT_LIMIT = 2000;

/**
 * The cut for text inside list items and names (titles, thresholds, advice, levels, links,
 * identity facts). A list repeats it up to its limit, and clamped text is still laid out whole:
 * a record with long text in every item would otherwise take the main thread for a long frame.
 */
export const ITEM_TEXT_LIMIT = 300;

/** Text cut at {@link ITEM_TEXT_LIMIT} characters. */
export const boundedItem = (text: string): string => bounded(text, ITEM_TEXT_LIMIT);

/** Text longer than this may take more lines than its clamp shows, so it gets a "Show more" toggle. */
const CLAMP_CHARS = 160;

/** Text cut at {@link TEXT_LIMIT} characters, never inside a surrogate pair. */
export const bounded = (text: string, limit = TEXT_LIMIT): string => {
  if (text.length <= limit) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[limit - 1]) ? limit - 1 : limit;
  return text.slice(0, cut) + '…';
};

/** The first `limit` items, and how many were left out. */
export const firstOf = <T>(items: readonly T[], limit: number): [T[], number] => [items.slice(0, limit), Math.max(0, items.length - limit)];

/** "+N more" for what a list left out, or nothing. */
export const moreLine = (hidden: number, { n }: Localized): Html | false =>
  hidden > 0 && html`<p class="rk-more" part="more">${n('+$ more', hidden)}</p>`;

const moreToggle = ({ t }: Localized): Html =>
  html`<button type="button" class="rk-more-toggle" data-action="more" aria-expanded="false">${t('Show more')}</button>`;

/**
 * Text that may be long: a paragraph clamped to a few lines, with a toggle when it is long enough
 * to be cut. `part` names it and, with `rk-` before it, is its class (`bio` → `rk-bio`).
 */
export const clamped = (part: string, text: string, s: Localized): Html => {
  const shown = bounded(text);
  return html`<div class="rk-clamp"><p class="rk-${part}" part="${part}">${shown}</p>${shown.length > CLAMP_CHARS && moreToggle(s)}</div>`;
};

/**
 * A list whose items (those with class `rk-lc`) are clamped to a couple of lines each, with
 * one toggle after the list when any of `texts` is long enough to be cut.
 */
export const clampedList = (list: Html, texts: readonly string[], s: Localized): Html =>
  html`<div class="rk-clamps">${list}${texts.some((text) => text.length > CLAMP_CHARS) && moreToggle(s)}</div>`;

/** Opens or closes the clamped text around a "Show more" button. */
export const toggleClamp = (button: HTMLElement, { t }: Localized): void => {
  const open = !!button.closest('.rk-clamp, .rk-clamps')?.classList.toggle('rk-open');
  button.setAttribute('aria-expanded', String(open));
  button.textContent = open ? t('Show less') : t('Show more');
};

/** The shortened address with the full one in a tooltip. */
export const addressView = (address: string): Html => html`<span class="rk-address" title="${address}">${shortAddress(address)}</span>`;

/** A link that opens outside the widget without handing the page or the referrer to it. */
export const link = (url: SafeUrl | undefined, text: string): Html =>
  url ? html`<a href="${url}" target="_blank" rel="noopener noreferrer nofollow">${text}</a>` : html`<span>${text}</span>`;

/** An image from data, lazy and without a referrer; hidden from assistive technology. */
export const image = (url: SafeUrl | undefined): Html | false =>
  !!url && html`<img src="${url}" alt="" loading="lazy" referrerpolicy="no-referrer">`;
