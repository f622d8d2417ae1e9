/**
 * Who may read the proxy's answers. A page of an allowed origin gets them with CORS headers;
 * any other page gets a 403 and no data, so that a site cannot spend the key's quota from
 * another origin. That 403 is readable by the refused page (it carries that page's origin in
 * `Access-Control-Allow-Origin`), so a widget there can say what to fix instead of reporting
 * an unreachable service. Requests without `Origin` are let through when they come from a
 * server (no `Sec-Fetch-Site`), the proxy's own pages or the address bar; a browser's request
 * from another site without `Origin` (`<img>`, `<script>`, a `no-cors` fetch, a link) is
 * refused on the API routes unless the origin rules allow that site's pages anyway
 * ({@link crossSiteRefused}), since it would spend quota.
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

/** What every origin is answered with under `allowOrigins: '*'`: the same headers with or without `Origin`. */
const ANY_ORIGIN: Readonly<Record<string, string>> = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED };

/**
 * The decision for a request's `Origin` header (`null` when absent) on a proxy at origin
 * `self`. With `'*'` every origin is allowed and the headers are the same with or without
 * `Origin`, so a shared cache may hand any copy to any page; with a list, the answer depends
 * on `Origin`, so it says so in `Vary` for every shared cache on the way.
 */
export const corsFor = (allowOrigins: ReadonlySet<string> | '*', origin: string | null, self: string): CorsDecision => {
  if (allowOrigins === '*') return { allowed: true, headers: { ...ANY_ORIGIN } };
  if (origin === null) return { allowed: true, headers: { Vary: 'Origin' } };
  if (origin === self || allowOrigins.has(origin)) {
    return { allowed: true, headers: { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED, Vary: 'Origin' } };
  }
  return { allowed: false, headers: { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } };
};

/**
 * Whether a browser's request from a page of another site or origin came without `Origin`, and
 * that page's origin is not one `allowOrigins` lets in: `Sec-Fetch-Site` is `cross-site` or
 * `same-site` (an `<img>`, a `<script>`, a `no-cors` fetch, a link followed). Browsers send no
 * `Origin` on those, and without this rule a refused site could spend quota through them. A
 * server sends no `Sec-Fetch-Site` and is never refused here; the proxy's own pages
 * (`same-origin`) and the address bar (`none`) neither. The page's origin, where the browser
 * tells it in `Referer`, lets an allowed site's `<img>` through.
 */
export const crossSiteRefused = (allowOrigins: ReadonlySet<string> | '*', headers: Headers): boolean => {
  if (allowOrigins === '*' || headers.get('Origin') !== null) return false;
  const site = headers.get('Sec-Fetch-Site');
  if (site != 'cross-site' && site != 'same-site') return false;
  const referer = headers.get('Referer');
  let from: string | undefined;
  try {
    from = referer ? new URL(referer).origin : undefined;
  } catch {
    from = undefined;
  }
  return !from || !allowOrigins.has(from);
};
