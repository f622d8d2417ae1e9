/**
 * Writing the Web Storage of `cache: 'session' | 'local'` (./storage reads it): a chunk
 * (../chunks), loaded by the first widget that asks for a cache. Entries are keyed by what
 * selects the data (kind, base URL, address, keys), never by the API key, and hold only the data
 * the service returned. Every storage failure (disabled storage, quota, a sandboxed frame's
 * SecurityError) is swallowed: the widget then simply loads as without a cache.
 */
import type { CacheArea } from './storage';

/** The most entries kept per storage area; the oldest go first. */
export const STORAGE_MAX_ENTRIES = 50;

/** The longest entry kept, in characters (UTF-16, so about twice as many bytes); larger answers are not stored. */
export const STORAGE_MAX_ENTRY_CHARS = 100_000;

/**
 * What the storage uses of the code that loads it, passed in rather than imported (see
 * ../chunks/loaders.script): ./storage's names, area and entry text, which reading shares.
 */
export interface StorageNeeds {
  /** What starts the name of every entry of ours (./storage's `STORAGE_PREFIX`). */
  prefix: string;
  /** What starts the name of every entry of this version (./storage's `CURRENT_PREFIX`). */
  current: string;
  areaOf: (win: Window | null | undefined, area: CacheArea) => Storage | undefined;
  storedText: (value: unknown) => string;
}

/** Forgets and writes the entries of one page's widgets. */
export interface StorageAreas {
  /** Forgets the entry under `key` (one that could not be shown). */
  remove: (win: Window | null | undefined, area: CacheArea, key: string) => void;
  /** Stores `value` under `key`. Does nothing when it cannot (too large, quota, storage off). */
  write: (win: Window | null | undefined, area: CacheArea, key: string, value: unknown) => void;
}

const savedAtOf = (text: string | null): number => Number(/^\{"t":(\d+)/.exec(text ?? '')?.[1] ?? 0);

/** The writing half of `cache`, with ./storage's names, area and entry text. */
export const storageAreas = ({ prefix, current, areaOf, storedText }: StorageNeeds): StorageAreas => {
  /**
   * Removes other versions' entries and, above {@link STORAGE_MAX_ENTRIES} (or `keep`), the oldest
   * of ours. One walk over the area: the names are collected first, as removing shifts the indexes.
   */
  const prune = (storage: Storage, keep: number): void => {
    const ours: string[] = [];
    for (const name of Array.from({ length: storage.length }, (_, i) => storage.key(i))) {
      if (name?.startsWith(current)) ours.push(name);
      else if (name?.startsWith(prefix)) storage.removeItem(name);
    }
    // Ages are read only when some entry has to go.
    if (ours.length <= keep) return;
    const byAge = ours.map((name) => ({ name, savedAt: savedAtOf(storage.getItem(name)) })).sort((a, b) => a.savedAt - b.savedAt);
    for (const { name } of byAge.slice(0, ours.length - keep)) storage.removeItem(name);
  };

  return {
    remove: (win, area, key) => {
      try {
        areaOf(win, area)?.removeItem(current + key);
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
          storage.removeItem(current + key);
          return;
        }
        try {
          storage.setItem(current + key, text);
        } catch {
          // Quota: make room among our own entries (never the page's) and try once more.
          prune(storage, STORAGE_MAX_ENTRIES / 2); // an even number: half is whole
          storage.setItem(current + key, text);
        }
        prune(storage, STORAGE_MAX_ENTRIES);
      } catch {
        /* storage refused or the value cannot be stored: the widget works without it */
      }
    },
  };
};
