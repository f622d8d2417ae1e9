import { isEnvelope } from './classify';
import { parseJson } from '../util/values';
import type { ResolvedProxyOptions } from './options';
import type { CachedAnswer } from './types';

/**
 * Whether an answer read back from a cache or the shared store is one the proxy could have
 * stored: anything else there (another program's key, a value planted in Redis, a cache of the
 * operator's gone wrong) must not reach a visitor, fill the memory tier, or set cache headers.
 */

/** The statuses the proxy stores (src/proxy/classify.ts): success envelopes, and the service's 400 and 404. */
const STORED_STATUSES: ReadonlySet<number> = new Set([200, 400, 404]);

/** How far another instance's clock may be ahead of this one's without its answers counting as made up. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** The options the bounds come from. */
export type StoredAnswerOptions = Pick<
  ResolvedProxyOptions,
  'ttlSeconds' | 'metadataTtlSeconds' | 'negativeTtlSeconds' | 'staleWhileRevalidateSeconds' | 'staleIfErrorSeconds'
>;

const finite = (v: unknown): v is number => typeof v == 'number' && Number.isFinite(v);

/**
 * What is wrong with a stored answer at `now` (epoch ms), or undefined when nothing is: a status
 * the proxy never stores, times that are not finite, out of order or further ahead than any TTL
 * of the options allows, or a body that does not match the status (a 200 that is not the
 * service's envelope, a 400 or 404 that is not JSON).
 */
export const storedAnswerProblem = (answer: CachedAnswer, o: StoredAnswerOptions, now: number): string | undefined => {
  const { status, body, storedAt, freshUntil, keepUntil } = answer as Partial<CachedAnswer>;
  if (!finite(status) || !STORED_STATUSES.has(status)) return `status ${String(status)} is not one the proxy stores`;
  if (typeof body != 'string') return 'its body is not text';
  if (!finite(storedAt) || !finite(freshUntil) || !finite(keepUntil)) return 'its times are not finite numbers';
  const longestTtlMs = Math.max(o.ttlSeconds, o.metadataTtlSeconds, o.negativeTtlSeconds) * 1000;
  const keepMs = Math.max(o.staleWhileRevalidateSeconds, o.staleIfErrorSeconds) * 1000;
  if (storedAt > now + CLOCK_SLACK_MS || freshUntil < storedAt || keepUntil < freshUntil) return 'its times are out of order';
  if (freshUntil > now + longestTtlMs + CLOCK_SLACK_MS || keepUntil > now + longestTtlMs + keepMs + CLOCK_SLACK_MS) {
    return 'its times are further ahead than any TTL of this proxy';
  }
  if (status == 200 ? !isEnvelope(body) : parseJson(body) === undefined) return `its body does not match status ${status}`;
  return undefined;
};
