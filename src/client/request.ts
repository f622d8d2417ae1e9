import { unwrap } from './envelope';
import { serviceError, type Failure } from './failure';
import type { ResolvedClientOptions } from './options';
import { rateLimitWait } from './rate-limit';
import { nextDelay } from './retry';
import { get, sleep } from './transport';
import { ShapeError, type Validator } from './validate';
import type { Adapter } from './wire';

/**
 * Reads one record: GET `path` with a timeout per attempt (./transport), retried as
 * ./retry decides within a bound on the whole call (twice `timeoutMs`); then unwraps the
 * envelope (./envelope), maps the service's names to the public ones (`adapt`) and checks
 * the record (./validate). Every failure becomes a `ServiceError` in ./failure.
 */
export const request = async <T>(
  options: ResolvedClientOptions,
  path: string,
  adapt: Adapter,
  validate: Validator<T>,
  signal: AbortSignal,
): Promise<T> => {
  const url = options.baseUrl + path;
  const deadline = Date.now() + 2 * options.timeoutMs;
  let networkFailures = 0;
  for (let tries = 0; ; tries++) {
    const answer = await get(options, url, Math.max(1, Math.min(options.timeoutMs, deadline - Date.now())), signal);
    const status = 'status' in answer ? answer.status : 0;
    const result = 'kind' in answer ? answer : unwrap(answer);
    let failure: Failure;
    if ('data' in result) {
      const data = adapt(result.data);
      try {
        validate(data, '');
        return data as T;
      } catch (error) {
        if (!(error instanceof ShapeError)) throw error;
        failure = { kind: 'malformed', problem: error.message };
      }
    } else failure = result;
    if (failure.kind == 'network') networkFailures++;
    const wait = nextDelay(
      failure.kind,
      status,
      'kind' in answer ? undefined : rateLimitWait(answer.headers, answer.text, Date.now()),
      tries,
      options.retries,
      networkFailures,
      deadline - Date.now(),
      Math.random(),
    );
    if (wait === undefined) throw serviceError(url, status, failure);
    await sleep(wait, signal);
  }
};
