/**
 * What the hostile-data suite (./hostile-data.test.ts) compares a rendered view with: the text
 * limits, a short-message comparison for long strings, and the checks every kind shares (image,
 * date). Each kind's own check is in its sample (src/widgets/kinds/<kind>/sample.ts), which
 * imports these. Not a test file itself; it touches `document` only when a check runs, so the
 * Chromium suites (in Node) can load the samples too.
 */
import { expect } from 'vitest';
import type { WidgetConfig } from '../../src/index';
import { ITEM_TEXT_LIMIT, TEXT_LIMIT } from '../../src/widgets/views/common';
import { htmlParsing } from './corpus';
import type { ProfileVariant } from './records';

let parsing: ReturnType<typeof htmlParsing> | undefined;
/** What the engine's HTML parser makes of text (CR, NUL). */
export const parsedText = (text: string): string => (parsing ??= htmlParsing(document)).text(text);
/** What the engine's HTML parser makes of an attribute value (CR, NUL). */
export const parsedAttribute = (text: string): string => (parsing ??= htmlParsing(document)).attribute(text);

/**
 * README: text past 2,000 characters is cut (300 inside list items and names), with an
 * ellipsis, never inside a surrogate pair.
 */
const RENDERED_TEXT_LIMITS = [ITEM_TEXT_LIMIT, TEXT_LIMIT];
const asRendered = (text: string, limit: number): string => {
  if (text.length <= limit) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[limit - 1]!) ? limit - 1 : limit;
  return text.slice(0, cut) + '…';
};
/** Text inside a list item or a name, as rendered. */
export const asItem = (text: string): string => asRendered(text, ITEM_TEXT_LIMIT);

/** Compares long strings with a short message (a 10,000-character diff helps nobody). */
export const same = (actual: string | null | undefined, full: string, what: string): void => {
  // Text is cut when rendered; markup, attributes and data-* keys are compared whole.
  if (actual === full) return;
  const cuts = RENDERED_TEXT_LIMITS.map((limit) => asRendered(full, limit));
  if (cuts.includes(actual ?? '')) return;
  const expected = cuts.find((cut) => cut.length == actual?.length) ?? cuts[cuts.length - 1]!;
  const a = actual ?? '(none)';
  let i = 0;
  while (i < a.length && a[i] === expected[i]) i++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 20), i + 40));
  throw new Error(
    `${what}: expected ${expected.length} characters, got ${actual == null ? 'nothing' : a.length}; first difference at ${i}: ${around(a)} vs ${around(expected)}`,
  );
};

export const text = (element: Element | null | undefined): string | undefined => element?.textContent ?? undefined;

/** An absolute http(s) URL as the URL parser writes it, or undefined (README: only these reach src). */
const httpHref = (value: string): string | undefined => {
  try {
    const url = new URL(value);
    return url.protocol == 'http:' || url.protocol == 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

const isDate = (value: string) => !Number.isNaN(Date.parse(value));

/** A string the widgets accept as a path segment (badgeKey, categoryKey). */
export const isSegment = (value: string): boolean => {
  try {
    encodeURIComponent(value);
    return value.trim() != '' && value != '.' && value != '..';
  } catch {
    return false;
  }
};

/** What a template shows for `value.trim() || fallback`. */
export const trimmedOr = (value: string, fallback: string) => parsedText(value.trim() || fallback);

export interface Context {
  s: string;
  view: HTMLElement;
  /**
   * The key in the config: every option of the kind's own that reloads its data (`badgeKey`,
   * `categoryKey`) and that the combination sets carries the hostile string too, or the
   * combination's own value when the string is no usable path segment; '' when it sets none.
   */
  key: string;
}

export const all = (view: Element, selector: string) => Array.from(view.querySelectorAll(selector));

export const expectImage = ({ s, view }: Context, shown: boolean) => {
  const expected = shown ? httpHref(s) : undefined;
  expect(all(view, 'img').map((img) => img.getAttribute('src'))).toEqual(expected ? [expected] : []);
};

export const expectDate = ({ s, view }: Context, shown: boolean) => {
  const times = all(view, 'time');
  expect(times).toHaveLength(shown && isDate(s) ? 1 : 0);
  if (times[0]) same(times[0].getAttribute('datetime'), parsedAttribute(s), 'datetime');
  expect(view.textContent).not.toMatch(/Invalid Date|NaN/);
};

/** A widget config without apiKey and address (distributed over the kinds). */
type ConfigOf<C> = C extends unknown ? Omit<C, 'apiKey' | 'address'> : never;

/** One option combination of a kind in the hostile-data suite. */
export interface HostileCombo {
  name: string;
  config: ConfigOf<WidgetConfig>;
  variant?: ProfileVariant;
  check: (ctx: Context) => void;
  /** The kind's render with the most fields shown (one per kind): it runs the whole corpus, the others the sample. */
  full?: boolean;
}
