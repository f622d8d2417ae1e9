import { unwrap } from './envelope';
import { AttemptFailure, serviceError } from './failure';
import { importProbe, importRateLimit } from '../chunks/loaders';
import { gate, gateKey } from './quota';
import type { ResolvedClientOptions } from './options';
import { nextDelay, RETRY_STATUSES } from './retry';
import { send } from './send';
import { sleep, type Answer } from './transport';
import { check, type Rule } from './validate';
import { fromWire } from './wire';

/**
 * How long `answer` asks its caller to wait before asking again (./rate-limit, a chunk: only an
 * answer that may say so is read for it); undefined when it does not say, or when the chunk
 * cannot load (the backoff then decides alone).
 */
const serverWaitOf = ({ headers, text }: Answer): Promise<number | undefined> =>
  importRateLimit().then(
    ({ rateLimitWait }) => rateLimitWait(headers, text, Date.now()),
    () => undefined,
  );

/**
 * Reads one record: GET `path` with a timeout per attempt (./send: on its own with a key, else in
 * a batch with the page's other requests to the same proxy), retried as
 * ./retry decides within a bound on the whole call (twice `timeoutMs`); then unwraps the
 * envelope (./envelope), adapts what the service sends (./wire) and
 * checks the record (./validate). Each of those steps throws an `AttemptFailure` (./failure) to end
 * the attempt; a failure that is not retried becomes the call's `ServiceError` there.
 * Nothing is sent while the quota gate (./quota) of this base URL and key is closed: the call
 * then rejects at once (`quota`), and a 429 that says when the quota resets closes it. In a
 * page, when the caller gave no `fetch` of its own, a request that got no answer at all is told
 * apart (./probe).
 */
export const request = async <T>(
  options: ResolvedClientOptions,
  path: string,
  rule: Rule<T>,
  signal: AbortSignal,
  key?: string,
): Promise<T> => {
  const url = options.baseUrl + path;
  const deadline = Date.now() + 2 * options.timeoutMs;
  const gateName = gateKey(options.baseUrl, options.apiKey);
  for (let tries = 0, networkFailures = 0; ; tries++) {
    let answer: Answer | undefined;
    const opensAt = gate(gateName);
    if (opensAt) throw await serviceError(url, 429, new AttemptFailure('quota', { detail: opensAt }));
    try {
      answer = await send(options, url, Math.max(1, Math.min(options.timeoutMs, deadline - Date.now())), signal);
      const data = unwrap(answer.status, answer.text);
      fromWire(data, key);
      return check(rule, data);
    } catch (thrown) {
      if (!(thrown instanceof AttemptFailure)) throw thrown;
      let failure = thrown;
      const { kind, detail, said, cause } = failure;
      const status = answer?.status ?? 0;
      if (kind == 'network') networkFailures++;
      const serverWait = answer && (RETRY_STATUSES.includes(status) || kind == 'quota') ? await serverWaitOf(answer) : undefined;
      // A 429 (or a proxy's word that the quota is spent) that says when it resets closes the gate until then.
      const reset = (status == 429 || kind == 'quota') && gate(gateName, Date.now() + (serverWait ?? 0));
      const wait = nextDelay({
        $kind: kind,
        $status: status,
        $serverWaitMs: serverWait,
        $tries: tries,
        $retries: options.retries,
        $networkFailures: networkFailures,
        $timeLeftMs: deadline - Date.now(),
        $random: Math.random(),
      });
      if (wait === undefined) {
        if (reset) failure = new AttemptFailure('quota', { detail: reset, said });
        // A proxy's quota answer whose time this page cannot read is an answer like any other.
        else if (kind == 'quota') failure = new AttemptFailure('http', { detail: status, said });
        // No answer at all (a network failure's detail says how far an answer had come): in a
        // page, why (the rejection does not say), by the probe's chunk; a page that cannot load
        // it either is taken to be cut off from the network.
        else if (kind == 'network' && !detail && globalThis.document && !options.fetch)
          failure = new AttemptFailure(
            await importProbe()
              .then(({ whyUnread }) => whyUnread(url, signal, sleep))
              .catch((error: unknown) => {
                // The caller's abort stays an abort; a chunk that cannot load (or is not the
                // probe) leaves the likeliest cause.
                if (signal.aborted) throw error;
                return 'unreachable' as const;
              }),
            { cause },
          );
        throw await serviceError(url, status, failure);
      }
      await sleep(wait, signal);
    }
  }
};
