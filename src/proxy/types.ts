/**
 * Public types of `repkit/proxy`. Only the standard fetch types (`Request`, `Response`) appear
 * here: the same declarations serve Workers, Deno, Bun, edge functions and Node 18+.
 */
import type { ProxyStore } from './store';
import type { CardOptions } from './share/options';

/**
 * What a platform hands a fetch handler besides the request, as far as the proxy uses it:
 * Cloudflare Workers' `ctx` and Vercel's/Netlify's edge `context` both have `waitUntil`, which
 * keeps background work (a refresh after a stale answer, a cache write) alive once the answer
 * has been sent. Without it that work simply runs on, as it does in Node, Deno and Bun.
 */
export interface ProxyContext {
  waitUntil?(promise: Promise<unknown>): void;
  /**
   * The network address of the client that sent the request (the socket's peer), which a
   * fetch `Request` does not carry: `repkit/proxy/node` passes it, for the per-client budget
   * (`clientBudget`). Deno's `info.remoteAddr`, Netlify's `context.ip` and Bun's
   * `server.requestIP(request)` are read the same way, when the platform passes them.
   */
  clientAddress?: string;
}

/**
 * The handler that {@link createProxy} returns: a standard fetch handler that never rejects.
 * The second argument is whatever the platform passes (Workers' `ctx`, Deno's `info`, a route
 * handler's `{ params }`); a `waitUntil` function on it is used, and the client's address where it
 * carries one (see {@link ProxyContext.clientAddress}).
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
  /** Drops the answer under `key`: the proxy calls it for an answer it would never have stored (docs/proxy.md, "Security"). Optional. */
  delete?(key: string): void | Promise<void>;
}

/**
 * Something the proxy's operator should hear of: what it serves, once, when it is created; a
 * page refused for its origin; the service failing or refusing the proxy (a bad key, a spent
 * quota); a client over its budget; or the shared store failing and coming back. Never sent to
 * the visitor's page.
 */
export interface ProxyEvent {
  /**
   * `ready`: created, with the upstream and origins it serves (once per {@link createProxy});
   * `origin-refused`: a page of an origin not in `allowOrigins`; `rate-limited`: the service's
   * quota is spent; `upstream-error`: the service failed or refused; `upstream-busy`: every one
   * of `maxUpstreamRequests` was taken for `upstreamQueueMs` (or the queue was full), so a new
   * path was answered 503; `client-over-budget`: a client asked for more new answers than
   * `clientBudget` allows (once per client until its budget refills); `store-unavailable`: the
   * `store` failed or was slow, and this instance serves on its own; `store-restored`: the
   * `store` answers again (each once per outage); `upstream-not-service`: `upstream` is not the
   * service (a 404 that is not the service's own, for a path the service has: its path is
   * wrong), told once; pages then get a 502 whose `code` is `upstream-not-service`, and their
   * widgets say that the proxy's upstream looks wrong; `cache-invalid`: an answer in `cache`,
   * the `store` or the platform cache is not one the proxy could have stored (a status it never
   * stores, times out of range, a body that does not match its status): it was treated as a miss
   * and deleted (once per key an hour).
   */
  type:
    | 'ready'
    | 'origin-refused'
    | 'upstream-error'
    | 'rate-limited'
    | 'upstream-busy'
    | 'client-over-budget'
    | 'store-unavailable'
    | 'store-restored'
    | 'upstream-not-service'
    | 'cache-invalid';
  /** One line that says what happened and what to check, for a log. */
  message: string;
  /** The service path asked for (`/api/v2/scores/…`), without the proxy's `basePath`; absent on `ready` and the store's events. */
  path?: string;
  /** The refused page's origin. */
  origin?: string;
  /** The client over its budget: its address (an IPv6 address by its /64). */
  client?: string;
  /** The service's HTTP status, when it answered. */
  status?: number;
  /** On `ready`: the service's base URL the proxy forwards to. */
  upstream?: string;
  /** On `ready`: the origins whose pages may call it from another origin (`'*'`: any). */
  allowOrigins?: readonly string[] | '*';
}

