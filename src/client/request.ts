import type { ResolvedClientOptions } from './options';
import { abortError, ServiceError } from './service-error';
import { ShapeError, type Validator } from './validate';

/**
 * Statuses worth another try: rate limiting and the gateway errors that mean "try later".
 * A 500 is a bug on the server and other 4xx are our fault; repeating them changes nothing.
 */
const RETRY_STATUSES = /* @__PURE__ */ new Set([429, 502, 503, 504]);

/** The longest `Retry-After` we wait for; a longer one fails at once rather than stall a page. */
export const MAX_RETRY_AFTER_MS = 10000;

const BACKOFF_BASE_MS = 300;

/** Exponential backoff with jitter, so many widgets that failed together do not retry together. */
const backoff = (attempt: number): number => BACKOFF_BASE_MS * 2 ** attempt * (0.5 + Math.random() / 2);

/** `Retry-After` in ms (seconds or an HTTP date), or undefined when absent or unreadable. */
const retryAfterMs = (response: Response): number | undefined => {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? +header * 1000 : Date.parse(header) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
};

/** Timers hold at most 2^31 - 1 ms; a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, Math.min(ms, MAX_TIMER_MS));
    signal.addEventListener('abort', stop, { once: true });
  });

const messageOf = (body: unknown): string | undefined => {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message == 'string' && message.trim() ? message : undefined;
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Reads one record: GET `path`, with a timeout per attempt and retries, then unwraps the
 * `{ success, data }` envelope and checks `data` against `validate`.
 */
export const request = async <T>(
  options: ResolvedClientOptions,
  path: string,
  validate: Validator<T>,
  signal: AbortSignal,
): Promise<T> => {
  const url = options.baseUrl + path;
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const cancel = () => controller.abort();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, Math.min(options.timeoutMs, MAX_TIMER_MS));
    signal.addEventListener('abort', cancel);

    let status = 0;
    let text: string;
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, {
        headers: { 'X-API-Key': options.apiKey, Accept: 'application/json' },
        credentials: 'omit',
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw abortError();
      if (timedOut) throw new ServiceError(0, `Request to ${url} timed out after ${options.timeoutMs} ms`);
      const reason = status ? 'the connection closed before the response was complete' : (error as Error)?.message || 'no response';
      const failure = new ServiceError(0, `Network error: could not reach the service at ${url} (${reason})`);
      if (attempt >= options.retries) throw failure;
      await sleep(backoff(attempt), signal);
      continue;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', cancel);
    }

    // The caller may have left while the body arrived: never hand back (or cache) that answer.
    if (signal.aborted) throw abortError();
    const body = parse(text);
    if (!response.ok) {
      const wait = retryAfterMs(response) ?? backoff(attempt);
      if (RETRY_STATUSES.has(status) && attempt < options.retries && wait <= MAX_RETRY_AFTER_MS) {
        await sleep(wait, signal);
        continue;
      }
      throw new ServiceError(status, messageOf(body) ?? `The service answered ${url} with status ${status}`);
    }

    const fail = (what: string): never => {
      throw new ServiceError(status, `malformed response: ${what}`);
    };
    if (body === null || typeof body != 'object') fail(text.trim() ? 'the body is not JSON' : 'the body is empty');
    const envelope = body as { success?: unknown; data?: unknown };
    if (envelope.success === false) throw new ServiceError(status, messageOf(body) ?? 'The service reported a failure');
    if (envelope.data == null) fail('data is missing');
    try {
      validate(envelope.data, '');
    } catch (error) {
      if (error instanceof ShapeError) fail(error.message);
      throw error;
    }
    return envelope.data as T;
  }
};
