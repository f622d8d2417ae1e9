import { unwrap } from './envelope';
import { isFailure, serviceError } from './failure';
import type { ResolvedClientOptions } from './options';
import { rateLimitWait } from './rate-limit';
import { nextDelay } from './retry';
import { batchedGet } from './batch';
import { sleep, type Answer } from './transport';
import { check, type Validator } from './validate';
import { fromWire } from './wire';

/**
 * Reads one record: GET `path` with a timeout per attempt (./transport; through a proxy, in
 * a batch with the page's other requests: ./batch), retried as
 * ./retry decides within a bound on the whole call (twice `timeoutMs`); then unwraps the
 * envelope (./envelope), adapts what the service sends (./wire) and
 * checks the record (./validate). Each of those steps throws a `Failure` (./failure) to end
 * the attempt; a failure that is not retried becomes the call's `ServiceError` there.
 */
export const request = async <T>(
  options: ResolvedClientOptions,
  path: string,
  rule: Validator<T>,
  signal: AbortSignal,
  key?: string,
): Promise<T> => {
  const url = options.baseUrl + path;
  const deadline = Date.now() + 2 * options.timeoutMs;
  for (let tries = 0, networkFailures = 0; ; tries++) {
    let answer: Answer | undefined;
    try {
      answer = await batchedGet(options, url, Math.max(1, Math.min(options.timeoutMs, deadline - Date.now())), signal);
      const data = unwrap(answer[0], answer[1]);
      fromWire(data, key);
      if (check(rule, data)) return data;
    } catch (failure) {
      if (!isFailure(failure)) throw failure;
      const [kind] = failure;
      const status = answer?.[0] ?? 0;
      if (kind == 'network') networkFailures++;
      const wait = nextDelay(
        kind,
        status,
        answer && rateLimitWait(answer[2], answer[1], Date.now()),
        tries,
        options.retries,
        networkFailures,
        deadline - Date.now(),
        Math.random(),
      );
      if (wait === undefined) throw serviceError(url, status, failure);
      await sleep(wait, signal);
    }
  }
};
