import { platformCache, platformCacheOf } from './cache';
import { classify, messageBody, quotaFailure, upstreamEvent, type Failure, type Verdict } from './classify';
import { ALLOWED_METHODS, corsFor, crossSiteRefused, PREFLIGHT_HEADERS } from './cors';
import { QUEUED_PER_SLOT, resolveProxyOptions, type ResolvedProxyOptions } from './options';
import { readyEvent } from './ready';
import { matchesEtag, NEUTRAL_MAX_AGE, recordOf, SVG_HEADERS, etagOf, svgOptionsOf } from './badge';
import { badgeRouteOf, isBatchPath, routeOf, type BadgeRoute, type Route } from './routes';
import { BATCH_MAX_PARTS, BATCH_MAX_URL } from '../client/batch';
import { parseJson } from '../util/values';
import { badgesSvg, neutralSvg, reputationSvg, type SvgOptions } from './svg';
import { badgeDefinitions, userBadges, userScores } from '../client/validate';
import { cacheHeaders, fresher, negativeCacheControl, servesOnError, storedAnswer, tierOf, worthStoring } from './tiers';
import type { CachedAnswer, ProxyCache, ProxyContext, ProxyEvent, ProxyHandler, ProxyOptions } from './types';
import { requestUpstream } from './upstream';
import { sharedState } from './shared';
import { claimTtlMs, collapseAcrossInstances } from './collapse';
import { clientAddressOf, clientBudget, clientKeyOf, type RequestContext } from './budget';
import { addressAllowed } from './allow';
import { busyFailure, onAbort, upstreamGate } from './gate';
import { repeatCounter } from './repeats';
import { redact } from './redact';
import { storedAnswerProblem } from './stored';
import { shareRouteOf, type ShareRoute } from './share/routes';
import type { ShareDeps } from './share/serve';

/** What asking the service came to: an answer to serve, or a failure. */
type Outcome = { ok: true; answer: CachedAnswer } | { ok: false; failure: Failure };

/** One upstream request for a path, shared by every visitor who asks for that path meanwhile. */
interface Flight {
  /** The outcome, for one more waiter; `signal` aborting means that waiter has gone. */
  join(signal?: AbortSignal): Promise<Outcome>;
}

/** Where an answer came from, in the `X-Repkit-Cache` header. */
type CacheState = 'hit' | 'miss' | 'stale';

/** What the proxy serves for a route: an answer (cached or new), or a failure. */
type Served = { answer: CachedAnswer; state: CacheState } | Failure;

