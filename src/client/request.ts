import { unwrap } from './envelope';
import { isFailure, serviceError, type Failure } from './failure';
import { importProbe } from '../chunks/loaders';
import { gate, gateKey } from './quota';
import type { ResolvedClientOptions } from './options';
import { rateLimitWait } from './rate-limit';
import { nextDelay } from './retry';
import { send } from './send';
import { sleep, type Answer } from './transport';
import { check, type Validator } from './validate';
import { fromWire } from './wire';

/**
 * Reads one record: GET `path` with a timeout per attempt (./send: on its own with a key, else in
 * a batch with the page's other requests to the same proxy), retried as
 * ./retry decides within a bound on the whole call (twice `timeoutMs`); then unwraps the
 * envelope (./envelope), adapts what the service sends (./wire) and
 * checks the record (./validate). Each of those steps throws a `Failure` (./failure) to end
 * the attempt; a failure that is not retried becomes the call's `ServiceError` there.
 * Nothing is sent while the quota gate (./quota) of this base URL and key is closed: the call
 * then rejects at once (`quota`), and a 429 that says when the quota resets closes it. In a
 * page, when the caller gave no `fetch` of its own, a request that got no answer at all is told
 * apart (./probe).
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
  const gateName = gateKey(options.baseUrl, options.apiKey);
  for (let tries = 0, networkFailures = 0; ; tries++) {
    let answer: Answer | undefined;
    const opensAt = gate(gateName);
    if (opensAt) throw serviceError(url, 429, ['quota', opensAt]);
    try {
      answer = await send(options, url, Math.max(1, Math.min(options.timeoutMs, deadline - Date.now())), signal);
      const data = unwrap(answer[0], answer[1]);
      fromWire(data, key);
      if (check(rule, data)) return data;
    } catch (thrown) {
      if (!isFailure(thrown)) throw thrown;
      let failure: Failure = thrown;
      const [kind, answered, said] = failure;
      const status = answer?.[0] ?? 0;
      if (kind == 'network') networkFailures++;
      const serverWait = answer && rateLimitWait(answer[2], answer[1], Date.now());
      // A 429 that says when the quota resets closes the gate until then.
      const reset = status == 429 && gate(gateName, Date.now() + (serverWait ?? 0));
      const wait = nextDelay(kind, status, serverWait, tries, options.retries, networkFailures, deadline - Date.now(), Math.random());
      if (wait === undefined) {
        if (reset) failure = ['quota', reset, said];
        // No answer at all: in a page, why (the rejection does not say), by the probe's chunk; a
        // page that cannot load it either is taken to be cut off from the network.
        else if (kind == 'network' && !answered && globalThis.document && !options.fetch)
          failure = [
            await importProbe()
              .then(({ whyUnread }) => whyUnread(url, signal, sleep))
              .catch((error: unknown) => {
                // The caller's abort stays an abort; a chunk that cannot load (or is not the
                // probe) leaves the likeliest cause.
                if (signal.aborted) throw error;
                return 'unreachable' as const;
              }),
            0,
            0,
            failure[3],
          ];
        throw serviceError(url, status, failure);
      }
      await sleep(wait, signal);
    }
  }
};
