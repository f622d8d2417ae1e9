import type { ServiceErrorKind } from '../errors';

/**
 * Statuses worth another try: 429 (the quota comes back) and the gateway errors that mean
 * "try later" (502, 503, 504). A 500 is a bug on the server and other 4xx are the caller's
 * fault: repeating them changes nothing and spends quota.
 */
const RETRY_STATUSES = [429, 502, 503, 504];

/** The longest wait between attempts, whatever the backoff or the server asks for. */
export const MAX_WAIT_MS = 10000;

const BACKOFF_BASE_MS = 300;

/**
 * A network failure is retried once at most: in a browser it is also what a refused origin
 * looks like (the service answers 403 without CORS headers), and that does not pass.
 */
const NETWORK_RETRIES = 1;

/**
 * The wait before the next attempt, in ms, or undefined to stop and fail. A wait the caller
 * cannot afford (past the deadline, or longer than {@link MAX_WAIT_MS}) also stops: failing
 * at once says more than a widget that seems to hang. Timeouts, redirects, oversized and
 * malformed answers are never retried: a second try would take as long or get the same.
 * (Plain parameters rather than one object: this runs in every page bundle, and property
 * names survive minification.)
 *
 * @param kind what the attempt came to: `http` for an error status, else the failure's kind
 * @param status the HTTP status, or 0 when none arrived
 * @param serverWaitMs the wait the server asked for, in ms, when it said (see ./rate-limit)
 * @param tries retries made so far
 * @param retries retries allowed (the `retries` option)
 * @param networkFailures network failures so far, this one included
 * @param timeLeftMs time left before the call's deadline, in ms
 * @param random a number in [0, 1) for the jitter (`Math.random()`), so that the policy stays pure
 */
export const nextDelay = (
  kind: ServiceErrorKind,
  status: number,
  serverWaitMs: number | undefined,
  tries: number,
  retries: number,
  networkFailures: number,
  timeLeftMs: number,
  random: number,
): number | undefined => {
  // Exponential backoff with jitter, so that widgets that failed together do not retry together.
  const backoff = Math.min(MAX_WAIT_MS, BACKOFF_BASE_MS * 2 ** tries) * (0.5 + random / 2);
  const wait =
    kind == 'http'
      ? RETRY_STATUSES.includes(status)
        ? (serverWaitMs ?? backoff)
        : undefined
      : kind == 'network' && networkFailures <= NETWORK_RETRIES
        ? backoff
        : undefined;
  return wait !== undefined && tries < retries && wait <= MAX_WAIT_MS && wait < timeLeftMs ? wait : undefined;
};
