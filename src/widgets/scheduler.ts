/**
 * Off-screen skipping: a long page's cards skip their rendering while off screen, and those
 * near the viewport are laid out in full before their first frame. (Answers are drawn in turn,
 * without waiting for a frame: ./tasks.)
 */

/** The class that lets the browser skip a card's contents while it is off screen (base.css). */
const SKIPPABLE = 'rk-skip';

/** A window's cards mounted since its last frame, waiting for {@link placeCards}. `$` fields: terser shortens them (rollup.config.mjs). */
interface Unplaced {
  /** The `requestAnimationFrame` the frame was asked of: a page that replaces it gets a new batch. */
  readonly $raf: unknown;
  readonly $cards: HTMLElement[];
}

const unplaced = new WeakMap<object, Unplaced>();

/**
 * Up to this many cards on a page, every card is rendered: skipping pays only on long pages
 * (a leaderboard), and a page of a few cards then shows them all in a full-page capture.
 */
export const SKIP_FROM_CARDS = 20;

/**
 * The widgets on a page: hosts in the document, `<repkit-widget>` elements (whose host is in
 * their shadow root) and snippets not mounted yet. A page of snippets is mounted over several
 * tasks (../embed/mount-all), so its first cards are placed while the rest still wait: counted
 * mounted only, a long page's first twenty cards would all be laid out in full. Counted when
 * placed, so nothing holds on to a removed card; a host inside another component's shadow root
 * is not counted, which only means rendering more.
 */
const widgetsIn = (doc: Document): number =>
  doc.getElementsByClassName('repkit').length +
  doc.getElementsByTagName('repkit-widget').length +
  doc.querySelectorAll('[data-repkit]').length -
  doc.querySelectorAll('[data-repkit] > .repkit').length;

/** Measuring rounds before a first frame, each a layout; cards still unsettled after them stay skipped. */
const MAX_ROUNDS = 8;

/** Within a screen of the viewport in each direction: laid out in full before it is first painted. */
const isNear = (box: DOMRect, width: number, height: number): boolean =>
  box.bottom >= -height && box.top <= 2 * height && box.right >= -width && box.left <= 2 * width;

/** The height `contain-intrinsic-height` gives a box: its content's, inside borders and padding. */
const contentHeight = (win: Window, card: HTMLElement): number => {
  const style = win.getComputedStyle(card);
  const edges = ['border-top-width', 'border-bottom-width', 'padding-top', 'padding-bottom'];
  return edges.reduce((height, edge) => height - (parseFloat(style.getPropertyValue(edge)) || 0), card.getBoundingClientRect().height);
};

/** The middle one of some numbers (there is at least one), which it sorts in place: order is not kept. */
const median = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1];

/**
 * Cards of one shape (kind, options shown in their markup, width) are laid out to one height,
 * near enough: the classes of their elements, not their text, and the width they are given.
 */
const shapeOf = (card: HTMLElement, width: number): string =>
  `${Math.round(width)} ${Array.from(card.querySelectorAll('[class]'), (e) => e.getAttribute('class')).join(' ')}`;

/**
 * The heights measured of each shape of card ({@link shapeOf}) on a page, kept for its later
 * frames: a page mounting its widgets over many frames measures a shape once, not once a frame
 * (each measure lays out a far card in full).
 */
const heightsOf = new WeakMap<Window, Map<string, number[]>>();

/**
 * Just before the first frame that would paint them: every card within a screen of the
 * viewport is laid out in full, the others stay skipped. One pass for all the cards of a
 * window, reading before writing, each round a layout (cheap: skipped cards are not laid out
 * inside). A skipped card takes a guessed size, so laying out the cards before it moves it.
 * Each round lays out the cards that came near and one card of each shape the page has not
 * measured yet; a skipped card of a measured shape takes the typical height of its shape (a
 * list of rows then gets its height right, the page its length, and a card scrolled to later
 * comes in at its size), until no more card comes near or changes size. Cards laid out become
 * skippable again once the frame has painted them (a timer set in a frame callback runs after
 * that frame), keeping their last size off screen. A card with no box (a `display: none`
 * parent) is left unskipped: shown later, it must not first take a guessed size.
 */
