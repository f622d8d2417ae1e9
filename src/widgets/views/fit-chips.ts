/**
 * Fits a one-line row of chips to its width, left to right or right to left: chips that would
 * be cut at the edge are hidden whole (still read by screen readers), and a "+N" chip counts them. Clipping with
 * `overflow: hidden` alone shows half a chip and a stray letter at narrow widths.
 *
 * The row is laid out by CSS (`.rk-chips`: the list shrinks, the "+N" chip does not); this
 * only decides which chips are shown. It measures in a ResizeObserver callback, which runs
 * after layout and before paint, so the unfitted row is never seen and many widgets on one
 * page share one layout pass.
 */

/**
 * Set on a chip that does not fit: base.css's visually hidden class, which keeps it in the
 * accessibility tree and, pinned to the card's corner, out of the row's scroll width.
 */
const HIDDEN = 'rk-hidden';

/**
 * Shows as many chips of `list` as fit beside the others in its row, hiding the rest and
 * writing their count into `more` (`+N`; `extra` counts items already left out, such as those
 * past `maxCategories`).
 */
export const fitChips = (list: HTMLElement, more: HTMLElement, extra: number): void => {
  // Only Element's own members are used: class names and boxes.
  const chips = Array.from(list.children);
  for (const chip of chips) chip.classList.remove(HIDDEN);
  // A row that is not laid out (display: none, detached) has no width to fit: it is left whole.
  // Each pass hides the chips that pass either end of the list (its right, or its left when the
  // row runs right to left) and counts them; the "+N" text can grow by a digit and push one
  // more out, so a second pass settles it.
  for (let pass = 0; pass < 3 && list.clientWidth > 0; pass++) {
    showMore(more, extra);
    const row = list.getBoundingClientRect();
    const over = chips.filter((chip) => {
      const box = chip.getBoundingClientRect();
      return !chip.classList.contains(HIDDEN) && Math.max(box.right - row.right, row.left - box.left) > 0.5;
    });
    if (!over.length) break;
    for (const chip of over) chip.classList.add(HIDDEN);
    extra += over.length;
  }
  showMore(more, extra);
};

const showMore = (more: HTMLElement, count: number): void => {
  more.hidden = count == 0;
  const text = `+${count}`;
  if (more.textContent != text) more.textContent = text;
};

/**
 * Keeps `list` fitted while its row changes size. Returns the function that stops watching,
 * which the widget calls before it renders again and when it is destroyed.
 */
export const keepChipsFitted = (list: HTMLElement, more: HTMLElement, extra: number): (() => void) => {
  const Observer = list.ownerDocument.defaultView?.ResizeObserver;
  if (!Observer) {
    fitChips(list, more, extra);
    return () => {};
  }
  const row = list.parentElement ?? list;
  let width = -1;
  const observer = new Observer((entries) => {
    const next = entries.at(-1)!.contentRect.width;
    // Hiding chips never changes the row's own width, so this does not feed back into itself.
    if (next == width) return;
    width = next;
    fitChips(list, more, extra);
  });
  observer.observe(row);
  return () => observer.disconnect();
};
