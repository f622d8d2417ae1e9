/**
 * `cache: 'session' | 'local'`: a widget's last answer kept in Web Storage, so that the next
 * page load can show it in its first frame and revalidate behind it. Entries are keyed by
 * what selects the data (kind, base URL, address, keys), never by the API key, and hold only
 * the data the service returned. Every storage failure (disabled storage, quota, a sandboxed
 * frame's SecurityError) is swallowed: the widget then simply loads as without a cache.
 */

/** Which Web Storage area keeps the entries; `'none'` keeps nothing. */
export type CacheArea = 'none' | 'session' | 'local';

/**
 * Bumped whenever what is stored changes shape: entries of another version are never read,
 * and are removed by the next write.
 */
export const STORAGE_VERSION = 1;

const PREFIX = 'repkit:';
const CURRENT = /* @__PURE__ */ (() => `${PREFIX}${STORAGE_VERSION}:`)();

/** The most entries kept per storage area; the oldest go first. */
export const STORAGE_MAX_ENTRIES = 50;

/** The longest entry kept, in characters (UTF-16, so about twice as many bytes); larger answers are not stored. */
export const STORAGE_MAX_ENTRY_CHARS = 100_000;

/** Entries older than this are not shown any more, however stale a page accepts. */
export const STORAGE_MAX_AGE_MS = 604800000; // seven days

/** Marks a Map in stored JSON (a badge widget's definitions). Data keys never hold a NUL. */
const MAP = '\u0000map';

/** A value read back from storage and when it was saved (ms since the epoch). */
export interface Stored<T> {
  value: T;
  savedAt: number;
}

const areaOf = (win: Window | null | undefined, area: CacheArea): Storage | undefined => {
  if (!win || area == 'none') return undefined;
  try {
    // The getter itself throws where storage is disabled or the frame is sandboxed.
    return (area == 'local' ? win.localStorage : win.sessionStorage) ?? undefined;
  } catch {
    return undefined;
  }
};

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

const savedAtOf = (text: string | null): number => Number(/^\{"t":(\d+)/.exec(text ?? '')?.[1] ?? 0);

/**
 * An entry's text read back (as {@link storedText} wrote it), unless absent, unreadable or older
 * than {@link STORAGE_MAX_AGE_MS}.
 */
export const parseStored = <T>(text: string | null | undefined): Stored<T> | undefined => {
  try {
    const entry = text ? (JSON.parse(text, reviver) as { t?: unknown; v?: unknown } | null) : undefined;
    return typeof entry?.t == 'number' && 'v' in entry && Date.now() - entry.t <= STORAGE_MAX_AGE_MS
      ? { value: entry.v as T, savedAt: entry.t }
      : undefined;
  } catch {
    return undefined;
  }
};

/** `value`, loaded at `at`, as an entry's text (Maps included). @throws TypeError when it cannot be stored. */
export const storedText = (value: unknown, at = Date.now()): string => JSON.stringify({ t: at, v: value }, replacer);

/**
 * Data a server rendered (`repkit/server`), as entry text, by the container the widget that
 * adopts it mounts into (see `<repkit-widget>`).
 */
export const seeds = /* @__PURE__ */ new WeakMap<Element, string>();

/** The stored value under `key`, unless absent, unreadable or older than {@link STORAGE_MAX_AGE_MS}. */
export const readStored = <T>(win: Window | null | undefined, area: CacheArea, key: string): Stored<T> | undefined => {
  try {
    return parseStored(areaOf(win, area)?.getItem(CURRENT + key));
  } catch {
    return undefined;
  }
};

/** Forgets the entry under `key` (one that could not be shown). */
export const removeStored = (win: Window | null | undefined, area: CacheArea, key: string): void => {
  try {
    areaOf(win, area)?.removeItem(CURRENT + key);
  } catch {
    /* storage refused: nothing to forget */
  }
};

/**
 * Removes other versions' entries and, above {@link STORAGE_MAX_ENTRIES} (or `keep`), the oldest
 * of ours. One walk over the area: the names are collected first, as removing shifts the indexes.
 */
const prune = (storage: Storage, keep: number): void => {
  const current: string[] = [];
  for (const name of Array.from({ length: storage.length }, (_, i) => storage.key(i))) {
    if (name?.startsWith(CURRENT)) current.push(name);
    else if (name?.startsWith(PREFIX)) storage.removeItem(name);
  }
  // Ages are read only when some entry has to go.
  if (current.length <= keep) return;
  const byAge = current.map((name) => [savedAtOf(storage.getItem(name)), name] as const).sort((a, b) => a[0] - b[0]);
  for (const [, name] of byAge.slice(0, current.length - keep)) storage.removeItem(name);
};

/** Stores `value` under `key`. Does nothing when it cannot (too large, quota, storage off). */
export const writeStored = (win: Window | null | undefined, area: CacheArea, key: string, value: unknown): void => {
  try {
    const storage = areaOf(win, area);
    if (!storage) return;
    const text = storedText(value);
    if (text.length > STORAGE_MAX_ENTRY_CHARS) {
      storage.removeItem(CURRENT + key);
      return;
    }
    try {
      storage.setItem(CURRENT + key, text);
    } catch {
      // Quota: make room among our own entries (never the page's) and try once more.
      prune(storage, STORAGE_MAX_ENTRIES / 2); // an even number: half is whole
      storage.setItem(CURRENT + key, text);
    }
    prune(storage, STORAGE_MAX_ENTRIES);
  } catch {
    /* storage refused or the value cannot be stored: the widget works without it */
  }
};
