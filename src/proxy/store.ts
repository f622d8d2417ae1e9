import type { CachedAnswer } from './types';
import { parseJson } from '../util/values';

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
  /**
   * Takes one token from the bucket `key` (created full), refilled by the store's own clock:
   * every instance's take is timed by that one clock, never by the instances' (whose clocks may
   * be seconds apart), and a bucket's time never moves backwards (see {@link takeToken}).
   * `nowMs` is the calling instance's clock, for a store that has none of its own.
   */
  take(key: string, bucket: TokenBucket, nowMs: number): Promise<TokenGrant>;
}

/**
 * A bucket's state: tokens spent and not yet refilled, and when that was counted. Counting what
 * is spent (rather than what is left) lets the bucket's size change (the proxy learns the key's
 * quota from the service's answers) without refilling or emptying it.
 */
export interface BucketState {
  spent: number;
  at: number;
}

/**
 * The token-bucket rule, shared by every store so they agree: refill by time elapsed since the
 * state was counted, then take one token if there is a whole one. Time never moves backwards:
 * a clock behind the state's `at` refills nothing and leaves `at` where it was, so two clocks
 * seconds apart cannot refill the same seconds twice.
 */
export const takeToken = (state: BucketState | undefined, bucket: TokenBucket, now: number): { state: BucketState; grant: TokenGrant } => {
  const perMs = bucket.capacity / (bucket.perSeconds * 1000);
  const at = Math.max(now, state?.at ?? now);
  const spent = state ? Math.max(0, state.spent - (at - state.at) * perMs) : 0;
  if (spent + 1 <= bucket.capacity) return { state: { spent: spent + 1, at }, grant: { ok: true, retryAfterMs: 0 } };
  return { state: { spent, at }, grant: { ok: false, retryAfterMs: Math.ceil((spent + 1 - bucket.capacity) / perMs) } };
};

/** Milliseconds after which a full bucket's state is worth nothing (it would be full again). */
export const bucketLifetimeMs = (bucket: TokenBucket): number => Math.ceil(bucket.perSeconds * 1000);

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

/**
 * A value a store read back, as an answer for the handler to judge when it is a JSON object
 * (src/proxy/stored.ts deletes and reports one the proxy could not have stored); anything else,
 * such as another program's plain string, is no value for the key.
 */
export const storedValueOf = (value: unknown): CachedAnswer | undefined =>
  typeof value == 'object' && value !== null && !Array.isArray(value) ? (value as CachedAnswer) : undefined;

/** {@link storedValueOf} of a stored text (`null`: the key holds nothing). */
export const storedTextOf = (text: string | null): CachedAnswer | undefined => storedValueOf(text === null ? undefined : parseJson(text));