/** An answer to a service path, CORS aside: for a request of its own or a part of a batch. */
interface Part {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The headers each part of a batch carries: what the client reads (the wait it is asked for) and the cache state. */
const PART_HEADERS = ['Retry-After', 'X-Repkit-Cache'];

/** A drawn SVG badge and the served answer its data came from (none for a neutral badge). */
interface Drawn {
  svg: string;
  from?: { answer: CachedAnswer; state: CacheState };
}

/** A service route the badge routes read through {@link serve}, as a request for it would. */
const apiRoute = (path: string): Route => ({ path, metadata: path.startsWith('metadata/'), invalidAddress: false });

const JSON_TYPE = 'application/json; charset=utf-8';

/** Refused origins reported at most per interval: a flood of made-up origins must not grow memory or the log. */
const MAX_REPORTED_ORIGINS = 100;

/** How often a refused origin is reported again while its pages keep calling. */
const ORIGIN_REPORT_INTERVAL_MS = 3_600_000;

/**
 * Creates the caching proxy: a standard fetch handler, `(request) => Promise<Response>`, that
 * forwards the seven GET routes of the reputation service with the API key from `options`,
 * so that pages carry no key and the service sees one request per address per TTL.
 *
 * - Answers `[{basePath}]/api/v2/{scores|badges|profiles|metadata}/...` (GET and HEAD), and
 *   CORS preflights for them, and `[{basePath}]/badge/{reputation|badges}/{address}.svg`,
 *   SVG images drawn from the same cached answers, and `[{basePath}]/batch?r={path}&r=…`, up to
 *   50 API paths answered in one JSON body (each part as if asked alone); everything else is 404
 *   `{ message: 'Not Found' }`, and another method on these routes 405 with `Allow`. Query
 *   strings are dropped from API requests (`forceRefresh` would spend quota on every visit).
 * - Sends only `Accept` and `X-API-Key` upstream: no cookie, no client header, no key from the
 *   request. Answers carry none of the service's headers (so no `X-RateLimit-*`).
 * - Caches 200 answers for `ttlSeconds` (metadata for `metadataTtlSeconds`) and 400/404
 *   answers for `negativeTtlSeconds`, in `cache` (a bounded in-memory LRU by default) and in
 *   the platform cache where there is one; answers `Cache-Control: public, s-maxage=…,
 *   stale-while-revalidate=…, stale-if-error=…` and `X-Repkit-Cache: hit | miss | stale`.
 * - Concurrent requests for one path share one upstream request; at most `maxUpstreamRequests`
 *   are in flight, and a new path that cannot be sent within `upstreamQueueMs` gets a 503 with
 *   `Retry-After` (cached answers never wait).
 * - The service's 429 becomes 503 with `Retry-After` (until the time it gives, read by
 *   src/client/rate-limit.ts), and no request goes upstream until then; a 5xx, timeout, unreachable service, redirect or
 *   malformed answer serves the cached copy when there is one (`stale-if-error`), else 502,
 *   504 or the service's own 5xx. Other 4xx pass through with their bodies, except a 404 that
 *   is not the service's (its catch-all `Not Found`, or not JSON: `upstream`'s path is wrong),
 *   which becomes an uncached 502 with `code: 'upstream-not-service'` and is reported once.
 *
 * Uses only `fetch`, `Request`, `Response`, `Headers`, `URL`, timers and `caches` where
 * present, so it runs unchanged on Cloudflare Workers, Deno, Bun, edge functions and Node 18+
 * (`toNodeListener` in `repkit/proxy/node` for `node:http`).
 *
 * Tells `onEvent` once, at once, what it serves (a `ready` event).
 *
 * @throws {OptionError} (a TypeError) at once, when an option is invalid or a name is a near miss
 * of one (naming it; never showing the key).
 */
export function createProxy(options: ProxyOptions): ProxyHandler {
  const o: ResolvedProxyOptions = resolveProxyOptions(options);
  /** Upstream requests under way or queued, by route path: concurrent misses wait for the same one. */
  const inflight = new Map<string, Flight>();
  const gate = upstreamGate({
    max: o.maxUpstreamRequests,
    maxQueued: o.maxUpstreamRequests * QUEUED_PER_SLOT,
    waitMs: o.upstreamQueueMs,
  });
  /** The service said its quota is spent until then (epoch ms): no request goes upstream. */
  let quotaResetAt = 0;
  const platform = o.platformCache ? platformCacheOf() : undefined;
  /** Refused origins: each is reported once an hour, not once per visitor. */
  const refusedOrigins = repeatCounter<string>({ intervalMs: ORIGIN_REPORT_INTERVAL_MS, maxKeys: MAX_REPORTED_ORIGINS });
  /** Answers found valid, by identity. */
  const checked = new WeakSet<CachedAnswer>();
  /** Invalid cached answers: each key is reported once an hour, whatever the number of visitors. */
  const invalidAnswers = repeatCounter<string>({ intervalMs: ORIGIN_REPORT_INTERVAL_MS, maxKeys: MAX_REPORTED_ORIGINS });
  /** The option `store` (when it answers) or this instance's own state. */
  const shared = sharedState(o.store, (event) => report(event));
  /** The clients' budgets: a token for each request that would go to the service, and the key's quota read from its answers. */
  const budget = clientBudget(shared, o.clientBudget, (event) => report(event), o.timeoutMs);
  /** The store as a cache layer, between the in-memory one and the platform's. */
  const sharedLayer: ProxyCache | undefined = o.store
    ? { get: (key) => shared.get(key), set: (key, answer) => shared.set(key, answer), delete: (key) => shared.delete?.(key) }
    : undefined;
  /** Whether `onEvent` was told that `upstream` is not the service. */
  let toldNotService = false;

  /** Tells the operator, never the key (a service's 401 may quote it); what their callback throws must not break serving. */
  const report = (event: ProxyEvent): void => {
    try {
      o.onEvent({ ...event, message: redact(event.message, o.apiKey) });
    } catch {
      /* the operator's logger failed: nothing more to do here */
    }
  };

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
    if (sharedLayer) layers.push(sharedLayer);
    if (platform) layers.push(platformCache(platform, `${url.origin}/__repkit-proxy-cache/${encodeURIComponent(o.upstream)}`));
    return layers;
  };

