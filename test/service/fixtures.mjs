// @ts-check
/**
 * Fixture records served by the sandbox (test/service/sandbox.mjs), shaped as the production service
 * sends them, not as the client's
 * public types name them:
 *
 * - profiles carry `polkadotIdentities` (public name: `chainIdentities`), whose identity
 *   objects use `twitter`, `github`, `discord`, `riot` (public: `microblog`, `codehost`,
 *   `chatserver`, `legacychat`);
 * - optional fields are often `null` (an app user who never filled in the profile sends
 *   `displayName`, `avatarUrl` and `bio` as `null`);
 * - category scores, reasons and judgements carry a Mongo-style `_id`; every record has a
 *   `source` (`'app'`: stored by the service's own app, always fast; `'api'`: computed from
 *   chain data by the developer API, slow the first time);
 * - the 12 real categories (`stakingSlash` is a penalty: 0 or negative), PascalCase badge
 *   keys with 1 to 3 levels keyed like `LEVEL_2_5_VOTES`, and levels that carry
 *   `constraints: {label, description}[]` and `advice: string[]`.
 * The sandbox strips `key` from the nested definitions of getCategoryScore and getBadge, as
 * production does; the metadata lists keep it.
 *
 * Each named address exercises one branch of the client and the widgets; see
 * {@link ADDRESS_LABELS}. Addresses are made-up Polkadot (SS58 prefix 0) strings with a valid
 * SS58 checksum (47-48 base58 characters); no real key is behind them.
 *
 * Image URLs are absolute and point at the sandbox itself (test/service/fixtures/*.svg), written with
 * the placeholder {@link ORIGIN_PLACEHOLDER}: the sandbox replaces it with its own origin when
 * it answers (see {@link withOrigin}), since its port varies and the client accepts only
 * absolute http(s) URLs.
 *
 * Zero dependencies and no node: imports: the demo page imports this file in the browser.
 */

// ---------------------------------------------------------------------------------------
// The records' types, with the service's field names
// ---------------------------------------------------------------------------------------

/** @typedef {'rich' | 'identityOnly' | 'noBadges' | 'noProfile' | 'fresh' | 'hostile' | 'unknown'} FixtureName */
/** @typedef {'app' | 'api'} Source */
/** @typedef {{ label: string, description: string }} LabelledText */

/**
 * @typedef {object} WireReason
 * @property {string} key
 * @property {number} points
 * @property {string} title
 * @property {string} description
 * @property {LabelledText[]} thresholds
 * @property {string[]} advices
 * @property {string} _id
 */

/**
 * A category definition as the metadata list sends it (nested ones come without `key`).
 * @typedef {object} WireCategoryDefinition
 * @property {string} key
 * @property {string} displayName
 * @property {string} short_description
 * @property {string} long_description
 * @property {number} order
 * @property {WireReason[]} reasons
 */

/**
 * @typedef {object} WireBadgeLevel
 * @property {number} level
 * @property {string} key
 * @property {number} value
 * @property {string} title
 * @property {LabelledText[]} constraints
 * @property {string[]} advice
 * @property {string} shortDescription
 * @property {string} longDescription
 */

/**
 * A badge definition as the metadata list sends it (nested ones come without `key`).
 * @typedef {object} WireBadgeDefinition
 * @property {string} key
 * @property {string} title
 * @property {string} shortDescription
 * @property {string} longDescription
 * @property {string} metric
 * @property {string} [imageUrl]
 * @property {WireBadgeLevel[]} levels
 */

/** @typedef {{ score: number, reason: string, title: string, _id: string }} WireCategoryScore */

/**
 * @typedef {object} WireScores
 * @property {string} address
 * @property {number} totalScore
 * @property {Record<string, WireCategoryScore>} categories
 * @property {string} calculatedAt
 * @property {Source} source
 */

/**
 * @typedef {object} WireUserBadge
 * @property {string} badgeKey
 * @property {number} achievedLevel
 * @property {string} achievedLevelKey
 * @property {string} achievedLevelTitle
 * @property {string | null} [earnedAt]
 */

/** @typedef {{ address: string, badges: WireUserBadge[], count: number, source: Source }} WireBadges */
/** @typedef {{ index: number, judgement: string, _id: string }} WireJudgement */

/**
 * An on-chain identity with the service's field names.
 * @typedef {object} WireIdentity
 * @property {string} address
 * @property {string | null} [display]
 * @property {string | null} [legal]
 * @property {string | null} [email]
 * @property {string | null} [web]
 * @property {string | null} [twitter]
 * @property {string | null} [github]
 * @property {string | null} [matrix]
 * @property {string | null} [discord]
 * @property {string | null} [riot]
 * @property {WireJudgement[]} judgements
 * @property {string | null} [role]
 * @property {number | null} [nonce]
 */

/**
 * @typedef {object} WireProfile
 * @property {string} address
 * @property {string | null} displayName
 * @property {string | null} avatarUrl
 * @property {string | null} bio
 * @property {Record<string, string>} socialLinks
 * @property {WireIdentity[]} polkadotIdentities
 * @property {number} [nftCount] sent for computed (`'api'`) profiles only
 * @property {Source} source
 */

/**
 * What the sandbox serves for one address.
 * @typedef {object} AddressFixture
 * @property {WireScores} scores the getScores record
 * @property {WireBadges} badges the getBadges record
 * @property {WireProfile} profile the getProfile record
 * @property {Record<string, WireCategoryDefinition | null>} [categoryDefinitions] per-address
 *   overrides of the definitions answered by getCategoryScore (the hostile account uses this)
 * @property {Record<string, WireBadgeDefinition>} [badgeDefinitions] per-address overrides of
 *   the definitions answered by getBadge (the hostile account uses this)
 */

/** The API key the sandbox accepts from any origin. */
export const API_KEY = 'demo-key';

/** A second valid key, allowed only from {@link ORIGIN_LOCKED_ORIGIN} (and from the sandbox's own origin). */
export const ORIGIN_LOCKED_KEY = 'demo-locked-key';

/** The one browser origin {@link ORIGIN_LOCKED_KEY} allows. */
export const ORIGIN_LOCKED_ORIGIN = 'https://allowed.example';

