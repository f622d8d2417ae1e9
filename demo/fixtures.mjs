/**
 * Fixture records served by the sandbox (demo/sandbox.mjs).
 *
 * Each named address exists to exercise one branch of the client and the widgets, so the
 * data is deliberately uneven: a rich account, an account known only by its on-chain
 * identity, a brand-new account, an account without a profile, an account whose every string
 * is hostile, and an address that is not here at all. The records follow SPEC.md section 2
 * field for field (note `short_description` / `long_description` with underscores in category
 * definitions, and `count === badges.length`), because the client validates them and a
 * fixture that drifted from the spec would hide real bugs.
 *
 * Addresses are made-up Polkadot (SS58 prefix 0) strings with a valid SS58 checksum, so they
 * look and measure like real ones (47-48 base58 characters); no real key is behind them.
 *
 * Zero dependencies: plain data plus a few helpers.
 */

/** The one API key the sandbox accepts; any other key, or none, gets 401. */
export const API_KEY = 'demo-key';

/**
 * Named fixture addresses. `unknown` is deliberately absent from {@link FIXTURES}: the
 * sandbox answers getScores/getProfile with 404 and getBadges with an empty list for it (as
 * for any other well-formed address that is not listed).
 */
export const ADDRESSES = Object.freeze({
  rich: '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6',
  identityOnly: '135zNoanbmg5DrG1ixwEEzRiNpXw6at7Gt6Fy5mSn6kK9xEp',
  fresh: '14CvCqoEvbcmFfmQF6FyYJXLY52kbRYC71WNwkAJc8uQDETG',
  noProfile: '15a4gYzAhjC6NcvwMxFJkruZhggGSY5WCHYrxMJS4gGVnKB2',
  hostile: '16QvhX3rykiJWw7N9MFBn4aGubmJAyMg91ggcTxziKGC1nVD',
  unknown: '143GnVeLuaRUSgRiARNsKryMR1L8ins1PjHCigTsyJxRAGaT',
});

/** Short human labels for {@link ADDRESSES}, for the demo page's address picker. */
export const ADDRESS_LABELS = Object.freeze({
  rich: 'Rich account (7 categories, 5 badges, full profile)',
  identityOnly: 'On-chain identity only (no display name, no avatar)',
  fresh: 'Brand-new account (score 0, no categories, no badges)',
  noProfile: 'No profile (getProfile answers 404)',
  hostile: 'Hostile data (HTML, javascript: URLs, RTL marks, 10k-char name)',
  unknown: 'Unknown address (getScores answers 404)',
});

/** Linked accounts that appear only inside chain identities. */
const RICH_LINKED = '15KPQwNKT2AUQ9R9UR896Xm9xdqeMszfTxHELBVFsf9LJvoN';
const HOSTILE_LINKED = '1268ffEtsrXKAMbRpWssEJCoCRmNPf94Cy6CmpfFgN9VyHkm';

// ---------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------

/** Level keys and titles of SPEC.md 2.4, shared by every badge. */
const LEVELS = [
  { level: 1, key: 'bronze', title: 'Bronze' },
  { level: 2, key: 'silver', title: 'Silver' },
  { level: 3, key: 'gold', title: 'Gold' },
  { level: 4, key: 'platinum', title: 'Platinum' },
  { level: 5, key: 'diamond', title: 'Diamond' },
];

/**
 * Builds a badge definition whose five levels need increasing amounts of `metric`.
 * @param {object} base key, title, shortDescription, longDescription, metric, imageUrl?
 * @param {number[]} values the metric amount for levels 1..5, strictly increasing
 * @param {string} noun what is being counted, used in the level texts
 */
function badge(base, values, noun) {
  return {
    ...base,
    levels: LEVELS.map((l, i) => ({
      level: l.level,
      key: l.key,
      value: values[i],
      title: l.title,
      shortDescription: `${values[i]} ${noun}`,
      longDescription: `Reach ${values[i]} ${noun} to earn the ${l.title} level of ${base.title}.`,
    })),
  };
}

