import type { Failure } from './failure';
import type { ResolvedClientOptions } from './options';
import { abortError } from './service-error';

/** An HTTP answer, read whole: any status but a redirect. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Timers hold at most 2^31 - 1 ms; a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Waits `ms`; rejects with the caller's abort reason as soon as `signal` aborts. */
export const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', stop);
        resolve();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * Reads a body as text, counting bytes as they arrive (after decompression); undefined past
 * `limit`, since a small compressed answer can unpack to gigabytes. It then leaves the stream
 * to the caller, who aborts the request: that stops the download and errors the stream, where
 * cancelling the reader first would leave a decoder still pushing into a closed stream in
 * some fetch implementations.
 */
const readBody = async (response: Response, limit: number): Promise<string | undefined> => {
  if (Number(response.headers.get('content-length')) > limit) return undefined;
  const reader = response.body?.getReader();
  if (!reader) {
    const text = await response.text();
    return new TextEncoder().encode(text).byteLength > limit ? undefined : text;
  }
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) return undefined;
    text += decoder.decode(value, { stream: true });
  }
};

/**
 * One GET with its own timeout: an answer, or a failure saying which kind. A `fetch`
 * rejection is a network failure whatever its text: fetch gives no typed reason, and the
 * headers sent are checked when the client is made. Rejects only with the caller's abort.
 */
export const get = async (
  options: ResolvedClientOptions,
  url: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Answer | Failure> => {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    Math.min(timeoutMs, MAX_TIMER_MS),
  );
  signal.addEventListener('abort', cancel);
  let response: Response | undefined;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: { Accept: 'application/json', ...(options.apiKey !== undefined && { 'X-API-Key': options.apiKey }) },
      credentials: 'omit',
      // The key goes to baseUrl's origin only: a redirect is not followed but refused below.
      // (With 'error', Chromium rejects with a bare "Failed to fetch", like a network failure.)
      redirect: 'manual',
      signal: controller.signal,
    });
    if (response.type == 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return { kind: 'refused' };
    const text = await readBody(response, options.maxResponseBytes);
    if (text === undefined) {
      controller.abort(); // stop the download the size cap cut short
      return { kind: 'too-large', limit: options.maxResponseBytes };
    }
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (signal.aborted) throw abortError(signal);
    return timedOut
      ? { kind: 'timeout', ms: timeoutMs, cause: error }
      : { kind: 'network', answered: response !== undefined, cause: error };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
};