/**
 * Options of {@link createProxy}. Only `apiKey` is required. A name that is a near miss of one
 * of these (`allowOrigin`) is refused with the one it probably meant; other unknown names are
 * ignored.
 */
export interface ProxyOptions {
  /**
   * The service's API key, sent upstream as `X-API-Key` and nowhere else: a key in the request is
   * ignored, and none is ever in an answer. Read it from the environment or a secret
   * (`REPKIT_API_KEY`; on Workers, `env`).
   */
  apiKey: string;
  /**
   * The service's base URL, absolute http(s) without query, fragment or user info; a path prefix is kept.
   * @default 'https://api.dotpassport.io'
   */
  upstream?: string;
  /**
   * Where the proxy is mounted: `'/rep'` accepts `/rep/api/v2/…` only (what widgets with `baseUrl:
   * '/rep'` send), `''` the API paths at the root. Unset, any prefix before `/api/v2/` is accepted
   * (handy behind platform routing that does or does not strip the mount path).
   */
  basePath?: string;
  /**
   * Exact origins (`https://example.com`: scheme and host, no path) whose pages may call the proxy from
   * another origin: their preflights are answered and the origin reflected, with `Vary: Origin`; `'*'`
   * lets any page read the answers, with the same headers whether a request has `Origin` or not.
   * Servers (no `Origin`, no `Sec-Fetch-Site`) and the proxy's own origin (its `Host`) always pass;
   * other origins get a 403 that spends no quota, whose `{ "message" }` (readable by that page)
   * names the origin and says to add it here, and so does another site's `<img>`, `<script>`,
   * `no-cors` fetch or link to an API route (no `Origin`, `Sec-Fetch-Site: cross-site`) unless its
   * `Referer` names a listed origin. SVG badges are open to any site.
   * @default []
   */
  allowOrigins?: readonly string[] | '*';
  /**
   * Seconds scores, badges and profiles are fresh, from 1 to 86400.
   * @default 300
   */
  ttlSeconds?: number;
  /**
   * Seconds the badge and category definitions are fresh, from 1 to 604800.
   * @default 3600
   */
  metadataTtlSeconds?: number;
  /**
   * Seconds a 400 or 404 answer (invalid address, badge not earned, no score in a category) is cached,
   * from 0 to 86400; `0` passes them through uncached.
   * @default 60
   */
  negativeTtlSeconds?: number;
  /**
   * Seconds after expiry during which an answer is still served at once while one background request
   * refreshes it, from 0 to 86400; `0`: the first request after expiry waits.
   * @default 60
   */
  staleWhileRevalidateSeconds?: number;
  /**
   * Seconds after expiry during which an answer is served when the service fails (5xx, 429, timeout,
   * unreachable, malformed answer), from 0 to 604800.
   * @default 86400
   */
  staleIfErrorSeconds?: number;
  /**
   * The per-instance cache: an in-process LRU of 1,000 answers and 16 MB (`memoryCache({ maxEntries,
   * maxBytes })` for other bounds), `false` for none, or any `ProxyCache` (`{ get, set }`).
   * @default memoryCache()
   */
  cache?: ProxyCache | false;
  /**
   * Also use the platform's shared cache (`caches.default`: the Cloudflare Workers Cache API, shared by
   * a data centre) where the runtime has one; it stores nothing on `*.workers.dev` hostnames (use a
   * route or custom domain).
   * @default true
   */
  platformCache?: boolean;
  /**
   * Time allowed for one upstream request, headers and body, in ms (the first answer for a new address
   * can take 10–30 s).
   * @default 40000
   */
  timeoutMs?: number;
  /**
   * The largest upstream answer read, in bytes after decompression.
   * @default 1000000
   */
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
  /**
   * A `fetch` to call the service with, instead of the global one.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * Hears what the proxy serves when it is created (`ready`), and of refused origins (each once
   * an hour) and the service's failures and refusals, once per upstream request, not per visitor
   * (a `ProxyEvent`; docs/proxy.md, "When something is refused"). The default writes nothing for
   * `ready` (a proxy that works is silent; pass your own `onEvent` to log it) and the others with
   * console.warn, the first of each kind (type, status and message, whatever the path) at once and
   * its repeats as one line a minute with their count.
   * @default a summarising console log
   */
  onEvent?: (event: ProxyEvent) => void;
  /**
   * State shared by every instance of the proxy: answers, request collapsing (one upstream
   * request per path at a time across instances) and the pause after the service's 429, and
   * the client budgets. `redisStore` from `repkit/proxy/redis` for Node and containers,
   * `workersStore` from `repkit/proxy/workers` on Cloudflare Workers, or your own
   * {@link ProxyStore}. The in-memory `cache` stays in front of it. When the store fails or is
   * slow, each instance serves on its own (never failing a visitor for it), tells `onEvent`
   * once, and shares again when the store answers.
   * @default undefined (each instance on its own)
   */
  store?: ProxyStore;
  /**
   * How many requests that go to the service (answers not in any cache) one client may cause: a
   * token bucket of `requests` tokens, refilled evenly over `perSeconds`, and never more than
   * `quotaShare` of the key's hourly quota, which the proxy reads from the service's
   * `X-RateLimit-Limit` (until an answer states it, a free key's 100 an hour is assumed, and a
   * request past that share waits for the first answer). The default holds the first visit of a
   * page of 100 new addresses on a key whose quota allows it, while a client asking for random
   * addresses causes at most 150 upstream requests at once and 150 an hour after (152 in its
   * first minute), and on a free key 25 (a quarter of its quota) at once and 25 an hour after, so
   * that one stranger cannot spend the quota of every visitor. Cached answers never count; a
   * batch counts each upstream request it causes once. A client over it gets 429 with
   * `Retry-After` and nothing goes upstream. Counted in the `store` when there is one, by its
   * clock. Clients are told apart by network address (see `trustProxy`); where the platform
   * gives none, no budget applies (the `ready` event says where the address comes from, or why
   * there is none). `false` turns the budget off.
   * @default { requests: 150, perSeconds: 3600, quotaShare: 0.25 }
   */
  clientBudget?: ClientBudget | false;
  /**
   * Whether the proxy runs behind proxies of yours that append the client's address to
   * `X-Forwarded-For` (a load balancer, a CDN): `true` for one, or how many. The client is then
   * the address that many entries from the right. Leave it off otherwise: any client can write
   * that header. Without it the client is the socket's address (`repkit/proxy/node`) or, on
   * Workers, `CF-Connecting-IP`.
   * @default false
   */
  trustProxy?: boolean | number;
  /**
   * Decides which on-chain addresses the proxy serves at all, for sites that only show their own
   * members: called with the address of every scores, badges, profiles and badge-image request
   * (sync or async); `false` (or a throw) answers 404 `{ message }` without asking the service or its cache (widgets show it as an address without data).
   * @default undefined (every valid address is served)
   */
  allowAddress?: (address: string) => boolean | Promise<boolean>;
  /**
   * How the share card (`{basePath}/card/{address}.png`, the image of the share page
   * `{basePath}/u/{address}`: docs/share-links.md) is drawn: its rasteriser, the font and how many
   * cards one instance draws at once (a `CardOptions`; docs/proxy.md, "Card options"). The default
   * imports `@resvg/resvg-js` on Node (an optional peer dependency: without it the card answers
   * 501 naming it, and the share page and oEmbed still work); on Workers, Vercel Edge and Deno,
   * pass `@resvg/resvg-wasm` and its wasm.
   * @default {}
   */
  card?: CardOptions;
}

/** A per-client budget (option `clientBudget`). */
export interface ClientBudget {
  /** Requests to the service a client may cause in a burst, and per `perSeconds` over time. 1 to 100000. */
  requests: number;
  /** Seconds in which a client's spent budget comes back in full. 1 to 86400. */
  perSeconds: number;
  /**
   * The most of the key's hourly quota (`X-RateLimit-Limit`) one client may spend, at once and
   * per hour: more than 0, at most 1.
   * @default 0.25
   */
  quotaShare?: number;
}
