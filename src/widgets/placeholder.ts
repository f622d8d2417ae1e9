import { html, type Html } from '../render/html';

/**
 * The loading skeleton as the ready view itself, drawn from blank data shaped like a typical
 * full record: every row, line and gap the answer will take is already there, so the page
 * below does not move when the answer replaces it. Its text is filler in the page's own font
 * (spaces would be trimmed away by the views, and another glyph could change line heights),
 * transparent, hidden from assistive technology and inert; the stylesheet turns each run of
 * it into a bar.
 */

/** Filler text of `n` characters. */
export const blank = (n: number): string => 'n'.repeat(n);

/** Blank prose of `words` words: wraps like text does. */
export const prose = (words: number): string => Array.from({ length: words }, (_, i) => blank(4 + (i % 3) * 2)).join(' ');

/** Fixed, so the skeleton is the same on every render. */
export const WHEN = '2025-01-01T00:00:00.000Z';

/**
 * The loading view: a hidden label, the blank ready view (inert), and the status line that
 * says "still calculating" after a few seconds.
 */
export const placeholderView = (label: string, ready: Html): Html =>
  html`<span class="rk-hidden">${label}</span><div class="rk-skel rk-placeholder" aria-hidden="true" inert>${ready}</div>
    <p class="rk-slow" part="slow" role="status" aria-live="polite"></p>`;
