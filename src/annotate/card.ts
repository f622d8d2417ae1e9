import cardCss from '../../styles/annotate-card.css?raw';
import type { UserBadges } from '../client/types';
import { formatNumber } from '../render/format';
import { html, renderInto, type Html } from '../render/html';
import { shortAddress } from '../render/address';
import { describeFailure } from '../widgets/messages';
import { tierOf } from '../widgets/tiers';
import type { CardContext } from './annotator';
import { fillIn, scoreTier, tierName } from './score-tier';
import type { Words } from '../i18n/messages';

/**
 * The card a chip opens: the address's total score and tier, and its badges (loaded when the card
 * first opens). A popover (light dismiss: Escape or a click elsewhere closes it, and it closes any
 * other card), opened by hovering the chip a moment, by keyboard focus on it, or by a click or tap,
 * which also moves focus into the card; closed too when the pointer or focus moves away from
 * both. Focus that was in the card returns to the chip. This module is loaded on the first of
 * those, so a page nobody hovers never loads it.
 */

/** The chip's button (./chip draws it). */
const chipButton = (chip: HTMLElement): HTMLButtonElement | null => chip.shadowRoot!.querySelector('button');

/** How long the pointer rests on a chip before its card opens, and may leave before it closes, in ms. */
const OPEN_DELAY_MS = 400;
const CLOSE_DELAY_MS = 300;

/** The most badges listed; the rest are counted. */
const MAX_BADGES = 6;

/** The card of a chip and its timers. */
interface Card {
  element: HTMLElement;
  openTimer?: ReturnType<typeof setTimeout>;
  closeTimer?: ReturnType<typeof setTimeout>;
}

const cards = new WeakMap<HTMLElement, Card>();

/** Whether this browser has the Popover API: without it, chips are not buttons that open anything. */
const hasPopover = (element: HTMLElement): boolean => typeof element.showPopover == 'function';

/** The card's stylesheet, made once per document. */
const sheets = new WeakMap<Document, CSSStyleSheet>();

/** Adds the card's styles to a chip's shadow root, beside the chip's: a shared sheet, else a `<style>` with the page's nonce. */
const addStyles = (root: ShadowRoot, nonce: string | undefined): void => {
  const doc = root.ownerDocument;
  try {
    let sheet = sheets.get(doc);
    if (!sheet) {
      sheet = new doc.defaultView!.CSSStyleSheet();
      sheet.replaceSync(cardCss);
      sheets.set(doc, sheet);
    }
    if (root.adoptedStyleSheets.length) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      return;
    }
  } catch {
    // No constructable sheets here (the chip has a <style> too): as the chip does.
  }
  const style = doc.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = cardCss;
  root.append(style);
};

const anchored = (): boolean => globalThis.CSS?.supports?.('anchor-name: --a') ?? false;

/** Where the card goes without anchor positioning: under the chip (above when there is no room), inside the viewport. */
const placeByMeasure = (card: HTMLElement, chip: HTMLElement): void => {
  const view = chip.ownerDocument.defaultView!;
  const at = chip.getBoundingClientRect();
  const { width, height } = card.getBoundingClientRect();
  const below = at.bottom + 6;
  const top = below + height > view.innerHeight && at.top - 6 - height >= 0 ? at.top - 6 - height : below;
  const left = Math.max(8, Math.min(at.left, view.innerWidth - width - 8));
  card.style.setProperty('--rk-card-top', `${top}px`);
  card.style.setProperty('--rk-card-left', `${left}px`);
};

const badgeList = (badges: UserBadges, words: Words): Html => {
  const shown = [...badges.badges].sort((a, b) => b.achievedLevel - a.achievedLevel).slice(0, MAX_BADGES);
  const more = badges.badges.length - shown.length;
  return shown.length
    ? html`<ul class="badges" aria-labelledby="rk-badges">
        ${shown.map(
          (b) =>
            html`<li>
              <span class="dot rk-tier-${tierOf(b.achievedLevel)}" aria-hidden="true"></span
              ><span>${b.achievedLevelTitle || b.badgeKey}</span>
              <span class="muted">(${words.t(tierName(tierOf(b.achievedLevel)))})</span>
            </li>`,
        )}
        ${more > 0 && html`<li class="muted">${words.n('+$ more', more)}</li>`}
      </ul>`
    : html`<p class="note muted">${words.t('No badges earned yet.')}</p>`;
};