const placeCards = (win: Window & typeof globalThis, cards: HTMLElement[]): void => {
  if (unplaced.get(win)?.$cards === cards) unplaced.delete(win);
  let skipped = cards.filter((card) => card.isConnected);
  if (widgetsIn(win.document) <= SKIP_FROM_CARDS) return skipped.forEach((card) => card.classList.remove(SKIPPABLE));
  let heights = heightsOf.get(win);
  if (!heights) heightsOf.set(win, (heights = new Map()));
  const shapes = new Map<HTMLElement, string>();
  /** The skipped cards given a height, and the number of measures of their shape it came from. */
  const sized = new Map<HTMLElement, number>();
  /** Gives a far card the typical height of its shape, again when the shape has new measures; says whether it did. */
  const sizeFar = (card: HTMLElement): boolean => {
    const measures = heights.get(shapes.get(card)!);
    if (!measures?.length || sized.get(card) == measures.length) return false;
    card.style.setProperty('contain-intrinsic-height', `auto ${median(measures)}px`);
    sized.set(card, measures.length);
    return true;
  };
  const drawn: HTMLElement[] = [];
  for (let round = 0, measured = 0; ; round++) {
    for (const card of drawn.slice(measured)) heights.get(shapes.get(card)!)!.push(contentHeight(win, card));
    measured = drawn.length;
    if (round == MAX_ROUNDS) {
      // Out of rounds: the last measures still size the cards left far.
      skipped.forEach(sizeFar);
      break;
    }
    if (!skipped.length) break;
    const { innerWidth, innerHeight } = win;
    const boxes = skipped.map((card) => card.getBoundingClientRect());
    const far: HTMLElement[] = [];
    let resized = false;
    // Every box read above before anything is written below: one layout a round.
    skipped.forEach((card, i) => {
      const box = boxes[i];
      let shape = shapes.get(card);
      if (!shape) shapes.set(card, (shape = shapeOf(card, box.width)));
      const measures = heights.get(shape);
      if (isNear(box, innerWidth, innerHeight) || (!measures && box.height)) {
        card.classList.remove(SKIPPABLE);
        if (!box.height) return;
        drawn.push(card);
        if (!measures) heights.set(shape, []);
        return;
      }
      far.push(card);
      if (sizeFar(card)) resized = true;
    });
    if (far.length == skipped.length && !resized) break;
    skipped = far;
  }
  setTimeout(() => {
    for (const card of drawn) card.classList.add(SKIPPABLE);
  }, 0);
};

/**
 * A new card starts skippable (`content-visibility: auto`, base.css): a hundred cards mounted
 * at once then cost one layout of the few in view, not one of every skeleton. On a page of at
 * most {@link SKIP_FROM_CARDS} cards, every card is rendered from its first frame. Before the first
 * frame paints it, {@link placeCards} lays out in full the ones near the viewport, so no card in
 * view is ever drawn at the guessed size and then corrected (a layout shift). In a hidden tab
 * the frame waits until it is shown; nothing is painted meanwhile. Without
 * `requestAnimationFrame` nothing is painted at all, and the card is left as it is.
 */
export const placeCard = (card: HTMLElement): void => {
  const win = card.ownerDocument.defaultView;
  const raf = win?.requestAnimationFrame;
  if (!win || typeof raf != 'function') return;
  card.classList.add(SKIPPABLE);
  let batch = unplaced.get(win);
  // A new batch also when the page replaced requestAnimationFrame: the old one may never call back.
  if (batch?.$raf !== raf) {
    const cards: HTMLElement[] = [];
    unplaced.set(win, (batch = { $raf: raf, $cards: cards }));
    raf.call(win, () => placeCards(win, cards));
  }
  batch.$cards.push(card);
};
