import { afterEach, describe, expect, it } from 'vitest';
import { formatAge, formatDate, formatNumber } from '../../src/render/format';
import { englishAge, englishDate, englishNumber, isPlainEnglish } from '../../src/render/english';

// Node carries full ICU: whatever English text repkit writes without Intl is compared with
// Intl's own, over a seeded sweep and the edge cases, for both tags it writes.

/** A small seeded generator (mulberry32), so a failure names a value that can be replayed. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const TAGS = ['en', 'en-US'];

const EDGES = [
  0,
  -0,
  NaN,
  Infinity,
  -Infinity,
  0.05,
  -0.05,
  0.04,
  -0.04,
  0.15,
  0.25,
  0.35,
  0.45,
  1.25,
  1.45,
  2.675,
  9.95,
  99.95,
  999.95,
  9999.95,
  0.95,
  -0.95,
  1e-7,
  -1e-7,
  5e-7,
  0.049999,
  999,
  1000,
  -1000,
  1234.5,
  12345.67,
  999999.95,
  1e15,
  -1e15,
  1e15 + 0.5,
  123456789012345.6,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1.5e21,
  -1e21,
  1e300,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  0.1 + 0.2,
  1.005,
  4.35,
  8.15,
  1e16 + 2,
];

const numbers = (): number[] => {
  const random = seeded(39);
  const swept: number[] = [...EDGES];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(random() * 31 - 9);
    const value = random() * magnitude * (random() < 0.3 ? -1 : 1);
    // Halves at one decimal (x.x5) and whole halves, where rounding rules differ, then any value.
    swept.push(Math.round(value * 100) / 100, Math.round(value * 2) / 2, Math.round(value * 20 + 0.5) / 20, value);
  }
  return swept;
};

describe('English numbers without Intl', () => {
  for (const tag of TAGS) {
    it(`writes what Intl.NumberFormat('${tag}', { maximumFractionDigits: 1 }) writes`, () => {
      const intl = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
      const differing = numbers().filter((n) => englishNumber(n) != intl.format(n) || formatNumber(n, tag) != intl.format(n));
      expect(differing.map((n) => `${n}: ${englishNumber(n)} ≠ ${intl.format(n)}`)).toEqual([]);
    });
  }

  it('rounds half away from zero and groups thousands, as Intl does', () => {
    expect([0.05, 1.25, -1.25, 1234567.89, -0].map(englishNumber)).toEqual(['0.1', '1.3', '-1.3', '1,234,567.9', '-0']);
  });
});

describe('English dates without Intl', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  const times = (): number[] => {
    const random = seeded(7);
    const swept: number[] = [];
    for (let year = 1601; year <= 9998; year += year < 2100 ? 1 : 97)
      for (let month = 0; month < 12; month++) {
        const day = 1 + Math.floor(random() * 28);
        // Around local midnight and the ends of months and years, and anywhere in the day.
        swept.push(
          new Date(year, month, day).getTime() - 1,
          new Date(year, month, day).getTime(),
          new Date(year, month + 1, 0, 23, 59, 59, 999).getTime(),
        );
        swept.push(Date.UTC(year, month, day, Math.floor(random() * 24), Math.floor(random() * 60)));
      }
    return swept;
  };

  for (const timeZone of ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Australia/Lord_Howe']) {
    it(`writes what dateStyle 'medium' writes for every month, in ${timeZone}`, () => {
      process.env.TZ = timeZone;
      for (const tag of TAGS) {
        const intl = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
        expect(intl.resolvedOptions().timeZone).toBe(timeZone);
        const differing = times().filter((t) => (englishDate(t) ?? intl.format(t)) != intl.format(t));
        expect(differing.map((t) => `${new Date(t).toISOString()}: ${englishDate(t)} ≠ ${intl.format(t)}`)).toEqual([]);
      }
    });
  }

  it('leaves years before 1600 (Julian in Intl) and after 9999 to Intl', () => {
    const julian = Date.UTC(1500, 5, 1);
    expect(englishDate(julian)).toBeUndefined();
    expect(formatDate(new Date(julian).toISOString(), 'en-US')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(julian),
    );
    expect(englishDate(Date.UTC(10000, 0, 1))).toBeUndefined();
    expect(formatDate('2025-01-05T12:00:00Z', 'en')).toBe('Jan 5, 2025');
  });
});

describe('English ages without Intl', () => {
  const units = ['second', 'minute', 'hour', 'day'] as const;

  for (const tag of TAGS) {
    it(`writes what RelativeTimeFormat('${tag}', { numeric: 'auto' }) writes for each unit`, () => {
      const intl = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
      for (const unit of units)
        for (const count of [0, 1, 2, 3, 10, 59, 100, 999, 1000, 1234, 123456])
          expect(`${count} ${unit}: ${englishAge(count, unit)}`).toBe(`${count} ${unit}: ${intl.format(-count, unit)}`);
    });

    it(`formatAge in '${tag}' matches Intl at each boundary`, () => {
      const intl = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
      const cases: [number, string][] = [
        [0, intl.format(-0, 'second')],
        [400, intl.format(0, 'second')],
        [1000, intl.format(-1, 'second')],
        [59_000, intl.format(-59, 'second')],
        [60_000, intl.format(-1, 'minute')],
        [3_600_000, intl.format(-1, 'hour')],
        [86_400_000, intl.format(-1, 'day')],
        [1500 * 86_400_000, intl.format(-1500, 'day')],
      ];
      expect(cases.map(([ms]) => formatAge(ms, tag))).toEqual(cases.map(([, said]) => said));
      expect(formatAge(0, tag)).toBe('now');
      expect(formatAge(86_400_000, tag)).toBe('yesterday');
    });
  }
});

describe('Which locales are written without Intl', () => {
  it('English as Intl writes it by default (en, en-US, any case) and nothing else', () => {
    expect(['en', 'en-US', 'EN-us'].map(isPlainEnglish)).toEqual([true, true, true]);
    expect(['en-GB', 'en-IN', 'en-US-u-nu-arab', 'en-Latn-US', 'de', 'enx', ''].map(isPlainEnglish)).toEqual(Array(7).fill(false));
  });

  it("resolves no locale to the browser's language", () => {
    const language = Object.getOwnPropertyDescriptor(navigator, 'language');
    try {
      Object.defineProperty(navigator, 'language', { value: 'de-DE', configurable: true });
      expect(isPlainEnglish(undefined)).toBe(false);
      expect(formatNumber(1234.5)).toBe(new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(1234.5));
      Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
      expect(isPlainEnglish(undefined)).toBe(true);
    } finally {
      if (language) Object.defineProperty(navigator, 'language', language);
      else delete (navigator as { language?: string }).language;
    }
  });

  it('keeps Intl for other locales', () => {
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatDate('2025-03-05T12:00:00Z', 'de')).toBe(
      new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(Date.UTC(2025, 2, 5, 12)),
    );
  });
});
