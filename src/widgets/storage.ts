/**
 * `cache: 'session' | 'local'`: a widget's last answer kept in Web Storage, so that the next
 * page load can show it in its first frame and revalidate behind it. This module is the text of
 * an entry, read and written, which a server's data (`repkit/server`) shares. Web Storage is in
 * ./storage-area, a chunk (../chunks) that only widgets with a cache load, and which brings the
 * reading and writing with it; every widget needs only {@link sameStored} and {@link seeds}.
 */

/** Which Web Storage area keeps the entries; `'none'` keeps nothing. */
export type CacheArea = 'none' | 'session' | 'local';

/** Entries older than this are not shown any more, however stale a page accepts. */
export const STORAGE_MAX_AGE_MS = 604800000; // seven days

/** Marks a Map in stored JSON (a badge widget's definitions). Data keys never hold a NUL. */
const MAP = '\u0000map';

/** A value read back from storage and when it was saved (ms since the epoch). */
export interface Stored<T> {
  value: T;
  savedAt: number;
}

const replacer = (_key: string, value: unknown): unknown => {
  if (value instanceof Map) return { [MAP]: Array.from(value) };
  if (value && typeof value == 'object' && Object.hasOwn(value, MAP)) throw new TypeError('unstorable');
  return value;
};

const reviver = (_key: string, value: unknown): unknown =>
  value && typeof value == 'object' && Object.hasOwn(value, MAP) ? new Map((value as Record<string, [unknown, unknown][]>)[MAP]) : value;

/** Whether two answers would be stored as the same text; false when either cannot be stored. */
export const sameStored = (a: unknown, b: unknown): boolean => {
  try {
    return JSON.stringify(a, replacer) === JSON.stringify(b, replacer);
  } catch {
    return false;
  }
};

/**
 * An entry's text read back (as {@link storedText} wrote it), unless absent, unreadable or older
 * than {@link STORAGE_MAX_AGE_MS}.
 */
export const parseStored = <T>(text: string | null | undefined): Stored<T> | undefined => {
  try {
    // What the text holds is the caller's to know (the widget that stored it, or the server that rendered it).
    const entry: { t?: unknown; v: T } | null | undefined = text ? JSON.parse(text, reviver) : undefined;
    return typeof entry?.t == 'number' && 'v' in entry && Date.now() - entry.t <= STORAGE_MAX_AGE_MS
      ? { value: entry.v, savedAt: entry.t }
      : undefined;
  } catch {
    return undefined;
  }
};

/** `value`, loaded at `at`, as an entry's text (Maps included). @throws TypeError when it cannot be stored. */
export const storedText = (value: unknown, at = Date.now()): string => JSON.stringify({ t: at, v: value }, replacer);

/**
 * Data a server rendered (`repkit/server`), read by `<repkit-widget>` (the one element that
 * receives it), by the container the widget that adopts it mounts into. `never`: the data is of
 * the kind of the widget that mounts there, whatever that is.
 */
export const seeds = /* @__PURE__ */ new WeakMap<Element, Stored<never>>();
