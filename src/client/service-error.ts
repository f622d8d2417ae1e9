/**
 * What went wrong, for code that must react differently (a widget's sentence, a retry):
 * - `http`: the service answered with an error status (see `statusCode`);
 * - `network`: no answer at all: offline, DNS, connection refused, or a browser hiding a
 *   refusal of the page's origin (the service answers 403 without CORS headers);
 * - `timeout`: no answer within `timeoutMs`;
 * - `malformed`: an answer that is not the JSON record it should be;
 * - `too-large`: an answer larger than `maxResponseBytes`;
 * - `refused`: an answer repkit will not use, such as a redirect (the API key goes to
 *   `baseUrl`'s origin only).
 */
export type ServiceErrorKind = 'http' | 'network' | 'timeout' | 'malformed' | 'too-large' | 'refused';

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

  /**
   * @param statusCode the HTTP status, or 0
   * @param message what happened, in a sentence
   * @param kind defaults to `http` for a status and `network` for 0
   * @param cause the underlying error (a `fetch` rejection, a JSON syntax error)
   */
  constructor(statusCode: number, message: string, kind?: ServiceErrorKind, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.statusCode = statusCode;
    this.kind = kind ?? (statusCode ? 'http' : 'network');
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
