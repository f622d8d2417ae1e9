import { isRecord } from '../util/values';

/**
 * The one place where the production service's names become the public ones. The service
 * speaks of `polkadotIdentities` and of identity fields named after particular platforms;
 * the public records (the types in ./types) use neutral names. Servers that already send the public
 * names are read as they are: a public name present wins over its production twin.
 *
 * Runs on the parsed JSON before validation, so the checks and the types see only the
 * public shape. It copies what it renames and never touches records it does not know.
 */

/** Identity fields as the service names them → their public names. */
const IDENTITY_FIELDS: readonly (readonly [string, string])[] = [
  ['twitter', 'microblog'],
  ['github', 'codehost'],
  ['discord', 'chatserver'],
  ['riot', 'legacychat'],
];

/** Copies `record` with `from` renamed to `to`, unless `to` is already there. */
const rename = (record: Record<string, unknown>, from: string, to: string): Record<string, unknown> => {
  if (!Object.hasOwn(record, from)) return record;
  const { [from]: value, ...rest } = record;
  // A null public field counts as absent: the production value may still fill it.
  return rest[to] != null ? rest : { ...rest, [to]: value };
};

const identity = (value: unknown): unknown =>
  isRecord(value) ? IDENTITY_FIELDS.reduce((record, [from, to]) => rename(record, from, to), value) : value;

/** A nested definition that arrived without `key` gets the key that was asked for. */
const withKey = (definition: unknown, key: string | undefined): unknown =>
  isRecord(definition) && definition.key == null && key !== undefined ? { ...definition, key } : definition;

/** What each operation's `data` needs before validation. */
export type Adapter = (data: unknown) => unknown;

export const profileFromWire: Adapter = (data) => {
  if (!isRecord(data)) return data;
  const profile = rename(data, 'polkadotIdentities', 'chainIdentities');
  const identities = profile.chainIdentities;
  return Array.isArray(identities) ? { ...profile, chainIdentities: identities.map(identity) } : profile;
};

/** getCategoryScore: the definition carries no `key`; it is the category's. */
export const categoryScoreFromWire =
  (categoryKey: string): Adapter =>
  (data) => {
    if (!isRecord(data)) return data;
    const category = isRecord(data.category) ? data.category : undefined;
    const key = typeof category?.key == 'string' ? category.key : categoryKey;
    return {
      ...data,
      ...(category && category.key == null && { category: { ...category, key } }),
      definition: withKey(data.definition ?? null, key),
    };
  };

/** getBadge: the definition carries no `key`; it is the badge's. */
export const badgeFromWire =
  (badgeKey: string): Adapter =>
  (data) =>
    isRecord(data) ? { ...data, badge: data.badge ?? null, definition: withKey(data.definition ?? null, badgeKey) } : data;

/** Records whose production and public shapes are the same. */
export const asIs: Adapter = (data) => data;
