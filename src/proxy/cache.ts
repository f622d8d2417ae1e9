import { invalid } from '../client/option-error';
import type { CachedAnswer, ProxyCache } from './types';

/** Options of {@link memoryCache}. */
export interface MemoryCacheOptions {
  /** Most answers kept; the least recently used go first. 1 or more; default `1000`. */
  maxEntries?: number;
  /** Most body bytes kept (UTF-16 code units, about bytes for JSON). Default `16000000`. */
  maxBytes?: number;
}

/** A {@link ProxyCache} that also says how much it holds, for tests and monitoring. */
export interface MemoryCache extends ProxyCache {
  get(key: string): CachedAnswer | undefined;
  set(key: string, answer: CachedAnswer): void;
  delete(key: string): void;
  /** Answers held now. */
  readonly size: number;
  /** Body characters held now. */
  readonly bytes: number;
  /** Drops everything. */
  clear(): void;
}

const whole = (name: string, v: unknown, fallback: number): number => {
  if (v === undefined) return fallback;
  if (typeof v == 'number' && Number.isInteger(v) && v >= 1) return v;
  return invalid(name, 'a whole number of 1 or more', v);
};

/**
 * A bounded in-memory LRU of answers: the proxy's default cache, per process or isolate.
 * Bounded by count and by size, so a stream of distinct addresses cannot grow it without end;
 * an answer past its `keepUntil` is dropped when next looked up.
 */
export function memoryCache(options: MemoryCacheOptions = {}): MemoryCache {
  const maxEntries = whole('maxEntries', options.maxEntries, 1000);
  const maxBytes = whole('maxBytes', options.maxBytes, 16_000_000);
  const entries = new Map<string, CachedAnswer>();
  let bytes = 0;

  const drop = (key: string): void => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.body.length;
  };

  return {
    get(key) {
      const answer = entries.get(key);
      if (!answer) return undefined;
      entries.delete(key);
      if (Date.now() >= answer.keepUntil) {
        bytes -= answer.body.length;
        return undefined;
      }
      // Map order is insertion order: re-inserting marks it most recently used.
      entries.set(key, answer);
      return answer;
    },
    set(key, answer) {
      drop(key);
      if (answer.body.length > maxBytes) return;
      entries.set(key, answer);
      bytes += answer.body.length;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    delete(key) {
      drop(key);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** The Workers Cache API's default cache, where the runtime has one. */
export const platformCacheOf = (): Cache | undefined => {
  const storage = (globalThis as { caches?: { default?: Cache } }).caches;
  const cache = storage?.default;
  return cache && typeof cache.match == 'function' && typeof cache.put == 'function' ? cache : undefined;
};

/** Headers that carry a {@link CachedAnswer}'s bookkeeping through the platform cache. */
const H_STATUS = 'X-Repkit-Status';
const H_STORED = 'X-Repkit-Stored-At';
const H_FRESH = 'X-Repkit-Fresh-Until';
const H_KEEP = 'X-Repkit-Keep-Until';

const num = (headers: Headers, name: string): number | undefined => {
  const v = headers.get(name);
  return v && /^\d+$/.test(v) ? Number(v) : undefined;
};

/**
 * A {@link ProxyCache} over the Workers Cache API. Entries are stored as 200 responses (the
 * real status travels in a header) with `s-maxage` set to the keep time, so the platform
 * evicts them when the proxy would stop using them. `base` is a URL prefix on the proxy's own
 * host, so keys stay in the zone that serves the proxy.
 */
export const platformCache = (cache: Cache, base: string): ProxyCache => ({
  async get(key) {
    const response = await cache.match(new Request(`${base}/${key}`));
    if (!response) return undefined;
    const h = response.headers;
    const [status, storedAt, freshUntil, keepUntil] = [num(h, H_STATUS), num(h, H_STORED), num(h, H_FRESH), num(h, H_KEEP)];
    if (status === undefined || storedAt === undefined || freshUntil === undefined || keepUntil === undefined) return undefined;
    if (Date.now() >= keepUntil) return undefined;
    return { status, body: await response.text(), storedAt, freshUntil, keepUntil };
  },
  async delete(key) {
    await cache.delete(new Request(`${base}/${key}`));
  },
  async set(key, answer) {
    const keepSeconds = Math.ceil((answer.keepUntil - Date.now()) / 1000);
    if (keepSeconds <= 0) return;
    const headers = new Headers({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': `public, s-maxage=${keepSeconds}`,
      [H_STATUS]: String(answer.status),
      [H_STORED]: String(answer.storedAt),
      [H_FRESH]: String(answer.freshUntil),
      [H_KEEP]: String(answer.keepUntil),
    });
    await cache.put(new Request(`${base}/${key}`), new Response(answer.body, { status: 200, headers }));
  },
});
