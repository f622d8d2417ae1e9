import { ServiceError, type ServiceErrorKind } from '../errors';
import type { Message } from '../i18n/messages';
import { pageOrigin } from '../util/values';

/** What an {@link AttemptFailure} says besides its kind. */
export interface FailureFacts {
  /**
   * What its message needs (see {@link DETAILS}): the status (`http`), the problem
   * (`malformed`), how far an answer had come (`network`: empty when none began), the time
   * allowed (`timeout`), the byte limit (`too-large`) or the reset (`quota`, epoch ms).
   */
  detail?: string | number;
  /** The service's own words, which replace the message (`http`, `malformed`). */
  said?: string;
  /** The error behind it (a `fetch` rejection), kept as the `ServiceError`'s `cause`. */
  cause?: unknown;
}

/**
 * Why one attempt failed: the transport, the envelope and the response checks throw it (see
 * {@link fail}), the retry policy decides on its `kind`, never on a sentence, and only
 * {@link serviceError} turns it into the `ServiceError` a caller sees. It never reaches a caller
 * itself. Its fields keep their names in the bundles: the batcher, a chunk of its own in the
 * script-tag builds, reads and makes them too (./batch).
 */
export class AttemptFailure extends Error {
  declare readonly kind: ServiceErrorKind;
  declare readonly detail?: string | number;
  declare readonly said?: string;

  constructor(kind: ServiceErrorKind, facts?: FailureFacts) {
    super(kind, facts);
    // The facts' own fields become the failure's (`cause` too, as `Error` sets it).
    Object.assign(this, { kind }, facts);
  }
}

/** Ends an attempt with an {@link AttemptFailure}; the request loop (./request) catches it. */
export const fail = (kind: ServiceErrorKind, facts?: FailureFacts): never => {
  throw new AttemptFailure(kind, facts);
};

/** Ends an attempt on an answer that is not the record it should be: `problem` says how. */
export const malformed = (problem: string, said?: string): never => fail('malformed', { detail: problem, said });

/**
 * What a visitor reads of a failure of each kind but `http` and `quota` (whose sentences depend on
 * the status and the reset time, src/widgets/messages.ts), in English: each is its own key in the
 * catalogue (src/i18n/messages.ts), so every locale translates it. `$` is the page's origin.
 */
export const SENTENCES: { readonly [K in Exclude<ServiceErrorKind, 'http' | 'quota'>]: Message } = {
  network: 'Could not reach the service.',
  unreachable: 'Could not reach the service: check baseUrl (host, port).',
  // The browser cannot tell these causes apart (./probe), so the sentence names both, likeliest first.
  refused:
    'The service refused this page. Most likely the API key does not allow origin$: add it in the developer portal, or use a proxy. Otherwise the key is wrong or missing: check apiKey.',
  blocked: 'Blocked by CSP: add the service to connect-src.',
  'not-service': 'No service at baseUrl (404): check its path.',
  'proxy-upstream': "The proxy's upstream is not the service (404): check the proxy's upstream option.",
  'invalid-key': 'Invalid API key.',
  timeout: 'Timed out.',
  'too-large': 'Response too large.',
  redirect: 'Redirect not followed.',
  malformed: 'Malformed response.',
};

/** What the developer's message adds to the visitor's sentence, by kind; `detail` as {@link FailureFacts} says. */
const DETAILS: { readonly [K in ServiceErrorKind]?: (detail?: string | number) => string } = {
  malformed: (problem) => `: ${problem}`,
  network: (how) => ` (connection failed${how})`,
  timeout: (ms) => ` after ${ms} ms`,
  'too-large': (bytes) => ` (over ${bytes} bytes)`,
};

/**
 * The message of a failure, after `GET <url>: `, for the developer: the status, the reset, or
 * the visitor's sentence as a clause (lower-case start, no full stop) with the page's origin
 * and the detail in it.
 */
const message = (kind: ServiceErrorKind, detail?: string | number): string =>
  kind == 'http'
    ? `HTTP ${detail}`
    : kind == 'quota'
      ? `quota used up until ${new Date(Number(detail)).toISOString()}`
      : SENTENCES[kind][0].toLowerCase() + SENTENCES[kind].slice(1, -1).replace('$', pageOrigin()) + (DETAILS[kind]?.(detail) ?? '');

/**
 * The one place a client failure becomes a `ServiceError`: `GET <url>: <what happened>`.
 * `status` is the answer's HTTP status, or 0 when none arrived.
 */
export const serviceError = (url: string, status: number, { kind, detail, said, cause }: AttemptFailure): ServiceError =>
  new ServiceError(status, `GET ${url}: ${said || message(kind, detail)}`, {
    kind,
    cause,
    retryAt: kind == 'quota' ? Number(detail) : undefined,
  });
