import type * as Records from './types';
import { malformed } from './failure';
import { isRecord } from '../util/values';

/**
 * Response checks and the service's names. A record reaches the caller only after every field
 * of the public record has the type it names, so widgets never render half-formed data. Fields
 * the records do not name (`_id`, `constraints`, ...) are copied as they are and never read. A
 * mismatch fails the attempt as `malformed`, with a problem that names the field ("totalScore
 * must be a number").
 *
 * Each record's schema is an object with a rule per field of its interface in ./types, typed by
 * {@link Schema} so that tsc fails when the two drift apart: a field missing, added, of another
 * type, or optional in one and not in the other. An optional field that is absent or null is
 * left out of the result (the typed result never holds null); a nullable one that is absent
 * becomes null. `$wire` is the name the production service uses for a field (WIRE.md;
 * test/helpers/public-records.ts states the mapping, apart from this code): its value moves to
 * the public name, and a public name present (not null) wins over its production twin.
 */

/** Checks a value found at `at` ('' for the whole record); returns it typed, or fails the attempt. */
export type Rule<T> = (value: unknown, at: string) => T;

/** A field that may be absent (or null, which counts as absent): left out of the result then. */
interface Optional<T> {
  $rule: Rule<T>;
  /** The field's name in the production service's answers. */
  $wire?: string;
  $null?: undefined;
}

/** A field that may be null (or absent, which counts as null). */
interface Nullable<T> {
  $rule: Rule<T>;
  $wire?: undefined;
  $null: true;
}

/** How a field of type `T` is checked: required, {@link Optional} or {@link Nullable}, as the interface says. */
type FieldRule<T> = undefined extends T ? Optional<Exclude<T, undefined>> : null extends T ? Nullable<Exclude<T, null>> : Rule<T>;

/** The schema of a record interface `R`: one rule for each of its fields, and no other. */
export type Schema<R> = { readonly [K in keyof R]-?: FieldRule<R[K]> };

/** Fails the attempt: the value at `at` ('' for the whole `data`) is not `what`. */
const mismatch = (at: string, what: string): never => malformed(`${at || 'data'} must be ${what}`);

/** A rule from a test and what the value should be. */
const rule =
  <T>(test: (v: unknown) => v is T, what: string): Rule<T> =>
  (v, at) =>
    test(v) ? v : mismatch(at, what);

const text = rule((v): v is string => typeof v == 'string', 'a string');
// JSON can carry 1e999, which parses to Infinity: a score must be a finite number.
const number = rule((v): v is number => Number.isFinite(v), 'a number');
const boolean = rule((v): v is boolean => typeof v == 'boolean', 'a boolean');
const source = rule((v): v is Records.DataSource => v == 'app' || v == 'api', '"app" or "api"');

/** An array whose every item passes `item`. */
const arrayOf =
  <T>(item: Rule<T>): Rule<T[]> =>
  (v, at) =>
    Array.isArray(v) ? v.map((x, i) => item(x, `${at}[${i}]`)) : mismatch(at, 'an array');

/**
 * An object whose every value passes `value` (a map: categories by key, links by platform).
 * Built by `fromEntries`, so a hostile key such as `__proto__` stays a key.
 */
const mapOf =
  <T>(value: Rule<T>): Rule<Record<string, T>> =>
  (v, at) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).map(([key, x]) => [key, value(x, `${at}.${key}`)])) : mismatch(at, 'an object');

const optional = <T>(rule: Rule<T>, wire?: string): Optional<T> => ({ $rule: rule, $wire: wire });
const nullable = <T>(rule: Rule<T>): Nullable<T> => ({ $rule: rule, $null: true });
/** The most common field rule, made once. */
const optionalText = optional(text);

/**
 * The rule of a record: a copy of the object with each field checked (and moved from its
 * production name); the value it was given is left as it was.
 */