/**
 * The five common badges of SPEC.md 2.4. Only `early_adopter` has an `imageUrl` (an https
 * URL that does not resolve), so widgets must cope both with no image and with a broken one.
 */
export const BADGE_DEFINITIONS = [
  badge(
    {
      key: 'early_adopter',
      title: 'Early Adopter',
      shortDescription: 'Active since the early days of the network',
      longDescription:
        'Awarded to accounts that were active in the first months after launch. Higher levels go to accounts whose first transaction came earlier.',
      metric: 'days since first transaction',
      imageUrl: 'https://badges.example/early-adopter.svg',
    },
    [90, 180, 365, 730, 1460],
    'days of history',
  ),
  badge(
    {
      key: 'governance_voter',
      title: 'Governance Voter',
      shortDescription: 'Votes on referenda',
      longDescription: 'Awarded for voting on on-chain referenda. Each referendum counts once, however many times the vote was changed.',
      metric: 'referenda voted on',
    },
    [1, 5, 20, 50, 100],
    'referenda voted on',
  ),
  badge(
    {
      key: 'staking_champion',
      title: 'Staking Champion',
      shortDescription: 'Keeps funds staked',
      longDescription: 'Awarded for nominating validators over many eras. Eras in which the stake was fully unbonded do not count.',
      metric: 'eras staked',
    },
    [28, 84, 180, 365, 730],
    'eras staked',
  ),
  badge(
    {
      key: 'identity_verified',
      title: 'Identity Verified',
      shortDescription: 'Has a judged on-chain identity',
      longDescription: 'Awarded for an on-chain identity judged Reasonable or KnownGood by registrars. More independent judgements reach higher levels.',
      metric: 'positive registrar judgements',
    },
    [1, 2, 3, 4, 5],
    'positive judgements',
  ),
  badge(
    {
      key: 'parachain_explorer',
      title: 'Parachain Explorer',
      shortDescription: 'Uses many parachains',
      longDescription: 'Awarded for transacting on different parachains. Each parachain counts once.',
      metric: 'parachains used',
    },
    [2, 5, 10, 20, 40],
    'parachains used',
  ),
];

/**
 * Builds one reason of a category definition.
 * @param {string} key the reason key a CategoryScore.reason refers to
 * @param {number} points points the reason gives
 * @param {string} title
 * @param {string} description
 * @param {Array<[string, string]>} thresholds label/description pairs
 * @param {string[]} advices
 */
function reason(key, points, title, description, thresholds, advices) {
  return {
    key,
    points,
    title,
    description,
    thresholds: thresholds.map(([label, d]) => ({ label, description: d })),
    advices,
  };
}

/**
 * The six categories of SPEC.md 2.2, with display names from its table. `bridging` (served
 * in the rich account's scores) deliberately has no definition here, so getCategoryScore
 * answers `definition: null` for it.
 */
