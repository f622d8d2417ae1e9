/**
 * shortAddress, the short form widgets show: first 6, "…", last 4; 12 characters or fewer whole;
 * a surrogate pair is never cut in half.
 */
import { describe, expect, it } from 'vitest';
import { shortAddress } from '../../src/render/address';
import { ADDRESSES } from '../helpers/sandbox';

/** True when `s` holds a lone surrogate (half of a character). */
const hasLoneSurrogate = (s: string): boolean => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('addresses of 12 characters or fewer are shown whole', () => {
  it.each(['', 'a', 'abcdefghijk', 'abcdefghijkl'])('%j', (address) => {
    expect(shortAddress(address)).toBe(address);
  });
});

describe('addresses of 13 characters or more are shortened to 6 + … + 4', () => {
  it.each([
    ['abcdefghijklm', 'abcdef…jklm'],
    ['0x1234567890abcdef1234567890abcdef12345678', '0x1234…5678'],
    [ADDRESSES.rich, '1bW2n3…CFa6'],
  ])('%s', (address, expected) => {
    expect(shortAddress(address)).toBe(expected);
    expect(Array.from(shortAddress(address))).toHaveLength(11);
  });
});

describe('characters outside the BMP are counted whole and never split', () => {
  it('twelve emoji (24 UTF-16 units) are shown whole', () => {
    const address = '😀'.repeat(12);
    expect(shortAddress(address)).toBe(address);
  });

  it('thirteen emoji are shortened to 6 + … + 4 whole emoji', () => {
    const short = shortAddress('😀'.repeat(13));
    expect(short).toBe(`${'😀'.repeat(6)}…${'😀'.repeat(4)}`);
    expect(hasLoneSurrogate(short)).toBe(false);
  });

  it('a pair straddling the cut points stays whole', () => {
    // UTF-16 slicing at 6 and -4 would cut the 𝒜 (index 5-6) and the 𝒵 (last 4 units) in half.
    const address = 'abcde𝒜ghijklmnop𝒵xyz';
    const short = shortAddress(address);
    expect(hasLoneSurrogate(short)).toBe(false);
    expect(short).toBe('abcde𝒜…𝒵xyz');
  });
});
