import type * as Records from './types';
import { isRecord } from '../util/values';

/**
 * Response checks. A record reaches the caller only after every field of the public record
 * has the type it names, so widgets never render half-formed data. Fields the records do not
 * name (`_id`, `constraints`, ...) are left alone and never read. Each check throws a message that
 * names the field ("totalScore must be a number"); the client wraps it into a ServiceError.
 */
export type Check = (value: unknown, at: string) => void;

/** A check for a field that may be absent. */
interface OptionalCheck extends Check {
  optional: true;
}

export class ShapeError extends Error {}

const bad = (at: string, what: string): never => {
  throw new ShapeError(`${at} must be ${what}`);
};

const str: Check = (v, at) => typeof v == 'string' || bad(at, 'a string');
// JSON can carry 1e999, which parses to Infinity: a score must be a finite number.
const num: Check = (v, at) => Number.isFinite(v) || bad(at, 'a number');
const bool: Check = (v, at) => typeof v == 'boolean' || bad(at, 'a boolean');
const source: Check = (v, at) => v == 'app' || v == 'api' || bad(at, '"app" or "api"');

const optional = (check: Check): OptionalCheck => Object.assign<Check, { optional: true }>((v, at) => check(v, at), { optional: true });

const nullable =
  (check: Check): Check =>
  (v, at) =>
    v === null || check(v, at);

const arrayOf =
  (check: Check): Check =>
  (v, at) => {
    if (!Array.isArray(v)) bad(at, 'an array');
    (v as unknown[]).forEach((item, i) => check(item, `${at}[${i}]`));
  };

const mapOf =
  (check: Check): Check =>
  (v, at) => {
    if (!isRecord(v)) bad(at, 'an object');
    for (const key in v as object) check((v as Record<string, unknown>)[key], `${at}.${key}`);
  };

const shape =
  (fields: Record<string, Check>): Check =>
  (v, at) => {
    if (!isRecord(v)) bad(at || 'data', 'an object');
    const record = v as Record<string, unknown>;
    for (const key in fields) {
      const check = fields[key];
      // Optional fields sent as null are treated as absent, so the typed result never holds null.
      if (record[key] == null && (check as Partial<OptionalCheck>).optional) Reflect.deleteProperty(record, key);
      else check(record[key], at ? `${at}.${key}` : key);
    }
  };

const categoryScore = /* @__PURE__ */ shape({ score: num, reason: str, title: str });

const categoryDefinition = /* @__PURE__ */ shape({
  key: str,
  displayName: str,
  short_description: str,
  long_description: str,
  order: num,
  reasons: arrayOf(
    shape({
      key: str,
      points: num,
      title: str,
      description: str,
      thresholds: arrayOf(shape({ label: str, description: str })),
      advices: arrayOf(str),
    }),
  ),
});

const userBadge = /* @__PURE__ */ shape({
  badgeKey: str,
  achievedLevel: num,
  achievedLevelKey: str,
  achievedLevelTitle: str,
  earnedAt: optional(str),
});

const badgeDefinition = /* @__PURE__ */ shape({
  key: str,
  title: str,
  shortDescription: str,
  longDescription: str,
  metric: str,
  imageUrl: optional(str),
  levels: arrayOf(shape({ level: num, key: str, value: num, title: str, shortDescription: str, longDescription: str })),
});

const optionalText = /* @__PURE__ */ optional(str);

const chainIdentity = /* @__PURE__ */ shape({
  address: str,
  display: optionalText,
  legal: optionalText,
  web: optionalText,
  email: optionalText,
  microblog: optionalText,
  codehost: optionalText,
  matrix: optionalText,
  chatserver: optionalText,
  legacychat: optionalText,
  judgements: optional(arrayOf(shape({ index: num, judgement: str, _id: optionalText }))),
  role: optionalText,
  nonce: optional(num),
});

/** A check whose success narrows the value to T. */
export type Validator<T> = Check & { readonly __type?: T };

const origin = /* @__PURE__ */ optional(source);

export const userScores: Validator<Records.UserScores> = /* @__PURE__ */ shape({
  address: str,
  totalScore: num,
  calculatedAt: str,
  categories: optional(mapOf(categoryScore)),
  source: origin,
});

export const specificCategoryScore: Validator<Records.SpecificCategoryScore> = /* @__PURE__ */ shape({
  address: str,
  category: shape({ key: str, score: categoryScore }),
  definition: nullable(categoryDefinition),
  calculatedAt: str,
});

export const userBadges: Validator<Records.UserBadges> = /* @__PURE__ */ shape({
  address: str,
  badges: arrayOf(userBadge),
  count: num,
  source: origin,
});

export const specificUserBadge: Validator<Records.SpecificUserBadge> = /* @__PURE__ */ shape({
  address: str,
  badge: nullable(userBadge),
  earned: optional(bool),
  definition: nullable(badgeDefinition),
  source: origin,
});

export const userProfile: Validator<Records.UserProfile> = /* @__PURE__ */ shape({
  address: str,
  displayName: optionalText,
  avatarUrl: optionalText,
  bio: optionalText,
  socialLinks: optional(mapOf(str)),
  chainIdentities: optional(arrayOf(chainIdentity)),
  nftCount: optional(num),
  source: origin,
});

export const badgeDefinitions: Validator<Records.BadgeDefinitions> = /* @__PURE__ */ shape({ badges: arrayOf(badgeDefinition) });

export const categoryDefinitions: Validator<Records.CategoryDefinitions> = /* @__PURE__ */ shape({
  categories: arrayOf(categoryDefinition),
});