  /**
   * Whether an answer read from `layer` is one the proxy could have stored; one that is not is a
   * miss: it is deleted from that layer and reported (once per key an hour), never served or copied.
   */
  const valid = (key: string, answer: CachedAnswer, layer: ProxyCache | undefined): boolean => {
    // An answer object checked once (the memory tier hands back the same one) is not parsed again.
    if (checked.has(answer)) return true;
    const problem = storedAnswerProblem(answer, o, Date.now());
    if (!problem) {
      checked.add(answer);
      return true;
    }
    if (layer?.delete) void quiet(() => layer.delete?.(key));
    if (invalidAnswers.note(key, key)) {
      report({
        type: 'cache-invalid',
        path: `/api/v2/${key}`,
        message: `repkit proxy: the answer cached for /api/v2/${key} is not one this proxy stores (${problem}): deleted it and asked the service instead`,
      });
    }
    return false;
  };

  /** The freshest copy any layer holds; a platform copy also fills the in-memory layer. */
  const lookup = async (layers: ProxyCache[], key: string): Promise<CachedAnswer | undefined> => {
    const memory = o.cache;
    let best: CachedAnswer | undefined;
    for (const [i, layer] of layers.entries()) {
      const found = await quiet(() => layer.get(key));
      if (found && !valid(key, found, layer)) continue;
      if (found && fresher(found, best, Date.now()) === found) {
        best = found;
        if (i > 0 && memory) await quiet(() => memory.set(key, found));
      }
      if (tierOf(best, o, Date.now()) == 'fresh') break;
    }
    return best;
  };

  const store = async (layers: ProxyCache[], key: string, answer: CachedAnswer, context?: ProxyContext): Promise<void> => {
    for (const layer of layers) {
      const writing = quiet(() => layer.set(key, answer));
      // A platform write can finish after the answer is sent, where the platform allows it. The
      // shared store's cannot: other instances wait for it before they give up and ask themselves.
      if (layer !== o.cache && layer !== sharedLayer && typeof context?.waitUntil == 'function') context.waitUntil(writing);
      else await writing;
    }
  };

  /** Turns a verdict into what is served, and notes a spent quota. */
  const outcomeOf = (verdict: Verdict, now: number): Outcome => {
    if (verdict.ok) return { ok: true, answer: storedAnswer(verdict.status, verdict.body, verdict.ttlSeconds, o, now) };
    if (verdict.quotaResetAt !== undefined) quotaResetAt = verdict.quotaResetAt;
    return verdict;
  };

  /**
   * Asks the service for a route, once for all concurrent callers, within the gate's bounds, and
   * stores a cacheable answer. `signal` is the asking visitor's: a call without one (a background
   * refresh) keeps the request wanted until it is done.
   *
   * What becomes of a request no visitor waits for any more: while it is still queued, it is
   * dropped (it has cost nothing yet, and a flood of abandoned requests must not keep the queue
   * full for the visitors who stay); once sent, it runs to its end, within `timeoutMs`, and its
   * answer is cached. Aborting it would not give the service's quota back, and the next visitor
   * for that path, often the same one reloading, would pay for it again; the cap already bounds
   * how many such requests there can be.
   */
  const refresh = (route: Route, layers: ProxyCache[], context?: ProxyContext, signal?: AbortSignal): Promise<Outcome> =>
    (inflight.get(route.path) ?? flightFor(route, layers, context)).join(signal);

