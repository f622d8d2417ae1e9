// @ts-check
/**
 * The worst records the client's validator accepts, per widget kind: what a hostile or broken
 * service can make a widget render. A record is bounded only by `maxResponseBytes` (2 MB by
 * default), so each one here fills that budget with the cheapest list items (the most items)
 * or with the longest texts in every slot a widget shows. Used by the render benchmark
 * (./render-bench.mjs) and the Chromium security suite (test/browser/security.test.ts).
 *
 * Records are written as the production service sends them (see test/service/fixtures.mjs) and wrapped
 * in its `{ success, data }` envelope by {@link body}.
 */

/** The client's default `maxResponseBytes`. */
export const DEFAULT_BUDGET = 2_000_000;

export const ADDRESS = '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6';
const AT = '2026-01-01T00:00:00.000Z';

/** Room left for the envelope and the record's other fields. */
const SLACK = 4096;

/** @type {(data: unknown) => string} `data` in the service's answer envelope, as its body text */
export const body = (data) => JSON.stringify({ success: true, data });

/**
 * Words, so that long text wraps as real text does; exactly `length` characters.
 * @param {number} length
 * @param {string} [word]
 */
export const words = (length, word = 'word') => `${word} `.repeat(Math.ceil(length / (word.length + 1))).slice(0, length);

/**
 * As many items `make(i)` as fit in `bytes` of JSON, or exactly `count` when given (a test
 * that wants 100,000 items whatever their size).
 * @template T
 * @param {(i: number) => T} make
 * @param {{ bytes?: number, count?: number }} [size]
 * @returns {T[]}
 */
export const fill = (make, { bytes = DEFAULT_BUDGET - SLACK, count } = {}) => {
  /** @type {T[]} */
  const items = [];
  let size = 2;
  for (let i = 0; count === undefined ? true : i < count; i++) {
    const item = make(i);
    size += JSON.stringify(item).length + 1;
    if (count === undefined && size > bytes) break;
    items.push(item);
  }
  return items;
};

/** @typedef {(i: number, extra?: Record<string, unknown>) => Record<string, unknown>} ItemMaker item `i` of a list, with `extra` fields */

/** @type {ItemMaker} */
const reason = (i, extra = {}) => ({ key: `r${i}`, points: i, title: '', description: '', thresholds: [], advices: [], ...extra });
/** @type {ItemMaker} */
const level = (i, extra = {}) => ({ level: i + 1, key: `L${i}`, value: i, title: '', shortDescription: '', longDescription: '', ...extra });
/** @type {ItemMaker} */
const badge = (i, extra = {}) => ({
  badgeKey: `B${i}`,
  achievedLevel: 1 + (i % 5),
  achievedLevelKey: 'k',
  achievedLevelTitle: '',
  ...extra,
});
/** @type {ItemMaker} */
const badgeDefinition = (i, extra = {}) => ({
  key: `B${i}`,
  title: '',
  shortDescription: '',
  longDescription: '',
  metric: '',
  levels: [],
  ...extra,
});

/**
 * getCategoryScore's answer for `definition` (the score is the first reason's).
 * @param {{ reasons: Array<{ key?: unknown }> } & Record<string, unknown>} definition
 */
export const categoryRecord = (definition) => ({
  address: ADDRESS,
  category: { key: 'governance', score: { score: 7, reason: definition.reasons[0]?.key ?? 'none', title: 'Governance' } },
  definition: { displayName: 'Governance', short_description: '', long_description: '', order: 1, ...definition },
  calculatedAt: AT,
});

/** @param {Record<string, unknown>} categories getScores' answer with these categories */
export const scoresRecord = (categories) => ({ address: ADDRESS, totalScore: 1000, calculatedAt: AT, categories, source: 'api' });

/** @param {Record<string, unknown>} definition getBadge's answer for a badge with this definition */
export const badgeRecord = (definition) => ({
  address: ADDRESS,
  badge: { badgeKey: 'B0', achievedLevel: 3, achievedLevelKey: 'L2', achievedLevelTitle: 'Gold' },
  earned: true,
  definition: { title: 'Worst badge', shortDescription: '', longDescription: '', metric: 'votes', levels: [], ...definition },
});

/** @param {Record<string, unknown>} fields getProfile's answer with these fields */
export const profileRecord = (fields) => ({ address: ADDRESS, displayName: 'Worst profile', source: 'api', ...fields });

/**
 * One scenario: a widget config and the answer to each API path it requests (the path after
 * `/api/v2/`, as a suffix: `scores/…`, `metadata/badges`). `count` overrides the byte budget
 * for the list a scenario is about.
 * @typedef {{ name: string, config: Record<string, unknown>, answers: Record<string, unknown> }} Scenario
 */

/**
 * @param {{ count?: number, bytes?: number }} [size] `count` makes each list exactly that long
 *   instead of filling 2 MB
 * @returns {Scenario[]}
 */
