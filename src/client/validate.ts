import type * as Records from './types';
import { malformed } from './failure';
import { isRecord } from '../util/values';

/**
 * Response checks and the service's names. A record reaches the caller only after every field
 * of the public record has the type it names, so widgets never render half-formed data. Fields
 * the records do not name (`_id`, `constraints`, ...) are left alone and never read. A mismatch
 * fails the attempt as `malformed`, with a problem that names the field ("totalScore must be a
 * number").
 *
 * The records are described as data and read by one walker ({@link check}), which is smaller
 * in every page bundle than a function per rule. A record's shape is its fields, separated by
 * spaces, each `name`, `name:rule` or `name<wireName:rule`; a field without a rule is a string.
 * A rule is marks read left to right, ending in a type: `s` string, `n` finite number,
 * `b` boolean, `o` the data source (`"app"` or `"api"`), or the name of a record in
 * {@link RECORDS} (a capital letter, so it is never a mark or a type); the marks are `[` an
 * array of, `{` an object (a map) of, `?` optional, `|` nullable.
 *
 * In a record, an optional field that is absent or null is deleted (the typed result never
 * holds null), and a nullable field that is absent becomes null. `<wireName>` is the name the
 * production service uses for the field (test/helpers/public-records.ts states the mapping, apart
 * from this code): its value moves to the public name, and a
 * public name present (not null) wins over its production twin.
 */

/** A record's shape whose success narrows the value to T. */
export type Validator<T> = string & { readonly __type?: T };

/** What each type and container mark accepts, and how a refusal reads. */
const TYPES: Readonly<Record<string, readonly [test: (v: unknown) => boolean, what: string]>> = {
  s: [(v) => typeof v == 'string', 'a string'],
  // JSON can carry 1e999, which parses to Infinity: a score must be a finite number.
  n: [Number.isFinite, 'a number'],
  b: [(v) => typeof v == 'boolean', 'a boolean'],
  o: [(v) => v == 'app' || v == 'api', '"app" or "api"'],
  '[': [Array.isArray, 'an array'],
  '{': [isRecord, 'an object'],
};

/** Fails the attempt: the value at `at` ('' for the whole `data`) is not `what`. */
const mismatch = (at: string, what: string): never => malformed(`${at || 'data'} must be ${what}`);

/** Checks `v` against `rule`; `at` is where `v` is. */
const walk = (rule: string, v: unknown, at: string): void => {
  const mark = rule[0]!;
  const rest = rule.slice(1);
  if (mark == '?' || mark == '|') {
    if (v !== null) walk(rest, v, at);
  } else if (!TYPES[mark]) {
    fields(RECORDS[rule]!, v, at);
  } else {
    const [test, what] = TYPES[mark]!;
    if (!test(v)) mismatch(at, what);
    if (mark == '[') (v as unknown[]).forEach((item, i) => walk(rest, item, `${at}[${i}]`));
    if (mark == '{') for (const key in v as object) walk(rest, (v as Record<string, unknown>)[key], `${at}.${key}`);
  }
};

/** Checks `v` against a record's shape, moving production names to public ones on the way. */
const fields = (shape: string, v: unknown, at: string): void => {
  if (!isRecord(v)) mismatch(at, 'an object');
  const record = v as Record<string, unknown>;
  for (const field of shape.split(' ')) {
    const [names, rule = 's'] = field.split(':') as [string, string?];
    const [name, wire] = names.split('<') as [string, string?];
    if (wire && Object.hasOwn(record, wire)) {
      record[name] ??= record[wire];
      Reflect.deleteProperty(record, wire);
    }
    if (record[name] != null || (rule[0] != '?' && rule[0] != '|')) walk(rule, record[name], at ? `${at}.${name}` : name);
    else if (rule[0] == '|') record[name] = null;
    else Reflect.deleteProperty(record, name);
  }
};

/** Checks `data` against a record's shape; fails the attempt as `malformed` at the first mismatch. */
export const check = <T>(shape: Validator<T>, data: unknown): data is T => {
  fields(shape, data, '');
  return true;
};

/**
 * The records nested in others, each named by one capital letter (every name is in each page
 * bundle); the comment says which public type it checks.
 */
const RECORDS: Readonly<Record<string, string>> = {
  /** SpecificCategoryScore's `category` */
  A: 'key score:B',
  /** CategoryScore */
  B: 'score:n reason title',
  /** CategoryDefinition */
  C: 'key displayName short_description long_description order:n reasons:[D',
  /** ReasonDetail */
  D: 'key points:n title description thresholds:[E advices:[s',
  /** ThresholdDetail */
  E: 'label description',
  /** UserBadge */
  F: 'badgeKey achievedLevel:n achievedLevelKey achievedLevelTitle earnedAt:?s',
  /** BadgeDefinition */
  G: 'key title shortDescription longDescription metric imageUrl:?s levels:[H',
  /** BadgeLevel */
  H: 'level:n key value:n title shortDescription longDescription',
  /** ChainIdentity */
  I:
    'address display:?s legal:?s web:?s email:?s microblog<twitter:?s codehost<github:?s matrix:?s ' +
    'chatserver<discord:?s legacychat<riot:?s judgements:?[J role:?s nonce:?n',
  /** Judgement */
  J: 'index:n judgement _id:?s',
};

export const userScores: Validator<Records.UserScores> = 'address totalScore:n calculatedAt categories:?{B source:?o';

export const specificCategoryScore: Validator<Records.SpecificCategoryScore> = 'address category:A definition:|C calculatedAt';

export const userBadges: Validator<Records.UserBadges> = 'address badges:[F count:n source:?o';

export const specificUserBadge: Validator<Records.SpecificUserBadge> = 'address badge:|F earned:?b definition:|G source:?o';

export const userProfile: Validator<Records.UserProfile> =
  'address displayName:?s avatarUrl:?s bio:?s socialLinks:?{s chainIdentities<polkadotIdentities:?[I nftCount:?n source:?o';

export const badgeDefinitions: Validator<Records.BadgeDefinitions> = 'badges:[G';

export const categoryDefinitions: Validator<Records.CategoryDefinitions> = 'categories:[C';
