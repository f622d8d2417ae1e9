import type { ServiceClient } from '../client/service-client';
import type { UserScores } from '../client/types';
import { localeOf, onRegister, wordsFor } from '../i18n/locale';
import type { Words } from '../i18n/messages';
import { chipButton, createChip, showNothing, showScore } from './chip';
import { addressChecker, firstAddress, ignoredSelector, INTERACTIVE, linkedAddress } from './finder';
import type { ResolvedAnnotateOptions } from './options';
import { placeAfterElement, placeAfterText, unplace, type Placement } from './placement';
import { numberTexts } from './numbers';
import { CHANGING_SLICE_MS, SLICE_MS, taskSlices, type Slices } from './slices';
import { isElement, isTextNode } from '../util/values';

/** Whether `node` is a link (`<a>`), in any document. */
const isLink = (node: Node): node is HTMLAnchorElement => isElement(node) && node.localName == 'a';

/** What `annotate()` returns. */
export interface AnnotateHandle {
  /**
   * Stops annotating: no more chips for content added later, requests under way abandoned, the
   * card closed, and every chip taken out, the page's text nodes joined back as they were.
   * Calling it again does nothing.
   */
  stop(): void;
}

/** What the card needs of an annotation, when a chip's card opens (./card). */
export interface CardContext {
  client: Promise<ServiceClient>;
  /** The total score shown for an address. */
  scoreOf: (address: string) => number | undefined;
  words: (element: Element) => Words;
  theme: string;
  nonce: string | undefined;
  signal: AbortSignal;
}

/** A chip's card opener, loaded the first time one is wanted (./card). */
export type CardModule = typeof import('./card');

/** How many addresses one request may carry through a proxy (src/client/batch.ts, BATCH_MAX_PARTS). */
const BATCH_SIZE = 50;

/**
 * How many chips made while reading may wait before they go into the page: they go in together,
 * in as few slices as they take, once the page is read through or this many wait. Every slice
 * that changes the page is followed by a frame in which the browser lays out and paints the
 * whole page again (tens of ms on a long page on a phone), while a slice that only reads and
 * makes chips apart from the page is not (test/bench/README.md, "annotate").
 */
const PLACE_BATCH = 100;

/**
 * A chip made while reading and not in the page yet: after the address ending at `end` in
 * `text` (as it was read), or after `element` (a link or button holding the address).
 */
interface Planned {
  chip: HTMLElement;
  address: string;
  text?: Text;
  end?: number;
  /** The reading of `text` it comes from: a text node the page rewrote is read again, and the chips of the old reading dropped. */
  reading?: object;
  element?: Element;
}

/**
 * The work of one `annotate()` call: it finds the addresses under `root` in short slices of time,
 * puts a chip after each, asks for their scores (those on screen first) and shows them, watches
 * for content added later, and undoes all of it on `stop()`.
 */
