import { ServiceError, type ServiceErrorKind } from '../errors';
import { importFailureMessage } from '../chunks/loaders';

/** What an {@link AttemptFailure} says besides its kind. */
export interface FailureFacts {
  /**
   * What its message needs (see ./failure-message): the status (`http`), the problem
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
 * The message of a failure, after `GET <url>: `, for the developer: the status, the reset, or
 * the visitor's sentence as a clause with the page's origin and the detail in it
 * (./failure-message, a chunk loaded by the first failure that needs it). Where that chunk cannot
 * load (a copy of dist/ without it, the visitor offline), the kind names the failure instead.
 */
const message = async (kind: ServiceErrorKind, detail?: string | number): Promise<string> =>
  kind == 'http'
    ? `HTTP ${detail}`
    : kind == 'quota'
      ? `quota used up until ${new Date(Number(detail)).toISOString()}`
      : importFailureMessage().then(
          ({ failureClause }) => failureClause(kind, detail),
          () => `failed (${kind})`,
        );

/**
 * The one place a client failure becomes a `ServiceError`: `GET <url>: <what happened>`. Async,
 * as the words of most failures are a chunk ({@link message}).
 * `status` is the answer's HTTP status, or 0 when none arrived.
 */
export const serviceError = async (url: string, status: number, { kind, detail, said, cause }: AttemptFailure): Promise<ServiceError> =>
  new ServiceError(status, `GET ${url}: ${said || (await message(kind, detail))}`, {
    kind,
    cause,
    retryAt: kind == 'quota' ? Number(detail) : undefined,
  });
