import { ServiceError, type ServiceErrorKind } from '../errors';
import { pageOrigin } from '../util/values';

/** What an {@link AttemptFailure} says besides its kind. */
export interface FailureFacts {
  /**
   * What its message needs (see {@link MESSAGES}): the status (`http`), the problem
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
  override readonly name = 'AttemptFailure';
  declare readonly kind: ServiceErrorKind;
  declare readonly detail?: string | number;
  declare readonly said?: string;

  constructor(kind: ServiceErrorKind, { detail, said, cause }: FailureFacts = {}) {
    super(kind, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.detail = detail;
    this.said = said;
  }
}

/** Ends an attempt with an {@link AttemptFailure}; the request loop (./request) catches it. */
export const fail = (kind: ServiceErrorKind, facts?: FailureFacts): never => {
  throw new AttemptFailure(kind, facts);
};

/** Ends an attempt on an answer that is not the record it should be: `problem` says how. */
export const malformed = (problem: string, said?: string): never => fail('malformed', { detail: problem, said });

/**
 * The message of a failure of each kind, after `GET <url>: `, for the developer; `detail` as
 * {@link FailureFacts} says. (What a widget says to a visitor is its own table, in the catalogue:
 * src/widgets/messages.ts.)
 */
const MESSAGES: { readonly [K in ServiceErrorKind]: (detail?: string | number) => string } = {
  http: (status) => `HTTP ${status}`,
  malformed: (problem) => `malformed response: ${problem}`,
  network: (how) => `could not reach the service (connection failed${how})`,
  unreachable: () => 'could not reach the service: check baseUrl (host, port)',
  // The browser cannot tell these causes apart (./probe), so the message names both, likeliest first.
  refused: () =>
    `the service refused this page. Most likely the API key does not allow origin${pageOrigin()}: add it in the developer portal, or use a proxy. Otherwise the key is wrong or missing: check apiKey`,
  blocked: () => 'blocked by CSP: add the service to connect-src',
  'not-service': () => 'no service at baseUrl (404): check its path',
  'proxy-upstream': () => "the proxy's upstream is not the service (404): check the proxy's upstream option",
  'invalid-key': () => 'invalid API key',
  quota: (resetAt) => `quota used up until ${new Date(Number(resetAt)).toISOString()}`,
  timeout: (ms) => `timed out after ${ms} ms`,
  'too-large': (bytes) => `response too large (over ${bytes} bytes)`,
  redirect: () => 'redirect not followed',
};

/**
 * The one place a client failure becomes a `ServiceError`: `GET <url>: <what happened>`.
 * `status` is the answer's HTTP status, or 0 when none arrived.
 */
export const serviceError = (url: string, status: number, { kind, detail, said, cause }: AttemptFailure): ServiceError =>
  new ServiceError(status, `GET ${url}: ${said || MESSAGES[kind](detail)}`, {
    kind,
    cause,
    retryAt: kind == 'quota' ? Number(detail) : undefined,
  });