/**
 * Stands for the sandbox's own origin (e.g. `http://127.0.0.1:8080`) in fixture URLs; the
 * sandbox replaces it in every answer.
 */
export const ORIGIN_PLACEHOLDER = '{origin}';

/**
 * `value` with every {@link ORIGIN_PLACEHOLDER} in its strings replaced by `origin`: what the
 * sandbox serves at that origin. A deep copy; own `__proto__` keys stay data.
 * @template T
 * @param {T} value
 * @param {string} origin e.g. `http://127.0.0.1:54321`, no trailing slash
 * @returns {T}
 */
export function withOrigin(value, origin) {
  return JSON.parse(JSON.stringify(value).replaceAll(ORIGIN_PLACEHOLDER, origin));
}

/**
 * Named fixture addresses. `fresh` and `unknown` are not in {@link FIXTURES}: like any other
 * valid address the service has never seen, they are computed on the spot (see
 * {@link brandNewRecords}): total 0, no categories, no badges, an empty profile.
 */
/** @type {Readonly<Record<FixtureName, string>>} */
export const ADDRESSES = Object.freeze({
  rich: '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6',
  identityOnly: '135zNoanbmg5DrG1ixwEEzRiNpXw6at7Gt6Fy5mSn6kK9xEp',
  noBadges: '13r2aZpovYy2SpdzPUXBWCWg7pvN9bqyupLhXWUE7rigevNJ',
  noProfile: '15a4gYzAhjC6NcvwMxFJkruZhggGSY5WCHYrxMJS4gGVnKB2',
  fresh: '14CvCqoEvbcmFfmQF6FyYJXLY52kbRYC71WNwkAJc8uQDETG',
  hostile: '16QvhX3rykiJWw7N9MFBn4aGubmJAyMg91ggcTxziKGC1nVD',
  unknown: '143GnVeLuaRUSgRiARNsKryMR1L8ins1PjHCigTsyJxRAGaT',
});

/** Short human labels for {@link ADDRESSES}, for the demo page's address picker. */
/** @type {Readonly<Record<FixtureName, string>>} */
export const ADDRESS_LABELS = Object.freeze({
  rich: 'App user: full profile, 12 categories, 6 badges',
  identityOnly: 'Computed: on-chain identity only (display name, avatar, bio null)',
  noBadges: 'Computed: unverified identity, no badges',
  noProfile: 'App user who never filled in a profile (all null)',
  fresh: 'Brand-new address: score 0, recomputed on every request (slow)',
  hostile: 'Hostile data (HTML, javascript: URLs, RTL marks, 10k-char name)',
  unknown: 'Any other address: computed on the spot (slow), score 0',
});

/** Linked accounts that appear only inside on-chain identities. */
const RICH_LINKED = '15KPQwNKT2AUQ9R9UR896Xm9xdqeMszfTxHELBVFsf9LJvoN';
const HOSTILE_LINKED = '1268ffEtsrXKAMbRpWssEJCoCRmNPf94Cy6CmpfFgN9VyHkm';

/** Local images served by the sandbox (test/service/fixtures/). */
const IMAGE = {
  avatar: `${ORIGIN_PLACEHOLDER}/sandbox/fixtures/avatar.svg`,
  badge: (/** @type {string} */ name) => `${ORIGIN_PLACEHOLDER}/sandbox/fixtures/badges/${name}.svg`,
};

/**
 * Mongo-style object ids: 24 hex digits, deterministic so the data is the same on every run.
 * Each call returns the next one.
 */
let oidSeq = 0;
const oid = () => `6650f0c2a1b2${(++oidSeq).toString(16).padStart(12, '0')}`;

// ---------------------------------------------------------------------------------------
// Category definitions: the 12 categories of the service
// ---------------------------------------------------------------------------------------

/**
 * One reason of a category definition, with its `_id`.
 * @returns {WireReason}
 * @param {string} key the reason key a category score's `reason` refers to
 * @param {number} points
 * @param {string} title
 * @param {string} description
 * @param {Array<[string, string]>} thresholds label/description pairs
 * @param {string[]} advices
 */
const reason = (key, points, title, description, thresholds, advices) => ({
  key,
  points,
  title,
  description,
  thresholds: thresholds.map(([label, d]) => ({ label, description: d })),
  advices,
  _id: oid(),
});

/**
 * A category definition; `order` follows the position in {@link CATEGORY_DEFINITIONS}.
 * @param {string} key
 * @param {string} displayName
 * @param {string} short_description
 * @param {string} long_description
 * @param {WireReason[]} reasons
 * @returns {WireCategoryDefinition}
 */
const category = (key, displayName, short_description, long_description, reasons) => ({
  key,
  displayName,
  short_description,
  long_description,
  order: 0,
  reasons,
});

