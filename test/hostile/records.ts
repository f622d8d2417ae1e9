/**
 * Builds, for one hostile string, a full set of service records (all seven answers, the badge
 * and category definitions included) in which EVERY string field holds that string: titles,
 * reasons, keys, thresholds, advices, level keys and titles, metric, imageUrl, avatarUrl,
 * socialLinks keys and values, every chain identity field, judgements, the `address` fields
 * and the keys of the `categories` map. Numbers, booleans and `source` keep valid values, so
 * every record passes the client's shape checks and reaches the widgets. Not a test file.
 *
 * How the records reach the widgets, and why not through the sandbox's `patch` fault:
 *
 * - A fault spec travels in the URL, and Node's HTTP server refuses request heads over 16 KiB
 *   (431). A profile whose thirty-odd string fields each hold a 10,000-character string is
 *   a patch of several hundred kB: the sandbox can never receive it.
 * - A fault prefix applies to every request of a widget, and the badge list reads two
 *   endpoints whose `data` both have a `badges` key (earned badges, and definitions): one
 *   patch cannot give each its own `badges`.
 *
 * So the happy-dom suite answers with `vi.stubGlobal('fetch', ...)` (the client calls the
 * global `fetch` at request time) and the Chromium suite with `page.route(...)`, both from
 * {@link answer}. The wire format is the production service's, as the sandbox sends it:
 * `{ success: true, data }`, `polkadotIdentities` with `twitter`/`github`/
 * `discord`/`riot`, nested definitions without `key`, `_id`, `constraints` and `advice`
 * fields (hostile too), failures as `{ message }`; see {@link wireRecords}. The client maps it
 * to the public records of {@link hostileRecords}, which the tests compare the views with.
 *
 * `answer` routes on the path after `/api/v2/` only; which hostile string (and which profile
 * variant) to serve is chosen by the caller from the base URL, so that one test can point
 * many widgets at many strings at once.
 */
import type {
  BadgeDefinition,
  BadgeDefinitions,
  CategoryDefinition,
  CategoryDefinitions,
  ChainIdentity,
  SpecificCategoryScore,
  SpecificUserBadge,
  UserBadge,
  UserBadges,
  UserProfile,
  UserScores,
} from '../../src/index';

export interface HostileRecords {
  /** getScores: the categories map has two entries, under the hostile key and under `longevity`. */
  scores: UserScores;
  /** getCategoryScore: category key, score title and reason, and a full definition. */
  categoryScore: SpecificCategoryScore;
  /** getBadges: one badge whose key matches the definition's, so the definition is used. */
  badges: UserBadges;
  /** getBadge: the earned badge and its full definition. */
  badge: SpecificUserBadge;
  /**
   * getProfile with `socialLinks` under every platform key the widget knows (web, email,
   * twitter, github, matrix, discord, riot) plus the hostile key: socials come from the links.
   */
  profile: UserProfile;
  /**
   * getProfile with `socialLinks` holding only the hostile key, so that the identity fields
   * (web, email, microblog, codehost, matrix, chatserver, legacychat) feed the socials.
   */
  profileFromIdentities: UserProfile;
  /** /metadata/badges. */
  badgeDefinitions: BadgeDefinitions;
  /** /metadata/categories. */
  categoryDefinitions: CategoryDefinitions;
}

/** Which profile record a widget is served: see {@link HostileRecords}. */
export type ProfileVariant = 'links' | 'identities';

/**
 * A plain object with these own entries. Keys are defined, not assigned, so that a key
 * `__proto__` is an own property (as JSON.parse makes it) instead of setting the prototype.
 */
export const ownObject = <T>(entries: [string, T][]): Record<string, T> => {
  const object: Record<string, T> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
};

const LEVELS = [1, 2, 3, 4, 5];

const badgeDefinition = (s: string): BadgeDefinition => ({
  key: s,
  title: s,
  shortDescription: s,
  longDescription: s,
  metric: s,
  imageUrl: s,
  levels: LEVELS.map((level) => ({ level, key: s, value: level * 10, title: s, shortDescription: s, longDescription: s })),
});

const categoryDefinition = (s: string): CategoryDefinition => ({
  key: s,
  displayName: s,
  short_description: s,
  long_description: s,
  order: 1,
  reasons: [50, 10].map((points) => ({
    key: s,
    points,
    title: s,
    description: s,
    thresholds: [
      { label: s, description: s },
      { label: s, description: s },
    ],
    advices: [s],
  })),
});

const userBadge = (s: string): UserBadge => ({ badgeKey: s, achievedLevel: 3, achievedLevelKey: s, achievedLevelTitle: s, earnedAt: s });

/** A chain identity with every optional string field set to `s`. */
const identity = (s: string, judgements: ChainIdentity['judgements']): ChainIdentity => ({
  address: s,
  display: s,
  legal: s,
  web: s,
  email: s,
  microblog: s,
  codehost: s,
  matrix: s,
  chatserver: s,
  legacychat: s,
  judgements,
  role: s,
  nonce: 7,
});

/** Every platform key the profile rules know, one alias each. */
const PLATFORM_KEYS = ['web', 'email', 'twitter', 'github', 'matrix', 'discord', 'riot'];

const profile = (s: string, socialKeys: string[]): UserProfile => ({
  address: s,
  displayName: s,
  avatarUrl: s,
  bio: s,
  socialLinks: ownObject(socialKeys.map((key) => [key, s])),
  chainIdentities: [
    identity(s, [{ index: 1, judgement: s, _id: s }]),
    // The second identity also carries a KnownGood judgement, so the verified mark is drawn
    // next to hostile text (its other strings are all `s` as well).
    identity(s, [
      { index: 2, judgement: s, _id: s },
      { index: 3, judgement: 'KnownGood', _id: s },
    ]),
  ],
  nftCount: 12,
  source: 'api',
});

