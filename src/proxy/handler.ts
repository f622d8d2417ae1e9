import { platformCache, platformCacheOf } from './cache';
import { classify, messageBody, quotaFailure, upstreamEvent, type Failure, type Verdict } from './classify';
import { corsFor, PREFLIGHT_HEADERS } from './cors';
import { resolveProxyOptions, type ResolvedProxyOptions } from './options';
import { matchesEtag, NEUTRAL_MAX_AGE, recordOf, SVG_HEADERS, etagOf, svgOptionsOf } from './badge';
import { badgeRouteOf, isBatchPath, routeOf, type BadgeRoute, type Route } from './routes';
import { BATCH_MAX_PARTS, BATCH_MAX_URL } from '../client/batch';
import { parseJson } from '../util/values';
import { badgesSvg, neutralSvg, reputationSvg, type SvgOptions } from './svg';
import { badgeDefinitions, userBadges, userScores } from '../client/validate';
import { cacheHeaders, fresher, negativeCacheControl, servesOnError, storedAnswer, tierOf, worthStoring } from './tiers';
import type { CachedAnswer, ProxyCache, ProxyContext, ProxyEvent, ProxyHandler, ProxyOptions } from './types';
import { requestUpstream } from './upstream';

/** What asking the service came to: an answer to serve, or a failure. */
type Outcome = { ok: true; answer: CachedAnswer } | { ok: false; failure: Failure };

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

/** Refused origins reported at most: a flood of made-up origins must not grow memory or the log. */
const MAX_REPORTED_ORIGINS = 100;