/** The card's content: the score it already has, and the badges as they stand (undefined: loading; an Error: failed). */
const cardView = (address: string, total: number, badges: UserBadges | Error | undefined, words: Words): Html => {
  const tier = scoreTier(total);
  return html`<div class="head">
      <span class="dot rk-tier-${tier}" aria-hidden="true"></span><span class="address" title="${address}">${shortAddress(address)}</span>
    </div>
    <p class="score">
      <span class="muted">${words.t('Reputation score')}</span>
      <span class="total">${formatNumber(total, words.locale)}</span>
      <span>${words.t(tierName(tier))}</span>
    </p>
    <p class="badges-label" id="rk-badges">${words.t('Badges')}</p>
    ${
      badges === undefined
        ? html`<p class="note muted" role="status">${words.t('Loading…')}</p>`
        : badges instanceof Error
          ? html`<p class="note muted">${describeFailure(badges, words.t('There is no badge data for this address yet.'), words).sentence}</p>`
          : badgeList(badges, words)
    }`;
};

/** Makes the card of `chip` (once): the popover beside its button, filled in as its badges arrive. */
const makeCard = (chip: HTMLElement, context: CardContext): Card | undefined => {
  const button = chipButton(chip);
  const root = chip.shadowRoot!;
  const address = chip.dataset.address!;
  const total = context.scoreOf(address);
  const element = chip.ownerDocument.createElement('div');
  if (!button || total === undefined || !hasPopover(element)) return undefined;
  element.className = 'card';
  element.setAttribute('part', 'card');
  element.popover = 'auto';
  element.setAttribute('role', 'dialog');
  element.tabIndex = -1;
  const words = context.words(chip);
  element.lang = words.locale;
  element.dir = words.dir ?? '';
  element.setAttribute('aria-label', fillIn(words.t('Reputation of $'), shortAddress(address)));
  addStyles(root, context.nonce);
  root.append(element);
  // The button opens it natively too (and is exempt from its light dismiss); it is the card's implicit anchor.
  button.popoverTargetElement = element;
  const render = (badges?: UserBadges | Error) => renderInto(element, cardView(address, total, badges, words));
  render();
  let loaded = false;
  const card: Card = { element };
  // Focus in the card when it closes (Escape, or it closed under the visitor) goes back to the chip;
  // before it is hidden, while the browser still says where focus is.
  element.addEventListener('beforetoggle', (event) => {
    if (event.newState == 'closed' && element.contains(root.activeElement)) button.focus();
  });
  element.addEventListener('toggle', (event) => {
    const open = event.newState == 'open';
    chipButton(chip)?.setAttribute('aria-expanded', String(open));
    if (!open) return;
    if (!anchored()) placeByMeasure(element, button);
    if (loaded) return;
    loaded = true;
    context.client
      .then((client) => client.getBadges(address, { signal: context.signal }))
      .then(render, (error: unknown) => {
        if (context.signal.aborted) return;
        loaded = false;
        render(error instanceof Error ? error : new Error(String(error)));
      });
  });
  return card;
};

const open = (card: Card, focus: boolean): void => {
  clearTimeout(card.closeTimer);
  if (!card.element.matches(':popover-open')) card.element.showPopover();
  if (focus) card.element.focus();
};

const close = (card: Card): void => {
  clearTimeout(card.openTimer);
  if (card.element.matches(':popover-open')) card.element.hidePopover();
};

/**
 * What a chip's events do to its card (the annotator passes the chip's pointer, focus and click
 * events, retargeted to the chip): the opener of the chip's card, made the first time.
 */
export const cardFor = (chip: HTMLElement, context: CardContext): ((event: Event) => void) => {
  let card = cards.get(chip);
  if (!card) {
    card = makeCard(chip, context);
    if (!card) return () => undefined;
    cards.set(chip, card);
  }
  const own = card;
  return (event) => {
    const related = (event as FocusEvent | PointerEvent).relatedTarget;
    // Moves between the chip's button and its card: both are inside the chip.
    if (related == chip) return;
    const isOpen = own.element.matches(':popover-open');
    switch (event.type) {
      case 'pointerover':
        if ((event as PointerEvent).pointerType == 'touch') return;
        clearTimeout(own.closeTimer);
        if (!isOpen) own.openTimer = setTimeout(() => open(own, false), OPEN_DELAY_MS);
        return;
      case 'pointerout':
        if ((event as PointerEvent).pointerType == 'touch') return;
        clearTimeout(own.openTimer);
        // Not while the visitor works in the card.
        if (isOpen && !chip.shadowRoot!.activeElement) own.closeTimer = setTimeout(() => close(own), CLOSE_DELAY_MS);
        return;
      case 'focusin':
        if (chipButton(chip)?.matches(':focus-visible')) open(own, false);
        return;
      case 'focusout':
        close(own);
        return;
      case 'click':
        event.preventDefault();
        open(own, true);
    }
  };
};
