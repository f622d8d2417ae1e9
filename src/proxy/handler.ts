import { platformCache, platformCacheOf } from './cache';
import { resolveProxyOptions, type ResolvedProxyOptions } from './options';
import { routeOf, type Route } from './routes';
import type { CachedAnswer, ProxyCache, ProxyContext, ProxyHandler, ProxyOptions } from './types';
import { requestUpstream, type UpstreamResult } from './upstream';

/** An answer that is not cached: a failure of the service, or a 4xx it should not repeat. */
interface Failure {
  status: number;
  body: string;
  /** Seconds, for a `Retry-After` header (the 503 that stands for the service's 429). */
  retryAfter?: number;
}

type Outcome = { ok: true; answer: CachedAnswer } | { ok: false; failure: Failure };

/** Where an answer came from, in the `X-Repkit-Cache` header. */
type CacheState = 'hit' | 'miss' | 'stale';

/** Response headers a page of an allowed origin may read: the client honours Retry-After. */
const EXPOSED = 'Retry-After, X-Repkit-Cache';
const PREFLIGHT = {
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  // X-API-Key is allowed so that a page still configured with a key keeps working; the proxy
  // ignores that key and sends its own.
  'Access-Control-Allow-Headers': 'Accept, Content-Type, X-API-Key',
  'Access-Control-Max-Age': '86400',
};
const JSON_TYPE = 'application/json; charset=utf-8';

/** Retry-After when the service's 429 does not say when its quota resets. */
const DEFAULT_RETRY_AFTER_S = 60;
const MAX_RETRY_AFTER_S = 86400;

/** A JSON body `{ message }`, the shape the service (and so the client) uses for failures. */
const messageBody = (message: string): string => JSON.stringify({ message });

/** Whether a text is JSON (any value): bodies that are not are replaced, never passed on. */
const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Whether a 200 body is the service's success envelope `{ success: true, data: {...} }`. */
const isEnvelope = (text: string): boolean => {
  try {
    const v = JSON.parse(text) as { success?: unknown; data?: unknown } | null;
    return !!v && typeof v == 'object' && v.success === true && !!v.data && typeof v.data == 'object';
  } catch {
    return false;
  }
};

const secondsUntil = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / 1000));

/**
 * Creates the caching proxy: a standard fetch handler, `(request) => Promise<Response>`, that
 * forwards the seven GET routes of the reputation service with the API key from `options`,
 * so that pages carry no key and the service sees one request per address per TTL.
 *
 * - Answers `[{basePath}]/api/v2/{scores|badges|profiles|metadata}/...` (GET and HEAD), and
 *   CORS preflights for them; everything else is 404 `{ message: 'Not Found' }`. Query
 *   strings are dropped (`forceRefresh` would spend quota on every visit).
 * - Sends only `Accept` and `X-API-Key` upstream: no cookie, no client header, no key from the
 *   request. Answers carry none of the service's headers (so no `X-RateLimit-*`).
 * - Caches 200 answers for `ttlSeconds` (metadata for `metadataTtlSeconds`) and 400/404
 *   answers for `negativeTtlSeconds`, in `cache` (a bounded in-memory LRU by default) and in
 *   the platform cache where there is one; answers `Cache-Control: public, s-maxage=…,
 *   stale-while-revalidate=…, stale-if-error=…` and `X-Repkit-Cache: hit | miss | stale`.
 * - Concurrent requests for one path share one upstream request.
 * - The service's 429 becomes 503 with `Retry-After` (from its `X-RateLimit-Reset`), and no
 *   request goes upstream until that time; a 5xx, timeout, unreachable service, redirect or
 *   malformed answer serves the cached copy when there is one (`stale-if-error`), else 502,
 *   504 or the service's own 5xx. Other 4xx pass through with their bodies.
 *
 * Uses only `fetch`, `Request`, `Response`, `Headers`, `URL`, timers and `caches` where
 * present, so it runs unchanged on Cloudflare Workers, Deno, Bun, edge functions and Node 18+
 * (`toNodeListener` in `repkit/proxy/node` for `node:http`).
 *
 * @throws {TypeError} at once, when an option is invalid (naming it; never showing the key).
 */
