/**
 * Public types of `repkit/proxy`. Only the standard fetch types (`Request`, `Response`) appear
 * here: the same declarations serve Workers, Deno, Bun, edge functions and Node 18+.
 */

/**
 * What a platform hands a fetch handler besides the request, as far as the proxy uses it:
 * Cloudflare Workers' `ctx` and Vercel's/Netlify's edge `context` both have `waitUntil`, which
 * keeps background work (a refresh after a stale answer, a cache write) alive once the answer
 * has been sent. Without it that work simply runs on, as it does in Node, Deno and Bun.
 */
export interface ProxyContext {
  waitUntil?(promise: Promise<unknown>): void;
}

/**
 * The handler that {@link createProxy} returns: a standard fetch handler that never rejects.
 * The second argument is whatever the platform passes (Workers' `ctx`, Deno's `info`, a route
 * handler's `{ params }`); only a `waitUntil` function on it is used.
 */
export type ProxyHandler = (request: Request, context?: ProxyContext | object) => Promise<Response>;

/** One answer as the proxy caches it. */
export interface CachedAnswer {
  /** 200, or 400/404 for a cached negative answer. */
  status: number;
  /** The JSON text to send, exactly as the service sent it (decompressed). */
  body: string;
  /** When it was received, epoch ms. */
  storedAt: number;
  /** Fresh until then (epoch ms): served without asking the service. */
  freshUntil: number;
  /** Kept until then (epoch ms): served stale while refreshing, or when the service fails. */
  keepUntil: number;
}

/**
 * A cache the proxy can use for its answers (option `cache`), keyed by the route's canonical
 * path (`scores/{address}`, `metadata/badges`...). Implementations may be synchronous or
 * asynchronous; a call that throws or rejects is treated as a miss and never fails a request.
 * The proxy never asks for an answer past its `keepUntil`, so a store may drop it then.
 */
export interface ProxyCache {
  get(key: string): CachedAnswer | undefined | Promise<CachedAnswer | undefined>;
  set(key: string, answer: CachedAnswer): void | Promise<void>;
}

/**
 * Something the proxy's operator should hear of: a page refused for its origin, or the service
 * failing or refusing the proxy (a bad key, a spent quota). Never sent to the visitor's page.
 */
export interface ProxyEvent {
  /**
   * `origin-refused`: a page of an origin not in `allowOrigins`; `rate-limited`: the service's
   * quota is spent; `upstream-error`: the service failed or refused; `upstream-busy`: every one
   * of `maxUpstreamRequests` was taken for `upstreamQueueMs` (or the queue was full), so a new
   * path was answered 503.
   */
  type: 'origin-refused' | 'upstream-error' | 'rate-limited' | 'upstream-busy';
  /** One line that says what happened and what to check, for a log. */
  message: string;
  /** The service path asked for (`/api/v2/scores/…`), without the proxy's `basePath`. */
  path: string;
  /** The refused page's origin. */
  origin?: string;
  /** The service's HTTP status, when it answered. */
  status?: number;
}

/** Options of {@link createProxy}. Only `apiKey` is required. */
export interface ProxyOptions {
  /**
   * The service's API key. Sent upstream as `X-API-Key` and nowhere else: never in an answer,
   * and a key that a request carries is ignored. On Workers read it from a secret (`env`).
   */
  apiKey: string;
  /**
   * The service's base URL, absolute http(s) without query, fragment or user info; a path
   * prefix is kept. Default {@link DEFAULT_UPSTREAM}.
   */
  upstream?: string;
  /**
   * Where the proxy is mounted: requests must be `{basePath}/api/v2/...`. `'/rep'` matches
   * what widgets with `baseUrl: '/rep'` send; `''` means the API paths at the root. Default:
   * unset, any path prefix before `/api/v2/` is accepted (handy behind platform routing that
   * does or does not strip the mount path).
   */
  basePath?: string;
  /**
   * Browser origins (`https://example.com`, exactly, no path) that may call the proxy from
   * another origin; it answers their CORS preflights and reflects them. `'*'` lets any page
   * read the answers. Requests without `Origin` (same-origin GETs, servers) and from the
   * proxy's own origin always pass; any other origin gets a 403 whose message (readable by that
   * page) names the origin and says to add it here, and no data, so other sites cannot spend
   * your quota through their visitors. Default `[]`.
   */
  allowOrigins?: readonly string[] | '*';
  /** Seconds an answer is fresh (scores, badges, profiles). Default `300`. */
  ttlSeconds?: number;
  /** Seconds a metadata answer (badge and category definitions) is fresh. Default `3600`. */
  metadataTtlSeconds?: number;
  /**
   * Seconds a 400 or 404 answer (invalid address, badge not earned, no score in a category)
   * is cached; `0` passes them through uncached. Default `60`.
   */
  negativeTtlSeconds?: number;
  /**
   * Seconds after expiry during which an answer is still served at once while one background
   * request refreshes it. `0` disables: the first request after expiry waits. Default `60`.
   */
  staleWhileRevalidateSeconds?: number;
  /**
   * Seconds after expiry during which an answer is served when the service fails (5xx, 429,
   * timeout, unreachable, malformed answer). Default `86400` (one day).
   */
  staleIfErrorSeconds?: number;
  /**
   * The per-instance cache: default {@link memoryCache}`()` (a bounded LRU in this isolate or
   * process); `false` disables it; or your own {@link ProxyCache}.
   */
  cache?: ProxyCache | false;
  /**
   * Also use the platform's shared cache (`caches.default`: the Cloudflare Workers Cache API)
   * when the runtime has one. It is shared by every isolate of a data centre; note that it
   * stores nothing on `*.workers.dev` hostnames (use a route or custom domain). Default `true`.
   */
  platformCache?: boolean;
  /** Time allowed for one upstream request, headers and body, in ms. Default `40000`. */
  timeoutMs?: number;
  /** The largest upstream answer read, in bytes after decompression. Default `1000000`. */
  maxResponseBytes?: number;
  /**
   * Upstream requests in flight at once, per proxy instance (process or isolate). Further
   * requests for new paths wait in a queue of 8 per slot; one that cannot be sent within
   * `upstreamQueueMs`, or finds the queue full, gets a 503 with `Retry-After` (a cached copy is
   * served instead when the service would be allowed to fail). Cached answers never wait.
   * 64 is more than a page of widgets asks for at once (a batch of 50 parts and the
   * definitions) and far more than a key's quota lasts, yet keeps sockets and memory small
   * when the service hangs: without a cap, a flood of batches of new addresses opens one socket
   * per address for up to `timeoutMs`.
   * @default 64
   */
  maxUpstreamRequests?: number;
  /**
   * The longest a request for a new path waits for an upstream slot, in ms, before it is
   * answered 503 with `Retry-After`; `0` answers at once when every slot is taken.
   * @default 5000
   */
  upstreamQueueMs?: number;
  /** A `fetch` to call the service with, instead of the global one. */
  fetch?: typeof fetch;
  /**
   * Hears of refused origins (each once an hour) and of the service's failures and refusals
   * (see {@link ProxyEvent}), once per upstream request, not per visitor. Default: `console.warn`
   * of the event's one-line message, on the server, the first of each kind (type, status and
   * message, whatever the path) at once and its repeats as one line a minute with their count.
   */
  onEvent?: (event: ProxyEvent) => void;
}