export const CATEGORY_DEFINITIONS = [
  {
    key: 'longevity',
    displayName: 'Account Longevity',
    short_description: 'How long the account has existed',
    long_description: 'Older accounts with a continuous history score higher. The age is counted from the first transaction that touched the account.',
    order: 1,
    reasons: [
      reason('account_under_1_year', 10, 'New account', 'The account is less than a year old.', [['< 1 year', 'First transaction less than 365 days ago']], [
        'Keep using the account: the score grows with its age.',
      ]),
      reason('account_over_1_year', 50, 'Established account', 'The account is more than a year old.', [['1-2 years', 'First transaction 365 to 729 days ago']], [
        'Keep the account active to reach the two-year mark.',
      ]),
      reason(
        'account_over_2_years',
        100,
        'Veteran account',
        'The account is more than two years old.',
        [
          ['2+ years', 'First transaction at least 730 days ago'],
          ['Continuous', 'No gap of more than 180 days without a transaction'],
        ],
        [],
      ),
    ],
  },
  {
    key: 'txCount',
    displayName: 'Transaction Count',
    short_description: 'How much the account transacts',
    long_description: 'Counts signed extrinsics sent from the account. Failed extrinsics count too, since they were paid for.',
    order: 2,
    reasons: [
      reason('tx_over_10', 20, 'Getting started', 'More than 10 transactions sent.', [['10+', 'At least 10 signed extrinsics']], ['Send a few more transactions.']),
      reason('tx_over_100', 60, 'Regular user', 'More than 100 transactions sent.', [['100+', 'At least 100 signed extrinsics']], [
        'Use the account for everyday transfers.',
        'Claim staking rewards yourself instead of waiting for others to pay them out.',
      ]),
      reason('tx_over_1000', 120, 'Power user', 'More than 1,000 transactions sent.', [['1000+', 'At least 1,000 signed extrinsics']], []),
    ],
  },
  {
    key: 'governance',
    displayName: 'Governance',
    short_description: 'Participation in on-chain governance',
    long_description: 'Voting on referenda and delegating votes both count. Conviction does not change the score.',
    order: 3,
    reasons: [
      reason('no_votes', 0, 'No votes yet', 'The account has not voted.', [['0 votes', 'No referendum voted on']], [
        'Vote on an open referendum.',
        'Delegate your votes to someone you trust.',
      ]),
      reason('voted_referenda', 40, 'Voter', 'Voted on at least five referenda.', [['5+', 'Five or more referenda voted on']], ['Vote on more referenda.']),
      reason(
        'active_governor',
        80,
        'Active governor',
        'Voted on at least twenty referenda or delegated for six months.',
        [
          ['20+', 'Twenty or more referenda voted on'],
          ['Delegation', 'Votes delegated for at least 180 days'],
        ],
        [],
      ),
    ],
  },
  {
    key: 'identity',
    displayName: 'Identity',
    short_description: 'On-chain identity verification',
    long_description: 'An on-chain identity judged Reasonable or KnownGood by a registrar counts as verified. Identities set but not judged give fewer points.',
    order: 4,
    reasons: [
      reason('identity_set', 20, 'Identity set', 'An on-chain identity is set but not judged.', [['Set', 'Identity fields present']], [
        'Ask a registrar for a judgement.',
      ]),
      reason('verified_identity', 50, 'Verified identity', 'A registrar judged the identity Reasonable or KnownGood.', [
        ['Reasonable', 'A registrar found the identity reasonable'],
        ['KnownGood', 'A registrar verified the identity'],
      ], []),
    ],
  },
  {
    key: 'uniqueInteractions',
    displayName: 'Unique Interactions',
    short_description: 'How many different accounts and chains the account deals with',
    long_description: 'Counts distinct counterparties and parachains. Transfers back and forth between the same two accounts count once.',
    order: 5,
    reasons: [
      reason('few_counterparties', 15, 'A few contacts', 'Interacted with at least 5 distinct accounts.', [['5+', 'Five distinct counterparties']], [
        'Interact with more accounts and parachains.',
      ]),
      reason('many_counterparties', 60, 'Well connected', 'Interacted with at least 50 distinct accounts.', [
        ['50+', 'Fifty distinct counterparties'],
        ['3+ chains', 'Activity on at least three parachains'],
      ], ['Try a parachain you have not used yet.']),
    ],
  },
  {
    key: 'stakingRewards',
    displayName: 'Staking',
    short_description: 'Staking and nomination activity',
    long_description: 'Nominating validators or joining a nomination pool earns points, more for longer periods.',
    order: 6,
    reasons: [
      reason('pool_member', 25, 'Pool member', 'Member of a nomination pool.', [['Pool', 'Joined a nomination pool']], ['Nominate validators directly for more points.']),
      reason('nominator', 75, 'Nominator', 'Nominated validators for at least 84 eras.', [
        ['84+ eras', 'Nominated for at least 84 eras'],
        ['Rewards', 'Received rewards in at least half of them'],
      ], []),
    ],
  },
];

