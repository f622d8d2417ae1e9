/**
 * Web Storage for `cache: 'session' | 'local'` (./storage is the entries' text): a chunk
 * (../chunks), loaded by the first widget that asks for a cache. Entries are keyed by what
 * selects the data (kind, base URL, address, keys), never by the API key, and hold only the data
 * the service returned. Every storage failure (disabled storage, quota, a sandboxed frame's
 * SecurityError) is swallowed: the widget then simply loads as without a cache.
 */
import { parseStored, storedText, type CacheArea, type Stored } from './storage';

/**
 * Bumped whenever what is stored changes shape: entries of another version are never read,
 * and are removed by the next write.
 */
export const STORAGE_VERSION = 1;

const PREFIX = 'repkit:';
const CURRENT = `${PREFIX}${STORAGE_VERSION}:`;

/** The most entries kept per storage area; the oldest go first. */
export const STORAGE_MAX_ENTRIES = 50;

/** The longest entry kept, in characters (UTF-16, so about twice as many bytes); larger answers are not stored. */
export const STORAGE_MAX_ENTRY_CHARS = 100_000;

/** Reads, forgets and writes the entries of one page's widgets. */
export interface StorageAreas {
  /** The stored value under `key`, unless absent, unreadable or too old. */
  read: <T>(win: Window | null | undefined, area: CacheArea, key: string) => Stored<T> | undefined;
  /** Forgets the entry under `key` (one that could not be shown). */
  remove: (win: Window | null | undefined, area: CacheArea, key: string) => void;
  /** Stores `value` under `key`. Does nothing when it cannot (too large, quota, storage off). */
  write: (win: Window | null | undefined, area: CacheArea, key: string, value: unknown) => void;
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

const savedAtOf = (text: string | null): number => Number(/^\{"t":(\d+)/.exec(text ?? '')?.[1] ?? 0);

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
  const byAge = current.map((name) => ({ name, savedAt: savedAtOf(storage.getItem(name)) })).sort((a, b) => a.savedAt - b.savedAt);
  for (const { name } of byAge.slice(0, current.length - keep)) storage.removeItem(name);
};

/** The storage of `cache`, its entries read and written with `parseStored` and `storedText`. */
export const storageAreas = (): StorageAreas => ({
  read: (win, area, key) => {
    try {
      return parseStored(areaOf(win, area)?.getItem(CURRENT + key));
    } catch {
      return undefined;
    }
  },
  remove: (win, area, key) => {
    try {
      areaOf(win, area)?.removeItem(CURRENT + key);
    } catch {
      /* storage refused: nothing to forget */
    }
  },
  write: (win, area, key, value) => {
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
  },
});