export const startAnnotating = (
  root: Element,
  o: ResolvedAnnotateOptions,
  loadClient: () => Promise<typeof ServiceClient>,
  loadCard: () => Promise<CardModule>,
): AnnotateHandle => {
  const doc = root.ownerDocument;
  const view = doc.defaultView ?? window;
  // Loading from the start, so that it is there when the first scores are asked for (after the
  // first paint); in a task of its own, as starting a fetch is not free on a slow phone.
  const client = new Promise((resolve) => view.setTimeout(resolve)).then(loadClient).then((Client) => new Client(o.client));
  // Without a client (its file did not load), no address has data: every chip stays empty.
  client.catch(Boolean);
  const stopping = new AbortController();
  const { signal } = stopping;
  const isAddress = addressChecker(o.accepts);
  const ignored = ignoredSelector(o.includeCode);
  const theme = o.theme;

  /** Every chip placed, in order (undone in reverse). */
  let placements: Placement[] = [];
  /** The placement of each chip, and of each text node that ends with a chip's address. */
  const placementOfChip = new WeakMap<Element, Placement>();
  const placementOfText = new WeakMap<Text, Placement>();
  /** Links and buttons that already have a chip after them, or one on its way. */
  const chipped = new WeakSet<Element>();
  /** Chips made and still to go into the page, in document order, and the text nodes they follow. */
  let planned: Planned[] = [];
  /** Text nodes with chips on their way, and the reading those come from. */
  const plannedTexts = new WeakMap<Text, object>();
  /** Where each chip on its way will be: its language is that of the place (it has none of its own apart from the page). */
  const placeOf = new WeakMap<HTMLElement, Element>();
  /** Chips waiting for their address's score, by address. */
  const waiting = new Map<string, Set<HTMLElement>>();
  /** Scores received (`null`: no data for the address). */
  const scores = new Map<string, UserScores | null>();
  /** Addresses found but not asked for yet. */
  const pending = new Set<string>();
  /** Chips in the viewport now (from the intersection observer). */
  const onScreen = new WeakSet<Element>();

  /** Words by locale: a page mostly has one. */
  const wordsByLocale = new Map<string, Words>();
  const wordsOf = (element: Element): Words => {
    const locale = localeOf(o.locale, element);
    let words = wordsByLocale.get(locale);
    if (!words) wordsByLocale.set(locale, (words = wordsFor(locale, o.messages)));
    return words;
  };

  /** Addresses whose answers wait for their scores' text (./numbers): drawn once it comes. */
  const parked = new Set<string>();
  const numbers = numberTexts(view, () => {
    answered.push(...parked);
    parked.clear();
    slices.wake();
  });

  /** Shows an answer in a chip; false when the score's text is still on its way (asked for). */
  const show = (chip: HTMLElement, found: UserScores | null): boolean => {
    if (!found) {
      showNothing(chip);
      return true;
    }
    const words = wordsOf(placeOf.get(chip) ?? chip);
    const text = numbers.text(found.totalScore, words.locale);
    if (text !== undefined) showScore(chip, found.totalScore, text, words, o.card);
    return text !== undefined;
  };

  /**
   * Asks for the pending addresses' scores: those with a chip on screen first, so they go in the
   * first batch; only full batches when `fullOnly` (the rest go with the addresses found next).
   */
  const request = (fullOnly = false): void => {
    const seen = new Set([...pending].filter(visible));
    let order = [...seen, ...[...pending].filter((address) => !seen.has(address))];
    if (fullOnly) order = order.slice(0, order.length - (order.length % BATCH_SIZE));
    for (const address of order) pending.delete(address);
    // Where they are on screen matters no more: the browser need not work it out for them.
    for (const address of order) for (const chip of waiting.get(address) ?? []) sight.unobserve(chip);
    // The scores' text is formatted apart (./numbers): it starts now, while they are on their way.
    if (order.length) numbers.text(0, wordsOf(root).locale);
    const fail = () => {
      if (!signal.aborted) for (const address of order) if (!scores.has(address)) settle(address, null);
    };
    client.then((ready) => {
      // All in this one task: a client without a key sends them as batches of up to 50 (src/client/batch.ts).
      for (const address of order) {
        ready.getScores(address, { signal }).then(
          (found) => settle(address, found),
          () => {
            if (!signal.aborted) settle(address, null);
          },
        );
      }
    }, fail);
  };
  const visible = (address: string): boolean => [...(waiting.get(address) ?? [])].some((chip) => onScreen.has(chip));

  /** Addresses whose answer arrived and whose chips are still to show it: drawn in slices too (a batch brings 50 at once). */
  const answered: string[] = [];

  const settle = (address: string, found: UserScores | null): void => {
    scores.set(address, found);
    answered.push(address);
    slices.wake();
  };

  /** Shows answers in their chips until `due`; returns whether any are left. */
  const showAnswers = (due: number): boolean => {
    while (answered.length && performance.now() < due) {
      const address = answered.shift()!;
      const chips = waiting.get(address);
      for (const chip of chips ?? []) if (show(chip, scores.get(address)!)) chips!.delete(chip);
      if (chips?.size) parked.add(address);
      else waiting.delete(address);
    }
    return answered.length > 0;
  };

  /**
   * Sees which chips are on screen once the browser has laid them out (no layout forced here):
   * the scores are asked for then, when the page is read through, a batch is full, or an address
   * on screen waits.
   */
  const sight = new IntersectionObserver((entries) => {
    let wanted = false;
    for (const { target, isIntersecting } of entries) {
      if (isIntersecting) {
        onScreen.add(target);
        wanted ||= pending.has(target.getAttribute('data-address') ?? '');
      } else onScreen.delete(target);
    }
    if (pending.size && (wanted || slices.idle())) request();
    else if (pending.size >= BATCH_SIZE) request(true);
  });

  /**
   * Makes the chip for an address found, apart from the page (./placement puts it in later, see
   * {@link PLACE_BATCH}); its score is asked for and may be shown in it before it is placed.
   */
  const addChip = (where: Omit<Planned, 'chip'>): void => {
    const { address } = where;
    const chip = createChip(doc, address, theme, o.nonce);
    const at = (where.text ?? where.element)!.parentElement;
    if (at) placeOf.set(chip, at);
    planned.push({ chip, ...where });
    let chips = waiting.get(address);
    const known = scores.get(address);
    // Answered, and not waiting to be drawn: shown at once, or once its score's text comes.
    if (known !== undefined && !chips) {
      if (show(chip, known)) return;
      parked.add(address);
    }
    if (!chips) {
      waiting.set(address, (chips = new Set()));
      if (known === undefined) pending.add(address);
    }
    chips.add(chip);
  };

  /** Forgets a chip that never went in (the page changed what it was for). */
  const drop = (chip: HTMLElement, address: string): void => {
    waiting.get(address)?.delete(chip);
  };

  const placed = (placement: Placement): void => {
    placements.push(placement);
    placementOfChip.set(placement.chip, placement);
    if (placement.text) placementOfText.set(placement.text, placement);
    if (pending.has(placement.address)) sight.observe(placement.chip);
  };

  /**
   * Puts the chips made into the page until `due`, in document order; returns whether any are
   * left. Those after text go where their address is still what was read: the page may have
   * rewritten or removed the text meanwhile (then it is read again, ./absorb).
   */
  const place = (due: number): boolean => {
    let done = 0;
    /** The text node last split, the part after its chip, and where that part starts in what was read. */
    let split: Text | undefined;
    let rest: Text | undefined;
    let base = 0;
    while (done < planned.length && (performance.now() < due || (split && planned[done].text == split))) {
      const { chip, address, text, end, reading, element } = planned[done++];
      if (element) {
        if (element.isConnected) placed(placeAfterElement(element, chip, address));
        else {
          chipped.delete(element);
          drop(chip, address);
        }
        continue;
      }
      if (text != split) {
        split = text;
        // Rewritten since it was read (./absorb), or read again: these chips are not for it any more.
        rest = plannedTexts.get(text!) === reading ? text : undefined;
        if (rest) plannedTexts.delete(text!);
        base = 0;
      }
      const at = end! - base;
      if (rest?.isConnected && rest.data.slice(at - address.length, at) == address) {
        const placement = placeAfterText(rest, at, chip, address);
        placed(placement);
        rest = placement.rest;
        base = end!;
      } else {
        rest = undefined;
        drop(chip, address);
      }
    }
    planned = planned.slice(done);
    return planned.length > 0;
  };

  /**
   * The chips for the addresses in a text node, if it has any: after each, or one after the link
   * or button it is in.
   */
  const visitText = (text: Text): void => {
    // Read already: it ends with an address whose chip follows it, or its chips are on their way.
    if (placementOfText.has(text) || plannedTexts.has(text)) return;
    let found = firstAddress(text.data, isAddress);
    if (!found) return;
    const interactive = text.parentElement?.closest(INTERACTIVE);
    if (interactive) {
      if (root.contains(interactive) && !chipped.has(interactive)) {
        chipped.add(interactive);
        addChip({ address: found.address, element: interactive });
      }
      return;
    }
    const reading = {};
    plannedTexts.set(text, reading);
    for (; found; found = firstAddress(text.data, isAddress, found.end)) addChip({ address: found.address, text, end: found.end, reading });
  };

  const visitLink = (link: HTMLAnchorElement): void => {
    const address = o.links && !chipped.has(link) ? linkedAddress(link, isAddress) : undefined;
    if (address) {
      chipped.add(link);
      addChip({ address, element: link });
    }
  };

  /** Whether a node is where repkit must not look: in an ignored element, or outside `root`. */
  const isIgnored = (node: Node): boolean => {
    const parent = isElement(node) ? node : node.parentElement;
    return !parent || !root.contains(node) || !!parent.closest(ignored);
  };

  const walkerFilter = (node: Node): number => {
    if (isTextNode(node)) return node.data.length < 47 ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_ACCEPT;
    if (isElement(node) && node.matches(ignored)) return NodeFilter.FILTER_REJECT;
    return isLink(node) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
  };

  const visit = (node: Node): void => {
    if (isTextNode(node)) visitText(node);
    else if (isLink(node)) visitLink(node);
  };

  /** Subtrees still to read (the root, then what the page adds), and the walk through the current one. */
  const queue: Node[] = [root];
  let walker: TreeWalker | undefined;

  /** Reads on until `due` (a time from performance.now()); returns whether anything is left. */
  const work = (due: number): boolean => {
    for (;;) {
      if (!walker) {
        const next = queue.shift();
        if (!next) return false;
        if (!next.isConnected || isIgnored(next)) continue;
        walker = doc.createTreeWalker(next, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, walkerFilter);
        if (isTextNode(next) || isLink(next)) visit(next);
      }
      const node = walker.nextNode();
      if (!node) walker = undefined;
      else visit(node);
      if (performance.now() >= due) return !!(walker || queue.length);
    }
  };

  /** The page's own changes: new content to read, and text it rewrote under a chip. */
  const absorb = (records: MutationRecord[]): void => {
    for (const record of records) {
      if (record.type == 'characterData') {
        const text = record.target;
        // A comment's text changed: nothing of the page's text.
        if (!isTextNode(text)) continue;
        // Chips on their way for it no longer know where they go (./place drops them): read again.
        if (plannedTexts.delete(text)) {
          queue.push(text);
          continue;
        }
        const placement = placementOfText.get(text);
        // Splitting it after its address (ours) leaves it ending with the address: nothing to do.
        if (placement?.chip.isConnected && text.data.endsWith(placement.address)) continue;
        if (placement) {
          placementOfText.delete(text);
          // The page rewrote text a chip belongs to: the chip may be wrong now, so it goes, and the text is read again.
          unplace(placement);
          placements = placements.filter((p) => p != placement);
          waiting.get(placement.address)?.delete(placement.chip);
          queue.push(placement.text!);
        } else queue.push(text);
      } else {
        for (const node of record.addedNodes) if (!(isElement(node) && node.hasAttribute('data-repkit-chip'))) queue.push(node);
        // Chips the page removed with their text: forget them.
        if (record.removedNodes.length) placements = placements.filter((p) => p.chip.isConnected);
      }
    }
  };

  const watcher = new MutationObserver((records) => {
    absorb(records);
    // Content the page just added (a reply, the next page of a thread) gets a first slice at
    // once, before it is painted; the rest in the slices that follow.
    if (slices.idle()) slices.runNow();
    else slices.wake();
  });

  const slices: Slices = taskSlices(doc, (started, urgent) => {
    absorb(watcher.takeRecords());
    const changingDue = started + CHANGING_SLICE_MS;
    // Answers first: their chips are waiting. Then reading, with the chips found placed together
    // (PLACE_BATCH); those of an urgent slice at once, to be painted with what they follow.
    let more = showAnswers(changingDue);
    if (!more) {
      const unread = planned.length < PLACE_BATCH ? work(started + SLICE_MS) : true;
      const placeNow = urgent || !unread || planned.length >= PLACE_BATCH;
      const unplaced = placeNow ? place(urgent ? Infinity : changingDue) : planned.length > 0;
      more = unread || unplaced;
    }
    // Our own changes (split text, chips) are not the page's.
    watcher.takeRecords();
    // A batch's worth, or read through: what is still to ask for goes now (the sightings may all
    // have come earlier, or the chips be on their way still).
    if (!more && pending.size) request();
    else if (pending.size >= BATCH_SIZE) request(true);
    return more;
  });

  // The first slice runs right before the page is next painted, in its animation frame (a task
  // apart from the script's evaluation, which is long enough on a slow phone): the chips in view
  // are in the page when it is painted, so nothing moves under the reader's eyes. A hidden page
  // paints no frames: there it runs now. Until then the page's changes need no watching: the
  // first slice reads the page as it is then.
  const begin = (): void => {
    if (signal.aborted) return;
    watcher.observe(root, { childList: true, subtree: true, characterData: true });
    slices.runNow();
  };
  if (doc.visibilityState == 'visible') view.requestAnimationFrame(begin);
  else begin();

  const forgetRedraw = onRegister(() => {
    wordsByLocale.clear();
    for (const { chip, address } of [...placements, ...planned]) {
      const found = scores.get(address);
      if (!found || chip.dataset.state != 'ready' || show(chip, found)) continue;
      // In a language whose numbers are on their way: drawn again when they come.
      let chips = waiting.get(address);
      if (!chips) waiting.set(address, (chips = new Set()));
      chips.add(chip);
      parked.add(address);
    }
  });

  /** The card's code, once asked for; and once loaded, so that a click is handled in its own task (it may prevent the default). */
  let cardModule: Promise<CardModule> | undefined;
  let cardLoaded: CardModule | undefined;
  const context: CardContext = {
    client,
    scoreOf: (address) => scores.get(address)?.totalScore,
    words: wordsOf,
    theme,
    nonce: o.nonce,
    signal,
  };
  const onChipEvent = (event: Event): void => {
    const chip = event.target as HTMLElement;
    if (!o.card || !placementOfChip.has(chip) || !chipButton(chip)) return;
    if (cardLoaded) return cardLoaded.cardFor(chip, context)(event);
    cardModule ??= loadCard().then((loaded) => (cardLoaded = loaded));
    // A card that cannot load (its file missing) leaves the chip as it is.
    cardModule.then((loaded) => loaded.cardFor(chip, context)(event), Boolean);
  };
  const CHIP_EVENTS = ['pointerover', 'pointerout', 'focusin', 'focusout', 'click'] as const;
  for (const type of CHIP_EVENTS) root.addEventListener(type, onChipEvent);

  return {
    stop() {
      if (signal.aborted) return;
      stopping.abort();
      watcher.disconnect();
      sight.disconnect();
      slices.stop();
      numbers.stop();
      forgetRedraw();
      for (const type of CHIP_EVENTS) root.removeEventListener(type, onChipEvent);
      for (let i = placements.length - 1; i >= 0; i--) unplace(placements[i]);
      placements = [];
      planned = [];
      waiting.clear();
      pending.clear();
    },
  };
};
