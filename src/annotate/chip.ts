import chipCss from '../../styles/annotate-chip.css?raw';
import type { Words } from '../i18n/messages';
import { formatNumber } from '../render/format';
import { html, renderInto } from '../render/html';
import { adoptStyles } from '../widgets/styles';
import { tierCss } from '../widgets/tiers';
import { fillIn, scoreTier, tierName } from './score-tier';

/** The chip's stylesheet: its own rules and the tier colours the widgets use. */
const CHIP_CSS = /* @__PURE__ */ (() => [chipCss + tierCss()])();

/** What a chip shows: loading (its width reserved), a score, or nothing (no data for the address). */
export type ChipState = 'loading' | 'ready' | 'empty';

/**
 * The element after an address: a `span` (valid wherever text is) with its own shadow root,
 * marked `data-repkit-chip` so that repkit never annotates inside it and the page can style
 * around it. While loading it shows a placeholder of the width it will have.
 */
export const createChip = (doc: Document, address: string, theme: string, nonce: string | undefined): HTMLElement => {
  const host = doc.createElement('span');
  host.setAttribute('data-repkit-chip', '');
  host.setAttribute('data-state', 'loading');
  host.setAttribute('data-theme', theme);
  // The address it stands for, for the page's scripts and styles (it is also in the text before it).
  host.setAttribute('data-address', address);
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, CHIP_CSS, nonce);
  renderInto(root, html`<span class="chip" part="chip" aria-hidden="true"><span class="dot"></span><span class="skeleton"></span></span>`);
  return host;
};

/** The chip's accessible name: "Reputation 1,234, Gold tier". */
export const chipLabel = (total: number, words: Words): string =>
  fillIn(words.t('Reputation $, $ tier'), formatNumber(total, words.locale), words.t(tierName(scoreTier(total))));

/**
 * Shows a total score: the tier dot and the number, as a button that opens the card (`card`),
 * else as text with the same name.
 */
export const showScore = (host: HTMLElement, total: number, words: Words, card: boolean): void => {
  const tier = scoreTier(total);
  const label = chipLabel(total, words);
  const inner = html`<span class="dot rk-tier-${tier}" aria-hidden="true"></span><span class="score" aria-hidden="true"
      >${formatNumber(total, words.locale)}</span
    >`;
  renderInto(
    host.shadowRoot!,
    card
      ? html`<button type="button" class="chip" part="chip" aria-label="${label}" aria-haspopup="dialog" aria-expanded="false">${inner}</button>`
      : html`<span class="chip" part="chip" role="img" aria-label="${label}">${inner}</span>`,
  );
  host.lang = words.locale;
  host.setAttribute('data-state', 'ready');
};

/** No data for this address: the chip takes no room and says nothing. */
export const showNothing = (host: HTMLElement): void => {
  renderInto(host.shadowRoot!, html``);
  host.setAttribute('data-state', 'empty');
};

/** The chip's button, when it shows a score and opens a card. */
export const chipButton = (host: HTMLElement): HTMLButtonElement | null => host.shadowRoot!.querySelector('button');