/** The service's 12 categories, with its `displayName`s, in its order. */
export const CATEGORY_DEFINITIONS = [
  category(
    'longevity',
    'Account Longevity',
    'How long the account has been active',
    'Counts the days since the first on-chain activity of the account. A long, continuous history earns more.',
    [
      reason(
        'UnderWeek',
        0,
        'Just Arrived',
        'The account is less than a week old.',
        [['< 7 days', 'First activity less than a week ago']],
        ['Come back in a week: age is the one score that grows by itself.'],
      ),
      reason(
        'Week',
        1,
        'First Week',
        'The account is at least a week old.',
        [['≥ 7 days', 'First activity at least 7 days ago']],
        ['Stay active for a month to climb a tier.'],
      ),
      reason(
        'Month',
        3,
        'One Month In',
        'The account is at least a month old.',
        [['≥ 30 days', 'First activity at least 30 days ago']],
        ['Three months of history unlock the next tier.'],
      ),
      reason(
        'Quarter',
        6,
        'Settled In',
        'The account is at least three months old.',
        [['≥ 90 days', 'First activity at least 90 days ago']],
        ['Reach one year for the top tier.'],
      ),
      reason('Year', 10, 'Veteran', 'The account is at least a year old.', [['≥ 365 days', 'First activity at least 365 days ago']], []),
    ],
  ),
  category(
    'txCount',
    'Transaction Count',
    'How many transactions the account has sent',
    'Counts signed extrinsics sent from the account, failed ones included (they were paid for).',
    [
      reason(
        'None',
        0,
        'No Transactions Yet',
        'The account has not sent a transaction.',
        [['0', 'No signed extrinsic']],
        ['Send your first transaction.'],
      ),
      reason(
        'First',
        2,
        'First Steps',
        'At least one transaction sent.',
        [['≥ 1', 'One signed extrinsic']],
        ['Ten transactions reach the next tier.'],
      ),
      reason(
        'Ten',
        5,
        'Regular',
        'At least ten transactions sent.',
        [['≥ 10', 'Ten signed extrinsics']],
        ['Fifty transactions reach the top tier.', 'Claim staking payouts yourself: each one counts.'],
      ),
      reason('Fifty', 10, 'Power User', 'At least fifty transactions sent.', [['≥ 50', 'Fifty signed extrinsics']], []),
    ],
  ),
  category('txVolume', 'Transaction Volume', 'How much value the account has moved', 'Adds up the DOT transferred out of the account.', [
    reason(
      'Dust',
      0,
      'Dust Only',
      'Less than 1 DOT transferred.',
      [['< 1 DOT', 'Total transferred']],
      ['Transfer a little to start counting volume.'],
    ),
    reason(
      'OneDot',
      2,
      'Small Mover',
      'At least 1 DOT transferred.',
      [['≥ 1 DOT', 'Total transferred']],
      ['10 DOT transferred reach the next tier.'],
    ),
    reason(
      'TenDot',
      5,
      'Steady Mover',
      'At least 10 DOT transferred.',
      [['≥ 10 DOT', 'Total transferred']],
      ['100 DOT transferred reach the top tier.'],
    ),
    reason('HundredDot', 10, 'Heavy Mover', 'At least 100 DOT transferred.', [['≥ 100 DOT', 'Total transferred']], []),
  ]),
  category(
    'modules',
    'Module Diversity',
    'How many runtime modules the account has used',
    'Counts the distinct pallets (balances, staking, governance, utility, ...) the account has called.',
    [
      reason('None', 0, 'Untouched', 'No module used yet.', [['0 modules', 'No call made']], ['Try staking, governance or utility calls.']),
      reason(
        'One',
        1,
        'Explorer',
        'At least one module used.',
        [['≥ 1 module', 'Distinct pallets called']],
        ['Use three modules for the next tier.'],
      ),
      reason(
        'ThreePlus',
        3,
        'Well Travelled',
        'At least three modules used.',
        [['≥ 3 modules', 'Distinct pallets called']],
        ['Five modules reach the top tier.'],
      ),
      reason('FivePlus', 5, 'Runtime Native', 'At least five modules used.', [['≥ 5 modules', 'Distinct pallets called']], []),
    ],
  ),
  category(
    'governance',
    'Governance Participation',
    'How much the account takes part in on-chain governance',
    'Compares the referenda the account voted on with those it could have voted on.',
    [
      reason(
        'None',
        0,
        'Not Voting Yet',
        'No referendum voted on.',
        [['0%', 'Share of referenda voted on']],
        ['Vote on an open referendum.', 'Delegate your votes to someone you trust.'],
      ),
      reason(
        'Partial',
        2,
        'Occasional Voter',
        'Voted on fewer than half of the referenda.',
        [['< 50%', 'Share of referenda voted on']],
        ['Vote on more referenda to reach half of them.'],
      ),
      reason(
        'Majority',
        10,
        'Committed Voter',
        'Voted on at least half of the referenda.',
        [['50-99%', 'Share of referenda voted on']],
        ['Vote on every referendum for the top tier.'],
      ),
      reason('Full', 20, 'Governance Champion', 'Voted on every referendum.', [['100%', 'Share of referenda voted on']], []),
    ],
  ),
  category(
    'stakingRewards',
    'Staking Rewards',
    'How much the account has earned from staking',
    'Adds up staking rewards received by the account, from nominating or from a pool.',
    [
      reason(
        'Zero',
        0,
        'No Rewards',
        'Less than 0.1 DOT received.',
        [['< 0.1 DOT', 'Rewards received']],
        ['Stake through a nomination pool to start earning.'],
      ),
      reason(
        'TenthDot',
        2,
        'First Rewards',
        'At least 0.1 DOT received.',
        [['≥ 0.1 DOT', 'Rewards received']],
        ['Keep your stake bonded to reach 1 DOT.'],
      ),
      reason(
        'OneDot',
        5,
        'Steady Earner',
        'At least 1 DOT received.',
        [['≥ 1 DOT', 'Rewards received']],
        ['10 DOT of rewards reach the top tier.'],
      ),
      reason('TenDot', 10, 'Reward Collector', 'At least 10 DOT received.', [['≥ 10 DOT', 'Rewards received']], []),
    ],
  ),
  category(
    'stakingNominators',
    'Staking Nominator Diversity',
    'How many validators the account nominates',
    'Counts the validators in the account’s current nominations.',
    [
      reason(
        'None',
        0,
        'Not Nominating',
        'No validator nominated.',
        [['0 validators', 'Current nominations']],
        ['Nominate a validator you trust.'],
      ),
      reason(
        'One',
        1,
        'Single Nominee',
        'At least one validator nominated.',
        [['≥ 1 validator', 'Current nominations']],
        ['Spread your nominations over five validators.'],
      ),
      reason(
        'Five',
        3,
        'Spread Out',
        'At least five validators nominated.',
        [['≥ 5 validators', 'Current nominations']],
        ['Ten validators reach the top tier.'],
      ),
      reason('Ten', 5, 'Well Diversified', 'At least ten validators nominated.', [['≥ 10 validators', 'Current nominations']], []),
    ],
  ),
  category(
    'stakingSlash',
    'Staking Slash Penalties',
    'Penalties for nominating validators that were slashed',
    'A penalty category: a clean record scores 0, and every slash of a nominated validator takes points away.',
    [
      reason('None', 0, 'Clean Record', 'No slash affected the account.', [['0 slashes', 'Slashes of nominated validators']], []),
      reason(
        'OneSlash',
        -1,
        'Minor Penalty',
        'One slash affected the account.',
        [['1 slash', 'Slashes of nominated validators']],
        ['Check your validators’ history before nominating them.'],
      ),
      reason(
        'FiveSlashes',
        -5,
        'Major Penalty',
        'Five or more slashes affected the account.',
        [['≥ 5 slashes', 'Slashes of nominated validators']],
        ['Move your nominations to validators with a clean record.'],
      ),
    ],
  ),
  category(
    'tokenDiversity',
    'Token Diversity',
    'How many different tokens the account holds',
    'Counts the assets besides DOT held by the account on Asset Hub.',
    [
      reason('None', 0, 'DOT Only', 'No other token held.', [['0 tokens', 'Assets besides DOT']], ['Hold an Asset Hub token besides DOT.']),
      reason(
        'One',
        1,
        'Diversifier',
        'At least one other token held.',
        [['≥ 1 token', 'Assets besides DOT']],
        ['Three tokens reach the next tier.'],
      ),
      reason(
        'ThreePlus',
        3,
        'Portfolio',
        'At least three other tokens held.',
        [['≥ 3 tokens', 'Assets besides DOT']],
        ['Five tokens reach the top tier.'],
      ),
      reason('FivePlus', 5, 'Collector of Assets', 'At least five other tokens held.', [['≥ 5 tokens', 'Assets besides DOT']], []),
    ],
  ),
  category('nftHoldings', 'NFT Holdings', 'How many NFTs the account owns', 'Counts the NFTs the account owns across the ecosystem.', [
    reason('None', 0, 'No NFTs', 'No NFT owned.', [['0 NFTs', 'NFTs owned']], ['Collect a first NFT.']),
    reason('One', 1, 'Collector', 'At least one NFT owned.', [['≥ 1 NFT', 'NFTs owned']], ['Five NFTs reach the next tier.']),
    reason('Five', 3, 'Enthusiast', 'At least five NFTs owned.', [['≥ 5 NFTs', 'NFTs owned']], ['Ten NFTs reach the top tier.']),
    reason('Ten', 5, 'Curator', 'At least ten NFTs owned.', [['≥ 10 NFTs', 'NFTs owned']], []),
  ]),
  category(
    'nftActivity',
    'NFT Activity',
    'How actively the account trades and mints NFTs',
    'Counts NFT mints, transfers, sales and purchases.',
    [
      reason('Quiet', 0, 'Quiet', 'Fewer than 10 NFT events.', [['< 10 events', 'NFT events']], ['Mint, buy or transfer an NFT.']),
      reason('Ten', 1, 'Engaged', 'At least 10 NFT events.', [['≥ 10 events', 'NFT events']], ['50 events reach the top tier.']),
      reason('Fifty', 2, 'Active Trader', 'At least 50 NFT events.', [['≥ 50 events', 'NFT events']], []),
    ],
  ),
  category(
    'extrinsicDepth',
    'Extrinsic Depth',
    'How varied the account’s calls are',
    'Counts extrinsic calls, nested calls (batches, proxies, multisig) included.',
    [
      reason('None', 0, 'No Calls', 'No extrinsic call made.', [['0 calls', 'Calls made']], ['Submit an extrinsic.']),
      reason('One', 1, 'Starter', 'At least one call made.', [['≥ 1 call', 'Calls made']], ['50 calls reach the next tier.']),
      reason(
        'Fifty',
        5,
        'Experienced',
        'At least 50 calls made.',
        [['≥ 50 calls', 'Calls made']],
        ['Use batches and proxies: nested calls count too.'],
      ),
      reason('Hundred', 10, 'Deep Caller', 'At least 100 calls made.', [['≥ 100 calls', 'Calls made']], []),
    ],
  ),
];
CATEGORY_DEFINITIONS.forEach((d, i) => (d.order = i));

