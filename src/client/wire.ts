import { isRecord } from '../util/values';

/**
 * The one place where the production service's names become the public ones. The service
 * speaks of `polkadotIdentities` and of identity fields named after particular platforms;
 * the public records (the types in ./types) use neutral names. Servers that already send the public
 * names are read as they are: a public name present wins over its production twin.
 *
 * Runs on the freshly parsed JSON of one answer, before validation, so the checks and the
 * types see only the public shape. It renames in place (nothing else holds that JSON yet) and
 * never touches records it does not know. Absent nullable records (`badge`, `definition`)
 * become null in the check itself (./validate).
 */

/** Identity fields as the service names them, each followed by its public name. */
const IDENTITY_FIELDS = /* @__PURE__ */ 'twitter microblog github codehost discord chatserver riot legacychat'.split(' ');

/** What an operation's `data` needs before validation; `key` is the key asked for, if any. */
export type Adapter = (data: unknown, key?: string) => void;

/** Renames `from` to `to` in `record`, unless `to` is already there. */
const rename = (record: Record<string, unknown>, from: string, to: string): void => {
  if (Object.hasOwn(record, from)) {
    // A null public field counts as absent: the production value may still fill it.
    record[to] ??= record[from];
    Reflect.deleteProperty(record, from);
  }
};

/** A nested record that arrived without `key` gets the key that was asked for. */
const withKey = (record: unknown, key: unknown): void => {
  if (isRecord(record) && record.key == null) record.key = key;
};

export const profileFromWire: Adapter = (data) => {
  if (!isRecord(data)) return;
  rename(data, 'polkadotIdentities', 'chainIdentities');
  const identities = data.chainIdentities;
  if (Array.isArray(identities)) {
    for (const identity of identities) {
      for (let i = 0; isRecord(identity) && i < IDENTITY_FIELDS.length; i += 2)
        rename(identity, IDENTITY_FIELDS[i]!, IDENTITY_FIELDS[i + 1]!);
    }
  }
};

/** getCategoryScore: the definition carries no `key`; it is the category's (the `category` may lack one too). */
export const categoryScoreFromWire: Adapter = (data, asked) => {
  if (!isRecord(data)) return;
  const { category } = data;
  withKey(category, asked);
  withKey(data.definition, isRecord(category) && typeof category.key == 'string' ? category.key : asked);
};

/**
 * For a record it computed from chain data (`source: 'api'`), the service fills a badge's
 * missing `earnedAt` with the time it answers: a date that close to the answer's arrival is no
 * date at all, and is dropped, so nothing shows it as when the badge was earned.
 */
export const INVENTED_DATE_WINDOW_MS = 10000;

const dropInventedDate = (badge: unknown, source: unknown): void => {
  if (source == 'api' && isRecord(badge) && Math.abs(Date.parse(`${badge.earnedAt}`) - Date.now()) < INVENTED_DATE_WINDOW_MS)
    delete badge.earnedAt;
};

/** getBadges: dates the service made up are dropped. */
export const badgesFromWire: Adapter = (data) => {
  if (isRecord(data) && Array.isArray(data.badges)) for (const badge of data.badges) dropInventedDate(badge, data.source);
};

/** getBadge: the definition carries no `key`; it is the badge's. A date the service made up is dropped. */
export const badgeFromWire: Adapter = (data, asked) => {
  if (!isRecord(data)) return;
  withKey(data.definition, asked);
  dropInventedDate(data.badge, data.source);
};
