import { AttemptFailure, fail } from './failure';
import type { ResolvedClientOptions } from './options';
import { abortError } from './abort-error';

/** An HTTP answer, read whole: any status but a redirect. */
export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
}

/**
 * Waits `ms`; rejects with the caller's abort reason as soon as `signal` aborts. Timers hold
 * at most 2^31 - 1 ms, and no delay here comes near: a wait is at most `MAX_WAIT_MS`
 * (./retry) and an attempt's timeout at most `timeoutMs`'s bound (./options).
 */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * Reads a body as text, counting bytes as they arrive (after decompression); fails as
 * `too-large` past `limit`, since a small compressed answer can unpack to gigabytes. It then
 * leaves the stream to the caller, who aborts the request: that stops the download and errors
 * the stream, where cancelling the reader first would leave a decoder still pushing into a
 * closed stream in some fetch implementations.
 */
const readBody = async (response: Response, limit: number): Promise<string> => {
  const tooLarge = () => fail('too-large', { detail: limit });
  if (Number(response.headers.get('content-length')) > limit) tooLarge();
  const reader = response.body?.getReader();
  if (!reader) {
    const text = await response.text();
    return new TextEncoder().encode(text).byteLength > limit ? tooLarge() : text;
  }
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    if ((size += value.byteLength) > limit) tooLarge();
    text += decoder.decode(value, { stream: true });
  }
};

/**
 * One GET with its own timeout: the answer's status, text and headers, or a thrown failure
 * (./failure) saying which kind. A `fetch` rejection is a network failure whatever its
 * text: fetch gives no typed reason, and the headers sent are checked when the client is made.
 * A caller's abort rejects with the abort error.
 */
export const get = async (options: ResolvedClientOptions, url: string, timeoutMs: number, signal: AbortSignal): Promise<Answer> => {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  let timedOut = false;
  // A plain timer, cleared when the attempt ends: a request is the one thing every widget
  // does, so it holds no promise or listener of its own for its deadline.
  const deadline = setTimeout(() => {
    timedOut = true;
    cancel();
  }, timeoutMs);
  signal.addEventListener('abort', cancel);
  let response: Response | undefined;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: { Accept: 'application/json', ...(options.apiKey !== undefined && { 'X-API-Key': options.apiKey }) },
      credentials: 'omit',
      // The key goes to baseUrl's origin only: a redirect is not followed but refused.
      // (With 'error', Chromium rejects with a bare "Failed to fetch", like a network failure.)
      redirect: 'manual',
      signal: controller.signal,
    });
    const { status } = response;
    if (response.type == 'opaqueredirect' || (status > 299 && status < 400)) fail('redirect');
    return { status, text: await readBody(response, options.maxResponseBytes), headers: response.headers };
  } catch (error) {
    // Nothing more is read: this stops a download the size cap cut short. (An answer read
    // whole has nothing left to stop, and aborting it would only build an AbortError.)
    cancel();
    if (signal.aborted) throw abortError(signal);
    if (error instanceof AttemptFailure) throw error;
    return timedOut
      ? fail('timeout', { detail: timeoutMs, cause: error })
      : fail('network', { detail: response ? ' before the response was complete' : '', cause: error });
  } finally {
    clearTimeout(deadline);
    signal.removeEventListener('abort', cancel);
  }
};

/** A GET as {@link get} makes it. */
export type Get = typeof get;