// ---------------------------------------------------------------------------------------
// Badge definitions
// ---------------------------------------------------------------------------------------

/**
 * One level of a badge definition, in the service's field order.
 * @returns {WireBadgeLevel}
 * @param {number} level 1..3
 * @param {string} key e.g. `LEVEL_2_5_VOTES`
 * @param {number} value the metric amount needed
 * @param {string} title e.g. `Engaged Voter`
 * @param {string} shortDescription
 * @param {string} longDescription
 * @param {Array<[string, string]>} constraints label/description pairs
 * @param {string[]} advice
 */
const level = (level, key, value, title, shortDescription, longDescription, constraints, advice) => ({
  level,
  key,
  value,
  title,
  constraints: constraints.map(([label, description]) => ({ label, description })),
  advice,
  shortDescription,
  longDescription,
});

/**
 * A badge definition; `imageUrl` is left out when not given (the service omits it).
 * @param {string} key
 * @param {string} title
 * @param {string} shortDescription
 * @param {string} longDescription
 * @param {string} metric
 * @param {string | undefined} imageUrl
 * @param {WireBadgeLevel[]} levels
 * @returns {WireBadgeDefinition}
 */
const badgeDef = (key, title, shortDescription, longDescription, metric, imageUrl, levels) => ({
  key,
  title,
  shortDescription,
  longDescription,
  metric,
  ...(imageUrl ? { imageUrl } : {}),
  levels,
});

/**
 * The badges, in the service's order. Five have an image served by the sandbox, three have
 * none (the service omits `imageUrl` then). Every image resolves, so a page showing the
 * fixtures stays quiet; tests patch in a broken URL when they want one.
 */
