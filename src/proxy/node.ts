/// <reference types="node" />
/**
 * `repkit/proxy/node`: serves a fetch handler (such as {@link createProxy}'s) from `node:http`.
 * Kept apart from `repkit/proxy` so that the edge entry imports nothing from `node:`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** What {@link toNodeListener} passes a handler besides the request. */
export interface NodeRequestContext {
  /** The socket's peer address (`::ffff:203.0.113.7`, `2001:db8::1`): who sent the request, for `createProxy`'s `clientBudget`. */
  clientAddress?: string;
}

/** A fetch handler: what {@link toNodeListener} serves. */
export type FetchHandler = (request: Request, context: NodeRequestContext) => Promise<Response> | Response;

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /**
   * Compress answers above 1 kB with gzip when the client accepts it, as edge platforms do by
   * themselves. Default `true`.
   */
  compress?: boolean;
}

/** Answers larger than this are compressed. */
const GZIP_THRESHOLD = 1024;

/** Whether an Accept-Encoding value accepts gzip (`q=0` refuses). */
const acceptsGzip = (value: string | undefined): boolean =>
  !!value &&
  value.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() != 'gzip' && name.trim() != '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });

/** The fetch `Request` for a Node request. Bodies are not read: the proxy answers GET only. */
const toRequest = (req: IncomingMessage, signal: AbortSignal, method = req.method ?? 'GET'): Request => {
  const host = typeof req.headers.host == 'string' && /^[\w.:[\]-]+$/.test(req.headers.host) ? req.headers.host : 'localhost';
  // The request target is a path: parsed as a URL reference, `//evil.test/…` or `/\evil.test/…`
  // would name another host, and the handler would take that origin for its own (docs/proxy.md,
  // "Security"). So the origin comes from Host alone and the target is set as path and query.
  const url = new URL(`http://${host}`);
  const target = req.url && req.url.startsWith('/') ? req.url : '/';
  const query = target.indexOf('?');
  url.pathname = query < 0 ? target : target.slice(0, query);
  if (query >= 0) url.search = target.slice(query);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // A header value fetch refuses (control characters): the handler never needs it.
    }
  }
  // A GET with a body cannot be built; other methods are refused by the proxy anyway.
  return new Request(url, { method, headers, signal });
};

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

const internalError = (): Response => new Response(JSON.stringify({ message: 'Internal error' }), { status: 500, headers: JSON_HEADERS });

/** Methods a fetch handler may serve, for a 405's `Allow` when the handler names none. */
const COMMON_METHODS = 'GET, HEAD, OPTIONS';

/** The answer to a method that `Request` cannot carry, from what the handler answers OPTIONS for the same URL. */
const refusedMethod = async (handler: FetchHandler, req: IncomingMessage, signal: AbortSignal): Promise<Response> => {
  const probe = await handler(toRequest(req, signal, 'OPTIONS'), { clientAddress: req.socket.remoteAddress });
  await probe.body?.cancel().catch(() => undefined);
  if (probe.status == 404) return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404, headers: JSON_HEADERS });
  const allow = probe.headers.get('Allow') ?? COMMON_METHODS;
  return new Response(JSON.stringify({ message: 'Method Not Allowed' }), { status: 405, headers: { ...JSON_HEADERS, Allow: allow } });
};

/**
 * A `node:http` request listener that serves `handler`:
 * `http.createServer(toNodeListener(createProxy({ apiKey })))`. Request bodies are drained
 * and not passed on (the proxy answers GET, HEAD and OPTIONS only). The handler's second
 * argument carries the socket's address (`clientAddress`), which a fetch `Request` cannot. A
 * handler that throws
 * gives 500; a client that goes away aborts the request's `signal`. A method that `Request`
 * refuses (CONNECT, TRACE, TRACK) never reaches the handler: it gets 405 with the `Allow` of
 * the handler's answer to OPTIONS for that URL, or 404 when that answer is a 404.
 */
export function toNodeListener(
  handler: FetchHandler,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const compress = options.compress ?? true;
  return (req, res) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    req.resume();
    void (async () => {
      let request: Request | undefined;
      try {
        request = toRequest(req, controller.signal);
      } catch {
        // `Request` refuses some methods (CONNECT, TRACE, TRACK): no fetch handler can be asked
        // them. They get the 405 that a method the handler does not serve gets, with the methods
        // the handler names for this URL in its answer to OPTIONS (404 where it has no such URL).
      }
      let response: Response;
      try {
        response = request
          ? await handler(request, { clientAddress: req.socket.remoteAddress })
          : await refusedMethod(handler, req, controller.signal);
      } catch {
        response = internalError();
      }
      if (res.destroyed) return;
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      let body = req.method == 'HEAD' || response.body === null ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
      // Images other than SVG (the share card's PNG) are compressed already.
      const compressible = !/^image\/(?!svg)/.test(headers['content-type'] ?? '');
      if (compress && compressible && body.length > GZIP_THRESHOLD && !headers['content-encoding']) {
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
        if (acceptsGzip(req.headers['accept-encoding'])) {
          body = gzipSync(body);
          headers['content-encoding'] = 'gzip';
        }
      }
      if (req.method != 'HEAD' && response.status != 204 && response.status != 304) headers['content-length'] = String(body.length);
      res.writeHead(response.status, headers);
      res.end(body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}
