/**
 * The error every failed client operation rejects with, except a caller's abort
 * (which rejects with a `DOMException` named `AbortError`).
 *
 * `statusCode` is the HTTP status, or `0` when no HTTP response arrived at all
 * (network failure, CORS refusal, timeout).
 */
export class ServiceError extends Error {
  /** Always `'ServiceError'`, so it survives minification and realm boundaries. */
  override readonly name = 'ServiceError';
  /** HTTP status code, or `0` when there was no response. */
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** The error a caller's abort rejects with: the same `name` that `fetch` uses. */
export const abortError = (): DOMException =>
  new DOMException('The operation was aborted.', 'AbortError');