export const BADGE_DEFINITIONS = [
  badgeDef(
    'RelayChainInitiate',
    'Relay Chain Initiate',
    'Active on the Relay Chain',
    'Marks the first signed transaction of the account on the Polkadot Relay Chain.',
    'extrinsicCount',
    IMAGE.badge('relay-chain-initiate'),
    [
      level(
        1,
        'LEVEL_1_INITIATE',
        1,
        'Initiate',
        'First transaction',
        'Sent a first signed transaction on the Relay Chain.',
        [['extrinsicCount ≥ 1', 'At least one confirmed signed extrinsic.']],
        [],
      ),
    ],
  ),
  badgeDef(
    'PolkadotRegular',
    'Polkadot Regular',
    'Here for the long run',
    'Rewards an account that has stayed active in the ecosystem over a long time.',
    'accountAgeDays',
    IMAGE.badge('polkadot-regular'),
    [
      level(
        1,
        'LEVEL_1_90_DAYS',
        90,
        'Regular',
        '90+ days active',
        'The account has been active for at least 90 days.',
        [['accountAgeDays ≥ 90', 'First activity at least 90 days ago.']],
        ['Keep the account active for a year.'],
      ),
      level(
        2,
        'LEVEL_2_1_YEAR',
        365,
        'Mainstay',
        '1+ year active',
        'The account has been active for at least a year.',
        [['accountAgeDays ≥ 365', 'First activity at least a year ago.']],
        ['Three years reach the top level.'],
      ),
      level(
        3,
        'LEVEL_3_3_YEARS',
        1095,
        'Old Guard',
        '3+ years active',
        'The account has been active for at least three years.',
        [['accountAgeDays ≥ 1095', 'First activity at least three years ago.']],
        [],
      ),
    ],
  ),
  badgeDef(
    'ReferendumVoter',
    'Referendum Voter',
    'Votes on referenda',
    'Recognises votes on public proposals in on-chain governance. Each referendum counts once, however often the vote changed.',
    'referendaVoteCount',
    IMAGE.badge('referendum-voter'),
    [
      level(
        1,
        'LEVEL_1_FIRST_VOTE',
        1,
        'First Vote',
        'Cast a first vote',
        'Voted on a first referendum.',
        [['referendaVoteCount ≥ 1', 'At least one referendum voted on.']],
        ['Vote on five referenda for the next level.'],
      ),
      level(
        2,
        'LEVEL_2_5_VOTES',
        5,
        'Engaged Voter',
        'Voted on 5+ referenda',
        'Voted on at least five different referenda.',
        [['referendaVoteCount ≥ 5', 'At least five referenda voted on.']],
        ['Twenty referenda reach the top level.', 'Delegated votes count too.'],
      ),
      level(
        3,
        'LEVEL_3_20_VOTES',
        20,
        'Governance Regular',
        'Voted on 20+ referenda',
        'Voted on at least twenty different referenda.',
        [['referendaVoteCount ≥ 20', 'At least twenty referenda voted on.']],
        [],
      ),
    ],
  ),
  badgeDef(
    'TreasuryContributor',
    'Treasury Contributor',
    'Helps steer the Treasury',
    'Awarded for voting on how the community-governed Treasury is spent.',
    'treasuryVoteCount',
    undefined,
    [
      level(
        1,
        'LEVEL_1_TREASURY_VOTE',
        1,
        'Treasury Voter',
        'Voted on a Treasury proposal',
        'Voted on at least one Treasury spending proposal.',
        [['treasuryVoteCount ≥ 1', 'At least one Treasury referendum voted on.']],
        [],
      ),
    ],
  ),
  badgeDef(
    'NposGuardian',
    'NPoS Guardian',
    'Secures the network by nominating',
    'For helping secure Nominated Proof-of-Stake by nominating validators month after month.',
    'nominatorActiveMonths',
    IMAGE.badge('npos-guardian'),
    [
      level(
        1,
        'LEVEL_1_FIRST_NOMINATION',
        0.1,
        'Nominator',
        'First nomination',
        'Nominated validators for the first time.',
        [['nominatorActiveMonths > 0', 'An active nomination.']],
        ['Keep nominating for three months.'],
      ),
      level(
        2,
        'LEVEL_2_3_MONTHS_NOMINATING',
        3,
        'Steady Nominator',
        '3+ months nominating',
        'An active nominator for three consecutive months.',
        [['nominatorActiveMonths ≥ 3', 'Three consecutive months nominating.']],
        ['A full year reaches the top level.'],
      ),
      level(
        3,
        'LEVEL_3_1_YEAR_NOMINATING',
        12,
        'Guardian',
        '1+ year nominating',
        'An active nominator for a full year.',
        [['nominatorActiveMonths ≥ 12', 'Twelve consecutive months nominating.']],
        [],
      ),
    ],
  ),
  badgeDef(
    'ParachainTraveler',
    'Parachain Traveler',
    'Explores the parachains',
    'Highlights transactions on the specialised chains of the ecosystem. Each parachain counts once.',
    'parachainInteractionCount',
    IMAGE.badge('parachain-traveler'),
    [
      level(
        1,
        'LEVEL_1_1_PARACHAIN',
        1,
        'Day Tripper',
        '1 parachain',
        'Transacted on at least one parachain.',
        [['parachainInteractionCount ≥ 1', 'One parachain used.']],
        ['Try two more parachains.'],
      ),
      level(
        2,
        'LEVEL_2_3_PARACHAINS',
        3,
        'Traveler',
        '3+ parachains',
        'Transacted on at least three parachains.',
        [['parachainInteractionCount ≥ 3', 'Three parachains used.']],
        ['Five parachains reach the top level.'],
      ),
      level(
        3,
        'LEVEL_3_5_PARACHAINS',
        5,
        'Globetrotter',
        '5+ parachains',
        'Transacted on at least five parachains.',
        [['parachainInteractionCount ≥ 5', 'Five parachains used.']],
        [],
      ),
    ],
  ),
  badgeDef(
    'IdentityConfirmed',
    'Identity Confirmed',
    'Has a judged on-chain identity',
    'For an on-chain identity that a registrar judged Reasonable or KnownGood.',
    'identityStatus',
    undefined,
    [
      level(
        1,
        'LEVEL_1_VERIFIED',
        1,
        'Verified',
        'Identity judged',
        'A registrar judged the identity Reasonable or KnownGood.',
        [['identityStatus = 1', 'A positive registrar judgement.']],
        [],
      ),
    ],
  ),
  badgeDef(
    'CrossChainHolder',
    'Cross-Chain Holder',
    'Holds assets from several parachains',
    'Shows interoperability at work: native assets from different parachains held at once.',
    'parachainAssetCount',
    undefined,
    [
      level(
        1,
        'LEVEL_1_2_ASSETS',
        2,
        'Bridger',
        'Assets from 2+ parachains',
        'Holds native assets from at least two parachains.',
        [['parachainAssetCount ≥ 2', 'Assets from two parachains.']],
        ['Hold assets from four parachains.'],
      ),
      level(
        2,
        'LEVEL_2_4_ASSETS',
        4,
        'Interchain Holder',
        'Assets from 4+ parachains',
        'Holds native assets from at least four parachains.',
        [['parachainAssetCount ≥ 4', 'Assets from four parachains.']],
        [],
      ),
    ],
  ),
];

