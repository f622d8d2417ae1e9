/** Types of ./fixtures.mjs (the sandbox's fixture data). */
import type { BadgeDefinition, CategoryDefinition, UserBadges, UserProfile, UserScores } from '../src/client/types.js';

/** Names of the fixture addresses. */
export type FixtureName = 'rich' | 'identityOnly' | 'fresh' | 'noProfile' | 'hostile' | 'unknown';

/** The one API key the sandbox accepts. */
export declare const API_KEY: 'demo-key';

/** Fixture addresses by name; `unknown` is not in {@link FIXTURES}. */
export declare const ADDRESSES: Readonly<Record<FixtureName, string>>;

/** Short human labels of {@link ADDRESSES}. */
export declare const ADDRESS_LABELS: Readonly<Record<FixtureName, string>>;

/** Hostile texts used throughout the hostile fixture (the last is 10,000 characters long). */
export declare const HOSTILE_STRINGS: readonly string[];

/** The five common badges, levels 1 (bronze) to 5 (diamond). */
export declare const BADGE_DEFINITIONS: BadgeDefinition[];

/** The six categories of SPEC.md 2.2 (`bridging` deliberately has none). */
export declare const CATEGORY_DEFINITIONS: CategoryDefinition[];

/** What the sandbox serves for one address. */
export interface AddressFixture {
  /** `null`: getScores answers 404. */
  scores: UserScores | null;
  badges: UserBadges;
  /** `null`: getProfile answers 404. */
  profile: UserProfile | null;
  /** Per-address definitions returned by getCategoryScore instead of the common ones. */
  categoryDefinitions?: Record<string, CategoryDefinition | null>;
  /** Per-address definitions returned by getBadge instead of the common ones. */
  badgeDefinitions?: Record<string, BadgeDefinition>;
}

/** Fixtures by address. Read-only. */
export declare const FIXTURES: Record<string, AddressFixture>;
