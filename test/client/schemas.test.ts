/**
 * The response schemas (src/client/validate.ts) as a caller of `check` meets them: the typed
 * record back, or a thrown failure naming the field; the value given is never changed; and a
 * schema that drifts from its record interface does not compile.
 */
import { describe, expect, it } from 'vitest';
import { AttemptFailure } from '../../src/client/failure';
import type { BadgeDefinitions, UserProfile, UserScores } from '../../src/client/types';
import { badgeDefinitions, check, userProfile, userScores, type Schema } from '../../src/client/validate';

const ADDRESS = '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6';

/** What `check` threw for `data`, or undefined. */
const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('check returns the typed record', () => {
  it('a copy: the answer given is left as it arrived', () => {
    const answer = {
      address: ADDRESS,
      displayName: null,
      socialLinks: { twitter: 'alice' },
      polkadotIdentities: [{ address: ADDRESS, twitter: 'alice', judgements: [{ index: 0, judgement: 'Reasonable', _id: 'x' }] }],
      nftCount: 3,
    };
    const before = structuredClone(answer);
    const profile: UserProfile = check(userProfile, answer);
    expect(answer).toEqual(before);
    expect(profile).toEqual({
      address: ADDRESS,
      socialLinks: { twitter: 'alice' },
      chainIdentities: [{ address: ADDRESS, microblog: 'alice', judgements: [{ index: 0, judgement: 'Reasonable', _id: 'x' }] }],
      nftCount: 3,
    });
  });

  it('keeps fields the record does not name, and a public name wins over its production twin', () => {
    const scores: UserScores = check(userScores, { address: ADDRESS, totalScore: 1, calculatedAt: 'now', constraints: [1] });
    expect(scores).toEqual({ address: ADDRESS, totalScore: 1, calculatedAt: 'now', constraints: [1] });
    const profile = check(userProfile, { address: ADDRESS, chainIdentities: [], polkadotIdentities: [{ address: 'other' }] });
    expect(profile).toEqual({ address: ADDRESS, chainIdentities: [] });
  });

  it('a hostile map key stays a key', () => {
    const answer = JSON.parse(
      `{"address":"${ADDRESS}","totalScore":1,"calculatedAt":"now","categories":{"__proto__":{"score":1,"reason":"r","title":"t"}}}`,
    ) as unknown;
    const scores = check(userScores, answer);
    expect(Object.getPrototypeOf(scores.categories)).toBe(Object.prototype);
    expect(Object.keys(scores.categories ?? {})).toEqual(['__proto__']);
  });
});

describe('a mismatch throws a malformed failure naming the field', () => {
  it.each([
    ['a string totalScore', { address: ADDRESS, totalScore: '5', calculatedAt: 'now' }, 'totalScore must be a number'],
    ['an infinite totalScore', { address: ADDRESS, totalScore: Infinity, calculatedAt: 'now' }, 'totalScore must be a number'],
    ['a missing address', { totalScore: 5, calculatedAt: 'now' }, 'address must be a string'],
    [
      'a category that is not an object',
      { address: ADDRESS, totalScore: 5, calculatedAt: 'now', categories: { longevity: 3 } },
      'categories.longevity must be an object',
    ],
    ['a bad source', { address: ADDRESS, totalScore: 5, calculatedAt: 'now', source: 'db' }, 'source must be "app" or "api"'],
    ['not an object', 'scores', 'data must be an object'],
  ])('%s', (_, data, problem) => {
    const failure = thrown(() => check(userScores, data));
    expect(failure).toBeInstanceOf(AttemptFailure);
    expect(failure).toMatchObject({ kind: 'malformed', detail: problem });
  });

  it('an item of a nested array is named by its index', () => {
    const failure = thrown(() => check(badgeDefinitions, { badges: [{ key: 'k', title: 't', levels: [] }] }));
    expect(failure).toMatchObject({ kind: 'malformed', detail: 'badges[0].shortDescription must be a string' });
  });
});

describe('a schema that drifts from its record does not compile', () => {
  it('tsc refuses a missing, extra, mistyped or wrongly optional field', () => {
    const text = (v: unknown) => String(v);
    const badges = (v: unknown) => v as BadgeDefinitions['badges'];
    // @ts-expect-error `totalScore` missing
    const missing: Schema<Pick<UserScores, 'address' | 'totalScore'>> = { address: text };
    // @ts-expect-error `extra` is not a field of the record
    const extra: Schema<BadgeDefinitions> = { badges, extra: text };
    // @ts-expect-error `badges` checked as a string
    const mistyped: Schema<BadgeDefinitions> = { badges: text };
    // @ts-expect-error an optional field (`source`) checked as required
    const required: Schema<Pick<UserScores, 'source'>> = { source: () => 'app' as const };
    expect([missing, extra, mistyped, required]).toHaveLength(4);
  });
});