  const flightFor = (route: Route, layers: ProxyCache[], context?: ProxyContext): Flight => {
    /** Aborted when the last waiter leaves before the request is sent: gives up its place in the queue. */
    const unwanted = new AbortController();
    let waiters = 0;
    let kept = false;
    let sent = false;
    const leaving: (() => void)[] = [];
    const busy = (): Outcome => ({ ok: false, failure: busyFailure(o.upstreamQueueMs) });
    const quota = (): Outcome | undefined =>
      Date.now() < quotaResetAt ? { ok: false, failure: quotaFailure(quotaResetAt, Date.now()) } : undefined;
    const forget = (): void => {
      if (inflight.get(route.path) === flight) inflight.delete(route.path);
    };
    /** Sends the request, within the gate's bounds; the shared pause holds here too (another instance may have met a 429). */
    const ask = async (): Promise<Outcome> => {
      quotaResetAt = Math.max(quotaResetAt, await shared.pausedUntil());
      const early = quota();
      if (early) return early;
      const admission = await gate.enter(unwanted.signal);
      if (!admission.ok) {
        if (admission.reason == 'busy') {
          report({
            type: 'upstream-busy',
            path: `/api/v2/${route.path}`,
            message: `repkit proxy: all ${o.maxUpstreamRequests} upstream requests were taken and /api/v2/${route.path} found no room in the queue within ${o.upstreamQueueMs} ms: answered 503 (see maxUpstreamRequests)`,
          });
        }
        return busy();
      }
      try {
        // Every waiter may have gone between the admission and now.
        if (unwanted.signal.aborted) return busy();
        // A 429 may have come in while this one waited.
        const paused = quota();
        if (paused) return paused;
        sent = true;
        const result = await requestUpstream(o, route.path);
        budget.learn(result);
        const now = Date.now();
        const verdict = classify(result, route.metadata, o, now);
        // Redacted before its words are cut short, so that no part of the key is left at the cut.
        const heard = result.kind == 'answer' ? { ...result, body: redact(result.body, o.apiKey) } : result;
        const event = upstreamEvent(heard, verdict, `/api/v2/${route.path}`, o.upstream);
        // A wrong upstream fails every request the same way: the operator hears it once.
        if (event && !(event.type == 'upstream-not-service' && toldNotService)) report(event);
        toldNotService ||= event?.type == 'upstream-not-service';
        const outcome = outcomeOf(verdict, now);
        if (!verdict.ok && verdict.quotaResetAt !== undefined) await shared.pause(verdict.quotaResetAt);
        if (outcome.ok && worthStoring(outcome.answer)) await store(layers, route.path, outcome.answer, context);
        return outcome;
      } finally {
        admission.release();
      }
    };
    const fromStore = (answer: CachedAnswer): Outcome => {
      const memory = o.cache;
      if (memory) void quiet(() => memory.set(route.path, answer));
      return { ok: true, answer };
    };
    // Across instances first (the wait for another's answer holds no place in the gate), then the gate.
    const work = (async (): Promise<Outcome> => {
      const early = quota();
      if (early) return early;
      return collapseAcrossInstances(
        shared,
        route.path,
        claimTtlMs(o.timeoutMs),
        (a) => valid(route.path, a, sharedLayer) && tierOf(a, o, Date.now()) == 'fresh',
        ask,
        fromStore,
      );
    })()
      .catch((): Outcome => ({ ok: false, failure: { status: 502, body: messageBody('repkit proxy: the request to the service failed') } }))
      .finally(() => {
        forget();
        for (const stop of leaving.splice(0)) stop();
      });
    const flight: Flight = {
      join(signal) {
        if (!signal) {
          kept = true;
          return work;
        }
        waiters++;
        const leave = (): void => {
          if (--waiters > 0 || kept || sent) return;
          // Forgotten at once, so that a visitor who comes now starts a request of their own.
          forget();
          unwanted.abort();
        };
        // A visitor may have gone before asking (while the cache was looked up).
        if (signal.aborted) leave();
        else leaving.push(onAbort(signal, leave));
        return work;
      },
    };
    inflight.set(route.path, flight);
    return flight;
  };

