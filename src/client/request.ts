import type { ResolvedClientOptions } from './options';
import { abortError, ServiceError, type ServiceErrorKind } from './service-error';
import { ShapeError, type Validator } from './validate';
import type { Adapter } from './wire';

/**
 * Statuses worth another try: rate limiting and the gateway errors that mean "try later".
 * A 500 is a bug on the server and other 4xx are our fault; repeating them changes nothing.
 */
const RETRY_STATUSES = /* @__PURE__ */ new Set([429, 502, 503, 504]);

/** The longest wait between attempts, whatever the backoff or the server asks for. */
export const MAX_WAIT_MS = 10000;

const BACKOFF_BASE_MS = 300;

/**
 * A network failure is retried once at most: in a browser it is also what a refused origin
 * looks like (the service answers 403 without CORS headers), and that does not pass.
 */
const NETWORK_RETRIES = 1;

/** Exponential backoff with jitter, so widgets that failed together do not retry together. */
const backoff = (attempt: number): number => Math.min(MAX_WAIT_MS, BACKOFF_BASE_MS * 2 ** attempt) * (0.5 + Math.random() / 2);

/**
 * How long the server asks us to wait, in ms, or undefined when it does not say in a way we
 * can read: `Retry-After` (seconds or an HTTP date), else `X-RateLimit-Reset` (epoch ms, as
 * the service sends on 429). A browser can read neither cross-origin.
 */
const serverWaitMs = (headers: Headers): number | undefined => {
  const retryAfter = headers.get('retry-after')?.trim();
  const reset = headers.get('x-ratelimit-reset')?.trim();
  const at = retryAfter
    ? /^\d+$/.test(retryAfter)
      ? Date.now() + +retryAfter * 1000
      : Date.parse(retryAfter)
    : reset && /^\d+$/.test(reset)
      ? +reset
      : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
};

/** Timers hold at most 2^31 - 1 ms; a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
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

/** The service's own words: `message`, else `error` (its CORS refusal), else undefined. */
const messageOf = (body: unknown): string | undefined => {
  for (const field of ['message', 'error']) {
    const text = (body as Record<string, unknown> | null)?.[field];
    if (typeof text == 'string' && text.trim()) return text.length > 300 ? text.slice(0, 300) + '…' : text;
  }
  return undefined;
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const tooLarge = (url: string, limit: number): ServiceError =>
  new ServiceError(0, `The response from ${url} is too large (response too large: more than ${limit} bytes)`, 'too-large');

/**
 * Reads a body as text, counting bytes as they arrive (after decompression), and stops at
 * `limit`: a small compressed answer can unpack to gigabytes. Past the limit it throws and
 * leaves the stream to the caller, who aborts the request: that stops the download and
 * errors the stream, where cancelling the reader first would leave a decoder still pushing
 * into a closed stream in some fetch implementations.
 */
const readBody = async (response: Response, limit: number, url: string): Promise<string> => {
  if (Number(response.headers.get('content-length')) > limit) throw tooLarge(url, limit);
  const reader = response.body?.getReader();
  if (!reader) {
    const text = await response.text();
    if (new TextEncoder().encode(text).byteLength > limit) throw tooLarge(url, limit);
    return text;
  }
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) throw tooLarge(url, limit);
    text += decoder.decode(value, { stream: true });
  }
};

/** What one attempt produced: an answer, or a failure and whether another try may help. */
type Attempt = { status: number; headers: Headers; text: string } | { failure: ServiceError; retry: boolean };

/** The message of an error and of its causes, for telling a redirect or header refusal apart. */
const describe = (error: unknown): string => {
  const parts: string[] = [];
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as Error).message == 'string') parts.push((e as Error).message);
  }
  return parts.join(': ');
};

const redirected = (url: string, cause?: unknown): ServiceError =>
  new ServiceError(
    0,
    `The service at ${url} answered with a redirect, which repkit does not follow: the API key goes to baseUrl only`,
    'refused',
    cause,
  );