// ---------------------------------------------------------------------------------------
// Helpers for records
// ---------------------------------------------------------------------------------------

/**
 * A category score whose score equals the points of the named reason, with its `_id`.
 * Fails loudly if the reason does not exist, so a fixture can never drift from its definition.
 * @param {string} key category key
 * @param {string} reasonKey
 * @param {string} [title] the score's title; defaults to the definition's displayName
 * @returns {WireCategoryScore}
 */
function scoreFor(key, reasonKey, title) {
  const def = CATEGORY_DEFINITIONS.find((d) => d.key === key);
  const r = def?.reasons.find((x) => x.key === reasonKey);
  if (!def || !r) throw new Error(`fixtures: no reason ${reasonKey} in category ${key}`);
  return { score: r.points, reason: reasonKey, title: title ?? def.displayName, _id: oid() };
}

/**
 * A categories map from `[key, reasonKey, title?]` rows.
 * @param {Array<[string, string, string?]>} rows
 * @returns {Record<string, WireCategoryScore>}
 */
const categoriesOf = (rows) => Object.fromEntries(rows.map(([key, reasonKey, title]) => [key, scoreFor(key, reasonKey, title)]));

/**
 * A badge earned at `levelNo`, titled from the definition. App-sourced badges carry
 * `earnedAt`; the computed ones do not.
 * @param {string} key
 * @param {number} levelNo
 * @param {string} [earnedAt] ISO 8601
 * @returns {WireUserBadge}
 */
function earned(key, levelNo, earnedAt) {
  const def = BADGE_DEFINITIONS.find((d) => d.key === key);
  const l = def?.levels.find((x) => x.level === levelNo);
  if (!def || !l) throw new Error(`fixtures: no level ${levelNo} of badge ${key}`);
  return { badgeKey: key, achievedLevel: l.level, achievedLevelKey: l.key, achievedLevelTitle: l.title, ...(earnedAt ? { earnedAt } : {}) };
}

/**
 * Sum of the category scores: totalScore always matches the breakdown.
 * @param {Record<string, WireCategoryScore>} categories
 */
const total = (categories) => Object.values(categories).reduce((s, c) => s + c.score, 0);

/**
 * A getScores record.
 * @param {string} address
 * @param {Record<string, WireCategoryScore>} categories
 * @param {string} calculatedAt ISO 8601
 * @param {Source} source
 * @returns {WireScores}
 */
const scoresOf = (address, categories, calculatedAt, source) => ({
  address,
  totalScore: total(categories),
  categories,
  calculatedAt,
  source,
});

/**
 * A getBadges record; `count` always equals `badges.length`.
 * @param {string} address
 * @param {WireUserBadge[]} badges
 * @param {Source} source
 * @returns {WireBadges}
 */
const badgesOf = (address, badges, source) => ({ address, badges, count: badges.length, source });

/**
 * A registrar judgement as the service stores it.
 * @param {number} index
 * @param {string} value
 * @returns {WireJudgement}
 */
const judgement = (index, value) => ({ index, judgement: value, _id: oid() });

/**
 * What the service answers for an address it has never seen, computed "from chain data" at
 * `calculatedAt`: total 0 and an empty categories map, no badges, a profile with nothing but
 * nulls and empty collections. Used for {@link ADDRESSES}.fresh, `unknown` and any other
 * valid address that is not in {@link FIXTURES}.
 * @param {string} address
 * @param {string} calculatedAt ISO 8601
 * @returns {AddressFixture}
 */
export function brandNewRecords(address, calculatedAt) {
  return {
    scores: { address, totalScore: 0, categories: {}, calculatedAt, source: 'api' },
    badges: badgesOf(address, [], 'api'),
    profile: {
      address,
      displayName: null,
      avatarUrl: null,
      bio: null,
      socialLinks: {},
      polkadotIdentities: [],
      nftCount: 0,
      source: 'api',
    },
  };
}

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

/**
 * A plain object with these own entries, built through JSON.parse: an object literal would
 * treat a `__proto__` key as the prototype instead of an own key.
 * @param {Array<[string, unknown]>} entries
 */
const ownObject = (entries) => JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);

/** Deterministic pickers so every field gets some hostile string and the data stays stable. */
let hi = 0;
const h = () => HOSTILE_STRINGS[hi++ % (HOSTILE_STRINGS.length - 1)]; // the long name is used on purpose only
let ui = 0;
const hu = () => HOSTILE_URLS[ui++ % HOSTILE_URLS.length];

/**
 * A category definition where every string is hostile; its first reason key is `reasonKey`.
 * @param {string} key
 * @param {string} reasonKey
 * @returns {WireCategoryDefinition}
 */
function hostileCategoryDefinition(key, reasonKey) {
  return {
    key,
    displayName: h(),
    short_description: h(),
    long_description: h(),
    order: 1,
    reasons: [
      {
        key: reasonKey,
        points: 10,
        title: h(),
        description: h(),
        thresholds: [{ label: h(), description: h() }],
        advices: [h(), h()],
        _id: h(),
      },
      { key: h(), points: 5, title: h(), description: h(), thresholds: [], advices: [h()], _id: oid() },
    ],
  };
}

/**
 * A badge definition where every string (level keys and constraints too) is hostile; three valid levels.
 * @returns {WireBadgeDefinition}
 */
function hostileBadgeDefinition() {
  return {
    key: h(),
    title: h(),
    shortDescription: h(),
    longDescription: h(),
    metric: h(),
    imageUrl: hu(),
    levels: [1, 2, 3].map((n) => ({
      level: n,
      key: h(),
      value: n * 10,
      title: h(),
      constraints: [{ label: h(), description: h() }],
      advice: [h()],
      shortDescription: h(),
      longDescription: h(),
    })),
  };
}

