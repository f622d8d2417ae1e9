import type { AttemptFailure } from './failure';
import type { ResolvedClientOptions } from './options';
import type { Answer, Get } from './transport';

/**
 * One request for a page of widgets (docs/proxy.md, "One request for a page of widgets"): a chunk
 * (../chunks) that ./send loads the first time a client without `apiKey` sends a request. Such
 * a client talks to a proxy (nothing else answers it), so the requests it makes in one
 * task to one `baseUrl` go out together as `GET {baseUrl}/batch?r={path}&r={path}…`, which
 * repkit's proxy answers with `{ parts: [{ status, headers, body }] }`. Each caller gets its own
 * part as the answer of its own GET, so validation, retries and errors stay per caller. Any
 * other answer (a proxy of another kind answers 404) sends those requests one by one instead,
 * and every later one to that `baseUrl` too.
 */

/** The most parts in one batch; the proxy refuses more (413). */
export const BATCH_MAX_PARTS = 50;

/**
 * The longest batch URL, in characters: the client counts the whole URL, the proxy its path and
 * query (it refuses longer, 414). Most servers and CDNs take 8 kB request lines.
 */
export const BATCH_MAX_URL = 8000;

/** A waiting request: its client's options, URL, time allowed, signal, and how to settle it. */
interface Waiting {
  $options: ResolvedClientOptions;
  $url: string;
  $timeoutMs: number;
  $signal: AbortSignal;
  $resolve: (answer: Answer) => void;
  $reject: (error: unknown) => void;
}

/**
 * What the batcher uses of the code that loads it, passed in rather than imported: this module is
 * a file of its own in the script-tag builds (../chunks/loaders.script), which must not carry a
 * second copy of the client.
 */
export interface BatchingNeeds {
  /** One GET on its own (./transport's `get`). */
  get: Get;
  /** The error a caller's abort rejects with (./abort-error). */
  abortError: (signal: AbortSignal) => unknown;
  /** What ends an attempt (./failure): the batcher makes some and reads a failed batch's. */
  AttemptFailure: typeof AttemptFailure;
}

/**
 * The largest batch answer read, in bytes: the most any client may allow for one answer
 * (../util/option-checks's `BODY_BOUNDS.max`; test/client/batch.test.ts checks they agree).
 * Each part is then held to its own client's limit.
 */
export const BATCH_MAX_BYTES = 50_000_000;

/**
 * A sender in the place of `get`: `get` itself for a client with a key, batches for the others.
 * Each call has a queue and a list of proxies that do not batch of its own.
 */
export const batching = ({ get, abortError, AttemptFailure }: BatchingNeeds): Get => {
  /** Base URLs whose proxy does not batch: their requests go one by one. */
  const single = new Set<string>();

  /** Requests made in this task by clients without a key; sent when it ends. */
  let queue: Waiting[] | undefined;

  /** A request on its own, in the time it has left of `timeoutMs` since `started`. */
  const alone = (waiting: Waiting, started: number): void => {
    const { $signal: signal } = waiting;
    if (!signal.aborted) {
      get(waiting.$options, waiting.$url, Math.max(1, waiting.$timeoutMs - Date.now() + started), signal).then(
        waiting.$resolve,
        waiting.$reject,
      );
    }
  };

  /**
   * One batch to `options.baseUrl`. Each part is the answer of its caller's GET; a failure of the
   * batch is each caller's, a timeout as it is, anything else by sending each request on its own.
   * It runs to its end even when every caller has gone: the proxy keeps what it fetched.
   */
  const sendBatch = async (options: ResolvedClientOptions, parts: Waiting[], url: string): Promise<void> => {
    const started = Date.now();
    let answers: { status: number; headers?: HeadersInit; body?: unknown }[] | undefined;
    let timedOut = false;
    try {
      const { status, text } = await get(
        { ...options, maxResponseBytes: BATCH_MAX_BYTES },
        url,
        Math.max(...parts.map((p) => p.$timeoutMs)),
        new AbortController().signal,
      );
      // Not JSON, or JSON without parts, throws or reads undefined: either way, not a batch answer.
      answers = status == 200 ? (JSON.parse(text) as { parts?: typeof answers }).parts : undefined;
    } catch (error) {
      timedOut = error instanceof AttemptFailure && error.kind == 'timeout';
    }
    if (answers?.length != parts.length) answers = undefined;
    parts.forEach((part, i) => {
      const answer = answers?.[i];
      if (answer) {
        const limit = part.$options.maxResponseBytes;
        // A part without a body reads as `undefined`, which the checks refuse as not JSON.
        const text = String(JSON.stringify(answer.body));
        try {
          return text.length > limit
            ? part.$reject(new AttemptFailure('too-large', { detail: limit }))
            : part.$resolve({ status: answer.status, text, headers: new Headers(answer.headers) });
        } catch {
          // Headers that are not headers: this part is no answer.
          return part.$reject(new AttemptFailure('malformed', { detail: 'bad headers' }));
        }
      }
      if (timedOut) return part.$reject(new AttemptFailure('timeout', { detail: part.$timeoutMs }));
      // Not a batch answer: this proxy does not batch.
      single.add(options.baseUrl);
      alone(part, started);
    });
  };

  /** Sends the requests of the task that ended: to each proxy in batches within the bounds, a lone one as it is. */
  const flush = (): void => {
    let waiting = (queue ?? []).filter((w) => !w.$signal.aborted);
    queue = undefined;
    for (let first = waiting[0]; first; first = waiting[0]) {
      const options = first.$options;
      const { baseUrl, fetch } = options;
      const parts: Waiting[] = [];
      let url = baseUrl + '/batch';
      for (const w of waiting) {
        // Paths are plain characters and %-escapes (./path): only `%` needs escaping in a query.
        const next = `${url}${parts.length ? '&' : '?'}r=${w.$url.slice(baseUrl.length).replace(/%/g, '%25')}`;
        if (
          w.$options.baseUrl == baseUrl &&
          w.$options.fetch == fetch &&
          parts.length < BATCH_MAX_PARTS &&
          (!parts.length || next.length <= BATCH_MAX_URL)
        ) {
          url = next;
          parts.push(w);
        }
      }
      waiting = waiting.filter((w) => !parts.includes(w));
      if (parts[1]) void sendBatch(options, parts, url);
      else alone(first, Date.now());
    }
  };

  /**
   * One GET of `url`, as `get` answers it: at once for a client with a key, else
   * in the batch of this task's requests to the same proxy.
   */
  const batchedGet: Get = (options, url, timeoutMs, signal) =>
    options.apiKey !== undefined || single.has(options.baseUrl)
      ? get(options, url, timeoutMs, signal)
      : new Promise((resolve, reject) => {
          // A caller that left while this module loaded: nothing to send for it.
          if (signal.aborted) return reject(abortError(signal));
          signal.addEventListener('abort', () => reject(abortError(signal)));
          if (!queue) {
            queue = [];
            setTimeout(flush);
          }
          queue.push({ $options: options, $url: url, $timeoutMs: timeoutMs, $signal: signal, $resolve: resolve, $reject: reject });
        });
  return batchedGet;
};