// ---------------------------------------------------------------------------------------
// Helpers for records
// ---------------------------------------------------------------------------------------

/**
 * A CategoryScore whose score equals the points of the named reason, so the numbers in a
 * widget's detail view add up. Fails loudly if the reason does not exist: a fixture whose
 * `reason` matched no definition would break SPEC.md 2.2.
 * @param {string} category category key with a definition
 * @param {string} reasonKey
 * @param {string} [title] the score's title; defaults to the definition's displayName
 */
function scoreFor(category, reasonKey, title) {
  const def = CATEGORY_DEFINITIONS.find((d) => d.key === category);
  const r = def?.reasons.find((x) => x.key === reasonKey);
  if (!def || !r) throw new Error(`fixtures: no reason ${reasonKey} in category ${category}`);
  return { score: r.points, reason: reasonKey, title: title ?? def.displayName };
}

/**
 * A UserBadge at `level` of a common badge, titled from the definition.
 * @param {string} key
 * @param {number} level 1..5
 * @param {string} [earnedAt] ISO 8601
 */
function earned(key, level, earnedAt) {
  const def = BADGE_DEFINITIONS.find((d) => d.key === key);
  const l = def?.levels.find((x) => x.level === level);
  if (!def || !l) throw new Error(`fixtures: no level ${level} of badge ${key}`);
  /** @type {Record<string, unknown>} */
  const b = { badgeKey: key, achievedLevel: l.level, achievedLevelKey: l.key, achievedLevelTitle: l.title };
  if (earnedAt) b.earnedAt = earnedAt;
  return b;
}

/** Sum of category scores: the fixtures keep totalScore consistent with the breakdown. */
const total = (categories) => Object.values(categories).reduce((s, c) => s + c.score, 0);

/** Builds a UserBadges record; `count` always equals `badges.length` (SPEC.md 2.4). */
const badgeList = (address, badges, source = 'api') => ({ address, badges, count: badges.length, source });

// ---------------------------------------------------------------------------------------
// Hostile text
// ---------------------------------------------------------------------------------------

/** A 10,000-character display name: markup at the start, then one unbreakable run. */
const HOSTILE_LONG_NAME = ('<script>alert("long")</script>\u202E' + 'W'.repeat(10_000)).slice(0, 10_000);

/**
 * Text that must come out of every widget as inert, visible text. Exported so tests can
 * assert that none of it ever becomes markup, a live URL or an event handler.
 */
export const HOSTILE_STRINGS = Object.freeze([
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  `'"\`\${alert(1)}\`'`,
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(document.domain)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  'vbscript:msgbox(1)',
  '\u202Egnp.exe\u202C evil',
  'ad\u200Bmin\u200C\u200D\uFEFF',
  '</style><style>*{display:none}</style>',
  '{{constructor.constructor("alert(1)")()}}',
  '&lt;b&gt;already-escaped&lt;/b&gt; &amp;amp;',
  'https://evil.example/"onmouseover="alert(1)',
  '//evil.example/x.png',
  'line one\nline two\r\n\ttabbed',
  '👩‍💻🏳️‍🌈 emoji 😈',
  HOSTILE_LONG_NAME,
]);

/** Hostile strings that are meant to be used as URLs (`href`/`src` candidates). */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(document.domain)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  'vbscript:msgbox(1)',
  'https://evil.example/"onmouseover="alert(1)',
];

/** Deterministic pickers so every field gets some hostile string and the data stays stable. */
let hi = 0;
const h = () => HOSTILE_STRINGS[hi++ % (HOSTILE_STRINGS.length - 1)]; // the long name is used on purpose only
let ui = 0;
const hu = () => HOSTILE_URLS[ui++ % HOSTILE_URLS.length];

