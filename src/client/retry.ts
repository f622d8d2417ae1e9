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

/** What the retry policy knows of a failed attempt and of the call it belongs to. */
export interface AttemptOutcome {
  /** What the attempt came to: `http` for an error status, else the failure's kind. */
  $kind: ServiceErrorKind;
  /** The HTTP status, or 0 when none arrived. */
  $status: number;
  /** The wait the server asked for, in ms, when it said (see ./rate-limit). */
  $serverWaitMs: number | undefined;
  /** Retries made so far. */
  $tries: number;
  /** Retries allowed (the `retries` option). */
  $retries: number;
  /** Network failures so far, this one included. */
  $networkFailures: number;
  /** Time left before the call's deadline, in ms. */
  $timeLeftMs: number;
  /** A number in [0, 1) for the jitter (`Math.random()`), so that the policy stays pure. */
  $random: number;
}

/**
 * The wait before the next attempt, in ms, or undefined to stop and fail. A wait the caller
 * cannot afford (past the deadline, or longer than {@link MAX_WAIT_MS}) also stops: failing
 * at once says more than a widget that seems to hang. Timeouts, redirects, oversized and
 * malformed answers are never retried: a second try would take as long or get the same.
 * (`$` fields: rollup.config.mjs shortens them, as this runs in every page bundle.)
 */
export const nextDelay = ({
  $kind: kind,
  $status: status,
  $serverWaitMs: serverWaitMs,
  $tries: tries,
  $retries: retries,
  $networkFailures: networkFailures,
  $timeLeftMs: timeLeftMs,
  $random: random,
}: AttemptOutcome): number | undefined => {
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
