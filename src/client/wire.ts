import { isRecord } from '../util/values';

/**
 * What the production service sends that a record's shape cannot say (its other names for
 * fields are in the shapes, ./validate). Runs on the freshly parsed JSON of one answer, before
 * validation; it changes it in place (nothing else holds that JSON yet) and never touches
 * records it does not know. Absent nullable records (`badge`, `definition`) become null in the
 * check itself.
 */

/** What an operation's `data` needs before validation; `key` is the key asked for, if any. */
export type Adapter = (data: unknown, key?: string) => void;

/** A nested record that arrived without `key` gets the key that was asked for. */
const withKey = (record: unknown, key: unknown): void => {
  if (isRecord(record) && record.key == null) record.key = key;
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