  /** The answer for a route: fresh from cache, stale while refreshing, from the service, or stale on failure. */
  const serve = async (route: Route, url: URL, context?: RequestContext, signal?: AbortSignal): Promise<Served> => {
    const refusal = await addressAllowed(o.allowAddress, route.path);
    if (refusal) return refusal;
    const layers = layersFor(url);
    const cached = await lookup(layers, route.path);
    const tier = tierOf(cached, o, Date.now());
    if (cached && tier == 'fresh') return { answer: cached, state: 'hit' };
    if (cached && tier == 'stale') {
      const refreshing = refresh(route, layers, context);
      if (typeof context?.waitUntil == 'function') context.waitUntil(refreshing);
      return { answer: cached, state: 'stale' };
    }
    if (!inflight.has(route.path) && Date.now() >= quotaResetAt) {
      // Only what would go to the service spends the client's budget (a copy kept for errors may
      // stand in); a request that the quota pause will refuse spends none.
      const refused = await budget.spend(context?.client, route.path);
      if (refused) return cached && servesOnError(cached, o, Date.now()) ? { answer: cached, state: 'stale' } : refused;
    }
    const outcome = await refresh(route, layers, context, signal);
    if (outcome.ok) return { answer: outcome.answer, state: 'miss' };
    if (cached && servesOnError(cached, o, Date.now())) return { answer: cached, state: 'stale' };
    return outcome.failure;
  };

  const respond = (status: number, body: string | null, headers: Record<string, string>, head: boolean): Response =>
    new Response(head || body === null ? null : body, {
      status,
      headers: { 'Content-Type': JSON_TYPE, 'X-Content-Type-Options': 'nosniff', ...headers },
    });

  /**
   * The SVG of a badge route, from the same cached answers (and the same collapsing, quota
   * and stale-if-error rules) as the JSON routes; the neutral badge when there is no data.
   */
  const drawBadge = async (badge: BadgeRoute, svg: SvgOptions, url: URL, context?: ProxyContext, signal?: AbortSignal): Promise<Drawn> => {
    if (badge.invalidAddress) return { svg: neutralSvg('invalid address', svg) };
    const { address } = badge;
    const neutral = (served: Served): Drawn => ({
      // The service's 400 or 404 stays true for a while; a failure or a malformed record is passing.
      svg: neutralSvg('answer' in served && served.answer.status != 200 ? 'no data' : 'unavailable', svg),
    });
    if (badge.kind == 'reputation') {
      const served = await serve(apiRoute(`scores/${address}`), url, context, signal);
      const scores = 'answer' in served ? recordOf(served.answer, userScores) : undefined;
      return scores && 'answer' in served ? { svg: reputationSvg(scores, address, svg), from: served } : neutral(served);
    }
    // Definitions only give titles (shared with the badge widgets, cached for metadataTtlSeconds): keys stand in without them.
    const [served, defined] = await Promise.all([
      serve(apiRoute(`badges/${address}`), url, context, signal),
      serve(apiRoute('metadata/badges'), url, context, signal),
    ]);
    const earned = 'answer' in served ? recordOf(served.answer, userBadges) : undefined;
    if (!earned || !('answer' in served)) return neutral(served);
    const definitions = ('answer' in defined ? recordOf(defined.answer, badgeDefinitions)?.badges : undefined) ?? [];
    return { svg: badgesSvg(earned.badges, new Map(definitions.map((d) => [d.key, d])), address, svg), from: served };
  };

