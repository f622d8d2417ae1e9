/**
 * A `fetch` that behaves like a server-side caller (Node, a proxy): no `Origin`, no
 * `Referer`, no CORS preflight. happy-dom's global `fetch` plays a page on
 * http://localhost:3000, so the sandbox treats its requests as a browser's (an invalid key is
 * the 403 CORS refusal); pass this as a client's `fetch` option to reach the answers the
 * service gives servers (the three 401 texts). Not a test file.
 *
 * Plain http only, no decompression (it asks for none), and `redirect: 'error'` like the
 * client. Enough for the sandbox; not a general fetch.
 */
import http from 'node:http';

export const serverSideFetch = ((input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> =>
  new Promise((resolve, reject) => {
    const url = typeof input == 'string' ? input : input instanceof URL ? input.href : input.url;
    const signal = init.signal ?? undefined;
    const abortError = () =>
      signal?.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) return reject(abortError());
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const req = http.request(url, { method: init.method ?? 'GET', headers }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && init.redirect == 'error') {
        res.resume();
        return reject(new TypeError(`fetch failed: redirected to ${res.headers.location}`));
      }
      const responseHeaders = new Headers();
      for (const [key, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          res.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
          res.on('end', () => controller.close());
          res.on('error', (e) => controller.error(e));
        },
        cancel() {
          res.destroy();
        },
      });
      resolve(new Response(status == 204 || status == 304 ? null : body, { status, headers: responseHeaders }));
    });
    req.on('error', (e) => reject(signal?.aborted ? abortError() : new TypeError('fetch failed', { cause: e })));
    signal?.addEventListener('abort', () => req.destroy(abortError()), { once: true });
    req.end();
  })) as typeof fetch;