/** A category definition where every string is hostile; its one reason key is `reasonKey`. */
function hostileCategoryDefinition(key, reasonKey) {
  return {
    key,
    displayName: h(),
    short_description: h(),
    long_description: h(),
    order: 1,
    reasons: [
      { key: reasonKey, points: 10, title: h(), description: h(), thresholds: [{ label: h(), description: h() }], advices: [h(), h()] },
      { key: h(), points: 5, title: h(), description: h(), thresholds: [], advices: [h()] },
    ],
  };
}

/** A badge definition where every string (the key too) is hostile; five valid levels. */
function hostileBadgeDefinition() {
  return {
    key: h(),
    title: h(),
    shortDescription: h(),
    longDescription: h(),
    metric: h(),
    imageUrl: hu(),
    levels: LEVELS.map((l, i) => ({ level: l.level, key: h(), value: (i + 1) * 10, title: h(), shortDescription: h(), longDescription: h() })),
  };
}

/**
 * The hostile account's category scores. Besides the valid keys `longevity` and
 * `governance` (queryable through getCategoryScore), the map has keys that are themselves
 * hostile, including `__proto__`, `constructor` and `hasOwnProperty`: a client that copies
 * the map into a plain object with `obj[key] = ...` or calls `map.hasOwnProperty(...)` will
 * misbehave visibly. The object is built through JSON.parse because an object literal would
 * treat `__proto__` as the prototype instead of an own key.
 */
const hostileCategories = (() => {
  const entries = [
    ['longevity', { score: 10, reason: h(), title: h() }],
    ['governance', { score: 20, reason: h(), title: HOSTILE_LONG_NAME }],
    ['<img src=x onerror=alert(1)>', { score: 30, reason: h(), title: h() }],
    ['"><svg onload=alert(1)>', { score: 5, reason: h(), title: h() }],
    ['\u202Eevil', { score: 1, reason: h(), title: h() }],
    ['__proto__', { score: 2, reason: h(), title: h() }],
    ['constructor', { score: 3, reason: h(), title: h() }],
    ['hasOwnProperty', { score: 4, reason: h(), title: h() }],
  ];
  const json = '{' + entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',') + '}';
  return JSON.parse(json);
})();

/** Per-category hostile definitions for the hostile account's queryable categories. */
const hostileCategoryDefs = {
  longevity: hostileCategoryDefinition(h(), hostileCategories.longevity.reason),
  governance: hostileCategoryDefinition(h(), hostileCategories.governance.reason),
};

/** Hostile definitions for each common badge key, returned by getBadge for the hostile account. */
const hostileBadgeDefs = Object.fromEntries(BADGE_DEFINITIONS.map((d) => [d.key, hostileBadgeDefinition()]));

/** Hostile badges: one under a valid key (so getBadge finds it), the rest with hostile keys. */
const hostileBadges = [
  { badgeKey: 'early_adopter', achievedLevel: 3, achievedLevelKey: h(), achievedLevelTitle: h(), earnedAt: h() },
  { badgeKey: '<img src=x onerror=alert(1)>', achievedLevel: 5, achievedLevelKey: h(), achievedLevelTitle: h(), earnedAt: 'not a date' },
  { badgeKey: 'javascript:alert(1)', achievedLevel: 1, achievedLevelKey: h(), achievedLevelTitle: HOSTILE_LONG_NAME },
  { badgeKey: '__proto__', achievedLevel: 2, achievedLevelKey: h(), achievedLevelTitle: h(), earnedAt: '<script>alert(1)</script>' },
  { badgeKey: '\u202Eevil\u200B', achievedLevel: 4, achievedLevelKey: h(), achievedLevelTitle: h(), earnedAt: '2024-02-30T99:99:99Z' },
];

// ---------------------------------------------------------------------------------------
// Per-address fixtures
// ---------------------------------------------------------------------------------------

