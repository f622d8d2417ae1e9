import type * as Records from './types';
import { fail } from './failure';
import { isRecord } from '../util/values';

/**
 * Response checks. A record reaches the caller only after every field of the public record
 * has the type it names, so widgets never render half-formed data. Fields the records do not
 * name (`_id`, `constraints`, ...) are left alone and never read. A mismatch fails the attempt
 * as `malformed`, with a problem that names the field ("totalScore must be a number").
 *
 * The records are described as data and read by one walker ({@link check}), which is smaller
 * in every page bundle than a function per rule. A rule is:
 * - a record: an object whose fields are rules;
 * - a string of marks read left to right, ending in a type: `s` string, `n` finite number,
 *   `b` boolean, `o` the data source (`"app"` or `"api"`); the marks are `[` an array of,
 *   `{` an object (a map) of, `?` optional, `|` nullable;
 * - a pair `[marks, rule]`: the marks applied to a rule that is not a string (a record).
 *
 * In a record, an optional field that is absent or null is deleted (the typed result never
 * holds null), and a nullable field that is absent becomes null.
 */
type Rule = string | Fields | readonly [marks: string, rule: Fields];
interface Fields {
  readonly [field: string]: Rule;
}

/** A record's rule whose success narrows the value to T. */
export type Validator<T> = Fields & { readonly __type?: T };

/** What each type and container mark accepts, and how a refusal reads. */
const TYPES: Readonly<Record<string, readonly [test: (v: unknown) => boolean, what: string]>> = {
  s: [(v) => typeof v == 'string', 'a string'],
  // JSON can carry 1e999, which parses to Infinity: a score must be a finite number.
  n: [Number.isFinite, 'a number'],
  b: [(v) => typeof v == 'boolean', 'a boolean'],
  o: [(v) => v == 'app' || v == 'api', '"app" or "api"'],
  '[': [Array.isArray, 'an array'],
  '{': [isRecord, 'an object'],
  // No mark left: the record the marks end in.
  '': [isRecord, 'an object'],
};

/** A rule as its marks and the record they end in (none when the marks end in a type). */
const parts = (rule: Rule): readonly [marks: string, record?: Fields] =>
  typeof rule == 'string' ? [rule] : isRecord(rule) ? ['', rule] : rule;

/** Checks `v` against the rule `marks` + `record`; `at` is where `v` is, '' for the whole `data`. */
const walk = (marks: string, record: Fields | undefined, v: unknown, at: string): void => {
  const mark = marks.slice(0, 1);
  const rest = marks.slice(1);
  if (mark == '?' || mark == '|') {
    if (v !== null) walk(rest, record, v, at);
    return;
  }
  const [test, what] = TYPES[mark]!;
  if (!test(v)) fail('malformed', `${at || 'data'} must be ${what}`);
  if (mark == '[') (v as unknown[]).forEach((item, i) => walk(rest, record, item, `${at}[${i}]`));
  if (mark == '{') for (const key in v as object) walk(rest, record, (v as Record<string, unknown>)[key], `${at}.${key}`);
  if (!mark) {
    const fields = v as Record<string, unknown>;
    for (const field in record) {
      const [m, r] = parts(record[field]!);
      if (fields[field] != null || (m[0] != '?' && m[0] != '|')) walk(m, r, fields[field], at ? `${at}.${field}` : field);
      else if (m[0] == '|') fields[field] = null;
      else Reflect.deleteProperty(fields, field);
    }
  }
};

/** Checks `data` against a record's rule; fails the attempt as `malformed` at the first mismatch. */
export const check = <T>(rule: Validator<T>, data: unknown): data is T => {
  walk('', rule, data, '');
  return true;
};

const categoryScore = { score: 'n', reason: 's', title: 's' };

const categoryDefinition: Fields = {
  key: 's',
  displayName: 's',
  short_description: 's',
  long_description: 's',
  order: 'n',
  reasons: [
    '[',
    { key: 's', points: 'n', title: 's', description: 's', thresholds: ['[', { label: 's', description: 's' }], advices: '[s' },
  ],
};

const userBadge: Fields = { badgeKey: 's', achievedLevel: 'n', achievedLevelKey: 's', achievedLevelTitle: 's', earnedAt: '?s' };

const badgeDefinition: Fields = {
  key: 's',
  title: 's',
  shortDescription: 's',
  longDescription: 's',
  metric: 's',
  imageUrl: '?s',
  levels: ['[', { level: 'n', key: 's', value: 'n', title: 's', shortDescription: 's', longDescription: 's' }],
};

const chainIdentity: Fields = {
  address: 's',
  display: '?s',
  legal: '?s',
  web: '?s',
  email: '?s',
  microblog: '?s',
  codehost: '?s',
  matrix: '?s',
  chatserver: '?s',
  legacychat: '?s',
  judgements: ['?[', { index: 'n', judgement: 's', _id: '?s' }],
  role: '?s',
  nonce: '?n',
};

export const userScores: Validator<Records.UserScores> = {
  address: 's',
  totalScore: 'n',
  calculatedAt: 's',
  categories: ['?{', categoryScore],
  source: '?o',
};

export const specificCategoryScore: Validator<Records.SpecificCategoryScore> = {
  address: 's',
  category: { key: 's', score: categoryScore },
  definition: ['|', categoryDefinition],
  calculatedAt: 's',
};

export const userBadges: Validator<Records.UserBadges> = { address: 's', badges: ['[', userBadge], count: 'n', source: '?o' };

export const specificUserBadge: Validator<Records.SpecificUserBadge> = {
  address: 's',
  badge: ['|', userBadge],
  earned: '?b',
  definition: ['|', badgeDefinition],
  source: '?o',
};

export const userProfile: Validator<Records.UserProfile> = {
  address: 's',
  displayName: '?s',
  avatarUrl: '?s',
  bio: '?s',
  socialLinks: '?{s',
  chainIdentities: ['?[', chainIdentity],
  nftCount: '?n',
  source: '?o',
};

export const badgeDefinitions: Validator<Records.BadgeDefinitions> = { badges: ['[', badgeDefinition] };

export const categoryDefinitions: Validator<Records.CategoryDefinitions> = { categories: ['[', categoryDefinition] };
