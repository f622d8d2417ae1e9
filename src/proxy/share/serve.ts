import { badgeDefinitions, userBadges, userScores } from '../../client/validate';
import type { BadgeDefinition, UserBadge, UserScores } from '../../client/types';
import { messageBody, type Failure } from '../classify';
import { DEFAULT_SVG_LOCALE, etagOf, matchesEtag, NEUTRAL_MAX_AGE, recordOf, svgOptionsOf } from '../badge';
import { canonicalLocale } from '../../render/format';
import type { ResolvedProxyOptions } from '../options';
import type { SvgOptions } from '../svg';
import { cacheHeaders, secondsUntil, storedAnswer, tierOf } from '../tiers';
import type { CachedAnswer, ProxyContext } from '../types';
import { catalogueOf, svgWords } from '../words';
import { fromBase64, toBase64 } from './base64';
import { CARD_WIDTH, cardSvg, neutralCardSvg, type CardReason } from './card';
import { boundOf, oembedJson } from './oembed';
import { sharePage, type PageContent } from './page';
import { rasterizerLoader, type Rasterizer } from './raster';
import { cardPath, oembedPath, pagePath, shareRouteOf, type ShareRoute } from './routes';
import { shareFacts, shareTitle, type ShareFacts } from './summary';
import { shortAddress } from '../../render/address';
import { isRecord, parseJson } from '../../util/values';

/**
 * The share routes (docs/share-links.md): the page, its PNG card and oEmbed, all from the answers
 * the widgets' routes cache (`read`), so that sharing an address costs no more upstream requests
 * than showing its reputation and badge widgets: one per path per TTL, shared with them.
 */

/** Where an answer came from, in `X-Repkit-Cache`. */
export type CacheState = 'hit' | 'miss' | 'stale';

/** What the proxy serves for a service path: an answer, or a failure. */
export type Served = { answer: CachedAnswer; state: CacheState } | Failure;

/** What the share routes need from the proxy: its options, its reads of service paths and its cache layers. */
export interface ShareDeps {
  o: ResolvedProxyOptions;
  /** A service path (`scores/{address}`) as a widget's request for it would be answered. */
  read(path: string, url: URL, context?: ProxyContext, signal?: AbortSignal): Promise<Served>;
  /** The freshest copy of `key` in the proxy's cache layers. */
  lookup(key: string, url: URL): Promise<CachedAnswer | undefined>;
  /** Keeps `answer` under `key` in every cache layer. */
  store(key: string, answer: CachedAnswer, url: URL, context?: ProxyContext): Promise<void>;
}

const HTML_TYPE = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const PNG_TYPE = 'image/png';

/** Seconds a card asked for while every render slot is taken should wait: a render takes tens of ms. */
const BUSY_RETRY_AFTER = 2;

/** The data of one address, read as its reputation and badge widgets read it. */
interface AddressData {
  /** The scores' answer: its freshness is the page's and the card's. */
  from?: { answer: CachedAnswer; state: CacheState };
  content: PageContent;
}

/** The locale a request asks for: `?locale=`, else the first language of `Accept-Language` repkit has words for, else English. */
const localeOf = (query: URLSearchParams, acceptLanguage: string | null): { locale: string; negotiated: boolean } => {
  if (query.get('locale')) return { locale: svgOptionsOf(query).locale, negotiated: false };
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag && l.tag != '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    try {
      const locale = canonicalLocale(tag);
      if (locale.toLowerCase().startsWith('en') || catalogueOf(locale)) return { locale, negotiated: true };
    } catch {
      // Not a language tag: the next one.
    }
  }
  return { locale: DEFAULT_SVG_LOCALE, negotiated: true };
};

/** The look a request asks for: theme and locale (the card's and page's words and numbers). */
const lookOf = (url: URL, request: Request, negotiate = true): SvgOptions & { negotiated: boolean } => {
  const { locale, negotiated } = localeOf(url.searchParams, negotiate ? request.headers.get('Accept-Language') : null);
  return { theme: url.searchParams.get('theme') == 'dark' ? 'dark' : 'light', locale, negotiated };
};

/** The proxy's public origin: the request's, with https when a trusted proxy in front says the visitor used it. */
const originOf = (url: URL, request: Request, o: ResolvedProxyOptions): string => {
  const forwarded = o.trustProxy ? request.headers.get('X-Forwarded-Proto')?.split(',')[0]?.trim() : undefined;
  return forwarded == 'https' && url.protocol == 'http:' ? `https://${url.host}` : url.origin;
};

