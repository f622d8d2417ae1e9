import { isRecord } from '../util/values';

/**
 * What the production service sends that a record's shape cannot say (its other names for
 * fields are in the shapes, ./validate). Runs on the freshly parsed JSON of one answer, before
 * validation; it changes it in place (nothing else holds that JSON yet) and never touches
 * fields it does not name. Absent nullable records (`badge`, `definition`) become null in the
 * check itself.
 */

/** A nested record that arrived without `key` gets the key that was asked for. */
const withKey = (record: unknown, key: unknown): void => {
  if (isRecord(record) && record.key == null) record.key = key;
};

/**
 * For a record it computed from chain data (`source: 'api'`), the service fills a badge's
 * missing `earnedAt` with the time it answers: a date that close to the answer's arrival is no
 * date at all, and is dropped, so nothing shows it as when the badge was earned.
 */
export const INVENTED_DATE_WINDOW_MS = 10000;

/**
 * Prepares any operation's `data` for validation; `asked` is the category or badge key asked
 * for, if any. getCategoryScore and getBadge: the `definition` carries no `key`; it is the
 * category's (the `category` may lack one too: it is the key asked for) or the badge's.
 * getBadges and getBadge: dates the service made up are dropped.
 */
export const fromWire = (data: unknown, asked?: string): void => {
  if (!isRecord(data)) return;
  const { category, source } = data;
  withKey(category, asked);
  withKey(data.definition, isRecord(category) && typeof category.key == 'string' ? category.key : asked);
  for (const badge of Array.isArray(data.badges) ? data.badges : [data.badge]) {
    if (source == 'api' && isRecord(badge) && Math.abs(Date.parse(`${badge.earnedAt}`) - Date.now()) < INVENTED_DATE_WINDOW_MS)
      delete badge.earnedAt;
  }
};