/**
 * Creates the caching proxy: a standard fetch handler, `(request) => Promise<Response>`, that
 * forwards the seven GET routes of the reputation service with the API key from `options`,
 * so that pages carry no key and the service sees one request per address per TTL.
 *
 * - Answers `[{basePath}]/api/v2/{scores|badges|profiles|metadata}/...` (GET and HEAD), and
 *   CORS preflights for them, and `[{basePath}]/badge/{reputation|badges}/{address}.svg`,
 *   SVG images drawn from the same cached answers, and `[{basePath}]/batch?r={path}&r=…`, up to
 *   50 API paths answered in one JSON body (each part as if asked alone); everything else is 404
 *   `{ message: 'Not Found' }`. Query strings are dropped from API requests (`forceRefresh`
 *   would spend quota on every visit).
 * - Sends only `Accept` and `X-API-Key` upstream: no cookie, no client header, no key from the
 *   request. Answers carry none of the service's headers (so no `X-RateLimit-*`).
 * - Caches 200 answers for `ttlSeconds` (metadata for `metadataTtlSeconds`) and 400/404
 *   answers for `negativeTtlSeconds`, in `cache` (a bounded in-memory LRU by default) and in
 *   the platform cache where there is one; answers `Cache-Control: public, s-maxage=…,
 *   stale-while-revalidate=…, stale-if-error=…` and `X-Repkit-Cache: hit | miss | stale`.
 * - Concurrent requests for one path share one upstream request.
 * - The service's 429 becomes 503 with `Retry-After` (until the time it gives, read by
 *   src/client/rate-limit.ts), and no request goes upstream until then; a 5xx, timeout, unreachable service, redirect or
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
  /** Origins already reported as refused: each is logged once, not once per visitor. */
  const refusedOrigins = new Set<string>();

  /** Tells the operator; what their callback throws must not break serving. */
  const report = (event: ProxyEvent): void => {
    try {
      o.onEvent(event);
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
    if (platform) layers.push(platformCache(platform, `${url.origin}/__repkit-proxy-cache/${encodeURIComponent(o.upstream)}`));
    return layers;
  };

  /** The freshest copy any layer holds; a platform copy also fills the in-memory layer. */
  const lookup = async (layers: ProxyCache[], key: string): Promise<CachedAnswer | undefined> => {
    const memory = o.cache;
    let best: CachedAnswer | undefined;
    for (const [i, layer] of layers.entries()) {
      const found = await quiet(() => layer.get(key));
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
      // A platform write can finish after the answer is sent, where the platform allows it.
      if (layer !== o.cache && typeof context?.waitUntil == 'function') context.waitUntil(writing);
      else await writing;
    }
  };

  /** Turns a verdict into what is served, and notes a spent quota. */
  const outcomeOf = (verdict: Verdict, now: number): Outcome => {
    if (verdict.ok) return { ok: true, answer: storedAnswer(verdict.status, verdict.body, verdict.ttlSeconds, o, now) };
    if (verdict.quotaResetAt !== undefined) quotaResetAt = verdict.quotaResetAt;
    return verdict;
  };

  /** Asks the service for a route, once for all concurrent callers, and stores a cacheable answer. */
  const refresh = (route: Route, layers: ProxyCache[], context?: ProxyContext): Promise<Outcome> => {
    const running = inflight.get(route.path);
    if (running) return running;
    const work = (async (): Promise<Outcome> => {
      if (Date.now() < quotaResetAt) return { ok: false, failure: quotaFailure(quotaResetAt, Date.now()) };
      const result = await requestUpstream(o, route.path);
      const now = Date.now();
      const verdict = classify(result, route.metadata, o, now);
      const event = upstreamEvent(result, verdict, `/api/v2/${route.path}`);
      if (event) report(event);
      const outcome = outcomeOf(verdict, now);
      if (outcome.ok && worthStoring(outcome.answer)) await store(layers, route.path, outcome.answer, context);
      return outcome;
    })()
      .catch((): Outcome => ({ ok: false, failure: { status: 502, body: messageBody('repkit proxy: the request to the service failed') } }))
      .finally(() => inflight.delete(route.path));
    inflight.set(route.path, work);
    return work;
  };

  /** The answer for a route: fresh from cache, stale while refreshing, from the service, or stale on failure. */
  const serve = async (route: Route, url: URL, context?: ProxyContext): Promise<Served> => {
    const layers = layersFor(url);
    const cached = await lookup(layers, route.path);
    const tier = tierOf(cached, o, Date.now());
    if (cached && tier == 'fresh') return { answer: cached, state: 'hit' };
    if (cached && tier == 'stale') {
      const refreshing = refresh(route, layers, context);
      if (typeof context?.waitUntil == 'function') context.waitUntil(refreshing);
      return { answer: cached, state: 'stale' };
    }
    const outcome = await refresh(route, layers, context);
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
  const drawBadge = async (badge: BadgeRoute, svg: SvgOptions, url: URL, context?: ProxyContext): Promise<Drawn> => {
    if (badge.invalidAddress) return { svg: neutralSvg('invalid address', svg.theme) };
    const { address } = badge;
    const neutral = (served: Served): Drawn => ({
      // The service's 400 or 404 stays true for a while; a failure or a malformed record is passing.
      svg: neutralSvg('answer' in served && served.answer.status != 200 ? 'no data' : 'unavailable', svg.theme),
    });
    if (badge.kind == 'reputation') {
      const served = await serve(apiRoute(`scores/${address}`), url, context);
      const scores = 'answer' in served ? recordOf(served.answer, userScores) : undefined;
      return scores && 'answer' in served ? { svg: reputationSvg(scores, address, svg), from: served } : neutral(served);
    }
    // Definitions only give titles (shared with the badge widgets, cached for metadataTtlSeconds): keys stand in without them.
    const [served, defined] = await Promise.all([
      serve(apiRoute(`badges/${address}`), url, context),
      serve(apiRoute('metadata/badges'), url, context),
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
    const { svg, from } = await drawBadge(badge, svgOptionsOf(url.searchParams), url, context);
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
  const answerFor = async (route: Route, url: URL, context?: ProxyContext): Promise<Part> => {
    if (route.invalidAddress) {
      const cacheControl = negativeCacheControl(o.negativeTtlSeconds);
      return { status: 400, body: messageBody('Invalid Polkadot address format'), headers: { 'Cache-Control': cacheControl } };
    }
    const served = await serve(route, url, context);
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
  const serveBatch = async (url: URL, cors: Record<string, string>, head: boolean, context?: ProxyContext): Promise<Response> => {
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
    const parts = await Promise.all(
      paths.map((path): Promise<Part> | Part => {
        const route = routeOf(path.split('?')[0]!, '');
        return route ? answerFor(route, url, context) : { status: 404, body: messageBody('Not Found'), headers: {} };
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

  const handle = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const url = new URL(request.url);
    const head = request.method == 'HEAD';
    const origin = request.headers.get('Origin');
    const cors = corsFor(o.allowOrigins, origin, url.origin);
    const route = routeOf(url.pathname, o.basePath);
    const badge = route ? undefined : badgeRouteOf(url.pathname, o.basePath);
    const batch = !route && !badge && isBatchPath(url.pathname, o.basePath);
    const noStore = { 'Cache-Control': 'no-store' };

    if ((!route && !badge && !batch) || (request.method != 'GET' && !head && request.method != 'OPTIONS')) {
      return respond(404, messageBody('Not Found'), { ...noStore, ...cors.headers }, head);
    }
    if (badge && request.method != 'OPTIONS') {
      // An image is shown, not read: a page that embeds it with crossorigin sends its Origin,
      // and a refused one still gets the picture, only without the header that would let its
      // scripts read it. Refusing would protect no quota (a plain <img> sends no Origin).
      const headers = cors.allowed ? cors.headers : { Vary: 'Origin' };
      return serveBadge(badge, request, url, headers, context);
    }
    if (!cors.allowed) {
      if (origin && !refusedOrigins.has(origin) && refusedOrigins.size < MAX_REPORTED_ORIGINS) {
        refusedOrigins.add(origin);
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
    if (batch) return serveBatch(url, cors.headers, head, context);
    if (!route) return respond(404, messageBody('Not Found'), { ...noStore, ...cors.headers }, head);
    const { status, body, headers } = await answerFor(route, url, context);
    return respond(status, body, { ...headers, ...cors.headers }, head);
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