export function createProxy(options: ProxyOptions): ProxyHandler {
  const o: ResolvedProxyOptions = resolveProxyOptions(options);
  /** Upstream requests under way, by route path: concurrent misses wait for the same one. */
  const inflight = new Map<string, Promise<Outcome>>();
  /** The service said its quota is spent until then (epoch ms): no request goes upstream. */
  let quotaResetAt = 0;
  const platform = o.platformCache ? platformCacheOf() : undefined;
  const keepSeconds = Math.max(o.staleWhileRevalidateSeconds, o.staleIfErrorSeconds);

  const quiet = async <T>(work: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch {
      return undefined;
    }
  };

  /** The cache layers for one request: ours, then the platform's (keyed on the proxy's host). */
  const layersFor = (url: URL): ProxyCache[] => {
    const layers: ProxyCache[] = [];
    if (o.cache) layers.push(o.cache);
    if (platform) layers.push(platformCache(platform, `${url.origin}/__repkit-proxy-cache/${encodeURIComponent(o.upstream)}`));
    return layers;
  };

  /** The freshest copy any layer holds; a platform copy also fills the in-memory layer. */
  const lookup = async (layers: ProxyCache[], key: string): Promise<CachedAnswer | undefined> => {
    let best: CachedAnswer | undefined;
    for (const [i, layer] of layers.entries()) {
      const found = await quiet(() => layer.get(key));
      if (found && Date.now() < found.keepUntil && (!best || found.storedAt > best.storedAt)) {
        best = found;
        if (i > 0 && o.cache) await quiet(() => o.cache!.set(key, found));
      }
      if (best && Date.now() < best.freshUntil) break;
    }
    return best;
  };

  const store = async (layers: ProxyCache[], key: string, answer: CachedAnswer, context?: ProxyContext): Promise<void> => {
    for (const layer of layers) {
      const writing = quiet(() => layer.set(key, answer));
      // A platform write can finish after the answer is sent, where the platform allows it.
      if (layer !== o.cache && typeof context?.waitUntil == 'function') context.waitUntil(writing);
      else await writing;
    }
  };

  const answerOf = (status: number, body: string, ttlSeconds: number, now: number): CachedAnswer => {
    const freshUntil = now + ttlSeconds * 1000;
    return { status, body, storedAt: now, freshUntil, keepUntil: ttlSeconds > 0 ? freshUntil + keepSeconds * 1000 : now };
  };

  /** A 4xx/5xx body to pass on: the service's JSON, or a `{ message }` when it is not JSON. */
  const passOn = (status: number, body: string): string =>
    body && isJson(body) ? body : messageBody(`The reputation service answered ${status}`);

  const quotaFailure = (now: number): Failure => {
    const retryAfter = Math.min(MAX_RETRY_AFTER_S, Math.max(1, secondsUntil(quotaResetAt, now)));
    return {
      status: 503,
      body: messageBody(`The reputation service's request quota is used up; try again in ${retryAfter} s`),
      retryAfter,
    };
  };

  /** Turns what the service did into an answer to cache and serve, or a failure. */
  const classify = (route: Route, result: UpstreamResult): Outcome => {
    const now = Date.now();
    if (result.kind != 'answer') {
      const status = result.kind == 'timeout' ? 504 : 502;
      return { ok: false, failure: { status, body: messageBody(`repkit proxy: ${result.detail}`) } };
    }
    const { status, headers } = result;
    // The service has no reason to echo the key; if it ever did, it would not reach a page.
    const body = result.body.includes(o.apiKey) ? result.body.split(o.apiKey).join('[redacted]') : result.body;
    if (status == 200) {
      if (!isEnvelope(body))
        return { ok: false, failure: { status: 502, body: messageBody('repkit proxy: the service sent a malformed answer') } };
      return { ok: true, answer: answerOf(200, body, route.metadata ? o.metadataTtlSeconds : o.ttlSeconds, now) };
    }
    if (status == 400 || status == 404) return { ok: true, answer: answerOf(status, passOn(status, body), o.negativeTtlSeconds, now) };
    if (status == 429) {
      const reset = headers.get('x-ratelimit-reset')?.trim();
      const retryAfter = headers.get('retry-after')?.trim();
      quotaResetAt =
        reset && /^\d+$/.test(reset)
          ? Number(reset)
          : retryAfter && /^\d+$/.test(retryAfter)
            ? now + Number(retryAfter) * 1000
            : now + DEFAULT_RETRY_AFTER_S * 1000;
      quotaResetAt = Math.min(quotaResetAt, now + MAX_RETRY_AFTER_S * 1000);
      return { ok: false, failure: quotaFailure(now) };
    }
    if (status >= 200 && status < 300)
      return { ok: false, failure: { status: 502, body: messageBody(`repkit proxy: the service answered ${status}`) } };
    return { ok: false, failure: { status: status >= 400 && status <= 599 ? status : 502, body: passOn(status, body) } };
  };

  /** Asks the service for a route, once for all concurrent callers, and stores a cacheable answer. */
  const refresh = (route: Route, layers: ProxyCache[], context?: ProxyContext): Promise<Outcome> => {
    const running = inflight.get(route.path);
    if (running) return running;
    const work = (async (): Promise<Outcome> => {
      if (Date.now() < quotaResetAt) return { ok: false, failure: quotaFailure(Date.now()) };
      const outcome = classify(route, await requestUpstream(o, route.path));
      if (outcome.ok && outcome.answer.keepUntil > outcome.answer.storedAt) await store(layers, route.path, outcome.answer, context);
      return outcome;
    })()
      .catch((): Outcome => ({ ok: false, failure: { status: 502, body: messageBody('repkit proxy: the request to the service failed') } }))
      .finally(() => inflight.delete(route.path));
    inflight.set(route.path, work);
    return work;
  };

  /** The answer for a route: fresh from cache, stale while refreshing, from the service, or stale on failure. */
  const serve = async (route: Route, url: URL, context?: ProxyContext): Promise<{ answer: CachedAnswer; state: CacheState } | Failure> => {
    const layers = layersFor(url);
    const cached = await lookup(layers, route.path);
    const now = Date.now();
    if (cached && now < cached.freshUntil) return { answer: cached, state: 'hit' };
    if (cached && now < cached.freshUntil + o.staleWhileRevalidateSeconds * 1000) {
      const refreshing = refresh(route, layers, context);
      if (typeof context?.waitUntil == 'function') context.waitUntil(refreshing);
      return { answer: cached, state: 'stale' };
    }
    const outcome = await refresh(route, layers, context);
    if (outcome.ok) return { answer: outcome.answer, state: 'miss' };
    if (cached && Date.now() < cached.freshUntil + o.staleIfErrorSeconds * 1000) return { answer: cached, state: 'stale' };
    return outcome.failure;
  };

  /** CORS headers for a request's Origin, and whether that origin may use the proxy at all. */
  const corsFor = (origin: string | null, self: string): { allowed: boolean; headers: Record<string, string> } => {
    if (o.allowOrigins === '*') {
      return {
        allowed: true,
        headers: origin === null ? {} : { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED },
      };
    }
    if (origin === null) return { allowed: true, headers: { Vary: 'Origin' } };
    if (origin === self || o.allowOrigins.has(origin)) {
      return {
        allowed: true,
        headers: { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED, Vary: 'Origin' },
      };
    }
    return { allowed: false, headers: { Vary: 'Origin' } };
  };

  const respond = (status: number, body: string | null, headers: Record<string, string>, head: boolean): Response =>
    new Response(head || body === null ? null : body, {
      status,
      headers: { 'Content-Type': JSON_TYPE, 'X-Content-Type-Options': 'nosniff', ...headers },
    });

  const handle = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const url = new URL(request.url);
    const head = request.method == 'HEAD';
    const origin = request.headers.get('Origin');
    const cors = corsFor(origin, url.origin);
    const route = routeOf(url.pathname, o.basePath);
    const noStore = { 'Cache-Control': 'no-store' };

    if (!route || (request.method != 'GET' && !head && request.method != 'OPTIONS')) {
      return respond(404, messageBody('Not Found'), { ...noStore, ...cors.headers }, head);
    }
    if (!cors.allowed) {
      // No CORS headers: the page cannot read this, as with the service's own refusal.
      return respond(403, messageBody('Origin not allowed'), { ...noStore, ...cors.headers }, head);
    }
    if (request.method == 'OPTIONS') {
      return new Response(null, { status: 204, headers: { ...cors.headers, ...PREFLIGHT, Allow: 'GET, HEAD, OPTIONS' } });
    }
    if (route.invalidAddress) {
      const cc = o.negativeTtlSeconds > 0 ? `public, s-maxage=${o.negativeTtlSeconds}` : 'no-store';
      return respond(400, messageBody('Invalid Polkadot address format'), { 'Cache-Control': cc, ...cors.headers }, head);
    }

    const served = await serve(route, url, context);
    const now = Date.now();
    if (!('answer' in served)) {
      const extra: Record<string, string> = served.retryAfter !== undefined ? { 'Retry-After': String(served.retryAfter) } : {};
      return respond(served.status, served.body, { ...noStore, ...extra, ...cors.headers }, head);
    }
    const { answer, state } = served;
    const fresh = state != 'stale';
    const cacheControl = [
      'public',
      `s-maxage=${fresh ? secondsUntil(answer.freshUntil, now) : 0}`,
      `stale-while-revalidate=${o.staleWhileRevalidateSeconds}`,
      // Counted from expiry: for a copy already expired, what is left of it.
      `stale-if-error=${fresh ? o.staleIfErrorSeconds : secondsUntil(answer.freshUntil + o.staleIfErrorSeconds * 1000, now)}`,
    ].join(', ');
    return respond(
      answer.status,
      answer.body,
      {
        'Cache-Control': answer.keepUntil > answer.storedAt ? cacheControl : 'no-store',
        Age: String(Math.max(0, Math.floor((now - answer.storedAt) / 1000))),
        'X-Repkit-Cache': state,
        ...cors.headers,
      },
      head,
    );
  };

  return async (request, platformContext) => {
    const waitUntil = (platformContext as ProxyContext | undefined)?.waitUntil;
    const context: ProxyContext | undefined =
      typeof waitUntil == 'function' ? { waitUntil: (p) => waitUntil.call(platformContext, p) } : undefined;
    try {
      return await handle(request, context);
    } catch {
      return new Response(messageBody('repkit proxy: internal error'), {
        status: 500,
        headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
      });
    }
  };
}
