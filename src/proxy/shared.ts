import { localBuckets, type ProxyStore } from './store';
import type { ProxyEvent } from './types';

/** A store call that takes longer than this counts as a failure: a slow store must not hold visitors. */
export const STORE_TIMEOUT_MS = 1000;

/** After a failure the store is left alone this long, then tried again by the next call. */
export const STORE_RETRY_MS = 1000;

/**
 * The instances' shared state as the handler uses it: the option `store` when there is one
 * and it answers, this instance's own state otherwise. Never rejects. While the store fails,
 * answers come from the instance's own cache (`get` finds nothing here), claims are granted
 * (the handler's own in-flight map still collapses within the instance), the pause is the
 * handler's own, and budgets are counted per instance.
 */
export interface SharedState extends ProxyStore {
  /** Whether a store is configured and was reachable at its last call: waiting on other instances makes sense. */
  readonly sharing: boolean;
}

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * Wraps `store` (or none) so that its failures fall back to the instance and are reported to
 * the operator once when the store stops answering and once when it answers again, not once
 * per request.
 */
export const sharedState = (store: ProxyStore | undefined, report: (event: ProxyEvent) => void): SharedState => {
  const local = localBuckets();
  /** The store failed and has not answered since. */
  let down = false;
  /** Until then (epoch ms) calls skip the store. */
  let retryAt = 0;

  /** Runs `op` on the store, or gives `fallback()` when there is none, it is resting, or it fails. */
  const attempt = async <T>(op: (s: ProxyStore) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> => {
    if (!store || (down && Date.now() < retryAt)) return fallback();
    try {
      const value = await withTimeout(
        Promise.resolve().then(() => op(store)),
        STORE_TIMEOUT_MS,
      );
      if (down) {
        down = false;
        report({
          type: 'store-restored',
          path: '',
          message: 'repkit proxy: the shared store answers again: instances share answers, the quota pause and budgets again',
        });
      }
      return value;
    } catch (error) {
      retryAt = Date.now() + STORE_RETRY_MS;
      if (!down) {
        down = true;
        const detail = error instanceof Error && error.message ? ` (${error.message.slice(0, 200)})` : '';
        report({
          type: 'store-unavailable',
          path: '',
          message: `repkit proxy: the shared store failed${detail}: this instance serves from its own cache until it answers again`,
        });
      }
      return fallback();
    }
  };

  return {
    get sharing() {
      return !!store && !down;
    },
    get: (key) =>
      attempt(
        (s) => s.get(key),
        () => undefined,
      ),
    set: (key, answer) =>
      attempt(
        (s) => s.set(key, answer),
        () => undefined,
      ),
    delete: (key) =>
      attempt(
        async (s) => {
          await s.delete?.(key);
        },
        () => undefined,
      ),
    claim: (key, ttlMs) =>
      attempt(
        (s) => s.claim(key, ttlMs),
        () => true,
      ),
    release: (key) =>
      attempt(
        (s) => s.release(key),
        () => undefined,
      ),
    pause: (untilMs) =>
      attempt(
        (s) => s.pause(untilMs),
        () => undefined,
      ),
    pausedUntil: () =>
      attempt(
        (s) => s.pausedUntil(),
        () => 0,
      ),
    take: (key, bucket, now) =>
      attempt(
        (s) => s.take(key, bucket, now),
        () => local.take(key, bucket, now),
      ),
  };
};
