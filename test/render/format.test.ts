/**
 * Number and date formatting with Intl, per locale; invalid dates give nothing.
 */
import { describe, expect, it } from 'vitest';
import { canonicalLocale, formatDate, formatNumber } from '../../src/render/format';

describe('formatNumber groups and rounds by locale', () => {
  it.each([
    [1234, 'en-US', '1,234'],
    [1234, 'de-DE', '1.234'],
    [1234567, 'en-IN', '12,34,567'],
    [1234.56, 'en-US', '1,234.6'],
    [0, 'en-US', '0'],
    [-5, 'en-US', '-5'],
  ])('%s in %s → %s', (value, locale, expected) => {
    expect(formatNumber(value, locale)).toBe(expected);
  });

  it('French grouping uses a narrow no-break space', () => {
    expect(formatNumber(1234, 'fr-FR')).toBe('1\u202F234');
  });

  it('without a locale it follows the environment default', () => {
    expect(formatNumber(1234.5)).toBe(new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(1234.5));
  });

  it('alternating locales never reuse the wrong formatter', () => {
    expect([formatNumber(1234, 'en-US'), formatNumber(1234, 'de-DE'), formatNumber(1234, 'en-US')]).toEqual(['1,234', '1.234', '1,234']);
  });

  it('many locales in a row still format each correctly', () => {
    const locales = ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'es-ES', 'it-IT', 'pt-BR', 'nl-NL', 'sv-SE', 'pl-PL', 'ru-RU', 'ko-KR'];
    for (let round = 0; round < 3; round++) {
      for (const locale of locales) {
        expect(formatNumber(9876543, locale)).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(9876543));
        expect(formatNumber(1, `${locale}-u-nu-latn`)).toBe('1');
      }
    }
  });
});

describe('formatDate gives a medium date in the locale', () => {
  // Noon UTC: the same calendar day in every time zone from UTC-11 to UTC+11.
  const iso = '2025-06-01T12:00:00.000Z';

  it.each([
    ['en-US', 'Jun 1, 2025'],
    ['de-DE', '01.06.2025'],
    ['en-GB', '1 Jun 2025'],
  ])('%s', (locale, expected) => {
    expect(formatDate(iso, locale)).toBe(expected);
  });

  it('a date-only ISO string is a date too', () => {
    expect(formatDate('2024-02-29', 'en-US')).toMatch(/^Feb (28|29), 2024$/);
  });
});

describe('formatDate gives nothing for what is not a date', () => {
  it.each([undefined, '', 'not a date', '2024-02-30T99:99:99Z', '<script>alert(1)</script>', 'javascript:alert(1)'])('%j', (value) => {
    expect(formatDate(value, 'en-US')).toBeUndefined();
  });
});

describe('canonicalLocale', () => {
  it('canonicalises a valid tag', () => {
    expect(canonicalLocale('en-us')).toBe('en-US');
    expect(canonicalLocale('DE-de')).toBe('de-DE');
  });

  it('throws a RangeError for an invalid tag', () => {
    expect(() => canonicalLocale('not a locale!!')).toThrow(RangeError);
    expect(() => canonicalLocale('')).toThrow(RangeError);
  });
});
