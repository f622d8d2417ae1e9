import { ServiceError, type ServiceErrorKind } from './service-error';
import { pageOrigin } from '../util/values';

/**
 * What went wrong with one attempt, as data: the transport, the envelope and the response
 * checks throw it (see {@link fail}), the retry policy decides on its kind, never on a sentence,
 * and only {@link serviceError} turns it into words. A tuple rather than an object: this runs
 * in every page bundle, and property names survive minification.
 * - `detail`: what the sentence needs: the problem (`malformed`), whether an answer had begun
 *   (`network`), the time allowed (`timeout`) or the byte limit (`too-large`);
 * - `said`: the service's own words, which replace the sentence (`http`, `malformed`);
 * - `cause`: the error behind it (a `fetch` rejection), kept as the `ServiceError`'s `cause`.
 */
export type Failure = readonly [kind: ServiceErrorKind, detail?: unknown, said?: string, cause?: unknown];

/** Ends an attempt with a {@link Failure}; the request loop (./request) catches it. */
export const fail = (...failure: Failure): never => {
  throw failure;
};

/** True for a thrown {@link Failure}; anything else (an abort, a bug) is not one. */
export const isFailure = (thrown: unknown): thrown is Failure => Array.isArray(thrown);

/** What happened, by kind, when the service said nothing itself. */
const SENTENCES: Readonly<Record<ServiceErrorKind, (detail: unknown, status: number) => string>> = {
  http: (_, status) => `the service answered with status ${status}`,
  malformed: (problem) => `malformed response: ${problem}`,
  // A browser reports the service's refusal of this page's origin as a network failure.
  network: (answered) =>
    `could not reach the service (${answered ? 'the connection closed before the response was complete' : 'no response'}). If the service is up, it may have refused this site's origin${pageOrigin()} for the API key.`,
  timeout: (ms) => `timed out after ${ms} ms`,
  'too-large': (limit) => `response too large: more than ${limit} bytes`,
  refused: () => 'the service answered with a redirect, which repkit does not follow: the API key goes to baseUrl only',
};

/**
 * The one place a client failure becomes a `ServiceError`: `GET <url>: <what happened>`.
 * `status` is the answer's HTTP status, or 0 when none arrived.
 */
export const serviceError = (url: string, status: number, [kind, detail, said, cause]: Failure): ServiceError =>
  new ServiceError(status, `GET ${url}: ${said ?? SENTENCES[kind](detail, status)}`, kind, cause);