/** A query string of the look, for the URLs a page names (defaults left out): the card and embed view speak the page's language, however it was chosen. */
const lookQuery = (look: SvgOptions & { negotiated: boolean }, extra: string[] = []): string => {
  const params = [
    ...(look.locale == DEFAULT_SVG_LOCALE ? [] : [`locale=${encodeURIComponent(look.locale)}`]),
    ...(look.theme == 'dark' ? ['theme=dark'] : []),
    ...extra,
  ];
  return params.length ? `?${params.join('&')}` : '';
};

/** The facts a card and title say, when there is data. */
const factsOf = (address: string, content: PageContent, locale: string): ShareFacts | undefined =>
  content.kind == 'data' ? shareFacts(address, content.scores, content.badges, content.definitions, svgWords(locale)) : undefined;

/** The share routes of one proxy: `(route, request, url, cors, context) => Response`. */
export const shareServer = (deps: ShareDeps) => {
  const { o } = deps;
  const loadRasterizer = rasterizerLoader(o.card);
  /** Cards being drawn or waiting to be drawn, by cache key: concurrent requests for one card share its render. */
  const rendering = new Map<string, Promise<Uint8Array>>();
  /** The renders so far, one after another: each waits for the one before and yields to the event loop first. */
  let queue: Promise<unknown> = Promise.resolve();

  const failureOf = (served: Served): Failure | undefined => ('answer' in served ? undefined : served);

  /** An address's data, as its reputation and badge widgets would load it (the same paths, through the same cache). */
  const dataOf = async (address: string, url: URL, context?: ProxyContext, signal?: AbortSignal): Promise<AddressData> => {
    const [scores, earned, defined] = await Promise.all([
      deps.read(`scores/${address}`, url, context, signal),
      deps.read(`badges/${address}`, url, context, signal),
      deps.read('metadata/badges', url, context, signal),
    ]);
    const failed = failureOf(scores);
    if (failed || !('answer' in scores)) return { content: { kind: failed && failed.status == 404 ? 'no data' : 'unavailable' } };
    const record: UserScores | undefined = recordOf(scores.answer, userScores);
    if (!record) return { from: scores, content: { kind: scores.answer.status == 200 ? 'unavailable' : 'no data' } };
    const badges: readonly UserBadge[] = ('answer' in earned ? recordOf(earned.answer, userBadges)?.badges : undefined) ?? [];
    const definitions: readonly BadgeDefinition[] =
      ('answer' in defined ? recordOf(defined.answer, badgeDefinitions)?.badges : undefined) ?? [];
    return {
      from: scores,
      content: {
        kind: 'data',
        scores: record,
        badges,
        definitions: new Map(definitions.map((d) => [d.key, d])),
        loadedAt: scores.answer.storedAt,
      },
    };
  };

  /** Cache headers of an answer made from `from`'s data (`max-age` too: browsers and image proxies keep it), or the neutral ones. */
  const cachingOf = (from: AddressData['from']): Record<string, string> =>
    from
      ? { ...cacheHeaders(from.answer, from.state != 'stale', o, Date.now(), true), 'X-Repkit-Cache': from.state }
      : { 'Cache-Control': `public, max-age=${NEUTRAL_MAX_AGE}, s-maxage=${NEUTRAL_MAX_AGE}` };

  const json = (status: number, message: string, extra: Record<string, string> = {}): Response =>
    new Response(messageBody(`repkit proxy: ${message}`), {
      status,
      headers: { 'Content-Type': JSON_TYPE, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', ...extra },
    });

  /** A 200 (or `status`) with an ETag, or a 304 when `If-None-Match` names it; no body for HEAD. */
  const tagged = (
    request: Request,
    status: number,
    body: string | Uint8Array<ArrayBuffer>,
    etag: string,
    headers: Record<string, string>,
  ): Response => {
    const all = { ...headers, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
    if (status == 200 && matchesEtag(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers: all });
    return new Response(request.method == 'HEAD' ? null : body, { status, headers: all });
  };

  const servePage = async (
    route: Extract<ShareRoute, { kind: 'page' }>,
    request: Request,
    url: URL,
    context?: ProxyContext,
  ): Promise<Response> => {
    const look = lookOf(url, request);
    const embed = url.searchParams.has('embed');
    const origin = originOf(url, request, o);
    const data: AddressData = route.invalidAddress
      ? { content: { kind: 'invalid' } }
      : await dataOf(route.address, url, context, request.signal);
    const { html, csp } = sharePage(
      route.address,
      data.content,
      { locale: look.locale, theme: look.theme, embed },
      {
        proxy: `${origin}${route.base}`,
        canonical: `${origin}${pagePath(route.base, route.address)}`,
        card: `${origin}${cardPath(route.base, route.address)}${lookQuery(look)}`,
        oembed: `${origin}${oembedPath(route.base)}?url=${encodeURIComponent(`${origin}${pagePath(route.base, route.address)}${lookQuery(look)}`)}&format=json`,
      },
    );
    const status = route.invalidAddress ? 404 : data.content.kind == 'unavailable' ? 503 : 200;
    const headers: Record<string, string> = {
      'Content-Type': HTML_TYPE,
      'Content-Security-Policy': csp,
      'Referrer-Policy': 'no-referrer',
      ...(status == 503 ? { 'Cache-Control': 'no-store', 'Retry-After': String(NEUTRAL_MAX_AGE) } : cachingOf(data.from)),
      ...(look.negotiated ? { Vary: 'Accept-Language' } : {}),
    };
    return tagged(request, status, html, etagOf(html), headers);
  };

  /** Draws a PNG, at most `maxRenders` waiting or drawing at once, one at a time, letting other requests through between. */
  const draw = (key: string, svg: string, rasterizer: Rasterizer): Promise<Uint8Array> | undefined => {
    const under = rendering.get(key);
    if (under) return under;
    if (rendering.size >= o.card.maxRenders) return undefined;
    const job = queue
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => rasterizer.png(svg, CARD_WIDTH))
      .finally(() => rendering.delete(key));
    queue = job.catch(() => undefined);
    rendering.set(key, job);
    return job;
  };

  /** A card as the caches keep it: the PNG in base64 and its ETag, in the success envelope every cache layer checks answers against. */
  const cardAnswer = (png: Uint8Array, etag: string, from: CachedAnswer): CachedAnswer => ({
    ...storedAnswer(200, JSON.stringify({ success: true, data: { etag, png: toBase64(png) } }), 0, o, from.storedAt),
    freshUntil: from.freshUntil,
    keepUntil: from.keepUntil,
  });

  const cardOf = (answer: CachedAnswer): { png: Uint8Array; etag: string } | undefined => {
    try {
      const envelope = parseJson(answer.body);
      const { png, etag } = isRecord(envelope) && isRecord(envelope.data) ? envelope.data : {};
      return typeof png == 'string' && typeof etag == 'string' ? { png: fromBase64(png), etag } : undefined;
    } catch {
      return undefined;
    }
  };

  const servePng = (request: Request, status: number, png: Uint8Array, etag: string, headers: Record<string, string>): Response =>
    // A copy on its own ArrayBuffer, as a Response body must be (resvg-js gives a Buffer of a pool's).
    tagged(request, status, new Uint8Array(png), etag, {
      'Content-Type': PNG_TYPE,
      'Content-Security-Policy': "default-src 'none'",
      ...headers,
    });

  const busy = (): Response =>
    json(503, `every card render slot (card.maxRenders: ${o.card.maxRenders}) is taken: try again in ${BUSY_RETRY_AFTER} s`, {
      'Retry-After': String(BUSY_RETRY_AFTER),
    });

  const serveCard = async (
    route: Extract<ShareRoute, { kind: 'card' }>,
    request: Request,
    url: URL,
    cors: Record<string, string>,
    context?: ProxyContext,
  ): Promise<Response> => {
    // The card is an image URL a page names with its locale: Accept-Language plays no part.
    const look = lookOf(url, request, false);
    const key = `card/${route.address}/${look.theme}/${look.locale}`;
    const cached = route.invalidAddress ? undefined : await deps.lookup(key, url);
    const kept = cached && cardOf(cached);
    const fromCache = (state: CacheState): Response =>
      servePng(request, 200, kept!.png, kept!.etag, { ...cachingOf({ answer: cached!, state }), ...cors });
    if (kept && tierOf(cached, o, Date.now()) == 'fresh') return fromCache('hit');
    const loaded = await loadRasterizer();
    if (!loaded.ok) return kept ? fromCache('stale') : json(501, loaded.message, cors);
    const { rasterizer } = loaded;
    const neutral = async (reason: CardReason, status: number): Promise<Response> => {
      const svg = neutralCardSvg(route.invalidAddress ? undefined : route.address, reason, look, rasterizer.coverage);
      const png = await draw(`${key}/${reason}`, svg, rasterizer);
      if (!png) return busy();
      return servePng(request, status, png, etagOf(svg), { ...cachingOf(undefined), ...cors });
    };
    if (route.invalidAddress) return neutral('invalid address', 404);
    const data = await dataOf(route.address, url, context, request.signal);
    // The data is being refreshed (or the service fails): the card drawn before stands meanwhile.
    if (kept && (!data.from || data.from.state == 'stale')) return fromCache('stale');
    // A failure with nothing kept: a grey card, briefly. The service's 404, which the widgets' routes
    // keep, is drawn once per its TTL like any card.
    if (!data.from) return neutral('unavailable', 200);
    const words = svgWords(look.locale);
    const facts = factsOf(route.address, data.content, look.locale);
    const svg = facts
      ? cardSvg(facts, shareTitle(facts, words), look, rasterizer.coverage)
      : neutralCardSvg(route.address, data.content.kind == 'no data' ? 'no data' : 'unavailable', look, rasterizer.coverage);
    const drawing = draw(key, svg, rasterizer);
    if (!drawing) return kept ? fromCache('stale') : busy();
    const png = await drawing;
    const etag = etagOf(svg);
    const from = data.from;
    const answer = cardAnswer(png, etag, from.answer);
    if (answer.keepUntil > Date.now()) await deps.store(key, answer, url, context);
    return servePng(request, 200, png, etag, { ...cachingOf(from), ...cors });
  };

  const serveOembed = async (
    route: Extract<ShareRoute, { kind: 'oembed' }>,
    request: Request,
    url: URL,
    cors: Record<string, string>,
    context?: ProxyContext,
  ): Promise<Response> => {
    const format = url.searchParams.get('format') ?? 'json';
    if (format != 'json') return json(501, `oEmbed format "${format.slice(0, 20)}" is not served: ask for format=json`, cors);
    const origin = originOf(url, request, o);
    let page: URL | undefined;
    try {
      page = new URL(url.searchParams.get('url') ?? '');
    } catch {
      page = undefined;
    }
    const target = page && (page.origin == origin || page.origin == url.origin) ? shareRouteOf(page.pathname, o.basePath) : undefined;
    if (!target || target.kind != 'page' || target.invalidAddress || target.base != route.base) {
      return json(404, 'the url parameter is not a share page of this proxy ({base}/u/{address})', cors);
    }
    const look = lookOf(page!, request);
    const data = await dataOf(target.address, url, context, request.signal);
    const words = svgWords(look.locale);
    const facts = factsOf(target.address, data.content, look.locale);
    const title = facts ? shareTitle(facts, words) : words.t('Reputation of $', shortAddress(target.address));
    const body = oembedJson({
      title,
      embedUrl: `${origin}${pagePath(target.base, target.address)}${lookQuery(look, ['embed'])}`,
      cardUrl: `${origin}${cardPath(target.base, target.address)}${lookQuery(look)}`,
      providerUrl: `${origin}${route.base}/`,
      cacheAge: data.from ? secondsUntil(data.from.answer.freshUntil, Date.now()) : NEUTRAL_MAX_AGE,
      maxwidth: boundOf(url.searchParams.get('maxwidth')),
      maxheight: boundOf(url.searchParams.get('maxheight')),
    });
    const vary: Record<string, string> = look.negotiated ? { Vary: [cors.Vary, 'Accept-Language'].filter(Boolean).join(', ') } : {};
    return tagged(request, 200, body, etagOf(body), { 'Content-Type': JSON_TYPE, ...cachingOf(data.from), ...cors, ...vary });
  };

  return (route: ShareRoute, request: Request, url: URL, cors: Record<string, string>, context?: ProxyContext): Promise<Response> =>
    route.kind == 'page'
      ? servePage(route, request, url, context)
      : route.kind == 'card'
        ? serveCard(route, request, url, cors, context)
        : serveOembed(route, request, url, cors, context);
};