export const worstScenarios = ({ count, bytes } = {}) => {
  /** @type {<T>(make: (i: number) => T) => T[]} */
  const many = (make) => fill(make, { count, bytes });
  const long = 38_000;
  return [
    {
      name: 'reputation: 2 MB of categories',
      config: { type: 'reputation', maxCategories: 50 },
      answers: {
        [`scores/${ADDRESS}`]: scoresRecord(Object.fromEntries(many((i) => [`c${i}`, { score: i % 997, reason: '', title: '' }]))),
      },
    },
    {
      name: 'reputation: 50 categories, long titles',
      config: { type: 'reputation', maxCategories: 50 },
      answers: {
        [`scores/${ADDRESS}`]: scoresRecord(
          Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`c${i}`, { score: i, reason: '', title: words(long) }])),
        ),
      },
    },
    {
      name: 'badges: 2 MB of badges and of definitions',
      config: { type: 'badges', maxBadges: 50, showProgress: true },
      answers: {
        [`badges/${ADDRESS}`]: ((badges) => ({ address: ADDRESS, badges, count: badges.length }))(many((i) => badge(i, { earnedAt: AT }))),
        'metadata/badges': { badges: many((i) => badgeDefinition(i)) },
      },
    },
    {
      name: 'badges: 50 badges, long titles',
      config: { type: 'badges', maxBadges: 50, showProgress: true },
      answers: {
        [`badges/${ADDRESS}`]: {
          address: ADDRESS,
          badges: Array.from({ length: 50 }, (_, i) => badge(i, { achievedLevelTitle: words(long / 2) })),
          count: 50,
        },
        'metadata/badges': { badges: Array.from({ length: 50 }, (_, i) => badgeDefinition(i, { title: words(long / 2) })) },
      },
    },
    {
      name: 'badge: 2 MB of levels',
      config: { type: 'badge', badgeKey: 'B0' },
      answers: { [`badges/${ADDRESS}/B0`]: badgeRecord({ levels: many((i) => level(i)) }) },
    },
    {
      name: 'badge: 1 MB description, long level titles',
      config: { type: 'badge', badgeKey: 'B0' },
      answers: {
        [`badges/${ADDRESS}/B0`]: badgeRecord({
          shortDescription: words(1_000_000),
          metric: words(long),
          levels: Array.from({ length: 10 }, (_, i) => level(i, { title: words(long) })),
        }),
      },
    },
    {
      name: 'profile: 2 MB of social links',
      config: { type: 'profile' },
      answers: {
        [`profiles/${ADDRESS}`]: profileRecord({ socialLinks: Object.fromEntries(many((i) => [`p${i}`, `https://example.com/${i}`])) }),
      },
    },
    {
      name: 'profile: 2 MB of identities',
      config: { type: 'profile' },
      answers: {
        [`profiles/${ADDRESS}`]: profileRecord({
          polkadotIdentities: many((i) => ({ address: `a${i}`, judgements: [{ index: i, judgement: 'Unknown' }] })),
        }),
      },
    },
    {
      name: 'profile: 1 MB bio, long links and identities',
      config: { type: 'profile' },
      answers: {
        [`profiles/${ADDRESS}`]: profileRecord({
          bio: words(1_000_000),
          socialLinks: Object.fromEntries(
            Array.from({ length: 12 }, (_, i) => [
              `${words(2000, 'site')}${i}`,
              `https://example.com/${words(long / 2, 'path').replace(/ /g, '/')}`,
            ]),
          ),
          polkadotIdentities: Array.from({ length: 5 }, (_, i) => ({
            address: `a${i}`,
            display: words(long / 2),
            legal: words(long / 2),
            web: `https://example.com/${words(long / 2, 'web').replace(/ /g, '/')}`,
            role: words(long / 2),
            judgements: Array.from({ length: 8 }, (_, j) => ({ index: j, judgement: words(2000) })),
          })),
        }),
      },
    },
    {
      name: 'category: 2 MB of reasons',
      config: { type: 'category', categoryKey: 'governance' },
      answers: { [`scores/${ADDRESS}/governance`]: categoryRecord({ reasons: many((i) => reason(i)) }) },
    },
    {
      name: 'category: 2 MB of thresholds',
      config: { type: 'category', categoryKey: 'governance' },
      answers: {
        [`scores/${ADDRESS}/governance`]: categoryRecord({
          reasons: [reason(0, { thresholds: many(() => ({ label: '', description: '' })) })],
        }),
      },
    },
    {
      name: 'category: 2 MB of advices',
      config: { type: 'category', categoryKey: 'governance' },
      answers: { [`scores/${ADDRESS}/governance`]: categoryRecord({ reasons: [reason(0, { advices: many((i) => `a${i}`) })] }) },
    },
    {
      name: 'category: 1 MB description, long reasons',
      config: { type: 'category', categoryKey: 'governance' },
      answers: {
        [`scores/${ADDRESS}/governance`]: categoryRecord({
          short_description: words(1_000_000),
          reasons: Array.from({ length: 12 }, (_, i) =>
            reason(i, {
              title: words(4000),
              description: words(6000),
              thresholds: Array.from({ length: 8 }, () => ({ label: words(2000), description: words(3000) })),
              advices: Array.from({ length: 8 }, (_, j) => `${j} ${words(4000)}`),
            }),
          ),
        }),
      },
    },
  ];
};
