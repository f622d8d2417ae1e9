// @vitest-environment node
/** The proxy's cache tiers (src/proxy/tiers.ts): fresh, stale while revalidating, kept for errors. */
import { describe, expect, it } from 'vitest';
import {
  cacheHeaders,
  fresher,
  negativeCacheControl,
  secondsUntil,
  servesOnError,
  storedAnswer,
  tierOf,
  worthStoring,
} from '../../src/proxy/tiers';

const NOW = 1_000_000_000_000;
const S = 1000;
const O = { staleWhileRevalidateSeconds: 60, staleIfErrorSeconds: 3600 };

describe('storedAnswer', () => {
  it('is fresh for its TTL and kept as long as the longer stale tier', () => {
    expect(storedAnswer(200, '{}', 300, O, NOW)).toEqual({
      status: 200,
      body: '{}',
      storedAt: NOW,
      freshUntil: NOW + 300 * S,
      keepUntil: NOW + 300 * S + 3600 * S,
    });
    expect(storedAnswer(200, '{}', 300, { staleWhileRevalidateSeconds: 600, staleIfErrorSeconds: 0 }, NOW).keepUntil).toBe(NOW + 900 * S);
  });
  it('with a TTL of 0 it is not kept at all, so not worth storing', () => {
    const answer = storedAnswer(404, '{}', 0, O, NOW);
    expect(answer.keepUntil).toBe(NOW);
    expect(worthStoring(answer)).toBe(false);
    expect(worthStoring(storedAnswer(404, '{}', 1, O, NOW))).toBe(true);
  });
});

describe('tierOf and servesOnError', () => {
  const answer = storedAnswer(200, '{}', 300, O, NOW);
  it('fresh until its TTL ends, stale for staleWhileRevalidateSeconds more, then expired', () => {
    expect(tierOf(answer, O, NOW)).toBe('fresh');
    expect(tierOf(answer, O, NOW + 300 * S - 1)).toBe('fresh');
    expect(tierOf(answer, O, NOW + 300 * S)).toBe('stale');
    expect(tierOf(answer, O, NOW + 360 * S - 1)).toBe('stale');
    expect(tierOf(answer, O, NOW + 360 * S)).toBe('expired');
  });
  it('no copy is expired', () => {
    expect(tierOf(undefined, O, NOW)).toBe('expired');
  });
  it('an expired copy stands in for a failing service for staleIfErrorSeconds after its TTL', () => {
    expect(servesOnError(answer, O, NOW + 3900 * S - 1)).toBe(true);
    expect(servesOnError(answer, O, NOW + 3900 * S)).toBe(false);
  });
});

describe('fresher', () => {
  const older = storedAnswer(200, 'old', 300, O, NOW - 10 * S);
  const newer = storedAnswer(200, 'new', 300, O, NOW);
  it('takes the later copy of two', () => {
    expect(fresher(newer, older, NOW)).toBe(newer);
    expect(fresher(older, newer, NOW)).toBe(newer);
    expect(fresher(older, undefined, NOW)).toBe(older);
    expect(fresher(undefined, older, NOW)).toBe(older);
  });
  it('takes no copy past its keep time', () => {
    expect(fresher(newer, undefined, newer.keepUntil)).toBeUndefined();
    expect(fresher(newer, older, newer.keepUntil)).toBe(older);
  });
});

describe('cacheHeaders', () => {
  const answer = storedAnswer(200, '{}', 300, O, NOW);
  it('a fresh answer: what is left of its TTL, and the stale tiers in full', () => {
    expect(cacheHeaders(answer, true, O, NOW + 100 * S)).toEqual({
      'Cache-Control': 'public, s-maxage=200, stale-while-revalidate=60, stale-if-error=3600',
      Age: '100',
    });
  });
  it('a stale answer: already expired, with what is left of stale-if-error', () => {
    expect(cacheHeaders(answer, false, O, NOW + 400 * S)).toEqual({
      'Cache-Control': 'public, s-maxage=0, stale-while-revalidate=60, stale-if-error=3500',
      Age: '400',
    });
  });
  it('an answer not kept is no-store; Age counts whole seconds and never goes below 0', () => {
    expect(cacheHeaders(storedAnswer(404, '{}', 0, O, NOW), true, O, NOW + 1999)).toEqual({ 'Cache-Control': 'no-store', Age: '1' });
    expect(cacheHeaders(answer, true, O, NOW - 5 * S).Age).toBe('0');
  });
});

describe('small rules', () => {
  it('secondsUntil rounds up and stops at 0', () => {
    expect(secondsUntil(NOW + 1001, NOW)).toBe(2);
    expect(secondsUntil(NOW + 1000, NOW)).toBe(1);
    expect(secondsUntil(NOW - 1000, NOW)).toBe(0);
  });
  it('an invalid address answer is cached for the negative TTL, or not at all', () => {
    expect(negativeCacheControl(60)).toBe('public, s-maxage=60');
    expect(negativeCacheControl(0)).toBe('no-store');
  });
});