  /**
   * A badge route's answer: always a 200 SVG (or a 304), never a broken image. The data's own
   * cache times become `max-age` too, for image proxies; a neutral badge is kept briefly.
   */
  const serveBadge = async (
    badge: BadgeRoute,
    request: Request,
    url: URL,
    cors: Record<string, string>,
    context?: ProxyContext,
  ): Promise<Response> => {
    const { svg, from } = await drawBadge(badge, svgOptionsOf(url.searchParams), url, context, request.signal);
    const etag = etagOf(svg);
    const headers: Record<string, string> = from
      ? { ...cacheHeaders(from.answer, from.state != 'stale', o, Date.now(), true), 'X-Repkit-Cache': from.state }
      : { 'Cache-Control': `public, max-age=${NEUTRAL_MAX_AGE}, s-maxage=${NEUTRAL_MAX_AGE}` };
    Object.assign(headers, { ETag: etag }, cors);
    if (matchesEtag(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method == 'HEAD' ? null : svg, { status: 200, headers: { ...SVG_HEADERS, ...headers } });
  };

  /**
   * What a service route is answered with, as a request for it alone or as one part of a batch:
   * status, JSON body and headers (cache headers and `X-Repkit-Cache`, or `Retry-After`), CORS aside.
   */
  const answerFor = async (route: Route, url: URL, context?: ProxyContext, signal?: AbortSignal): Promise<Part> => {
    if (route.invalidAddress) {
      const cacheControl = negativeCacheControl(o.negativeTtlSeconds);
      return { status: 400, body: messageBody('Invalid Polkadot address format'), headers: { 'Cache-Control': cacheControl } };
    }
    const served = await serve(route, url, context, signal);
    if (!('answer' in served)) {
      const extra: Record<string, string> = served.retryAfter !== undefined ? { 'Retry-After': String(served.retryAfter) } : {};
      return { status: served.status, body: served.body, headers: { 'Cache-Control': 'no-store', ...extra } };
    }
    const { answer, state } = served;
    return {
      status: answer.status,
      body: answer.body,
      headers: { ...cacheHeaders(answer, state != 'stale', o, Date.now()), 'X-Repkit-Cache': state },
    };
  };

  /**
   * The batch route (docs/proxy.md, "One request for a page of widgets"): each `r` is a service path
   * (`/api/v2/scores/{address}`), answered as a request for it alone would be (cache tiers,
   * collapsing, stale-if-error, the quota pause), all at once; the answer is 200
   * `{ "parts": [{ "status", "headers", "body" }] }` in the order asked, each part with its own
   * status and JSON body. Not cached (`no-store`): its parts are, here, one by one.
   */
  const serveBatch = async (
    url: URL,
    cors: Record<string, string>,
    head: boolean,
    context?: ProxyContext,
    signal?: AbortSignal,
  ): Promise<Response> => {
    const paths = url.searchParams.getAll('r');
    const refuse = (status: number, sentence: string): Response =>
      respond(status, messageBody(`repkit proxy: ${sentence}`), { 'Cache-Control': 'no-store', ...cors }, head);
    if (url.pathname.length + url.search.length > BATCH_MAX_URL) {
      return refuse(414, `a batch URL may be ${BATCH_MAX_URL} characters long at most: split it`);
    }
    if (paths.length > BATCH_MAX_PARTS) {
      return refuse(413, `a batch holds at most ${BATCH_MAX_PARTS} parts, got ${paths.length}: split it`);
    }
    if (!paths.length) return refuse(400, 'a batch needs one r parameter per service path, such as ?r=/api/v2/scores/{address}');
    // A path asked twice is answered once: it causes one upstream request, and spends one token of the client's budget.
    const answers = new Map<string, Promise<Part>>();
    const parts = await Promise.all(
      paths.map((path): Promise<Part> | Part => {
        const route = routeOf(path.split('?')[0], '');
        if (!route) return { status: 404, body: messageBody('Not Found'), headers: {} };
        const answer = answers.get(route.path) ?? answerFor(route, url, context, signal);
        answers.set(route.path, answer);
        return answer;
      }),
    );
    const shown = parts.map(({ status, body, headers }) => ({
      status,
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => PART_HEADERS.includes(name))),
      // Every body the proxy serves is JSON; one that is not (a cache of the operator's) becomes a failure of its own.
      body: parseJson(body) ?? { message: 'repkit proxy: a cached answer is not JSON' },
    }));
    return respond(200, JSON.stringify({ parts: shown }), { 'Cache-Control': 'no-store', ...cors }, head);
  };

  /** What the share routes read and keep: the same cached service paths and cache layers as every route. */
  const shareDeps: ShareDeps = {
    o,
    read: (path, url, context, signal) => serve(apiRoute(path), url, context, signal),
    lookup: (key, url) => lookup(layersFor(url), key),
    store: (key, answer, url, context) => store(layersFor(url), key, answer, context),
  };
  /** The share routes' code (the server renderer, the card), loaded by the first request for one of them. */
  let shareServer: Promise<ReturnType<typeof import('./share/serve').shareServer>> | undefined;
  const serveShare = async (
    share: ShareRoute,
    request: Request,
    url: URL,
    cors: Record<string, string>,
    context?: ProxyContext,
  ): Promise<Response> => {
    shareServer ??= import('./share/serve').then((m) => m.shareServer(shareDeps));
    return (await shareServer)(share, request, url, cors, context);
  };

  const handle = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const url = new URL(request.url);
    const head = request.method == 'HEAD';
    const origin = request.headers.get('Origin');
    const cors = corsFor(o.allowOrigins, origin, url.origin);
    const route = routeOf(url.pathname, o.basePath);
    const badge = route ? undefined : badgeRouteOf(url.pathname, o.basePath);
    const batch = !route && !badge && isBatchPath(url.pathname, o.basePath);
    const share = route || badge || batch ? undefined : shareRouteOf(url.pathname, o.basePath);
    const noStore = { 'Cache-Control': 'no-store' };

    if (!route && !badge && !batch && !share) return respond(404, messageBody('Not Found'), { ...noStore, ...cors.headers }, head);
    if (request.method != 'GET' && !head && request.method != 'OPTIONS') {
      return respond(405, messageBody('Method Not Allowed'), { ...noStore, Allow: ALLOWED_METHODS, ...cors.headers }, false);
    }
    if (share && request.method != 'OPTIONS') {
      // Pages, images and oEmbed are for any site and any unfurler, as the SVG badges are: only an
      // allowed origin gets the header that lets its scripts read them.
      return serveShare(share, request, url, cors.allowed ? cors.headers : { Vary: 'Origin' }, context);
    }
    if (badge && request.method != 'OPTIONS') {
      // An image is shown, not read: a page that embeds it with crossorigin sends its Origin,
      // and a refused one still gets the picture, only without the header that would let its
      // scripts read it. Refusing would protect no quota (a plain <img> sends no Origin).
      const headers = cors.allowed ? cors.headers : { Vary: 'Origin' };
      return serveBadge(badge, request, url, headers, context);
    }
    // Only the API routes and the batch spend quota for what a page reads: images (the SVG badges
    // above, and any route a plain <img> must load from any site) are not refused here.
    const apiRequest = !!route || batch;
    if (apiRequest && request.method != 'OPTIONS' && crossSiteRefused(o.allowOrigins, request.headers)) {
      const sentence =
        "This repkit proxy answers another site's page only when it sends its Origin and that origin is in the proxy's allowOrigins: call it with fetch (CORS) from an allowed origin";
      return respond(403, messageBody(sentence), { ...noStore, ...cors.headers }, head);
    }
    if (!cors.allowed) {
      if (origin && refusedOrigins.note(origin, origin)) {
        report({
          type: 'origin-refused',
          origin,
          path: route ? `/api/v2/${route.path}` : url.pathname,
          message: `repkit proxy: refused a page of ${origin}: add it to allowOrigins to let it use this proxy`,
        });
      }
      const sentence = `This repkit proxy does not allow pages of ${origin}: add the origin to its allowOrigins`;
      return respond(403, messageBody(sentence), { ...noStore, ...cors.headers }, head);
    }
    if (request.method == 'OPTIONS') {
      return new Response(null, { status: 204, headers: { ...cors.headers, ...PREFLIGHT_HEADERS } });
    }
    if (batch) return serveBatch(url, cors.headers, head, context, request.signal);
    if (!route) return respond(404, messageBody('Not Found'), { ...noStore, ...cors.headers }, head);
    const { status, body, headers } = await answerFor(route, url, context, request.signal);
    return respond(status, body, { ...headers, ...cors.headers }, head);
  };

  report(readyEvent(o));
  return async (request, platformContext) => {
    const given = platformContext as ProxyContext | undefined;
    const waitUntil = given?.waitUntil;
    const address = clientAddressOf(request, platformContext, o.trustProxy);
    const context: RequestContext = {
      ...(typeof waitUntil == 'function' ? { waitUntil: (p: Promise<unknown>) => waitUntil.call(platformContext, p) } : {}),
      ...(address ? { client: clientKeyOf(address) } : {}),
    };
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
