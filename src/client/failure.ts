import { ServiceError, type ServiceErrorKind } from './service-error';

/**
 * What went wrong with one attempt, as data: the transport, the envelope and the response
 * checks throw it (see {@link fail}), the retry policy decides on its kind, never on a sentence,
 * and {@link serviceError} makes it the call's error. A tuple rather than an object: this runs
 * in every page bundle, and property names survive minification.
 * - `sentence`: what happened, in words;
 * - `said`: the service's own words, which replace the sentence (`http`, `malformed`);
 * - `cause`: the error behind it (a `fetch` rejection), kept as the `ServiceError`'s `cause`.
 */
export type Failure = readonly [kind: ServiceErrorKind, sentence: string, said?: string, cause?: unknown];

/** Ends an attempt with a {@link Failure}; the request loop (./request) catches it. */
export const fail = (...failure: Failure): never => {
  throw failure;
};

/** Ends an attempt on an answer that is not the record it should be: `problem` says how. */
export const malformed = (problem: string, said?: string): never => fail('malformed', 'malformed response: ' + problem, said);

/** True for a thrown {@link Failure}; anything else (an abort, a bug) is not one. */
export const isFailure = (thrown: unknown): thrown is Failure => Array.isArray(thrown);

/**
 * The one place a client failure becomes a `ServiceError`: `GET <url>: <what happened>`.
 * `status` is the answer's HTTP status, or 0 when none arrived.
 */
export const serviceError = (url: string, status: number, [kind, sentence, said, cause]: Failure): ServiceError =>
  new ServiceError(status, `GET ${url}: ${said ?? sentence}`, kind, cause);
