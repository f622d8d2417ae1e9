/**
 * Records returned by the reputation service (`/api/v2/...`, docs/reference.md "Client"). Every record is checked
 * against these shapes before a client method resolves, so a value typed here is a value
 * that arrived with the right type.
 */

/** Where the data came from. */
export type DataSource = 'app' | 'api';

/** One category's score inside a {@link UserScores} record. */
export interface CategoryScore {
  /** Points in this category. */
  score: number;
  /** Key of the reason that produced the score (a {@link ReasonDetail.key}). */
  reason: string;
  /** Display title of the category as the score reports it. */
  title: string;
}

/** Result of {@link ServiceClient.getScores}. */
export interface UserScores {
  /** The address queried. */
  address: string;
  /** Total reputation score. */
  totalScore: number;
  /** When the scores were calculated (ISO 8601). */
  calculatedAt: string;
  /** Per-category scores by category key (`longevity`, `txCount`, ...). */
  categories?: Record<string, CategoryScore>;
  source?: DataSource;
}

/** A threshold inside a {@link ReasonDetail}. */
export interface ThresholdDetail {
  label: string;
  description: string;
}

/** One way of earning points in a category. */
export interface ReasonDetail {
  key: string;
  /** Points this reason gives. */
  points: number;
  title: string;
  description: string;
  thresholds: ThresholdDetail[];
  /** Suggestions for earning the points. */
  advices: string[];
}

/** The definition of a score category. */
export interface CategoryDefinition {
  key: string;
  displayName: string;
  short_description: string;
  long_description: string;
  /** Display order. */
  order: number;
  reasons: ReasonDetail[];
}

/** Result of {@link ServiceClient.getCategoryScore}. */
export interface SpecificCategoryScore {
  address: string;
  category: { key: string; score: CategoryScore };
  /** `null` when the category has no definition. */
  definition: CategoryDefinition | null;
  calculatedAt: string;
}

/** A badge an address has earned. */
export interface UserBadge {
  badgeKey: string;
  /** Level reached, 1 (bronze) to 5 (diamond). */
  achievedLevel: number;
  achievedLevelKey: string;
  achievedLevelTitle: string;
  /** When the badge was earned (ISO 8601). */
  earnedAt?: string;
}

/** Result of {@link ServiceClient.getBadges}. */
export interface UserBadges {
  address: string;
  badges: UserBadge[];
  /** Number of badges. */
  count: number;
  source?: DataSource;
}

/** One level of a badge. */
export interface BadgeLevel {
  level: number;
  key: string;
  /** The metric amount needed to reach this level. */
  value: number;
  title: string;
  shortDescription: string;
  longDescription: string;
}

/** The definition of a badge and its levels. */
export interface BadgeDefinition {
  key: string;
  title: string;
  shortDescription: string;
  longDescription: string;
  /** Unit counted by the level values (for example a count of votes). */
  metric: string;
  imageUrl?: string;
  levels: BadgeLevel[];
}

/** Result of {@link ServiceClient.getBadge}. */
export interface SpecificUserBadge {
  address: string;
  /** `null` when the address has not earned the badge. */
  badge: UserBadge | null;
  earned?: boolean;
  definition: BadgeDefinition | null;
  source?: DataSource;
}

/** A registrar's judgement of an on-chain identity. */
export interface Judgement {
  index: number;
  /** `Reasonable` and `KnownGood` count as verified. */
  judgement: string;
  _id?: string;
}

/** An on-chain identity record. Every field but `address` is written by anyone: treat as hostile. */
export interface ChainIdentity {
  address: string;
  display?: string;
  legal?: string;
  web?: string;
  email?: string;
  /** Handle on a microblogging platform. */
  microblog?: string;
  /** Handle on a code-hosting platform. */
  codehost?: string;
  matrix?: string;
  /** Handle on a chat platform. */
  chatserver?: string;
  /** Handle on an older chat platform. */
  legacychat?: string;
  judgements?: Judgement[];
  role?: string;
  nonce?: number;
}

/** Result of {@link ServiceClient.getProfile}. */
export interface UserProfile {
  address: string;
  displayName?: string;
  avatarUrl?: string;
  bio?: string;
  /** Handles by platform name (`twitter`, `github`, ...). */
  socialLinks?: Record<string, string>;
  chainIdentities?: ChainIdentity[];
  nftCount?: number;
  source?: DataSource;
}

/** Result of {@link ServiceClient.getBadgeDefinitions}. */
export interface BadgeDefinitions {
  badges: BadgeDefinition[];
}

/** Result of {@link ServiceClient.getCategoryDefinitions}. */
export interface CategoryDefinitions {
  categories: CategoryDefinition[];
}
