/**
 * Types of ./fixtures.mjs: the records as the production service sends them (WIRE.md
 * "Records as the service sends them"), which differ from the client's public types: profiles
 * carry `polkadotIdentities` with `twitter`/`github`/`discord`/`riot`, optional fields may be
 * `null`, and there are `_id`, `source`, `constraints` and `advice` fields.
 */

/** Names of the fixture addresses. */
export type FixtureName = 'rich' | 'identityOnly' | 'noBadges' | 'noProfile' | 'fresh' | 'hostile' | 'unknown';

/** The API key the sandbox accepts from any origin. */
export declare const API_KEY: 'demo-key';
/** A valid key allowed only from {@link ORIGIN_LOCKED_ORIGIN} (and the sandbox's own origin). */
export declare const ORIGIN_LOCKED_KEY: 'demo-locked-key';
/** The one browser origin {@link ORIGIN_LOCKED_KEY} allows. */
export declare const ORIGIN_LOCKED_ORIGIN: 'https://allowed.example';
/** Stands for the sandbox's origin in fixture URLs; replaced in every answer. */
export declare const ORIGIN_PLACEHOLDER: '{origin}';

/** `value` with {@link ORIGIN_PLACEHOLDER} replaced by `origin` everywhere: what the sandbox at `origin` serves. */
export declare function withOrigin<T>(value: T, origin: string): T;

/** Fixture addresses by name; `fresh` and `unknown` are not in {@link FIXTURES} (computed on the spot). */
export declare const ADDRESSES: Readonly<Record<FixtureName, string>>;

/** Short human labels of {@link ADDRESSES}. */
export declare const ADDRESS_LABELS: Readonly<Record<FixtureName, string>>;

/** Hostile texts used throughout the hostile fixture (the last is 10,000 characters long). */
export declare const HOSTILE_STRINGS: readonly string[];

export type Source = 'app' | 'api';

export interface WireReason {
  key: string;
  points: number;
  title: string;
  description: string;
  thresholds: { label: string; description: string }[];
  advices: string[];
  _id: string;
}

/** A category definition as the metadata list sends it (nested ones come without `key`). */
export interface WireCategoryDefinition {
  key: string;
  displayName: string;
  short_description: string;
  long_description: string;
  order: number;
  reasons: WireReason[];
}

export interface WireBadgeLevel {
  level: number;
  key: string;
  value: number;
  title: string;
  constraints: { label: string; description: string }[];
  advice: string[];
  shortDescription: string;
  longDescription: string;
}

/** A badge definition as the metadata list sends it (nested ones come without `key`). */
export interface WireBadgeDefinition {
  key: string;
  title: string;
  shortDescription: string;
  longDescription: string;
  metric: string;
  imageUrl?: string;
  levels: WireBadgeLevel[];
}

export interface WireCategoryScore {
  score: number;
  reason: string;
  title: string;
  _id: string;
}

export interface WireScores {
  address: string;
  totalScore: number;
  categories: Record<string, WireCategoryScore>;
  calculatedAt: string;
  source: Source;
}

export interface WireUserBadge {
  badgeKey: string;
  achievedLevel: number;
  achievedLevelKey: string;
  achievedLevelTitle: string;
  earnedAt?: string | null;
}

export interface WireBadges {
  address: string;
  badges: WireUserBadge[];
  count: number;
  source: Source;
}

export interface WireJudgement {
  index: number;
  judgement: string;
  _id: string;
}

/** An on-chain identity with the service's field names. */
export interface WireIdentity {
  address: string;
  display?: string | null;
  legal?: string | null;
  email?: string | null;
  web?: string | null;
  twitter?: string | null;
  github?: string | null;
  matrix?: string | null;
  discord?: string | null;
  riot?: string | null;
  judgements: WireJudgement[];
  role?: string | null;
  nonce?: number | null;
}

export interface WireProfile {
  address: string;
  displayName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  socialLinks: Record<string, string>;
  polkadotIdentities: WireIdentity[];
  /** Sent for computed (`'api'`) profiles only. */
  nftCount?: number;
  source: Source;
}

/** The badges of the service, levels 1 to 3. */
export declare const BADGE_DEFINITIONS: WireBadgeDefinition[];

/** The 12 categories of the service. */
export declare const CATEGORY_DEFINITIONS: WireCategoryDefinition[];

/** What the sandbox serves for one address. */
export interface AddressFixture {
  scores: WireScores;
  badges: WireBadges;
  profile: WireProfile;
  /** Per-address definitions answered by getCategoryScore instead of the common ones. */
  categoryDefinitions?: Record<string, WireCategoryDefinition | null>;
  /** Per-address definitions answered by getBadge instead of the common ones. */
  badgeDefinitions?: Record<string, WireBadgeDefinition>;
}

/** The records of an address the service has never seen, computed at `calculatedAt`. */
export declare function brandNewRecords(address: string, calculatedAt: string): AddressFixture;

/** Stored records by address. Read-only. */
export declare const FIXTURES: Record<string, AddressFixture>;