const richCategories = {
  longevity: scoreFor('longevity', 'account_over_2_years', 'Account Age'),
  txCount: scoreFor('txCount', 'tx_over_1000'),
  governance: scoreFor('governance', 'active_governor'),
  identity: scoreFor('identity', 'verified_identity'),
  uniqueInteractions: scoreFor('uniqueInteractions', 'many_counterparties'),
  stakingRewards: scoreFor('stakingRewards', 'nominator'),
  // A seventh category without a definition: seven available, six shown by default.
  bridging: { score: 15, reason: 'bridged_assets', title: 'Bridging' },
};

const identityOnlyCategories = {
  longevity: scoreFor('longevity', 'account_over_1_year', 'Account Age'),
  identity: scoreFor('identity', 'verified_identity'),
  txCount: scoreFor('txCount', 'tx_over_10'),
};

const noProfileCategories = {
  longevity: scoreFor('longevity', 'account_under_1_year', 'Account Age'),
  txCount: scoreFor('txCount', 'tx_over_100'),
  governance: scoreFor('governance', 'no_votes'),
  stakingRewards: scoreFor('stakingRewards', 'pool_member'),
};

/**
 * @typedef {object} AddressFixture
 * @property {object | null} scores UserScores, or null for 404 on getScores
 * @property {object} badges UserBadges
 * @property {object | null} profile UserProfile, or null for 404 on getProfile
 * @property {Record<string, object | null>} [categoryDefinitions] per-address overrides of
 *   the category definitions returned by getCategoryScore (the hostile account uses this)
 * @property {Record<string, object>} [badgeDefinitions] per-address overrides of the badge
 *   definitions returned by getBadge (the hostile account uses this)
 */

/**
 * The records the sandbox serves, by address. Treat as read-only: the sandbox clones
 * before it patches anything.
 * @type {Record<string, AddressFixture>}
 */