const record =
  <R>(schema: Schema<R>): Rule<R> =>
  (v, at) => {
    if (!isRecord(v)) return mismatch(at, 'an object');
    const checked: Record<string, unknown> = { ...v };
    for (const name in schema) {
      const field: Rule<unknown> | Optional<unknown> | Nullable<unknown> = schema[name];
      const where = at ? `${at}.${name}` : name;
      if (typeof field == 'function') {
        checked[name] = field(v[name], where);
      } else {
        const { $wire: wire } = field;
        const value = v[name] ?? (wire ? v[wire] : undefined);
        if (wire) Reflect.deleteProperty(checked, wire);
        if (value != null) checked[name] = field.$rule(value, where);
        else if (field.$null) checked[name] = null;
        else Reflect.deleteProperty(checked, name);
      }
    }
    // Each field of R has just passed its rule, and `schema` has a rule for every field of R.
    return checked as R;
  };

const categoryScore = record<Records.CategoryScore>({ score: number, reason: text, title: text });

const reasonDetail = record<Records.ReasonDetail>({
  key: text,
  points: number,
  title: text,
  description: text,
  thresholds: arrayOf(record<Records.ThresholdDetail>({ label: text, description: text })),
  advices: arrayOf(text),
});

const categoryDefinition = record<Records.CategoryDefinition>({
  key: text,
  displayName: text,
  short_description: text,
  long_description: text,
  order: number,
  reasons: arrayOf(reasonDetail),
});

const userBadge = record<Records.UserBadge>({
  badgeKey: text,
  achievedLevel: number,
  achievedLevelKey: text,
  achievedLevelTitle: text,
  earnedAt: optionalText,
});

const badgeDefinition = record<Records.BadgeDefinition>({
  key: text,
  title: text,
  shortDescription: text,
  longDescription: text,
  metric: text,
  imageUrl: optionalText,
  levels: arrayOf(
    record<Records.BadgeLevel>({
      level: number,
      key: text,
      value: number,
      title: text,
      shortDescription: text,
      longDescription: text,
    }),
  ),
});

const chainIdentity = record<Records.ChainIdentity>({
  address: text,
  display: optionalText,
  legal: optionalText,
  web: optionalText,
  email: optionalText,
  microblog: optional(text, 'twitter'),
  codehost: optional(text, 'github'),
  matrix: optionalText,
  chatserver: optional(text, 'discord'),
  legacychat: optional(text, 'riot'),
  judgements: optional(arrayOf(record<Records.Judgement>({ index: number, judgement: text, _id: optionalText }))),
  role: optionalText,
  nonce: optional(number),
});

export const userScores = record<Records.UserScores>({
  address: text,
  totalScore: number,
  calculatedAt: text,
  categories: optional(mapOf(categoryScore)),
  source: optional(source),
});

export const specificCategoryScore = record<Records.SpecificCategoryScore>({
  address: text,
  category: record<Records.SpecificCategoryScore['category']>({ key: text, score: categoryScore }),
  definition: nullable(categoryDefinition),
  calculatedAt: text,
});

export const userBadges = record<Records.UserBadges>({
  address: text,
  badges: arrayOf(userBadge),
  count: number,
  source: optional(source),
});

export const specificUserBadge = record<Records.SpecificUserBadge>({
  address: text,
  badge: nullable(userBadge),
  earned: optional(boolean),
  definition: nullable(badgeDefinition),
  source: optional(source),
});

export const userProfile = record<Records.UserProfile>({
  address: text,
  displayName: optionalText,
  avatarUrl: optionalText,
  bio: optionalText,
  socialLinks: optional(mapOf(text)),
  chainIdentities: optional(arrayOf(chainIdentity), 'polkadotIdentities'),
  nftCount: optional(number),
  source: optional(source),
});

export const badgeDefinitions = record<Records.BadgeDefinitions>({ badges: arrayOf(badgeDefinition) });

export const categoryDefinitions = record<Records.CategoryDefinitions>({ categories: arrayOf(categoryDefinition) });

/** `data` as the record `rule` checks; fails the attempt as `malformed` at the first mismatch. */
export const check = <T>(rule: Rule<T>, data: unknown): T => rule(data, '');