/** The records for hostile string `s`. A fresh set on every call. */
export const hostileRecords = (s: string): HostileRecords => {
  const categoryScore = { score: 30, reason: s, title: s };
  return {
    scores: {
      address: s,
      totalScore: 40,
      calculatedAt: s,
      // The hostile key scores higher, so it comes first.
      categories: ownObject([
        [s, categoryScore],
        ['longevity', { score: 10, reason: s, title: s }],
      ]),
      source: 'api',
    },
    categoryScore: {
      address: s,
      category: { key: s, score: categoryScore },
      definition: categoryDefinition(s),
      calculatedAt: s,
    },
    badges: { address: s, badges: [userBadge(s)], count: 1, source: 'api' },
    badge: { address: s, badge: userBadge(s), earned: true, definition: badgeDefinition(s), source: 'api' },
    profile: profile(s, [...PLATFORM_KEYS, s]),
    profileFromIdentities: profile(s, [s]),
    badgeDefinitions: { badges: [badgeDefinition(s)] },
    categoryDefinitions: { categories: [categoryDefinition(s)] },
  };
};

/** Identity fields by their public name → the name the service sends. */
const WIRE_IDENTITY_NAMES: Record<string, string> = { microblog: 'twitter', codehost: 'github', chatserver: 'discord', legacychat: 'riot' };

/** A copy of `record` without `key`, as the service nests definitions. */
const withoutKey = <T extends { key: string }>(record: T): Omit<T, 'key'> => {
  const { key: _key, ...rest } = record;
  return rest;
};

/** A profile as the service sends it: `polkadotIdentities` with the service's identity field names. */
const wireProfile = (profile: UserProfile): Record<string, unknown> => {
  const { chainIdentities, ...rest } = profile;
  return {
    ...rest,
    polkadotIdentities: (chainIdentities ?? []).map((identity) =>
      Object.fromEntries(Object.entries(identity).map(([key, value]) => [WIRE_IDENTITY_NAMES[key] ?? key, value])),
    ),
  };
};

/** A badge definition as the service sends it: levels carry `constraints` and `advice` too. */
const wireBadgeDefinition = (definition: BadgeDefinition, s: string) => ({
  ...definition,
  levels: definition.levels.map((level) => ({ ...level, constraints: [{ label: s, description: s }], advice: [s] })),
});

/** A category definition as the service sends it: reasons carry `_id`. */
const wireCategoryDefinition = (definition: CategoryDefinition, s: string) => ({
  ...definition,
  reasons: definition.reasons.map((reason) => ({ ...reason, _id: s })),
});

/**
 * The records of `s` as the production service sends them: what {@link answer} serves, and
 * what a test patches into a sandbox answer to compare with it.
 */
export const wireRecords = (s: string) => {
  const records = hostileRecords(s);
  const categories = ownObject(Object.entries(records.scores.categories!).map(([key, score]) => [key, { ...score, _id: s }]));
  return {
    scores: { ...records.scores, categories },
    categoryScore: {
      ...records.categoryScore,
      category: { ...records.categoryScore.category, score: { ...records.categoryScore.category.score, _id: s } },
      definition: withoutKey(wireCategoryDefinition(records.categoryScore.definition!, s)),
      source: 'api',
    },
    badges: records.badges,
    // The service sends no `earned`: an unearned badge is a 404.
    badge: {
      address: s,
      badge: records.badge.badge,
      definition: withoutKey(wireBadgeDefinition(records.badge.definition!, s)),
      source: 'api',
    },
    profile: wireProfile(records.profile),
    profileFromIdentities: wireProfile(records.profileFromIdentities),
    badgeDefinitions: { badges: records.badgeDefinitions.badges.map((d) => wireBadgeDefinition(d, s)) },
    categoryDefinitions: { categories: records.categoryDefinitions.categories.map((d) => wireCategoryDefinition(d, s)) },
  };
};

/** What {@link answer} sends: an HTTP status and a JSON body. */
export interface Answer {
  status: number;
  body: string;
}

/**
 * The service's answer to `apiPath` (the part after `/api/v2/`, e.g. `scores/1abc/governance`)
 * from the records of `s`: `{ success: true, data }`, or the service's 404 for an unknown route.
 * Path segments (address, keys) only pick the endpoint; whatever they say, the records of `s`
 * are served.
 */
export const answer = (s: string, apiPath: string, variant: ProfileVariant = 'links'): Answer => {
  const records = wireRecords(s);
  const [area, ...rest] = apiPath.split('/');
  const data =
    area == 'scores' && rest.length == 1
      ? records.scores
      : area == 'scores' && rest.length == 2
        ? records.categoryScore
        : area == 'badges' && rest.length == 1
          ? records.badges
          : area == 'badges' && rest.length == 2
            ? records.badge
            : area == 'profiles' && rest.length == 1
              ? variant == 'links'
                ? records.profile
                : records.profileFromIdentities
              : area == 'metadata' && rest[0] == 'badges'
                ? records.badgeDefinitions
                : area == 'metadata' && rest[0] == 'categories'
                  ? records.categoryDefinitions
                  : undefined;
  // JSON.stringify escapes lone surrogates (\udXXX), so they survive the UTF-8 body intact.
  return data === undefined
    ? { status: 404, body: JSON.stringify({ message: 'Not Found' }) }
    : { status: 200, body: JSON.stringify({ success: true, data }) };
};
