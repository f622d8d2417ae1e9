import { ServiceError, type ServiceErrorKind } from '../errors';
import { pageOrigin } from '../util/values';

/**
 * What went wrong with one attempt, as data: the transport, the envelope and the response
 * checks throw it (see {@link fail}), the retry policy decides on its kind, never on a sentence,
 * and only {@link serviceError} turns it into words. Still a tuple, written when property names
 * survived minification; a named object with `$` fields (rollup.config.mjs, INTERNAL_PROPERTY, which terser shortens) costs about the same and should replace it.
 * - `detail`: what the words need (the `$` of {@link WORDS}): the status (`http`), the problem
 *   (`malformed`), how far an answer had come (`network`: empty when none began), the time
 *   allowed (`timeout`), the byte limit (`too-large`) or the reset (`quota`, epoch ms);
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

/**
 * What happened, by kind, in one set of words for the developer (the `ServiceError`'s message)
 * and, in English, the visitor (a widget's sentence, {@link sentenceOf}): `@` stands for the
 * page's origin, `$` for the failure's detail, and what follows `|` only the message says.
 */
const WORDS: Readonly<Record<ServiceErrorKind, string>> = {
  http: 'HTTP $',
  malformed: 'malformed response|: $',
  network: 'could not reach the service| (connection failed$)',
  unreachable: 'could not reach the service: check baseUrl (host, port)',
  // The browser cannot tell these causes apart (./probe), so the sentence names both, likeliest first.
  refused:
    'the service refused this page. Most likely the API key does not allow origin@: add it in the developer portal, or use a proxy. Otherwise the key is wrong or missing: check apiKey',
  blocked: 'blocked by CSP: add the service to connect-src',
  'not-service': 'no service at baseUrl (404): check its path',
  'proxy-upstream': "the proxy's upstream is not the service (404): check the proxy's upstream option",
  'invalid-key': 'invalid API key',
  quota: 'quota used up until $',
  timeout: 'timed out| after $ ms',
  'too-large': 'response too large| (over $ bytes)',
  redirect: 'redirect not followed',
};

/** The words for `kind` with `detail` in them. */
const words = (kind: ServiceErrorKind, detail?: unknown): string =>
  WORDS[kind]
    .replace('|', '')
    .replace('@', pageOrigin)
    .replace('$', () => `${detail}`);

/**
 * What a widget says of a failure of `kind` (not `http`), in English: the words without what only
 * the message says, as a sentence, `$` standing for the origin or the detail. It is also the
 * sentence's key in the catalogue (src/i18n/messages.ts lists them), so the English is written once.
 */
export const sentenceOf = (kind: ServiceErrorKind): string =>
  WORDS[kind]
    .replace(/\|.*/, '')
    .replace('@', '$')
    .replace(/^./, (first) => first.toUpperCase()) + '.';

/**
 * The one place a client failure becomes a `ServiceError`: `GET <url>: <what happened>`.
 * `status` is the answer's HTTP status, or 0 when none arrived.
 */
export const serviceError = (url: string, status: number, [kind, detail, said, cause]: Failure): ServiceError => {
  const at = kind == 'quota' ? (detail as number) : 0;
  return new ServiceError(status, `GET ${url}: ${said || words(kind, at ? new Date(at).toISOString() : detail)}`, {
    kind,
    cause,
    retryAt: at,
  });
};
