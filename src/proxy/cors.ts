/**
 * Who may read the proxy's answers. A page of an allowed origin gets them with CORS headers;
 * any other page gets a 403 and no data, so that a site cannot spend the key's quota from
 * another origin. That 403 is readable by the refused page (it carries that page's origin in
 * `Access-Control-Allow-Origin`), so a widget there can say what to fix instead of reporting
 * an unreachable service. Requests without `Origin` (servers, same-
 * origin navigations) are let through: CORS is what browsers enforce, and it is the only
 * thing at stake here.
 */

/** Response headers a page of an allowed origin may read: the client honours Retry-After. */
const EXPOSED = 'Retry-After, X-Repkit-Cache';

/** The methods the proxy serves, for `Allow` (a preflight's, and a 405's for any other method). */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** What a preflight of an allowed origin is answered with. */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': ALLOWED_METHODS,
  // X-API-Key is allowed so that a page still configured with a key keeps working; the proxy
  // ignores that key and sends its own.
  'Access-Control-Allow-Headers': 'Accept, Content-Type, X-API-Key',
  'Access-Control-Max-Age': '86400',
  Allow: ALLOWED_METHODS,
};

export interface CorsDecision {
  /** Whether the request may be answered at all. */
  allowed: boolean;
  /** The CORS headers to answer with (for a refused origin: enough to read the 403). */
  headers: Record<string, string>;
}

/**
 * The decision for a request's `Origin` header (`null` when absent) on a proxy at origin
 * `self`. With `'*'` every origin is allowed and nothing varies; with a list, the answer
 * depends on `Origin`, so it says so in `Vary` for every shared cache on the way.
 */
export const corsFor = (allowOrigins: ReadonlySet<string> | '*', origin: string | null, self: string): CorsDecision => {
  if (allowOrigins === '*') {
    return {
      allowed: true,
      headers: origin === null ? {} : { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED },
    };
  }
  if (origin === null) return { allowed: true, headers: { Vary: 'Origin' } };
  if (origin === self || allowOrigins.has(origin)) {
    return { allowed: true, headers: { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED, Vary: 'Origin' } };
  }
  return { allowed: false, headers: { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } };
};
