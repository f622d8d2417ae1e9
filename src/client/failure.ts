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
export type Failure = readonly [kind: ServiceErrorKind, detail?: unknown, said?: string | 0, cause?: unknown];

/** Ends an attempt with a {@link Failure}; the request loop (./request) catches it. */
export const fail = (...failure: Failure): never => {
  throw failure;
};

/** Ends an attempt on an answer that is not the record it should be: `problem` says how. */
export const malformed = (problem: string, said?: string): never => fail('malformed', problem, said);

/** True for a thrown {@link Failure}; anything else (an abort, a bug) is not one. */
export const isFailure = (thrown: unknown): thrown is Failure => Array.isArray(thrown);

/** What happened, by kind, when the service said nothing itself. */
const SENTENCES: Readonly<Record<ServiceErrorKind, (detail: unknown, status: number) => string>> = {
  http: (_, status) => `the service answered with status ${status}`,
  malformed: (problem) => `malformed response: ${problem}`,
  network: (answered) => `the connection failed (${answered ? 'closed before the response was complete' : 'no response'})`,
  unreachable: () => 'nothing answers at this address: check baseUrl (host, port)',
  refused: () => `refused this origin${pageOrigin()}: add it to the API key in the developer portal, or use a proxy`,
  blocked: () => "blocked by this page's CSP: add the service to connect-src",
  'not-service': () => '404 Not Found: baseUrl is not the service; check its path',
  'invalid-key': () => 'invalid API key: check apiKey',
  quota: (at) => `quota used up until ${new Date(at as number).toISOString()}`,
  timeout: (ms) => `timed out after ${ms} ms`,
  'too-large': (limit) => `response too large: more than ${limit} bytes`,
  redirect: () => 'the service answered with a redirect, which repkit does not follow: the API key goes to baseUrl only',
};

/**
 * The one place a client failure becomes a `ServiceError`: `GET <url>: <what happened>`.
 * `status` is the answer's HTTP status, or 0 when none arrived.
 */
export const serviceError = (url: string, status: number, [kind, detail, said, cause]: Failure): ServiceError =>
  new ServiceError(status, `GET ${url}: ${said || SENTENCES[kind](detail, status)}`, kind, cause, kind == 'quota' ? (detail as number) : 0);
