/** The API prefix of every route of the service. */
export const API_PREFIX = '/api/v2/';

/** What the service accepts as an address: 47-48 base58 characters (the service answers 400 otherwise). */
export const ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{47,48}$/;

/**
 * What a category or badge key may be. The service's keys are camelCase (`txCount`) or
 * PascalCase (`RelayChainInitiate`); anything else cannot name one, and answers 404 here
 * without spending quota.
 */
const KEY_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** One of the seven routes, by its canonical path (the cache key and the upstream path). */
export interface Route {
  /** `scores/{address}`, `metadata/badges`...: safe characters only, so no encoding is needed. */
  path: string;
  /** Metadata routes (definitions) change rarely and are cached longer. */
  metadata: boolean;
  /** The address is not one the service accepts: answer its 400 without asking it. */
  invalidAddress: boolean;
}

export const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * What follows `prefix` in a request path: exactly `{basePath}{prefix}` with a `basePath`,
 * else after the first `prefix` anywhere (the proxy may be mounted under any path).
 */
export const after = (pathname: string, basePath: string | undefined, prefix: string): string | undefined => {
  if (basePath !== undefined) return pathname.startsWith(basePath + prefix) ? pathname.slice(basePath.length + prefix.length) : undefined;
  const at = pathname.indexOf(prefix);
  return at < 0 ? undefined : pathname.slice(at + prefix.length);
};

/**
 * The route of a request path (still percent-encoded, as `URL.pathname` gives it), or
 * undefined for anything that is not one of the service's seven GET routes (docs/proxy.md, "The proxy"). With `basePath`
 * the path must be exactly `{basePath}/api/v2/...`; without, any prefix before the first
 * `/api/v2/` is accepted.
 */
export const routeOf = (pathname: string, basePath: string | undefined): Route | undefined => {
  const rest = after(pathname, basePath, API_PREFIX);
  if (rest === undefined) return undefined;
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    const s = decode(raw);
    if (s === undefined || s === '') return undefined;
    segments.push(s);
  }
  const [area, address, key, extra] = segments;
  if (extra !== undefined || area === undefined || address === undefined) return undefined;
  if (area === 'metadata') {
    return key === undefined && (address === 'badges' || address === 'categories')
      ? { path: `metadata/${address}`, metadata: true, invalidAddress: false }
      : undefined;
  }
  if (area !== 'scores' && area !== 'badges' && area !== 'profiles') return undefined;
  if (key !== undefined && (area === 'profiles' || !KEY_RE.test(key))) return undefined;
  if (!ADDRESS_RE.test(address)) return { path: '', metadata: false, invalidAddress: true };
  return { path: key === undefined ? `${area}/${address}` : `${area}/${address}/${key}`, metadata: false, invalidAddress: false };
};

/** The prefix of the SVG badge routes, after the proxy's `basePath`. */
export const BADGE_PREFIX = '/badge/';

/** One of the two SVG badge routes: `badge/reputation/{address}.svg` or `badge/badges/{address}.svg`. */
export interface BadgeRoute {
  kind: 'reputation' | 'badges';
  /** The address, as asked for; check {@link BadgeRoute.invalidAddress} before using it. */
  address: string;
  /** Not an address the service accepts: the neutral badge, without asking it. */
  invalidAddress: boolean;
}

/**
 * The badge route of a request path (percent-encoded, as `URL.pathname` gives it), or undefined.
 * The same mount rule as {@link routeOf}: exactly `{basePath}/badge/...` with a `basePath`, else
 * any prefix before `/badge/`.
 */
export const badgeRouteOf = (pathname: string, basePath: string | undefined): BadgeRoute | undefined => {
  const rest = after(pathname, basePath, BADGE_PREFIX);
  const match = rest === undefined ? null : /^(reputation|badges)\/([^/]+)\.svg$/.exec(rest);
  if (!match) return undefined;
  const address = decode(match[2]) ?? '';
  return { kind: match[1] as BadgeRoute['kind'], address, invalidAddress: !ADDRESS_RE.test(address) };
};

/** The batch route, after the proxy's `basePath`: `GET {basePath}/batch?r={path}&r={path}…`. */
export const BATCH_PATH = '/batch';

/**
 * Whether a request path (percent-encoded) is the batch route: exactly `{basePath}/batch` with a
 * `basePath`, else any prefix before it (the same mount rule as {@link routeOf}).
 */
export const isBatchPath = (pathname: string, basePath: string | undefined): boolean => after(pathname, basePath, BATCH_PATH) === '';
