import type { ResolvedProxyOptions } from './options';
import type { CachedAnswer } from './types';

/**
 * The ages of a cached answer: fresh (served without asking the service), stale (served while
 * one request refreshes it, for `staleWhileRevalidateSeconds`), kept for failures (served when
 * the service fails, for `staleIfErrorSeconds`), then gone. All times are epoch ms and `now`
 * is passed in, so that each rule is a plain function of its inputs.
 */

/** The options the tiers are made of. */
export type TierOptions = Pick<ResolvedProxyOptions, 'staleWhileRevalidateSeconds' | 'staleIfErrorSeconds'>;

/** Whole seconds from `now` until `at`, rounded up; 0 once past. */
export const secondsUntil = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / 1000));

/** An answer received at `now`, fresh for `ttlSeconds` and kept as long as either stale tier needs it. */
export const storedAnswer = (status: number, body: string, ttlSeconds: number, o: TierOptions, now: number): CachedAnswer => {
  const freshUntil = now + ttlSeconds * 1000;
  const keepSeconds = Math.max(o.staleWhileRevalidateSeconds, o.staleIfErrorSeconds);
  return { status, body, storedAt: now, freshUntil, keepUntil: ttlSeconds > 0 ? freshUntil + keepSeconds * 1000 : now };
};

/** Whether an answer is worth writing to a cache: one with no time to keep is served once only. */
export const worthStoring = (answer: CachedAnswer): boolean => answer.keepUntil > answer.storedAt;

/**
 * What a cached answer (or none) is good for now: `fresh` to serve as it is, `stale` to serve
 * while refreshing it, `expired` to ask the service first (it may still serve on a failure:
 * {@link servesOnError}).
 */
export const tierOf = (answer: CachedAnswer | undefined, o: TierOptions, now: number): 'fresh' | 'stale' | 'expired' =>
  !answer
    ? 'expired'
    : now < answer.freshUntil
      ? 'fresh'
      : now < answer.freshUntil + o.staleWhileRevalidateSeconds * 1000
        ? 'stale'
        : 'expired';

/** Whether an expired answer may still stand in for a service that failed. */
export const servesOnError = (answer: CachedAnswer, o: TierOptions, now: number): boolean =>
  now < answer.freshUntil + o.staleIfErrorSeconds * 1000;

/**
 * Of two copies from different cache layers, the one to serve: a copy past its keep time is
 * none, and the later copy wins.
 */
export const fresher = (found: CachedAnswer | undefined, best: CachedAnswer | undefined, now: number): CachedAnswer | undefined =>
  found && now < found.keepUntil && (!best || found.storedAt > best.storedAt) ? found : best;

/**
 * `Cache-Control` and `Age` for a served answer, so that a CDN in front keeps it no longer
 * than the proxy would: a stale copy is already expired (`s-maxage=0`), and its
 * `stale-if-error` is what is left of it, since the directive counts from expiry. With
 * `maxAge` (images: image proxies such as GitHub's camo and browsers cache by it) the same
 * time is also given as `max-age`.
 */
export const cacheHeaders = (answer: CachedAnswer, fresh: boolean, o: TierOptions, now: number, maxAge = false): Record<string, string> => {
  const seconds = fresh ? secondsUntil(answer.freshUntil, now) : 0;
  return {
    'Cache-Control': worthStoring(answer)
      ? [
          'public',
          ...(maxAge ? [`max-age=${seconds}`] : []),
          `s-maxage=${seconds}`,
          `stale-while-revalidate=${o.staleWhileRevalidateSeconds}`,
          `stale-if-error=${fresh ? o.staleIfErrorSeconds : secondsUntil(answer.freshUntil + o.staleIfErrorSeconds * 1000, now)}`,
        ].join(', ')
      : 'no-store',
    Age: String(Math.max(0, Math.floor((now - answer.storedAt) / 1000))),
  };
};

/** `Cache-Control` for an answer the proxy makes itself without asking (an invalid address's 400). */
export const negativeCacheControl = (negativeTtlSeconds: number): string =>
  negativeTtlSeconds > 0 ? `public, s-maxage=${negativeTtlSeconds}` : 'no-store';
