/**
 * What went wrong, for code that must react differently (a widget's sentence, a retry):
 * - `http`: the service answered with an error status (see `statusCode`);
 * - `network`: the connection failed: an answer cut short, or (outside a page) no answer at all;
 * - `unreachable`: in a page, nothing answers at that URL (connection refused, DNS, wrong
 *   port or host, offline): a second request without the key got no answer either;
 * - `refused`: in a page, the service answers at that URL (it answers a CORS `OPTIONS`
 *   request) but refused this request: most likely the key does not allow this page's origin,
 *   else the key is wrong or missing. Its 403 has no CORS headers, so the browser cannot tell
 *   which (./probe). Add the origin to the key in the service's developer portal, or use a
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
 * The error every failed client operation rejects with, except a caller's abort (which
 * rejects with the signal's reason: a `DOMException` named `AbortError` by default).
 *
 * `statusCode` is the HTTP status, or `0` when no HTTP response arrived at all
 * (network failure, CORS refusal, timeout).
 */
export class ServiceError extends Error {
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
   * @param statusCode the HTTP status, or 0
   * @param message what happened, in a sentence
   * @param kind defaults to `http` for a status and `network` for 0
   * @param cause the underlying error (a `fetch` rejection, a JSON syntax error)
   * @param retryAt for `quota`: when the quota resets (epoch ms)
   */
  constructor(statusCode: number, message: string, kind?: ServiceErrorKind, cause?: unknown, retryAt?: number) {
    super(message, cause === undefined ? undefined : { cause });
    this.statusCode = statusCode;
    this.kind = kind ?? (statusCode ? 'http' : 'network');
    if (retryAt) this.retryAt = retryAt;
  }
}

/** True for a `ServiceError`, also one from another copy of repkit on the page. */
export const isServiceError = (error: unknown): error is ServiceError =>
  error instanceof ServiceError || (error as Error | null)?.name == 'ServiceError';

/**
 * The error a caller's abort rejects with: the signal's own reason when it is an `AbortError`
 * (the default), else an `AbortError` that carries the reason's message, so that every abort
 * can be recognised by `name` alone.
 */
export const abortError = (signal?: AbortSignal): unknown => {
  // `reason` is typed `any`: any value can be one, so only optional fields are read.
  const reason: Partial<Error> | undefined = signal?.reason;
  return reason?.name == 'AbortError'
    ? reason
    : new DOMException(typeof reason?.message == 'string' ? reason.message : 'The operation was aborted.', 'AbortError');
};