/**
 * The hostile account's category scores. Besides the valid keys `longevity` and
 * `governance` (queryable through getCategoryScore), the map has keys that are themselves
 * hostile, including `__proto__`, `constructor` and `hasOwnProperty`: a client that copies
 * the map into a plain object with `obj[key] = ...` or calls `map.hasOwnProperty(...)` will
 * misbehave visibly.
 */
/** @type {Record<string, WireCategoryScore>} */
const hostileCategories = ownObject([
  ['longevity', { score: 10, reason: h(), title: h(), _id: h() }],
  ['governance', { score: 20, reason: h(), title: HOSTILE_LONG_NAME, _id: oid() }],
  ['<img src=x onerror=alert(1)>', { score: 30, reason: h(), title: h(), _id: oid() }],
  ['"><svg onload=alert(1)>', { score: 5, reason: h(), title: h(), _id: oid() }],
  ['\u202Eevil', { score: 1, reason: h(), title: h(), _id: oid() }],
  ['__proto__', { score: 2, reason: h(), title: h(), _id: oid() }],
  ['constructor', { score: 3, reason: h(), title: h(), _id: oid() }],
  ['hasOwnProperty', { score: -4, reason: h(), title: h(), _id: oid() }],
]);

/** Per-category hostile definitions for the hostile account's queryable categories. */
const hostileCategoryDefs = {
  longevity: hostileCategoryDefinition(h(), hostileCategories.longevity.reason),
  governance: hostileCategoryDefinition(h(), hostileCategories.governance.reason),
};

/** Hostile definitions for each badge key, returned by getBadge for the hostile account. */
const hostileBadgeDefs = Object.fromEntries(BADGE_DEFINITIONS.map((d) => [d.key, hostileBadgeDefinition()]));

/** Hostile badges: one under a valid key (so getBadge finds it), the rest with hostile keys. */
/** @type {WireUserBadge[]} */
const hostileBadges = [
  { badgeKey: 'ReferendumVoter', achievedLevel: 3, achievedLevelKey: h(), achievedLevelTitle: h(), earnedAt: h() },
  { badgeKey: '<img src=x onerror=alert(1)>', achievedLevel: 5, achievedLevelKey: h(), achievedLevelTitle: h(), earnedAt: 'not a date' },
  { badgeKey: 'javascript:alert(1)', achievedLevel: 1, achievedLevelKey: h(), achievedLevelTitle: HOSTILE_LONG_NAME, earnedAt: null },
  { badgeKey: '__proto__', achievedLevel: 2, achievedLevelKey: h(), achievedLevelTitle: h(), earnedAt: '<script>alert(1)</script>' },
  { badgeKey: '\u202Eevil\u200B', achievedLevel: 4, achievedLevelKey: h(), achievedLevelTitle: h(), earnedAt: '2024-02-30T99:99:99Z' },
];

// ---------------------------------------------------------------------------------------
// Per-address fixtures
// ---------------------------------------------------------------------------------------

const richCategories = categoriesOf([
  ['longevity', 'Year', 'Account Age'],
  ['txCount', 'Fifty'],
  ['txVolume', 'HundredDot'],
  ['modules', 'FivePlus', 'Modules Used'],
  ['governance', 'Full', 'Governance'],
  ['stakingRewards', 'TenDot'],
  ['stakingNominators', 'Ten', 'Nominations'],
  ['stakingSlash', 'None'],
  ['tokenDiversity', 'ThreePlus'],
  ['nftHoldings', 'Ten'],
  ['nftActivity', 'Ten'],
  ['extrinsicDepth', 'Hundred'],
]);

const identityOnlyCategories = categoriesOf([
  ['longevity', 'Year'],
  ['txCount', 'Ten'],
  ['txVolume', 'OneDot'],
  ['governance', 'Partial', 'Governance'],
  ['stakingNominators', 'One'],
  ['stakingSlash', 'OneSlash', 'Slashes'],
]);

const noBadgesCategories = categoriesOf([
  ['longevity', 'Month'],
  ['txCount', 'First'],
  ['tokenDiversity', 'One'],
]);

const noProfileCategories = categoriesOf([
  ['longevity', 'Quarter', 'Account Age'],
  ['txCount', 'Fifty'],
  ['modules', 'ThreePlus'],
  ['governance', 'None'],
  ['stakingRewards', 'TenthDot'],
  ['stakingSlash', 'FiveSlashes'],
]);

/**
 * The records the sandbox serves, by address. Treat as read-only: the sandbox copies before
 * it changes anything.
 * @type {Record<string, AddressFixture>}
 */
