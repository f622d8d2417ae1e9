/**
 * How a chip goes into the page and comes out again, exactly: the text node holding an address
 * is split after it (never re-parsed: the page's text stays text), the chip goes between the
 * two parts, and taking the chip out joins them back into the one node there was.
 */

/** A chip in the page and what was split to put it there. */
export interface Placement {
  chip: HTMLElement;
  address: string;
  /** The text node ending with the address, when the chip follows text. */
  text?: Text;
  /** The rest of that node's text, split off after the address (none when the address ended it). */
  rest?: Text;
}

/** Puts `chip` right after the address ending at `end` in `text`. */
export const placeAfterText = (text: Text, end: number, chip: HTMLElement, address: string): Placement => {
  const rest = end < text.data.length ? text.splitText(end) : undefined;
  text.after(chip);
  return { chip, address, text, rest };
};

/** Puts `chip` right after `element` (a link or button holding the address). */
export const placeAfterElement = (element: Element, chip: HTMLElement, address: string): Placement => {
  element.after(chip);
  return { chip, address };
};

/**
 * Takes the chip out and joins the split text back together. Placements are undone in the
 * reverse order of their making, so a node split twice is whole again before it is joined.
 */
export const unplace = ({ chip, text, rest }: Placement): void => {
  chip.remove();
  if (text && rest) {
    if (rest.parentNode && rest.previousSibling == text) {
      text.appendData(rest.data);
      rest.remove();
    }
  }
};
