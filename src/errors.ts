/**
 * Every error repkit throws or rejects with, in one module: the ES entries (`repkit`,
 * `repkit/server`, `repkit/proxy` and its stores) are one ES build, which puts it in a chunk they
 * all import (rollup.config.mjs), so `instanceof` holds whichever entry threw. It imports nothing.
 *
 * A `RepkitError` is an `Error` (`ServiceError`, `MountError`) or, where docs/reference.md and the
 * contract promise a `TypeError` for a wrong option or argument, the `TypeError` `OptionError`. A
 * class cannot extend both `RepkitError` and `TypeError`, so `OptionError` extends `TypeError` and
 * `RepkitError` counts it itself ({@link RepkitError}'s `Symbol.hasInstance`).
 */

/**
 * What went wrong, for code that must react differently (a widget's sentence, a retry):
 * - `http`: the service answered with an error status (see `statusCode`);
 * - `network`: the connection failed: an answer cut short, or (outside a page) no answer at all;
 * - `unreachable`: in a page, nothing answers at that URL (connection refused, DNS, wrong
 *   port or host, offline): a second request without the key got no answer either;
 * - `refused`: in a page, the service answers at that URL (it answers a CORS `OPTIONS`
 *   request) but refused this request: most likely the key does not allow this page's origin,
 *   else the key is wrong or missing. Its 403 has no CORS headers, so the browser cannot tell
 *   which (src/client/probe.ts). Add the origin to the key in the service's developer portal, or use a
 *   proxy; check the key;
 * - `blocked`: the page's Content-Security-Policy does not allow the URL (`connect-src`);
 * - `not-service`: a 404 that is not the service's (its catch-all `Not Found`, or a body that
 *   is not JSON) for a path repkit built: `baseUrl`'s path is wrong;
 * - `proxy-upstream`: `baseUrl` is a repkit proxy whose `upstream` is not the service (its path
 *   is wrong: the service's catch-all 404, or a 404 that is not JSON); the proxy says so with a
 *   502 whose body has `"code": "upstream-not-service"` (src/proxy/classify.ts);
 * - `invalid-key`: the service said the API key is missing, malformed, invalid or revoked
 *   (401, or a 403 about the key read server-side);
 * - `quota`: the key's quota is used up (429): see {@link ServiceError.retryAt}. Until then no
 *   request goes out for that `baseUrl` and key, from any client or widget on the page;
 * - `timeout`: no answer within `timeoutMs`;
 * - `malformed`: an answer that is not the JSON record it should be;
 * - `too-large`: an answer larger than `maxResponseBytes`;
 * - `redirect`: the service answered with a redirect, which repkit does not follow (the API
 *   key goes to `baseUrl`'s origin only).
 */
export type ServiceErrorKind =
  | 'http'
  | 'network'
  | 'unreachable'
  | 'refused'
  | 'blocked'
  | 'not-service'
  | 'proxy-upstream'
  | 'invalid-key'
  | 'quota'
  | 'timeout'
  | 'malformed'
  | 'too-large'
  | 'redirect';

/**
 * The base of every error repkit throws or rejects with, but a caller's abort (which rejects
 * with the signal's reason, an `AbortError`). `error instanceof RepkitError` (or
 * {@link isRepkitError}) holds for each of `ServiceError`, `MountError` and `OptionError`;
 * `name` says which.
 */
export abstract class RepkitError extends Error {
  declare readonly name: 'ServiceError' | 'MountError' | 'OptionError';

  /** The ordinary test, and for `RepkitError` itself also `OptionError`, the `TypeError` of the family. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `super`'s test with `this` the class asked about: the ordinary prototype-chain test.
    return super[Symbol.hasInstance](value) || (this == RepkitError && value instanceof OptionError);
  }
}

/**
 * The error every failed client operation rejects with, except a caller's abort (which
 * rejects with the signal's reason: a `DOMException` named `AbortError` by default).
 *
 * `statusCode` is the HTTP status, or `0` when no HTTP response arrived at all
 * (network failure, CORS refusal, timeout).
 */
export class ServiceError extends RepkitError {
  /** Always `'ServiceError'`, so it survives minification and realm boundaries. */
  override readonly name = 'ServiceError';
  // `declare`: set in the constructor, so the bundle need not declare the fields as well.
  /** HTTP status code, or `0` when there was no response. */
  declare readonly statusCode: number;
  /** What kind of failure this is; see {@link ServiceErrorKind}. */
  declare readonly kind: ServiceErrorKind;
  /** For `kind: 'quota'`: when the quota resets (epoch ms); nothing is sent before then. */
  declare readonly retryAt?: number;
  /**
   * For a widget's 404 of a `categoryKey` or `badgeKey` the service does not define: the defined
   * key it probably meant (one edit away, else the one that starts most like it).
   */
  declare readonly meant?: string;
  /** For such a 404 whose key is like none of the defined keys: every defined key. */
  declare readonly defined?: readonly string[];

  /**
   * @param statusCode the HTTP status, or 0
   * @param message what happened, in a sentence
   * @param details `kind` (by default `http` for a status and `network` for 0), `cause` (the
   * underlying error: a `fetch` rejection), `retryAt`, `meant` and `defined`
   */
  constructor(
    statusCode: number,
    message: string,
    details: { kind?: ServiceErrorKind; cause?: unknown; retryAt?: number; meant?: string; defined?: readonly string[] } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.statusCode = statusCode;
    this.kind = details.kind ?? (statusCode ? 'http' : 'network');
    if (details.retryAt) this.retryAt = details.retryAt;
    if (details.meant) this.meant = details.meant;
    if (details.defined) this.defined = details.defined;
  }
}

/**
 * Thrown by a widget's `mount()` when the widget cannot be mounted now: it is destroyed or
 * already mounted, or no element matches the selector. (A target that is neither a selector nor
 * an element is an {@link OptionError} naming `target`.)
 */
export class MountError extends RepkitError {
  override readonly name = 'MountError';
}

/**
 * A wrong option or argument, thrown before anything is requested: by `new ServiceClient()`,
 * `createWidget()`, `update()`, `snippet()`, `createProxy()` and the proxy's stores for an option;
 * by a client method for an address or key that cannot be a path segment (empty, blank, `.` or
 * `..`: such a segment would reach another endpoint); by `mount()` for a target that is neither
 * a CSS selector nor an element. A `TypeError`, so existing `instanceof TypeError` checks keep
 * working; `option` names what is at fault.
 */
export class OptionError extends TypeError {
  override readonly name = 'OptionError';
  /** The option or argument at fault, as the caller wrote it (`baseUrl`, `maxBadges`, `address`, `target`, ...). */
  declare readonly option: string; // set in the constructor

  constructor(option: string, message: string) {
    super(message);
    this.option = option;
  }
}

/** True for any error of repkit's (see {@link RepkitError}). */
export const isRepkitError = (error: unknown): error is RepkitError | OptionError => error instanceof RepkitError;

/** True for a `ServiceError`, also one from another copy of repkit on the page (a script and a bundle). */
export const isServiceError = (error: unknown): error is ServiceError =>
  // Object(): `name` of anything, null and primitives included, without a throw.
  error instanceof ServiceError || Object(error).name == 'ServiceError';
