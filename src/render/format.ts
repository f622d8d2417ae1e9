/** Number and date formatting through shared `Intl` formatters (creating one is slow). */

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

const formatter = <F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F => {
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
  formatter(`n${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })).format(value);

/** An ISO 8601 date as a medium date in the locale, or undefined when it is not a date. */
export const formatDate = (iso: string | undefined, locale?: string): string | undefined => {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time)
    ? undefined
    : formatter(`d${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(time);
};

/** A locale tag Intl accepts, canonicalised; throws RangeError for anything else. */
export const canonicalLocale = (locale: string): string => {
  const [canonical] = Intl.getCanonicalLocales(locale);
  if (!canonical) throw new RangeError(`Incorrect locale information provided: ${locale}`);
  return canonical;
};
