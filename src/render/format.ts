/**
 * Number and date formatting through shared `Intl` formatters (creating one is slow), and for
 * English without them (src/render/english.ts: the same text, without ICU's set-up).
 */

import { englishAge, englishDate, englishNumber, isPlainEnglish } from './english';

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.PluralRules;

const formatters = new Map<string, Formatter>();

/**
 * Set while a loading skeleton is drawn ({@link asFiller}): its numbers and dates are
 * transparent filler, so they are written without `Intl`. The page's first formatter pays
 * ICU's set-up (20–35 ms on a desktop, four times that on a phone, whichever formatter comes
 * first: test/bench/README.md); a page of widgets then paints its skeletons before paying it.
 */
let filling = false;

/** Runs `draw` with numbers and dates written as filler (plain digits, a fixed-length date) instead of formatted. */
export const asFiller = <T>(draw: () => T): T => {
  filling = true;
  try {
    return draw();
  } finally {
    filling = false;
  }
};

const formatter = <F extends Formatter>(key: string, make: () => F): F => {
  let found = formatters.get(key) as F | undefined;
  if (!found) {
    // A page uses one or two locales; the bound only guards against a locale per widget.
    if (formatters.size > 20) formatters.clear();
    formatters.set(key, (found = make()));
  }
  return found;
};

/** `1234.5` → `"1,234.5"` in the locale (default: the browser's). */
export const formatNumber = (value: number, locale?: string): string =>
  filling
    ? String(value)
    : isPlainEnglish(locale)
      ? englishNumber(value)
      : formatter(`n${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })).format(value);

/** The locale's plural rules (which form of a message a count takes). */
export const pluralRules = (locale?: string): Intl.PluralRules => formatter(`p${locale}`, () => new Intl.PluralRules(locale));

/** How long ago something `ms` old is, in the locale: "30 seconds ago", "5 minutes ago", "yesterday". */
export const formatAge = (ms: number, locale?: string): string => {
  const s = Math.max(0, Math.round(ms / 1000));
  const [n, unit]: [number, 'second' | 'minute' | 'hour' | 'day'] =
    s < 60
      ? [s, 'second']
      : s < 3600
        ? [Math.round(s / 60), 'minute']
        : s < 86400
          ? [Math.round(s / 3600), 'hour']
          : [Math.round(s / 86400), 'day'];
  return isPlainEnglish(locale)
    ? englishAge(n, unit)
    : formatter(`r${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })).format(-n, unit);
};

/** An ISO 8601 date as a medium date in the locale, or undefined when it is not a date. */
export const formatDate = (iso: string | undefined, locale?: string): string | undefined => {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time)
    ? undefined
    : filling
      ? // As long as a medium date in most locales ("Jan 1, 2025", "1 janv. 2025").
        'n'.repeat(11)
      : (isPlainEnglish(locale) && englishDate(time)) ||
        formatter(`d${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(time);
};

/**
 * A locale tag Intl accepts, canonicalised; throws RangeError for anything else (Intl itself
 * throws it: for one string, getCanonicalLocales returns one tag or throws).
 */
export const canonicalLocale = (locale: string): string => Intl.getCanonicalLocales(locale)[0];