export const FIXTURES = {
  [ADDRESSES.rich]: {
    scores: {
      address: ADDRESSES.rich,
      totalScore: total(richCategories),
      calculatedAt: '2025-06-01T08:30:00.000Z',
      categories: richCategories,
      source: 'api',
    },
    badges: badgeList(ADDRESSES.rich, [
      earned('early_adopter', 5, '2021-03-14T12:00:00.000Z'),
      earned('staking_champion', 4, '2023-11-02T18:45:00.000Z'),
      earned('governance_voter', 3, '2024-07-19T09:10:00.000Z'),
      earned('identity_verified', 2, '2022-05-05T05:05:00.000Z'),
      earned('parachain_explorer', 1, '2025-01-08T21:00:00.000Z'),
    ]),
    profile: {
      address: ADDRESSES.rich,
      displayName: 'Alice Validator',
      avatarUrl: 'https://avatars.example/alice.png',
      bio: 'Validator operator and governance nerd since 2020. Runs a community node in Lisbon.',
      // Overlaps the chain identity's microblog/codehost/chatserver on purpose, with
      // different values: SPEC.md 2.6 rule 2 says socialLinks wins.
      socialLinks: {
        twitter: 'alice_validates',
        github: 'alice-validator',
        discord: 'alice#4242',
        telegram: 'alice_val',
      },
      chainIdentities: [
        {
          address: ADDRESSES.rich,
          display: 'ALICE',
          legal: 'Alice Example',
          web: 'https://alice.example',
          email: 'alice@alice.example',
          microblog: '@alice_onchain',
          codehost: 'alice-onchain',
          matrix: '@alice:matrix.example',
          chatserver: 'alice_onchain#0001',
          legacychat: 'alice_irc',
          judgements: [{ index: 0, judgement: 'KnownGood', _id: '6650f0c2a1b2c3d4e5f60718' }],
          role: 'validator',
          nonce: 7,
        },
        {
          address: RICH_LINKED,
          display: 'ALICE / stash',
          web: 'https://stash.alice.example',
          judgements: [],
          role: 'stash',
        },
      ],
      nftCount: 42,
      source: 'api',
    },
  },

  [ADDRESSES.identityOnly]: {
    scores: {
      address: ADDRESSES.identityOnly,
      totalScore: total(identityOnlyCategories),
      calculatedAt: '2025-05-28T14:00:00.000Z',
      categories: identityOnlyCategories,
      source: 'api',
    },
    badges: badgeList(ADDRESSES.identityOnly, [earned('identity_verified', 1, '2024-12-24T10:00:00.000Z')]),
    profile: {
      address: ADDRESSES.identityOnly,
      chainIdentities: [
        {
          address: ADDRESSES.identityOnly,
          display: 'Bob on-chain',
          web: 'https://bob.example',
          judgements: [{ index: 1, judgement: 'Reasonable' }],
        },
      ],
      nftCount: 0,
      source: 'api',
    },
  },

  [ADDRESSES.fresh]: {
    // No `categories` at all (the field is optional): widgets must not assume it.
    scores: { address: ADDRESSES.fresh, totalScore: 0, calculatedAt: '2025-06-02T00:00:00.000Z', source: 'api' },
    badges: badgeList(ADDRESSES.fresh, []),
    // Only the required field.
    profile: { address: ADDRESSES.fresh },
  },

  [ADDRESSES.noProfile]: {
    scores: {
      address: ADDRESSES.noProfile,
      totalScore: total(noProfileCategories),
      calculatedAt: '2025-05-30T19:15:00.000Z',
      categories: noProfileCategories,
      source: 'app',
    },
    badges: badgeList(
      ADDRESSES.noProfile,
      [earned('governance_voter', 1), earned('parachain_explorer', 2, '2025-02-11T16:20:00.000Z')],
      'app',
    ),
    profile: null,
  },

  [ADDRESSES.hostile]: {
    scores: {
      address: ADDRESSES.hostile,
      totalScore: total(hostileCategories),
      calculatedAt: '2025-06-01T00:00:00.000Z',
      categories: hostileCategories,
      source: 'api',
    },
    badges: badgeList(ADDRESSES.hostile, hostileBadges),
    profile: {
      address: ADDRESSES.hostile,
      displayName: HOSTILE_LONG_NAME,
      avatarUrl: 'javascript:alert(1)',
      bio: '<img src=x onerror=alert(1)><script>alert(1)</script>"><svg onload=alert(1)> \u202Eevil\u202C ad\u200Bmin',
      socialLinks: {
        twitter: 'javascript:alert(1)',
        github: '"><svg onload=alert(1)>',
        discord: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        telegram: '<img src=x onerror=alert(1)>',
        '<script>alert(1)</script>': 'https://evil.example/"onmouseover="alert(1)',
        hasOwnProperty: 'javascript:alert(2)',
        constructor: '\u202Eevil\u202C',
      },
      chainIdentities: [
        {
          address: ADDRESSES.hostile,
          display: '<img src=x onerror=alert(1)>',
          legal: h(),
          web: 'javascript:alert(1)',
          email: '"><svg onload=alert(1)>@evil.example',
          microblog: h(),
          codehost: h(),
          matrix: h(),
          chatserver: h(),
          legacychat: h(),
          // None of these is exactly Reasonable or KnownGood: the account is NOT verified.
          judgements: [
            { index: 0, judgement: '<script>alert(1)</script>', _id: '"><svg onload=alert(1)>' },
            { index: 1, judgement: 'KnownGood\u200B' },
            { index: 2, judgement: 'knowngood' },
            { index: 3, judgement: '\u202EdooGnwonK' },
          ],
          role: h(),
          nonce: 1,
        },
        {
          address: HOSTILE_LINKED,
          display: HOSTILE_LONG_NAME,
          web: ' JaVaScRiPt:alert(document.domain)',
          judgements: [{ index: 0, judgement: 'javascript:alert(1)' }],
        },
      ],
      nftCount: 1337,
      source: 'api',
    },
    categoryDefinitions: hostileCategoryDefs,
    badgeDefinitions: hostileBadgeDefs,
  },
};
