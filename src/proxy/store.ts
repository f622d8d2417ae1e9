import type { CachedAnswer } from './types';

/** A token bucket: `capacity` tokens, refilled evenly at `capacity` per `perSeconds`. */
export interface TokenBucket {
  /** Tokens when full: the most requests in a burst. */
  capacity: number;
  /** Seconds to refill from empty to full. */
  perSeconds: number;
}

/** What taking a token came to. */
export interface TokenGrant {
  /** A token was taken: the request may go on. */
  ok: boolean;
  /** When refused, milliseconds until a token is there again; 0 when `ok`. */
  retryAfterMs: number;
}

/**
 * State that the proxy's instances share (option `store` of `createProxy`): the answers, the
 * claims that make one instance the only one asking upstream for a path, the pause after the
 * service's 429, and the per-client budgets. `redisStore` (`repkit/proxy/redis`) and
 * `workersStore` (`repkit/proxy/workers`) implement it; another backend implements these
 * seven calls.
 *
 * Keys are short strings from the proxy (a route's canonical path, `budget:{client}`); a store
 * adds its own prefix. Every call may reject or time out: the proxy then serves from its own
 * instance's state until the store answers again, and never fails a visitor for it.
 *
 * Consistency: `get`/`set` may be eventually consistent (a copy a few seconds old is fine);
 * `claim`, `release`, `pause`, `pausedUntil` and `take` must be atomic and seen at once by every
 * instance, since they stand between the instances and the service's quota.
 */
export interface ProxyStore {
  /** The answer stored under `key`, or undefined. */
  get(key: string): Promise<CachedAnswer | undefined>;
  /** Stores an answer until its `keepUntil` (the store may drop it then, never earlier than it needs). */
  set(key: string, answer: CachedAnswer): Promise<void>;
  /** Drops the answer under `key` (one the proxy found invalid). Optional: without it such an answer stays until it expires, ignored. */
  delete?(key: string): Promise<void>;
  /**
   * Takes the claim `key` for `ttlMs` when nobody holds it: true for the one caller that got
   * it. A claim left behind (a crashed instance) lapses after `ttlMs`.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Gives up a claim taken with {@link claim}. */
  release(key: string): Promise<void>;
  /** No instance asks the service before `untilMs` (epoch ms); a later pause wins over an earlier one. */
  pause(untilMs: number): Promise<void>;
  /** Epoch ms before which no instance may ask the service; 0 (or a past time) when free. */
  pausedUntil(): Promise<number>;
  /** Takes one token from the bucket `key` (created full), refilled by the clock at `nowMs`. */
  take(key: string, bucket: TokenBucket, nowMs: number): Promise<TokenGrant>;
}

/** A bucket's state: tokens left, and when they were counted. */
export interface BucketState {
  tokens: number;
  at: number;
}

/**
 * The token-bucket rule, shared by every store so they agree: refill by elapsed time, then
 * take one token if there is a whole one.
 */
export const takeToken = (state: BucketState | undefined, bucket: TokenBucket, now: number): { state: BucketState; grant: TokenGrant } => {
  const perMs = bucket.capacity / (bucket.perSeconds * 1000);
  const before = state ? Math.min(bucket.capacity, state.tokens + Math.max(0, now - state.at) * perMs) : bucket.capacity;
  if (before >= 1) return { state: { tokens: before - 1, at: now }, grant: { ok: true, retryAfterMs: 0 } };
  return { state: { tokens: before, at: now }, grant: { ok: false, retryAfterMs: Math.ceil((1 - before) / perMs) } };
};

/** Milliseconds after which a full bucket's state is worth nothing (it would be full again). */
export const bucketLifetimeMs = (bucket: TokenBucket): number => bucket.perSeconds * 1000;

/** Most buckets kept in memory: a flood of made-up clients must not grow memory without end. */
const MAX_BUCKETS = 10_000;

/**
 * One instance's own token buckets, in memory: the budgets without a store, and while the
 * store is unreachable. The least recently used go first past {@link MAX_BUCKETS}.
 */
export const localBuckets = (): Pick<ProxyStore, 'take'> => {
  const buckets = new Map<string, BucketState>();
  return {
    take(key, bucket, now) {
      const { state, grant } = takeToken(buckets.get(key), bucket, now);
      buckets.delete(key);
      buckets.set(key, state);
      // Map order is insertion order: the first ones are the longest unused.
      for (const oldest of buckets.keys()) {
        if (buckets.size <= MAX_BUCKETS) break;
        buckets.delete(oldest);
      }
      return Promise.resolve(grant);
    },
  };
};
