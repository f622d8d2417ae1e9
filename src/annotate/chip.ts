import chipCss from '../../styles/annotate-chip.css?raw';
import type { Words } from '../i18n/messages';
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
  root.append(parsedOnce(doc, 'loading'));
  return host;
};

/**
 * The chip's markup in each of its forms, parsed once per document and cloned for each chip (a
 * long page has hundreds): loading, and showing a score as a button or as text.
 */
const CHIP_MARKUP = {
  loading: () => html`<span class="chip" part="chip" aria-hidden="true"><span class="dot"></span><span class="skeleton"></span></span>`,
  button: () =>
    html`<button type="button" class="chip" part="chip" aria-haspopup="dialog" aria-expanded="false">${SCORE_MARKUP()}</button>`,
  text: () => html`<span class="chip" part="chip" role="img">${SCORE_MARKUP()}</span>`,
};
const SCORE_MARKUP = () => html`<span class="dot" aria-hidden="true"></span><span class="score" aria-hidden="true"></span>`;

const parsed = new WeakMap<Document, Map<keyof typeof CHIP_MARKUP, DocumentFragment>>();
const parsedOnce = (doc: Document, form: keyof typeof CHIP_MARKUP): DocumentFragment => {
  let forms = parsed.get(doc);
  if (!forms) parsed.set(doc, (forms = new Map()));
  let content = forms.get(form);
  if (!content) {
    const template = doc.createElement('template');
    renderInto(template, CHIP_MARKUP[form]());
    forms.set(form, (content = template.content));
  }
  return doc.importNode(content, true);
};

/** The chip's accessible name: "Reputation 1,234, Gold tier" (`text`: the total as the locale writes it, ./numbers). */
export const chipLabel = (total: number, text: string, words: Words): string =>
  fillIn(words.t('Reputation $, $ tier'), text, words.t(tierName(scoreTier(total))));

/**
 * Shows a total score (`text`: as the locale writes it, ./numbers): the tier dot and the number,
 * as a button that opens the card (`card`), else as text with the same name. Text and name are
 * set as text and attribute, never parsed.
 */
export const showScore = (host: HTMLElement, total: number, text: string, words: Words, card: boolean): void => {
  const content = parsedOnce(host.ownerDocument, card ? 'button' : 'text');
  content.firstElementChild!.setAttribute('aria-label', chipLabel(total, text, words));
  content.querySelector('.dot')!.classList.add(`rk-tier-${scoreTier(total)}`);
  content.querySelector('.score')!.textContent = text;
  host.shadowRoot!.replaceChildren(content);
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
