/**
 * English (`en`, `en-US`) numbers, dates and ages written without `Intl`, character for
 * character what `Intl` writes for them (test/render/english.test.ts compares the two). The
 * page's first `Intl` formatter pays ICU's one-time set-up, about 80 ms of one task on a phone
 * (test/bench/README.md, issue 39); the commonest page, in English, then never pays it. Anything
 * this does not reproduce exactly returns undefined, and the caller asks `Intl`.
 */

/** Whether `locale` (or, undefined, the browser's) is one whose text this writes. */
export const isPlainEnglish = (locale: string | undefined): boolean => {
  const tag = (locale ?? globalThis.navigator?.language)?.toLowerCase();
  return tag == 'en' || tag == 'en-us';
};

/** `-1234.56` → `"-1,234.6"`: at most one fraction digit, rounded half away from zero, grouped by thousands. */
export const englishNumber = (value: number): string => {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const size = Math.abs(value);
  if (size == Infinity) return `${sign}∞`;
  // Intl rounds the shortest decimal that reads back as the number, which is what String() writes.
  const [mantissa, exponent = '0'] = String(size).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point + 1, '0');
  let kept = digits.slice(0, point + 1);
  if (digits[point + 1] >= '5') {
    const raised = String(BigInt(kept) + 1n).padStart(kept.length, '0');
    point += raised.length - kept.length;
    kept = raised;
  }
  const integer = kept.slice(0, point).replace(/^0+(?=\d)/, '');
  const tenths = kept.slice(point);
  return `${sign}${integer.replace(/\B(?=(\d{3})+$)/g, ',')}${tenths == '0' ? '' : `.${tenths}`}`;
};

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * `dateStyle: 'medium'` in the local time zone: `"Jan 5, 2025"`. Undefined before 1600, where
 * Intl's calendar is Julian, and after 9999.
 */
export const englishDate = (time: number): string | undefined => {
  const date = new Date(time);
  const year = date.getFullYear();
  return year >= 1600 && year <= 9999 ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${year}` : undefined;
};

const NOW = { second: 'now', minute: 'this minute', hour: 'this hour', day: 'today' };

/** `RelativeTimeFormat` with `numeric: 'auto'`, a whole `count` of units ago: `"now"`, `"yesterday"`, `"1 minute ago"`, `"5 days ago"`. */
export const englishAge = (count: number, unit: keyof typeof NOW): string =>
  count == 0 ? NOW[unit] : count == 1 && unit == 'day' ? 'yesterday' : `${englishNumber(count)} ${unit}${count == 1 ? '' : 's'} ago`;
