/**
 * How long a rate-limited server asks its callers to wait. One reading for the client (which
 * waits that long before a retry, if it is short) and the proxy (which sends no request
 * upstream until then), so the two never disagree about the same answer. No DOM here: the
 * proxy runs on servers and edge runtimes.
 *
 * For the client a chunk (src/chunks/loaders.ts): only a page that met an answer which may say
 * when to try again (a 429, a 502, 503 or 504) loads it. It imports nothing.
 */

/** What is read of the headers: `Headers` fits, and so does a plain lookup in a test. */
export interface HeaderLookup {
  get(name: string): string | null;
}

const SECONDS = /^\d+$/;

/**
 * `Retry-After` as an HTTP date: a day name first and GMT last (`Sun, 06 Nov 1994 08:49:37 GMT`,
 * or the older `Sunday, 06-Nov-94 08:49:37 GMT`). Anything else is not taken as a date, since
 * `Date.parse` turns many strings (`1.5`, `soon 2`) into some date rather than none.
 */
const HTTP_DATE = /^[A-Z].* GMT$/;

/** The time in the service's 429 message: `... Resets at 2026-11-24T22:59:30.706Z`. */
const RESETS_AT = /Resets at (\S+Z)/;

/**
 * The wait the server asked for, in ms from `now` (0 for a time already past; Infinity when
 * the number is too large to hold), or undefined when it does not say in a way read here.
 * In order: `Retry-After` in seconds or as an HTTP date (the HTTP standard, which other
 * deployments send), `X-RateLimit-Reset` in epoch ms (what the service sends, readable only
 * by a caller of the same origin or a server), then the reset time in the body's message,
 * which a page of any origin can read.
 */
export const rateLimitWait = (headers: HeaderLookup, body: string, now: number): number | undefined => {
  const retryAfter = headers.get('retry-after')?.trim() ?? '';
  const reset = headers.get('x-ratelimit-reset')?.trim() ?? '';
  const at = SECONDS.test(retryAfter)
    ? now + +retryAfter * 1000
    : HTTP_DATE.test(retryAfter)
      ? Date.parse(retryAfter)
      : SECONDS.test(reset)
        ? +reset
        : Date.parse(RESETS_AT.exec(body)?.[1] ?? '');
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};
