import { abortError } from './abort-error';

/**
 * Results and in-flight requests shared by every client in the page. Keys hold the base URL,
 * the API key and the path, so only clients that would get the same answer share one.
 * (`$` fields: rollup.config.mjs shortens them, as this runs in every page bundle.)
 */

/** The most results kept; the least recently used goes first. */
export const CACHE_LIMIT = 100;

/** A cached result and when it expires (epoch ms). */
interface Result {
  readonly $value: unknown;
  readonly $expires: number;
}

const results = new Map<string, Result>();

/**
 * The key of a result: the base URL and API key it was asked with, then what it is (a path). A
 * client's {@link cacheClear} clears every key of its base URL and key, widgets' answers included.
 */
export const resultKey = (baseUrl: string, apiKey: string | undefined, what: string): string => `${baseUrl}\n${apiKey ?? ''}\n${what}`;

export const cacheGet = (key: string): unknown => {
  const hit = results.get(key);
  results.delete(key);
  if (hit && hit.$expires > Date.now()) {
    results.set(key, hit); // re-insert: Map order is the LRU order
    return hit.$value;
  }
  return undefined;
};

export const cacheSet = (key: string, value: unknown, ttlMs: number): void => {
  results.delete(key);
  results.set(key, { $value: value, $expires: Date.now() + ttlMs });
  for (const oldest of results.keys()) if (results.size > CACHE_LIMIT) results.delete(oldest);
};

/** Drops cached results whose key starts with `prefix` (all when empty). */
export const cacheClear = (prefix = ''): void => {
  for (const key of results.keys()) if (key.startsWith(prefix)) results.delete(key);
};

/** How many results are cached now. @internal for tests and the leak benchmark. */
export const cacheSize = (): number => results.size;

/** A shared request, the controller that aborts it, and how many callers still wait for it. */
interface Flight {
  readonly $promise: Promise<unknown>;
  readonly $controller: AbortController;
  $waiting: number;
}

const flights = new Map<string, Flight>();

/** Forgets `flight` when it is still the one under `key` (a `fresh` call may have replaced it). */
const land = (key: string, flight: Flight): void => {
  if (flights.get(key) == flight) flights.delete(key);
};

/**
 * Runs `start` once for concurrent callers of the same key. A caller that aborts detaches
 * only itself; the shared request is aborted when every caller has gone. `fresh` starts a new
 * request even if one is under way (later callers then join the new one). The caller checks
 * that `signal` has not already aborted.
 */
export const shareRequest = <T>(
  key: string,
  fresh: boolean | undefined,
  signal: AbortSignal | undefined,
  start: (signal: AbortSignal) => Promise<T>,
): Promise<T> => {
  let flight = fresh ? undefined : flights.get(key);
  if (!flight) {
    const controller = new AbortController();
    const started: Flight = { $promise: start(controller.signal), $controller: controller, $waiting: 0 };
    const settle = () => land(key, started);
    started.$promise.then(settle, settle);
    flights.set(key, (flight = started));
  }
  const joined = flight;
  joined.$waiting++;
  return new Promise<T>((resolve, reject) => {
    const leave = () => {
      reject(abortError(signal));
      if (!--joined.$waiting) {
        joined.$controller.abort();
        land(key, joined);
      }
    };
    signal?.addEventListener('abort', leave, { once: true });
    // The shared promise is the one `start` returned for this key, so it settles with a T.
    (joined.$promise as Promise<T>).then(resolve, reject).finally(() => signal?.removeEventListener('abort', leave));
  });
};

/** How many requests are under way now. @internal for tests: none may be left after destroy. */
export const inFlight = (): number => flights.size;
