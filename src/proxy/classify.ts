import { QUOTA_USED_UP, UPSTREAM_NOT_SERVICE } from '../client/envelope';
import { rateLimitWait } from '../client/rate-limit';
import { secondsUntil } from './tiers';
import { parseJson } from '../util/values';
import { redact } from './redact';
import type { ProxyEvent } from './types';
import type { UpstreamResult } from './upstream';

/** An answer that is not cached: a failure of the service, or one it should not repeat. */
export interface Failure {
  status: number;
  body: string;
  /** Seconds, for a `Retry-After` header (the 503 that stands for the service's 429). */
  retryAfter?: number;
}

/**
 * What one upstream request comes to: an answer to serve (and to cache for `ttlSeconds`, when
 * that is more than 0), or a failure; after the service's 429 also the time its quota comes
 * back, before which nothing more is sent upstream.
 */
export type Verdict =
  | { ok: true; status: number; body: string; ttlSeconds: number }
  | { ok: false; failure: Failure; quotaResetAt?: number; notService?: boolean };

/** The options a verdict depends on. */
export interface VerdictOptions {
  apiKey: string;
  ttlSeconds: number;
  metadataTtlSeconds: number;
  negativeTtlSeconds: number;
}

/** Retry-After when the service's 429 does not say when its quota resets. */
const DEFAULT_RETRY_AFTER_S = 60;
/** The longest the proxy stops asking, whatever the service says: a day. */
const MAX_RETRY_AFTER_S = 86400;

/** A JSON body `{ message }`, the shape the service (and so the client) uses for failures. */
export const messageBody = (message: string): string => JSON.stringify({ message });

/** Whether a 200 body is the service's success envelope `{ success: true, data: {...} }`. */
export const isEnvelope = (text: string): boolean => {
  const v = parseJson(text);
  return !!v && typeof v == 'object' && 'success' in v && v.success === true && 'data' in v && !!v.data && typeof v.data == 'object';
};

/** A 4xx/5xx body to pass on: the service's JSON, or a `{ message }` when it is not JSON (any JSON value will do). */
const passOn = (status: number, body: string): string =>
  body && parseJson(body) !== undefined ? body : messageBody(`The reputation service answered ${status}`);

/**
 * Whether a 404 is not the service's own: the service names what is missing (`Badge definition
 * not found`), while its catch-all for a path it has no route for says only `Not Found`, and
 * another server's 404 is not a JSON object at all. The same rule as the client's for `baseUrl`
 * (src/client/envelope.ts).
 */
const isNotService = (body: string): boolean => {
  const v = parseJson(body);
  return !v || typeof v != 'object' || Array.isArray(v) || ('message' in v && v.message == 'Not Found');
};

/** The 503 that stands for the service's spent quota, until `quotaResetAt` (epoch ms). */
export const quotaFailure = (quotaResetAt: number, now: number): Failure => {
  const retryAfter = Math.min(MAX_RETRY_AFTER_S, Math.max(1, secondsUntil(quotaResetAt, now)));
  return {
    status: 503,
    // The code tells a repkit client this is the quota, not a service in trouble (src/client/envelope.ts).
    body: JSON.stringify({
      message: `The reputation service's request quota is used up; try again in ${retryAfter} s`,
      code: QUOTA_USED_UP,
    }),
    retryAfter,
  };
};

const failure = (status: number, body: string): Verdict => ({ ok: false, failure: { status, body } });

/**
 * Turns what the service did into a verdict. Success envelopes are cached for the route's
 * TTL and 400/404 for the negative TTL (they stay true for a while and cost quota to ask);
 * the service's 429 becomes a 503 with `Retry-After`, so a page's client waits instead of
 * counting the proxy as broken; a body that is not the envelope, a redirect, a timeout or no
 * answer becomes 502 or 504; other 4xx and 5xx pass through with their JSON bodies.
 */
export const classify = (result: UpstreamResult, metadata: boolean, o: VerdictOptions, now: number): Verdict => {
  if (result.kind != 'answer') return failure(result.kind == 'timeout' ? 504 : 502, messageBody(`repkit proxy: ${result.detail}`));
  const { status, headers } = result;
  // The service has no reason to echo the key; if it ever did, in any form, it would not reach a page.
  const body = redact(result.body, o.apiKey);
  if (status == 200) {
    return isEnvelope(body)
      ? { ok: true, status, body, ttlSeconds: metadata ? o.metadataTtlSeconds : o.ttlSeconds }
      : failure(502, messageBody('repkit proxy: the service sent a malformed answer'));
  }
  if (status == 404 && isNotService(body)) {
    // Not "no data for this address": the upstream's path is wrong, and every route will say so.
    // Not cached (fixing `upstream` must take effect at once); a 502 whose `code` the client
    // recognises, so the widget says that the proxy's upstream looks wrong (src/client/envelope.ts).
    const message =
      "repkit proxy: the upstream is not the reputation service (it answered 404 for a service path): check the proxy's upstream";
    return { ok: false, failure: { status: 502, body: JSON.stringify({ message, code: UPSTREAM_NOT_SERVICE }) }, notService: true };
  }
  if (status == 400 || status == 404) return { ok: true, status, body: passOn(status, body), ttlSeconds: o.negativeTtlSeconds };
  if (status == 429) {
    const wait = rateLimitWait(headers, body, now) ?? DEFAULT_RETRY_AFTER_S * 1000;
    const quotaResetAt = now + Math.min(wait, MAX_RETRY_AFTER_S * 1000);
    return { ok: false, failure: quotaFailure(quotaResetAt, now), quotaResetAt };
  }
  if (status >= 200 && status < 300) return failure(502, messageBody(`repkit proxy: the service answered ${status}`));
  return failure(status >= 400 && status <= 599 ? status : 502, passOn(status, body));
};

/** The service's own words in a failure body (`message`, else `error`), or ''. */
const wordsOf = (body: string): string => {
  const v = parseJson(body);
  const words = v && typeof v == 'object' ? ('message' in v ? v.message : 'error' in v ? v.error : undefined) : undefined;
  return typeof words == 'string' ? ` (${words.slice(0, 200)})` : '';
};

/**
 * What the operator hears of a verdict that is a failure: the service refused the key, spent its
 * quota, failed or could not be reached, or `upstream` (named in the message) is not the service.
 * Undefined for answers that are served.
 */
export const upstreamEvent = (result: UpstreamResult, verdict: Verdict, path: string, upstream = ''): ProxyEvent | undefined => {
  if (verdict.ok) return undefined;
  if (result.kind != 'answer') return { type: 'upstream-error', path, message: `repkit proxy: ${path}: ${result.detail}` };
  const { status } = result;
  if (verdict.quotaResetAt !== undefined) {
    const until = new Date(verdict.quotaResetAt).toISOString();
    return {
      type: 'rate-limited',
      path,
      status,
      message: `repkit proxy: the service's quota for the proxy's key is used up until ${until}; answering 503 until then`,
    };
  }
  if (verdict.notService) {
    return {
      type: 'upstream-not-service',
      path,
      status,
      message: `repkit proxy: the upstream answered 404${wordsOf(result.body)} for ${path}, a path every reputation service has: the upstream's path is wrong; check the proxy's upstream${upstream && ` (${upstream})`}; answering 502 until it is fixed`,
    };
  }
  const words = wordsOf(result.body);
  const hint = status == 401 || status == 403 ? ": check the proxy's apiKey" : '';
  return { type: 'upstream-error', path, status, message: `repkit proxy: the service answered ${status}${words} for ${path}${hint}` };
};