export const FIXTURES = {
  // An app user: stored by the service's app, so always fast. The app's profile sends only
  // address, display, web, twitter, github and judgements of each identity, and no nftCount.
  [ADDRESSES.rich]: {
    scores: scoresOf(ADDRESSES.rich, richCategories, '2025-06-01T08:30:00.000Z', 'app'),
    badges: badgesOf(
      ADDRESSES.rich,
      [
        earned('RelayChainInitiate', 1, '2021-03-14T12:00:00.000Z'),
        earned('PolkadotRegular', 3, '2024-03-14T12:00:00.000Z'),
        earned('ReferendumVoter', 3, '2024-07-19T09:10:00.000Z'),
        earned('NposGuardian', 2, '2023-11-02T18:45:00.000Z'),
        earned('ParachainTraveler', 1, '2025-01-08T21:00:00.000Z'),
        earned('IdentityConfirmed', 1, '2022-05-05T05:05:00.000Z'),
      ],
      'app',
    ),
    profile: {
      address: ADDRESSES.rich,
      displayName: 'Alice Validator',
      avatarUrl: IMAGE.avatar,
      bio: 'Validator operator and governance nerd since 2020. Runs a community node in Lisbon.',
      // Overlaps the identity's twitter/github on purpose, with different values: the profile's
      // own socialLinks win over the identity's (socialsOf). `telegram` is a platform the service does not fill.
      socialLinks: {
        twitter: 'alice_validates',
        github: 'alice-validator',
        discord: 'alice#4242',
        telegram: 'alice_val',
      },
      polkadotIdentities: [
        {
          address: ADDRESSES.rich,
          display: 'ALICE',
          web: 'https://alice.example',
          twitter: '@alice_onchain',
          github: 'alice-onchain',
          judgements: [judgement(0, 'KnownGood')],
        },
        {
          address: RICH_LINKED,
          display: 'ALICE / stash',
          web: null,
          twitter: null,
          github: null,
          judgements: [],
        },
      ],
      source: 'app',
    },
  },

  // Computed by the developer API: an on-chain identity and nothing the user typed in.
  [ADDRESSES.identityOnly]: {
    scores: scoresOf(ADDRESSES.identityOnly, identityOnlyCategories, '2025-05-28T14:00:00.000Z', 'api'),
    badges: badgesOf(
      ADDRESSES.identityOnly,
      [earned('RelayChainInitiate', 1), earned('IdentityConfirmed', 1), earned('ReferendumVoter', 2)],
      'api',
    ),
    profile: {
      address: ADDRESSES.identityOnly,
      displayName: null,
      avatarUrl: null,
      bio: null,
      // The service copies these from the on-chain identity.
      socialLinks: {
        web: 'https://bob.example',
        twitter: '@bob_onchain',
        github: 'bob-builds',
        email: 'bob@bob.example',
        matrix: '@bob:matrix.example',
        discord: 'bob_onchain',
        riot: '@bob:riot.example',
      },
      polkadotIdentities: [
        {
          address: ADDRESSES.identityOnly,
          display: 'Bob on-chain',
          legal: 'Robert Example',
          email: 'bob@bob.example',
          web: 'https://bob.example',
          twitter: '@bob_onchain',
          github: 'bob-builds',
          matrix: '@bob:matrix.example',
          discord: 'bob_onchain',
          riot: '@bob:riot.example',
          judgements: [judgement(1, 'KnownGood')],
          role: null,
          nonce: 3,
        },
      ],
      nftCount: 42,
      source: 'api',
    },
  },

  // Computed: an identity nobody judged (FeePaid is not a verification), and no badges.
  [ADDRESSES.noBadges]: {
    scores: scoresOf(ADDRESSES.noBadges, noBadgesCategories, '2025-05-31T10:20:00.000Z', 'api'),
    badges: badgesOf(ADDRESSES.noBadges, [], 'api'),
    profile: {
      address: ADDRESSES.noBadges,
      displayName: 'Carol',
      avatarUrl: null,
      bio: null,
      socialLinks: { web: 'https://carol.example' },
      polkadotIdentities: [
        {
          address: ADDRESSES.noBadges,
          display: 'Carol',
          legal: null,
          email: null,
          web: 'https://carol.example',
          twitter: null,
          github: null,
          matrix: null,
          discord: null,
          riot: null,
          judgements: [judgement(2, 'FeePaid')],
          role: null,
          nonce: 0,
        },
      ],
      nftCount: 0,
      source: 'api',
    },
  },

  // An app user who never filled in the profile: the app sends its defaults, nulls.
  [ADDRESSES.noProfile]: {
    scores: scoresOf(ADDRESSES.noProfile, noProfileCategories, '2025-05-30T19:15:00.000Z', 'app'),
    badges: badgesOf(
      ADDRESSES.noProfile,
      [
        earned('RelayChainInitiate', 1, '2024-01-20T08:00:00.000Z'),
        earned('TreasuryContributor', 1, '2024-09-09T13:30:00.000Z'),
        earned('CrossChainHolder', 2, '2025-02-11T16:20:00.000Z'),
      ],
      'app',
    ),
    profile: {
      address: ADDRESSES.noProfile,
      displayName: null,
      avatarUrl: null,
      bio: null,
      socialLinks: {},
      polkadotIdentities: [],
      source: 'app',
    },
  },

  [ADDRESSES.hostile]: {
    scores: scoresOf(ADDRESSES.hostile, hostileCategories, '2025-06-01T00:00:00.000Z', 'api'),
    badges: badgesOf(ADDRESSES.hostile, hostileBadges, 'api'),
    profile: {
      address: ADDRESSES.hostile,
      displayName: HOSTILE_LONG_NAME,
      avatarUrl: 'javascript:alert(1)',
      bio: '<img src=x onerror=alert(1)><script>alert(1)</script>"><svg onload=alert(1)> \u202Eevil\u202C ad\u200Bmin',
      socialLinks: ownObject([
        ['web', ' JaVaScRiPt:alert(document.domain)'],
        ['twitter', 'javascript:alert(1)'],
        ['github', '"><svg onload=alert(1)>'],
        ['discord', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
        ['riot', '<img src=x onerror=alert(1)>'],
        ['email', 'javascript:alert(1)//@evil.example'],
        ['telegram', '<img src=x onerror=alert(1)>'],
        ['<script>alert(1)</script>', 'https://evil.example/"onmouseover="alert(1)'],
        ['__proto__', 'javascript:alert(3)'],
        ['hasOwnProperty', 'javascript:alert(2)'],
        ['constructor', '\u202Eevil\u202C'],
      ]),
      polkadotIdentities: [
        {
          address: ADDRESSES.hostile,
          display: '<img src=x onerror=alert(1)>',
          legal: h(),
          email: '"><svg onload=alert(1)>@evil.example',
          web: 'javascript:alert(1)',
          twitter: h(),
          github: h(),
          matrix: h(),
          discord: h(),
          riot: h(),
          // None of these is exactly Reasonable or KnownGood: the account is NOT verified.
          judgements: [
            { index: 0, judgement: '<script>alert(1)</script>', _id: '"><svg onload=alert(1)>' },
            { index: 1, judgement: 'KnownGood\u200B', _id: oid() },
            { index: 2, judgement: 'knowngood', _id: oid() },
            { index: 3, judgement: '\u202EdooGnwonK', _id: oid() },
          ],
          role: h(),
          nonce: 1,
        },
        {
          address: HOSTILE_LINKED,
          display: HOSTILE_LONG_NAME,
          web: ' JaVaScRiPt:alert(document.domain)',
          twitter: null,
          judgements: [{ index: 0, judgement: 'javascript:alert(1)', _id: oid() }],
        },
      ],
      nftCount: 1337,
      source: 'api',
    },
    categoryDefinitions: hostileCategoryDefs,
    badgeDefinitions: hostileBadgeDefs,
  },
};
