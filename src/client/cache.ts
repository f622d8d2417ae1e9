import { abortError } from './service-error';

/**
 * Results and in-flight requests shared by every client in the page. Keys hold the base URL,
 * the API key and the path, so only clients that would get the same answer share one.
 */

/** The most results kept; the least recently used goes first. */
export const CACHE_LIMIT = 100;

const results = new Map<string, { value: unknown; expires: number }>();

export const cacheGet = (key: string): unknown => {
  const hit = results.get(key);
  if (!hit) return undefined;
  results.delete(key);
  if (hit.expires <= Date.now()) return undefined;
  results.set(key, hit); // re-insert: Map order is the LRU order
  return hit.value;
};

export const cacheSet = (key: string, value: unknown, ttlMs: number): void => {
  results.delete(key);
  results.set(key, { value, expires: Date.now() + ttlMs });
  if (results.size > CACHE_LIMIT) results.delete(results.keys().next().value as string);
};

/** Drops cached results whose key starts with `prefix` (all when empty). */
export const cacheClear = (prefix = ''): void => {
  for (const key of results.keys()) if (key.startsWith(prefix)) results.delete(key);
};

/** How many results are cached now. @internal for tests and the leak benchmark. */
export const cacheSize = (): number => results.size;

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting; the request is aborted when the last one with a signal leaves. */
  waiting: number;
}

const flights = new Map<string, Flight>();

/**
 * Runs `start` once for concurrent callers of the same key. A caller that aborts detaches
 * only itself; the shared request is aborted when every caller has gone. `fresh` starts a new
 * request even if one is under way (later callers then join the new one).
 */
export const shareRequest = <T>(
  key: string,
  fresh: boolean,
  signal: AbortSignal | undefined,
  start: (signal: AbortSignal) => Promise<T>,
): Promise<T> => {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  let flight = fresh ? undefined : flights.get(key);
  if (!flight) {
    const controller = new AbortController();
    const current: Flight = { promise: start(controller.signal), controller, waiting: 0 };
    const settle = () => {
      if (flights.get(key) === current) flights.delete(key);
    };
    current.promise.then(settle, settle);
    flights.set(key, (flight = current));
  }
  const joined = flight;
  joined.waiting++;
  return new Promise<T>((resolve, reject) => {
    const leave = () => {
      reject(abortError(signal));
      if (--joined.waiting == 0) {
        joined.controller.abort();
        if (flights.get(key) === joined) flights.delete(key);
      }
    };
    signal?.addEventListener('abort', leave, { once: true });
    joined.promise.then(
      (value) => {
        signal?.removeEventListener('abort', leave);
        resolve(value as T);
      },
      (error: unknown) => {
        signal?.removeEventListener('abort', leave);
        reject(error);
      },
    );
  });
};

/** How many requests are under way now. @internal for tests: none may be left after destroy. */
export const inFlight = (): number => flights.size;
