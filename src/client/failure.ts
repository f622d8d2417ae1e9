import { ServiceError } from './service-error';
import { pageOrigin } from '../util/values';

/**
 * What went wrong with a request, as data: the transport, the envelope check and the retry
 * policy pass this around and decide on `kind`, never on a sentence. Only {@link serviceError}
 * turns it into words.
 */
export type Failure =
  /** An error status; `said` is the service's own message, when it sent one. */
  (
    | { kind: 'http'; said?: string }
    /** An answer that is not the record: `problem` names what is wrong, or `said` is the service's report. */
    | { kind: 'malformed'; problem?: string; said?: string }
    /** No complete answer; `answered` when the connection closed in the middle of the body. */
    | { kind: 'network'; answered: boolean }
    | { kind: 'timeout'; ms: number }
    | { kind: 'too-large'; limit: number }
    /** A redirect, which is never followed. */
    | { kind: 'refused' }
  ) & {
    /** The error behind it (a `fetch` rejection), kept as the `ServiceError`'s `cause`. */
    cause?: unknown;
  };

const whatHappened = (f: Failure, status: number): string => {
  switch (f.kind) {
    case 'http':
      return f.said ?? `the service answered with status ${status}`;
    case 'malformed':
      return f.said ?? `malformed response: ${f.problem}`;
    case 'network':
      // A browser reports the service's refusal of this page's origin as a network failure.
      return `could not reach the service (${f.answered ? 'the connection closed before the response was complete' : 'no response'}). If the service is up, it may have refused this site's origin${pageOrigin()} for the API key.`;
    case 'timeout':
      return `timed out after ${f.ms} ms`;
    case 'too-large':
      return `response too large: more than ${f.limit} bytes`;
    case 'refused':
      return 'the service answered with a redirect, which repkit does not follow: the API key goes to baseUrl only';
  }
};

/**
 * The one place a client failure becomes a `ServiceError`: `GET <url>: <what happened>`.
 * `status` is the answer's HTTP status, or 0 when none arrived.
 */
export const serviceError = (url: string, status: number, f: Failure): ServiceError =>
  new ServiceError(status, `GET ${url}: ${whatHappened(f, status)}`, f.kind, f.cause);
