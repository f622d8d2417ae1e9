/** The API prefix of every route of the service. */
export const API_PREFIX = '/api/v2/';

/** What the service accepts as an address: 47-48 base58 characters (the service answers 400 otherwise). */
const ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{47,48}$/;

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

const decode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * The route of a request path (still percent-encoded, as `URL.pathname` gives it), or
 * undefined for anything that is not one of the service's seven GET routes (README, "The proxy"). With `basePath`
 * the path must be exactly `{basePath}/api/v2/...`; without, any prefix before the first
 * `/api/v2/` is accepted.
 */
export const routeOf = (pathname: string, basePath: string | undefined): Route | undefined => {
  let rest: string;
  if (basePath !== undefined) {
    if (!pathname.startsWith(basePath + API_PREFIX)) return undefined;
    rest = pathname.slice(basePath.length + API_PREFIX.length);
  } else {
    const at = pathname.indexOf(API_PREFIX);
    if (at < 0) return undefined;
    rest = pathname.slice(at + API_PREFIX.length);
  }
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