/** Turns a `fetch` rejection into a failure, deciding by its cause whether to try again. */
const fetchFailure = (error: unknown, url: string, answered: boolean): Attempt => {
  const detail = describe(error);
  if (/redirect/i.test(detail)) {
    return { failure: redirected(url, error), retry: false };
  }
  if (/header/i.test(detail)) {
    return {
      failure: new ServiceError(0, `The browser refused to send the request to ${url} (${detail})`, 'network', error),
      retry: false,
    };
  }
  const origin = globalThis.location?.origin;
  const reason = answered ? 'the connection closed before the response was complete' : detail || 'no response';
  const failure = new ServiceError(
    0,
    `Network error: could not reach the service at ${url} (${reason}). If the service is up, it may have refused this site's origin${origin && origin != 'null' ? ` (${origin})` : ''} for the API key.`,
    'network',
    error,
  );
  return { failure, retry: true };
};

/** One GET with its own timeout. Rejects only with the caller's abort reason. */
const attempt = async (options: ResolvedClientOptions, url: string, timeoutMs: number, signal: AbortSignal): Promise<Attempt> => {
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
      headers: options.apiKey === undefined ? { Accept: 'application/json' } : { 'X-API-Key': options.apiKey, Accept: 'application/json' },
      credentials: 'omit',
      // The key goes to baseUrl's origin only: a redirect is not followed but refused below.
      // (With 'error', Chromium rejects with a bare "Failed to fetch", like a network failure.)
      redirect: 'manual',
      signal: controller.signal,
    });
    if (response.type == 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      return { failure: redirected(url), retry: false };
    }
    const text = await readBody(response, options.maxResponseBytes, url);
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (signal.aborted) throw abortError(signal);
    if (error instanceof ServiceError) {
      controller.abort(); // stop the download the size cap cut short
      return { failure: error, retry: false };
    }
    if (timedOut) {
      return { failure: new ServiceError(0, `Request to ${url} timed out after ${timeoutMs} ms`, 'timeout', error), retry: false };
    }
    return fetchFailure(error, url, response !== undefined);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
};

/**
 * Reads one record: GET `path` with a timeout per attempt, retries with capped backoff, and
 * a bound on the whole call (twice `timeoutMs`); then unwraps the `{ success, data }`
 * envelope, maps the service's names to the public ones (`adapt`) and checks the record.
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
    const timeLeft = deadline - Date.now();
    const result = await attempt(options, url, Math.max(1, Math.min(options.timeoutMs, timeLeft)), signal);
    /** Waits and returns true when another attempt is allowed and worth it. */
    const again = async (wait: number): Promise<boolean> => {
      if (tries >= options.retries || wait > MAX_WAIT_MS || Date.now() + wait >= deadline) return false;
      await sleep(wait, signal);
      return true;
    };

    if ('failure' in result) {
      const networkRetry = result.failure.kind == 'network' && ++networkFailures <= NETWORK_RETRIES;
      if (result.retry && networkRetry && (await again(backoff(tries)))) continue;
      throw result.failure;
    }

    const { status, headers, text } = result;
    const body = parse(text);
    const fail = (kind: ServiceErrorKind, message: string): never => {
      throw new ServiceError(status, message, kind);
    };
    if (status < 200 || status > 299) {
      if (RETRY_STATUSES.has(status) && (await again(serverWaitMs(headers) ?? backoff(tries)))) continue;
      fail('http', messageOf(body) ?? `The service answered ${url} with status ${status}`);
    }

    if (body === null || typeof body != 'object')
      fail('malformed', `malformed response: ${text.trim() ? 'the body is not JSON' : 'the body is empty'}`);
    const envelope = body as { success?: unknown; data?: unknown };
    // A failure reported inside a 200 is not an answer a widget can show.
    if (envelope.success === false) fail('malformed', messageOf(body) ?? 'The service reported a failure');
    if (envelope.data == null) fail('malformed', 'malformed response: data is missing');
    const data = adapt(envelope.data);
    try {
      validate(data, '');
    } catch (error) {
      if (error instanceof ShapeError) fail('malformed', `malformed response: ${error.message}`);
      throw error;
    }
    return data as T;
  }
};
