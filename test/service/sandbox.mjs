// @ts-check
/**
 * The sandbox: a zero-dependency HTTP server that answers exactly as the production service
 * does, over fixture data from ./fixtures.mjs.
 *
 * What it reproduces, in the order the service applies it to an API request:
 *
 * 1. CORS per key and origin. A request without `Origin` (a server, or a same-origin GET) or
 *    from the sandbox's own origin passes. Any other origin must come with a known key that
 *    allows it ({@link API_KEY}: any origin; {@link ORIGIN_LOCKED_KEY}: only
 *    {@link ORIGIN_LOCKED_ORIGIN}); otherwise 403 `{ success: false, error }` (`error` is
 *    `Origin not allowed`, `Invalid API key` or `API key required`, nothing else, as WIRE.md
 *    says) WITHOUT `Access-Control-Allow-Origin`, which a browser reports as a network error.
 *    Every `OPTIONS` request is answered as a preflight, with the page's origin allowed (the
 *    client's probe relies on it to tell a refusal from a service that is not there). Allowed origins
 *    are reflected (`Access-Control-Allow-Origin: <origin>`, `Vary: Origin`). Preflights always
 *    pass (they carry no key). No `Access-Control-Expose-Headers`: scripts of another origin
 *    cannot read `X-RateLimit-*` or `Retry-After`.
 * 2. The key: 401 `API key is required` · `Invalid API key format` (a key that does not start
 *    with `dp_live_`, `dp_test_` or the sandbox's `demo-`) · `Invalid or revoked API key`.
 * 3. A per-key quota (option `quota`): `X-RateLimit-Limit`, `-Remaining`, `-Reset` (epoch ms)
 *    on every counted answer, 429 `{ message }` without `Retry-After` once exhausted. The
 *    metadata endpoints are free: not counted and without those headers.
 * 4. The route: 400 `Invalid Polkadot address format` unless the address is 47-48 base58
 *    characters; an address the service has never seen is computed on the spot (200, score 0),
 *    slowly (option `computeDelayMs`); 404 for a category the address has no score in, for a
 *    badge it has not earned, and for unknown paths (`{ "message": "Not Found" }`).
 * 5. The answer: `{ success: true, data }`, gzip-compressed above 1 kB when the request
 *    accepts gzip. Nested definitions of getCategoryScore and getBadge carry no `key`.
 *    Failures are `{ message }` without `success`.
 *
 * Failures that are hard to provoke against the real service (dropped sockets, truncated or
 * malformed bodies, 503-then-200, redirects, decompression bombs) are requested per request
 * through a path prefix, `/__fault/{spec}/api/v2/...`, rather than through server state, so
 * tests running concurrently against one sandbox never see each other's faults. See
 * {@link parseFaultSpec}.
 *
 * Only node: built-ins are used, so `node demo/server.mjs` works straight after a clone.
 */
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import {
  API_KEY,
  BADGE_DEFINITIONS,
  CATEGORY_DEFINITIONS,
  FIXTURES,
  ORIGIN_LOCKED_KEY,
  ORIGIN_LOCKED_ORIGIN,
  brandNewRecords,
  withOrigin,
} from './fixtures.mjs';

/** What the service accepts as an address (after percent-decoding): 47-48 base58 characters. */
const ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{47,48}$/;

/**
 * Valid keys and the browser origins each allows; an empty list allows any origin.
 * @type {Map<string, string[]>}
 */
const KEYS = new Map([
  [API_KEY, []],
  [ORIGIN_LOCKED_KEY, [ORIGIN_LOCKED_ORIGIN]],
]);

/** Keys not starting like this are refused as `Invalid API key format`. */
const KEY_FORMAT = /^(dp_live_|dp_test_|demo-)/;

/** Answers larger than this many bytes are gzip-compressed when the request accepts gzip. */
const GZIP_THRESHOLD = 1024;

/** Headers of a preflight answer, as production sends them, besides the reflected origin. */
const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-API-Key',
};

/** Default quota: high enough that no test suite ever reaches it; the production window. */
const DEFAULT_QUOTA = { limit: 1e9, windowMs: 3_600_000 };

/**
 * The quota an injected 429 reports: a free production key's hourly one (WIRE.md), as README
 * states it, whatever lenient quota this sandbox itself counts.
 */
const FREE_KEY_QUOTA = { limit: 100, windowMs: 3_600_000 };

/** `X-RateLimit-Reset` of an injected 429 without `resetIn`: one production window ahead. */
const DEFAULT_RESET_IN = 3_600_000;

/** Static files served without a staticRoot: the fixture images next to this file. */
const OWN_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Content types of static files, by extension.
 * @type {Record<string, string>}
 */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Size of the padding string added by `body=huge`: 5 MB. */
const HUGE_PADDING = 5 * 1024 * 1024;

/** Largest `big` and `bomb` sizes, in bytes: enough to hurt, small enough to build. */
const MAX_BIG = 256 * 1024 * 1024;
const MAX_BOMB = 1024 * 1024 * 1024;

/** Answered at `/` when demo/index.html has not been written yet. */
const MISSING_INDEX_PAGE = `<!doctype html>
<meta charset="utf-8">
<title>repkit sandbox</title>
<p>The repkit sandbox is running, but <code>demo/index.html</code> does not exist yet.</p>
<p>The API is at <code>/api/v2/...</code> (API key <code>${API_KEY}</code>).</p>
`;

/** Known items of a fault spec; flags take no value. */
const FAULT_FLAGS = new Set(['hang', 'drop', 'dropMidBody']);
const FAULT_BODIES = new Set(['text', 'html', 'nodata', 'successfalse', 'empty', 'huge']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** @typedef {import('./faults.mjs').FaultBody} FaultBody */
/** @typedef {import('./faults.mjs').FaultItems} FaultItems */

/**
 * A parsed fault spec (see {@link parseFaultSpec}).
 * @typedef {object} Fault
 * @property {number} [latency] extra delay in ms before anything else happens
 * @property {number} [status] answer with this status instead: 4xx/5xx with a production
 *   `{ message }` body (429 with X-RateLimit-* headers); 2xx/3xx replace the real answer's status
 * @property {string} [message] the message of an injected error, instead of the production one
 * @property {number} [resetIn] answer 429 with `X-RateLimit-Reset` = now + this many ms
 * @property {string} [retryAfter] value of a Retry-After header to add (not sent by production)
 * @property {string} [redirect] answer with a redirect to this URL (302, or `status` when 3xx)
 * @property {number} [times] the fault applies to the first N requests with this spec only
 * @property {boolean} [hang] never answer
 * @property {boolean} [drop] destroy the socket without answering
 * @property {boolean} [dropMidBody] send the headers and half the body, then destroy
 * @property {FaultBody} [body] a malformed-body variant, see FAULT_BODIES
 * @property {number} [big] pad the real answer to exactly this many bytes, never compressed
 * @property {number} [bomb] a gzip bomb: the real answer padded to this many bytes once
 *   decompressed, sent gzip-compressed whatever the request accepts
 * @property {Record<string, unknown>} [patch] shallow-merged into `data`; null deletes
 */

/**
 * Parses the `{spec}` segment of `/__fault/{spec}/...`: comma-separated `key` or
 * `key=value` items, each value percent-decoded. Splitting happens before decoding, so a
 * value such as a patch JSON keeps its commas as long as the caller used
 * `encodeURIComponent` (which encodes `,` and `/`).
 *
 * Unknown keys are rejected rather than ignored so that a typo in a test fails loudly instead
 * of silently testing the happy path. `id=anything` is accepted and ignored: it makes a spec
 * string unique, giving a fresh `times` counter (the demo page uses it).
 *
 * @param {string} raw the raw (still percent-encoded) spec segment
 * @returns {Fault}
 * @throws {Error} with a human message when the spec is malformed
 */
export function parseFaultSpec(raw) {
  /** @type {Fault} */
  const fault = {};
  for (const item of raw.split(',')) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    let value;
    try {
      value = eq < 0 ? undefined : decodeURIComponent(item.slice(eq + 1));
    } catch {
      throw new Error(`Bad fault spec: the value of "${key}" is not valid percent-encoding`);
    }
    const need = () => {
      if (value === undefined || value === '') throw new Error(`Bad fault spec: "${key}" needs a value`);
      return value;
    };
    /** @type {(min: number, max: number) => number} */
    const int = (min, max) => {
      const v = need();
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < min || n > max) throw new Error(`Bad fault spec: "${key}" must be a whole number from ${min} to ${max}`);
      return n;
    };
    if (FAULT_FLAGS.has(key)) fault[/** @type {'hang' | 'drop' | 'dropMidBody'} */ (key)] = true;
    else if (key === 'latency') fault.latency = int(0, 600_000);
    else if (key === 'status') fault.status = int(200, 599);
    else if (key === 'message') fault.message = need();
    else if (key === 'resetIn') fault.resetIn = int(0, 86_400_000 * 366);
    else if (key === 'retryAfter') fault.retryAfter = need();
    else if (key === 'times') fault.times = int(0, Number.MAX_SAFE_INTEGER);
    else if (key === 'big') fault.big = int(0, MAX_BIG);
    else if (key === 'bomb') fault.bomb = int(1, MAX_BOMB);
    else if (key === 'id') continue;
    else if (key === 'redirect') {
      const target = need();
      if (/[\r\n\0]/.test(target)) throw new Error('Bad fault spec: redirect must not contain line breaks');
      fault.redirect = target;
    } else if (key === 'body') {
      const body = need();
      if (!FAULT_BODIES.has(body)) throw new Error(`Bad fault spec: body must be one of ${[...FAULT_BODIES].join(', ')}`);
      fault.body = /** @type {FaultBody} */ (body);
    } else if (key === 'patch') {
      let patch;
      try {
        patch = JSON.parse(need());
      } catch {
        throw new Error('Bad fault spec: patch is not valid JSON');
      }
      if (!patch || typeof patch !== 'object' || Array.isArray(patch)) throw new Error('Bad fault spec: patch must be a JSON object');
      fault.patch = patch;
    } else throw new Error(`Bad fault spec: unknown item "${key}"`);
  }
  if (fault.redirect !== undefined && fault.status !== undefined && !REDIRECT_STATUSES.has(fault.status)) {
    throw new Error(`Bad fault spec: with redirect, status must be one of ${[...REDIRECT_STATUSES].join(', ')}`);
  }
  return fault;
}

// The builders are shared with the demo page, which runs in a browser (no node: imports there).
export { faultBaseUrl, faultSpec } from './faults.mjs';

/**
 * A response as computed by the handlers, before delivery. Keeping it as data lets the fault
 * layer rewrite or truncate it in one place. `compress: false` keeps it off the gzip path;
 * `refused` marks a CORS refusal (no CORS headers may be added to it).
 * @typedef {{ status: number, headers: Record<string, string>, body: Buffer, compress?: boolean, refused?: boolean }} Reply
 */

/**
 * @param {number} status
 * @param {unknown} value
 * @returns {Reply} a JSON reply with the service's content type
 */
function json(status, value) {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(value)) };
}

/** @type {(data: unknown) => Reply} the success envelope */
const ok = (data) => json(200, { success: true, data });

/** @type {(status: number, message: string) => Reply} the service's failure body: `{ message }`, no `success` */
const fail = (status, message) => json(status, { message });

/**
 * Deep copy through JSON, which keeps own `__proto__` keys of the hostile fixture as data.
 * @template T
 * @param {T} v
 * @returns {T}
 */
const clone = (v) => JSON.parse(JSON.stringify(v));

/**
 * A copy of a definition without its `key`, as nested definitions are sent.
 * @template {{ key: string }} T
 * @param {T | null | undefined} definition
 * @returns {Omit<T, 'key'> | null}
 */
const withoutKey = (definition) => {
  if (!definition) return null;
  const { key: _key, ...rest } = clone(definition);
  return rest;
};

/**
 * Percent-decodes one path segment; `null` when it is not valid percent-encoding.
 * @param {string} segment
 */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The API route of a path (the raw segments after `/api/v2/`), or null for an unknown path.
 * `address` and `key` are still percent-encoded.
 * @typedef {{ name: 'metaBadges' } | { name: 'metaCategories' }
 *   | { name: 'scores' | 'badges' | 'profile', address: string }
 *   | { name: 'category' | 'badge', address: string, key: string }} Route
 * @param {string[]} segments
 * @returns {Route | null}
 */
function routeOf(segments) {
  if (segments.some((s) => s === '')) return null;
  const [area, ...rest] = segments;
  if (area === 'metadata' && rest.length === 1) {
    if (rest[0] === 'badges') return { name: 'metaBadges' };
    if (rest[0] === 'categories') return { name: 'metaCategories' };
    return null;
  }
  const [address, key] = rest;
  if (area === 'profiles' && rest.length === 1) return { name: 'profile', address };
  if (area === 'scores' && rest.length === 1) return { name: 'scores', address };
  if (area === 'scores' && rest.length === 2) return { name: 'category', address, key };
  if (area === 'badges' && rest.length === 1) return { name: 'badges', address };
  if (area === 'badges' && rest.length === 2) return { name: 'badge', address, key };
  return null;
}

/**
 * What each route's own 500 says in production.
 * @type {Record<Route['name'], string>}
 */
const FAILED = {
  scores: 'Failed to get scores',
  category: 'Failed to get category score',
  badges: 'Failed to get badges',
  badge: 'Failed to get badge',
  profile: 'Failed to get profile',
  metaBadges: 'Failed to get badge definitions',
  metaCategories: 'Failed to get category definitions',
};

/**
 * The message production sends with `status` on `route` (for injected errors).
 * @param {number} status
 * @param {Route | null} route
 */
function productionMessage(status, route) {
  if (status === 400) return 'Invalid Polkadot address format';
  if (status === 401) return 'Invalid or revoked API key';
  if (status === 403) return 'Origin not allowed';
  if (status === 404) {
    if (route?.name === 'category') return 'Category score not found for this user';
    if (route?.name === 'badge') return 'Badge not found for this user';
    // Another deployment's 404 for a record names what is missing; only an unknown path is
    // the catch-all `Not Found`, which repkit reads as a wrong baseUrl.
    return route ? 'Record not found for this address' : 'Not Found';
  }
  if (status === 500 && route) return FAILED[route.name];
  return http.STATUS_CODES[status] ?? 'Error';
}

/**
 * The 429 message, which names the limit, the window and the reset time.
 * @param {number} limit
 * @param {number} windowMs
 * @param {number} resetAt epoch ms
 */
function rateLimitMessage(limit, windowMs, resetAt) {
  const window = windowMs === 3_600_000 ? 'hour' : windowMs === 86_400_000 ? 'day' : windowMs === 60_000 ? 'minute' : `${windowMs} ms`;
  return `Rate limit exceeded. Limit: ${limit} requests per ${window}. Resets at ${new Date(resetAt).toISOString()}`;
}

/**
 * Whether an Accept-Encoding header value accepts gzip (q=0 refuses).
 * @param {string | string[] | undefined} value
 */
function acceptsGzip(value) {
  if (typeof value !== 'string') return false;
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** @type {(headers: Record<string, string>, value: string) => void} adds `value` to a comma-separated Vary header */
const vary = (headers, value) => {
  headers.Vary = headers.Vary ? `${headers.Vary}, ${value}` : value;
};

/**
 * Resolves a static request path inside `root`, or returns null when it must be refused.
 * Only what `served` accepts is served (its argument: the decoded segments after the leading
 * slash). Traversal is refused on the decoded path (so `%2e%2e%2f` and `..%5c` are caught too)
 * and again after resolution, as a second line in case a segment check misses something
 * platform-specific.
 * @param {string} root absolute directory the path is inside
 * @param {string} pathname raw URL pathname
 * @param {(segments: string[]) => boolean} served
 * @returns {string | null}
 */
function staticFile(root, pathname, served) {
  const decoded = decodeSegment(pathname);
  if (decoded === null || decoded.includes('\0')) return null;
  const segments = decoded.split(/[\\/]/);
  // segments[0] is '' (the leading slash); refuse dot segments and hidden files everywhere.
  if (segments.slice(1).some((s) => s === '' || s.startsWith('.'))) return null;
  if (!served(segments.slice(1))) return null;
  const file = path.resolve(root, ...segments.slice(1));
  if (!file.startsWith(root + path.sep)) return null;
  return file;
}

/** The repository's files a staticRoot serves: demo/ and dist/. */
const REPOSITORY_FILES = (/** @type {string[]} */ [top, ...rest]) => (top === 'demo' || top === 'dist') && rest.length > 0;

/** The emulator's own files, served as /sandbox/*: the fixture images, and the browser-safe modules the demo page imports. */
const EMULATOR_FILES = (/** @type {string[]} */ [top, ...rest]) =>
  top === 'fixtures' ? rest.length > 0 : rest.length === 0 && (top === 'fixtures.mjs' || top === 'faults.mjs');

/**
 * Builds a gzip body that inflates to `head + padding + tail`, `size` bytes in all, without
 * ever holding the inflated bytes: the padding is fed to the compressor in chunks.
 * @param {string} head
 * @param {string} tail
 * @param {number} size
 * @returns {Promise<Buffer>}
 */
function buildBomb(head, tail, size) {
  return new Promise((resolve, reject) => {
    const gzip = zlib.createGzip({ level: 9 });
    /** @type {Buffer[]} */
    const out = [];
    gzip.on('data', (chunk) => out.push(chunk));
    gzip.on('end', () => resolve(Buffer.concat(out)));
    gzip.on('error', reject);
    let left = Math.max(0, size - Buffer.byteLength(head) - Buffer.byteLength(tail));
    const chunk = Buffer.alloc(Math.min(left, 1 << 20) || 1, 'x');
    gzip.write(head);
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!gzip.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void gzip.once('drain', pump);
      }
      gzip.end(tail);
    };
    pump();
  });
}

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port] 0 (the default) picks a free port (what tests want)
 * @property {string} [host] the interface to listen on; default `'127.0.0.1'`
 * @property {number} [latencyMs] delay in ms added to every API response; default 0
 * @property {number} [computeDelayMs] how long the service "computes" a record from chain data,
 *   in ms; default 0. Added to the first request for each computed (`source: 'api'`) address,
 *   unknown addresses included, and to every request for an address whose total is 0 (those
 *   are recomputed every time). App-sourced records are stored and always fast. Production
 *   takes 10-30 s.
 * @property {{ limit?: number, windowMs?: number }} [quota] requests per key per window
 *   (default 1e9 per hour, i.e. never reached by tests; production's free tier is ~100/hour)
 * @property {string} [staticRoot] repository root; when given, `/`, `/demo/*` and `/dist/*`
 *   are served from it (the fixture images under `/sandbox/fixtures/` always are), and
 *   `/demo/options.json` is every widget option's documentation (scripts/option-docs.mjs)
 */

/**
 * One logged API request (OPTIONS preflights, static and control requests are not logged).
 * @typedef {object} SandboxRequest
 * @property {string} method
 * @property {string} path as sent (still percent-encoded), without the fault prefix and the query
 * @property {string | null} apiKey the X-API-Key header, or `null` when absent
 * @property {string | null} origin the Origin header, or `null` when absent (a server-side or
 *   same-origin GET)
 * @property {number} time `Date.now()` when the request arrived
 * @property {string | null} fault the spec of its `/__fault/{spec}` prefix as sent, or `null`
 *   without one: which base URL (which test, with its unique `id`) sent it
 */

/**
 * @typedef {object} Sandbox
 * @property {string} url base URL to pass as a client's `baseUrl`, e.g. `http://127.0.0.1:54321`
 *   (no trailing slash)
 * @property {number} port
 * @property {http.Server} server
 * @property {SandboxRequest[]} requests live log of API requests, oldest first
 * @property {() => void} resetRequests empties `requests`; fault `times` counters, quotas and
 *   computed addresses are kept
 * @property {() => Promise<void>} close stops the server, ending hanging requests; resolves once
 *   closed
 */

/**
 * A badge as production sends it: for a record it computed from chain data (`source: 'api'`)
 * it fills a missing `earnedAt` with the time it answers (`earnedAt || new Date()`).
 * @param {import('./fixtures.mjs').WireUserBadge} badge
 * @param {string | undefined} source
 * @returns {import('./fixtures.mjs').WireUserBadge}
 */
const datedAsProduction = (badge, source) =>
  source === 'api' && !badge.earnedAt ? { ...badge, earnedAt: new Date().toISOString() } : badge;

/**
 * Starts a sandbox server.
 * @param {SandboxOptions} [options]
 * @returns {Promise<Sandbox>}
 */
export function createSandbox({ port = 0, host = '127.0.0.1', latencyMs = 0, computeDelayMs = 0, quota = {}, staticRoot } = {}) {
  const root = staticRoot ? path.resolve(staticRoot) : undefined;
  const limit = quota.limit ?? DEFAULT_QUOTA.limit;
  const windowMs = quota.windowMs ?? DEFAULT_QUOTA.windowMs;
  /** @type {SandboxRequest[]} */
  const requests = [];
  /** @type {Map<string, number>} How many requests carried each fault spec string: the state behind `times=N`. */
  const faultCounts = new Map();
  /** @type {Map<string, { count: number, resetAt: number }>} Quota use per key: requests counted in the current window and when it ends. */
  const usage = new Map();
  /** Computed addresses (fast from now on) and computations under way (shared by concurrent requests). */
  /** @type {Set<string>} */
  const computed = new Set();
  /** @type {Map<string, Promise<void>>} */
  const computing = new Map();
  /** @type {Map<string, Buffer>} Built gzip bombs by their inflated content, so a test that repeats one pays once. */
  const bombs = new Map();
  /** Open sockets and pending timers, so close() can end hanging requests at once. */
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();

  /** @type {(ms: number) => Promise<void>} waits `ms`, tracked so that close() can cancel the wait */
  const delay = (ms) =>
    new Promise((resolve) => {
      if (ms <= 0) return resolve(undefined);
      const t = setTimeout(() => {
        timers.delete(t);
        resolve(undefined);
      }, ms);
      timers.add(t);
    });

  /**
   * The "computation from chain data" of a computed record: slow the first time, and every
   * time for a record whose total is 0. Concurrent requests wait for the same computation.
   * @param {string} address
   * @param {import('./fixtures.mjs').AddressFixture} record
   */
  async function compute(address, record) {
    if (computeDelayMs <= 0 || record.scores.source === 'app') return;
    const always = record.scores.totalScore === 0;
    if (!always && computed.has(address)) return;
    let pending = computing.get(address);
    if (!pending) {
      pending = delay(computeDelayMs).then(() => {
        computing.delete(address);
        if (!always) computed.add(address);
      });
      computing.set(address, pending);
    }
    await pending;
  }

  /**
   * The quota window of `key` now, started afresh when the last one ended.
   * @param {string} key
   * @param {number} now epoch ms
   */
  function windowOf(key, now) {
    let u = usage.get(key);
    if (!u || now >= u.resetAt) {
      u = { count: 0, resetAt: now + windowMs };
      usage.set(key, u);
    }
    return u;
  }

  /**
   * Answers one API request (raw segments after `/api/v2/`) after CORS, key and quota have
   * passed: route (404), address (400), computation, data (404 or 200).
   * @param {Route | null} route
   * @param {string} origin the sandbox's origin as the client sees it, for fixture URLs
   * @returns {Promise<Reply>}
   */
  async function answerRoute(route, origin) {
    if (!route) return fail(404, 'Not Found');
    if (route.name === 'metaBadges') return ok({ badges: withOrigin(BADGE_DEFINITIONS, origin) });
    if (route.name === 'metaCategories') return ok({ categories: clone(CATEGORY_DEFINITIONS) });

    const address = decodeSegment(route.address);
    if (address === null) return fail(400, `Failed to decode param '${route.address}'`);
    if (!ADDRESS_RE.test(address)) return fail(400, 'Invalid Polkadot address format');
    // Read by the two routes that have a key only.
    let key = '';
    if ('key' in route) {
      const decoded = decodeSegment(route.key);
      if (decoded === null) return fail(400, `Failed to decode param '${route.key}'`);
      key = decoded;
    }

    const record = Object.hasOwn(FIXTURES, address) ? FIXTURES[address] : brandNewRecords(address, new Date().toISOString());
    await compute(address, record);
    // A record recomputed on every request is as fresh as the request.
    const fresh = record.scores.totalScore === 0 && record.scores.source === 'api';
    const calculatedAt = fresh ? new Date().toISOString() : record.scores.calculatedAt;
    const serve = (/** @type {unknown} */ data) => ok(withOrigin(data, origin));

    switch (route.name) {
      case 'profile':
        return serve(record.profile);
      case 'scores':
        return serve({ ...record.scores, calculatedAt });
      case 'category': {
        const categories = record.scores.categories ?? {};
        if (!Object.hasOwn(categories, key)) return fail(404, 'Category score not found for this user');
        const overrides = record.categoryDefinitions ?? {};
        const definition = Object.hasOwn(overrides, key) ? overrides[key] : CATEGORY_DEFINITIONS.find((d) => d.key === key);
        return serve({
          address,
          category: { key, score: categories[key] },
          definition: withoutKey(definition),
          calculatedAt,
          source: record.scores.source,
        });
      }
      case 'badges':
        return serve({ ...record.badges, badges: record.badges.badges.map((b) => datedAsProduction(b, record.badges.source)) });
      case 'badge': {
        const found = record.badges.badges.find((b) => b.badgeKey === key);
        if (!found) return fail(404, 'Badge not found for this user');
        const badge = datedAsProduction(found, record.badges.source);
        const overrides = record.badgeDefinitions ?? {};
        const definition = Object.hasOwn(overrides, key) ? overrides[key] : BADGE_DEFINITIONS.find((d) => d.key === key);
        return serve({ address, badge, definition: withoutKey(definition), source: record.badges.source });
      }
    }
    return fail(404, 'Not Found');
  }

  /**
   * The service's middleware chain and route for one request: CORS, key, quota, route.
   * @param {http.IncomingMessage} req
   * @param {Route | null} route
   * @param {string | undefined} apiKey
   * @param {string | undefined} origin the Origin header
   * @param {string} selfOrigin the sandbox's origin as the client sees it
   * @returns {Promise<{ reply: Reply, cors: Record<string, string>, rate: Record<string, string> }>}
   */
  async function pipeline(req, route, apiKey, origin, selfOrigin) {
    /** @type {Record<string, string>} */
    const cors = {};
    /** @type {Record<string, string>} */
    const rate = {};
    const refuse = (/** @type {Record<string, unknown>} */ body) => ({
      reply: { ...json(403, { success: false, ...body }), refused: true },
      cors,
      rate,
    });
    if (origin !== undefined) {
      if (origin !== selfOrigin) {
        if (!apiKey) return refuse({ error: 'API key required' });
        const allowed = KEYS.get(apiKey);
        if (!allowed) return refuse({ error: 'Invalid API key' });
        if (allowed.length > 0 && !allowed.includes(origin)) return refuse({ error: 'Origin not allowed' });
      }
      cors['Access-Control-Allow-Origin'] = origin;
      cors['Access-Control-Allow-Credentials'] = 'true';
      cors.Vary = 'Origin';
    }

    if (!apiKey) return { reply: fail(401, 'API key is required'), cors, rate };
    if (!KEY_FORMAT.test(apiKey)) return { reply: fail(401, 'Invalid API key format'), cors, rate };
    // The key's own origin check also reads the Referer (a same-origin page sends no Origin).
    const allowed = KEYS.get(apiKey);
    if (!allowed) return { reply: fail(401, 'Invalid or revoked API key'), cors, rate };
    const referer = typeof req.headers.referer === 'string' ? req.headers.referer : undefined;
    const from = origin ?? referer;
    if (allowed.length > 0 && from !== undefined && !allowed.some((o) => from === o || from.startsWith(`${o}/`))) {
      return { reply: fail(403, 'Origin not allowed'), cors, rate };
    }

    const now = Date.now();
    const u = windowOf(apiKey, now);
    if (u.count >= limit) {
      Object.assign(rate, { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(u.resetAt) });
      return { reply: fail(429, rateLimitMessage(limit, windowMs, u.resetAt)), cors, rate };
    }
    if (route?.name !== 'metaBadges' && route?.name !== 'metaCategories') {
      u.count += 1;
      Object.assign(rate, {
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': String(limit - u.count),
        'X-RateLimit-Reset': String(u.resetAt),
      });
    }
    return { reply: await answerRoute(route, selfOrigin), cors, rate };
  }

  /**
   * The answer a fault puts in place of the service's, or undefined when the fault only
   * shapes the real answer (patch, big, bomb) or is not about the answer at all.
   * @param {Fault} fault
   * @param {Route | null} route
   * @returns {Reply | undefined}
   */
  function injected(fault, route) {
    const status = fault.status ?? 200;
    if (fault.redirect !== undefined) {
      const code = fault.status ?? 302;
      return {
        status: code,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', Location: fault.redirect },
        body: Buffer.from(`${http.STATUS_CODES[code]}. Redirecting to ${fault.redirect}`),
      };
    }
    switch (fault.body) {
      case 'text':
        return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from('not json') };
      case 'html':
        return {
          status,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
          body: Buffer.from(
            `<!doctype html><html><head><title>${status} Error</title></head><body><h1>${status} Error</h1><p>The upstream server returned an error page.</p></body></html>`,
          ),
        };
      case 'nodata':
        return json(status, { success: true });
      case 'successfalse':
        return json(status, { success: false, message: 'Something went wrong' });
      case 'empty':
        return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: Buffer.alloc(0) };
    }
    if (fault.resetIn !== undefined || fault.status === 429) {
      const resetAt = Date.now() + (fault.resetIn ?? DEFAULT_RESET_IN);
      const reply = fail(429, fault.message ?? rateLimitMessage(FREE_KEY_QUOTA.limit, FREE_KEY_QUOTA.windowMs, resetAt));
      Object.assign(reply.headers, {
        'X-RateLimit-Limit': String(FREE_KEY_QUOTA.limit),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(resetAt),
      });
      return reply;
    }
    if (fault.status !== undefined && fault.status >= 400)
      return fail(fault.status, fault.message ?? productionMessage(fault.status, route));
    return undefined;
  }

  /**
   * Applies the faults that shape a real success answer: `patch`, `huge`, `big`, `bomb`, and a
   * 2xx/3xx `status`. A patch may use the origin placeholder too.
   * @param {Reply} reply
   * @param {Fault} fault
   * @param {string} origin
   * @returns {Promise<Reply>}
   */
  async function shape(reply, fault, origin) {
    if (reply.status !== 200) return reply;
    const shaping = fault.patch || fault.body === 'huge' || fault.big !== undefined || fault.bomb !== undefined;
    let out = reply;
    if (shaping) {
      const envelope = JSON.parse(reply.body.toString('utf8'));
      let data = envelope.data;
      if (fault.patch) {
        data = { ...data, ...withOrigin(fault.patch, origin) };
        for (const [k, v] of Object.entries(fault.patch)) if (v === null) delete data[k];
      }
      if (fault.body === 'huge') data = { ...data, _padding: 'x'.repeat(HUGE_PADDING) };
      if (fault.big !== undefined || fault.bomb !== undefined) {
        // Everything but the padding, then the padding sized to reach the requested total.
        const text = JSON.stringify({ ...envelope, data: { ...data, _padding: '' } });
        const cut = text.lastIndexOf('""') + 1;
        const [head, tail] = [text.slice(0, cut), text.slice(cut)];
        if (fault.bomb !== undefined) {
          const id = `${fault.bomb}\0${head}\0${tail}`;
          let body = bombs.get(id);
          if (!body) {
            body = await buildBomb(head, tail, fault.bomb);
            const oldest = bombs.keys().next().value;
            if (bombs.size >= 8 && oldest !== undefined) bombs.delete(oldest);
            bombs.set(id, body);
          }
          return { ...reply, headers: { ...reply.headers, 'Content-Encoding': 'gzip' }, body, compress: false };
        }
        const pad = Math.max(0, (fault.big ?? 0) - Buffer.byteLength(head) - Buffer.byteLength(tail));
        return { ...reply, body: Buffer.from(head + 'x'.repeat(pad) + tail), compress: false };
      }
      out = json(200, { ...envelope, data });
    }
    if (fault.status !== undefined && fault.status < 400) out = { ...out, status: fault.status };
    return out;
  }

  /**
   * Writes a reply. API answers may be gzip-compressed (above 1 kB, when accepted); with
   * `truncate`, announces the full Content-Length, writes half the body and destroys the
   * socket once that half is flushed, so the client sees headers and then a broken body.
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {Reply} reply
   * @param {{ truncate?: boolean, extraHeaders?: Record<string, string>, api?: boolean }} [how]
   */
  function send(req, res, reply, { truncate = false, extraHeaders = {}, api = false } = {}) {
    if (res.destroyed || res.writableEnded) return;
    /** @type {Record<string, string>} */
    const headers = api
      ? { ...reply.headers, ...extraHeaders }
      : { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*', ...reply.headers, ...extraHeaders };
    let body = reply.body;
    if (api && reply.compress !== false && headers['Content-Encoding'] === undefined) {
      vary(headers, 'Accept-Encoding');
      if (body.length > GZIP_THRESHOLD && acceptsGzip(req.headers['accept-encoding'])) {
        body = zlib.gzipSync(body);
        headers['Content-Encoding'] = 'gzip';
      }
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(reply.status, headers);
    if (req.method === 'HEAD') return void res.end();
    if (!truncate) return void res.end(body);
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
  }

  /**
   * Handles `/api/v2/...`, possibly behind a fault prefix.
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} apiPath
   * @param {string | undefined} faultSpec the raw spec of a `/__fault/{spec}` prefix
   */
  async function handleApi(req, res, apiPath, faultSpec) {
    const rawKey = req.headers['x-api-key'];
    const apiKey = typeof rawKey === 'string' && rawKey !== '' ? rawKey : undefined;
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const selfOrigin = `http://${req.headers.host ?? `${host}:${port}`}`;
    requests.push({
      method: req.method ?? '',
      path: apiPath,
      apiKey: typeof rawKey === 'string' ? rawKey : null,
      origin: origin ?? null,
      time: Date.now(),
      fault: faultSpec ?? null,
    });

    /**
     * CORS headers of an answer that is not the service's own (faults, bad specs): readable anywhere.
     * @type {Record<string, string>}
     */
    const open =
      origin !== undefined ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' } : {};

    /** @type {Fault} */
    let fault = {};
    if (faultSpec !== undefined) {
      try {
        fault = parseFaultSpec(faultSpec);
      } catch (e) {
        return send(req, res, fail(400, /** @type {Error} */ (e).message), { api: true, extraHeaders: open });
      }
      if (fault.times !== undefined) {
        const n = (faultCounts.get(faultSpec) ?? 0) + 1;
        faultCounts.set(faultSpec, n);
        if (n > fault.times) fault = {}; // spent: answer normally
      }
    }

    await delay(latencyMs + (fault.latency ?? 0));
    if (res.destroyed) return;
    if (fault.hang) return; // the socket stays open until the client gives up or close()
    if (fault.drop) return void req.socket.destroy();

    /** @type {Record<string, string>} */
    const extra = fault.retryAfter !== undefined ? { 'Retry-After': fault.retryAfter } : {};
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const route = method === 'GET' ? routeOf(apiPath.slice('/api/v2/'.length).split('/')) : null;

    const replaced = injected(fault, route);
    if (replaced) return send(req, res, replaced, { api: true, truncate: fault.dropMidBody === true, extraHeaders: { ...open, ...extra } });

    const { reply, cors, rate } = await pipeline(req, route, apiKey, origin, selfOrigin);
    if (res.destroyed) return;
    if (reply.refused) return send(req, res, reply, { api: true, truncate: fault.dropMidBody === true });
    send(req, res, await shape(reply, fault, selfOrigin), {
      api: true,
      truncate: fault.dropMidBody === true,
      extraHeaders: { ...cors, ...rate, ...extra },
    });
  }

  /**
   * Whether the fault `spec` drops every connection (`drop`), and its `times` are not spent yet.
   * @param {string} spec
   */
  function dropsAll(spec) {
    try {
      const fault = parseFaultSpec(spec);
      return fault.drop === true && (fault.times === undefined || (faultCounts.get(spec) ?? 0) < fault.times);
    } catch {
      return false;
    }
  }

  /**
   * Answers a CORS preflight: always allowed, since a preflight carries no key.
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  function handlePreflight(req, res) {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const headers = { ...PREFLIGHT_HEADERS, 'Content-Length': '0' };
    if (origin !== undefined)
      Object.assign(headers, { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' });
    res.writeHead(204, headers);
    res.end();
  }

  /**
   * Handles `/`, `/demo/*` (/demo/options.json generated) and `/dist/*`.
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} pathname
   */
  async function handleStatic(req, res, pathname) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(req, res, {
        status: 405,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD, OPTIONS' },
        body: Buffer.from('Method not allowed'),
      });
    }
    const notFound = { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from('Not found') };
    if (root && pathname === '/demo/options.json') {
      // Not a file: the options' JSDoc as the compiler reads it, for the demo page's controls.
      // Imported on first use, so a sandbox that serves no page never loads typescript.
      const { optionDocs } = await import('../../scripts/option-docs.mjs');
      return send(req, res, {
        status: 200,
        headers: { 'Content-Type': CONTENT_TYPES['.json'] },
        body: Buffer.from(JSON.stringify(optionDocs())),
      });
    }
    // The emulator's own files (fixture images, and the fixtures and fault builders the demo page
    // imports) are served as /sandbox/*, with or without a staticRoot.
    const file = pathname.startsWith('/sandbox/')
      ? staticFile(OWN_DIR, pathname.slice('/sandbox'.length), EMULATOR_FILES)
      : root && (pathname === '/' ? path.join(root, 'demo', 'index.html') : staticFile(root, pathname, REPOSITORY_FILES));
    if (!file) return send(req, res, notFound);
    try {
      const info = await stat(file);
      if (!info.isFile()) return send(req, res, notFound);
      const body = await readFile(file);
      const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      send(req, res, { status: 200, headers: { 'Content-Type': type }, body });
    } catch {
      if (pathname === '/')
        return send(req, res, {
          status: 200,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
          body: Buffer.from(MISSING_INDEX_PAGE),
        });
      send(req, res, notFound);
    }
  }

  /**
   * Control endpoints for the demo page and for tests that run in another process.
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} pathname
   */
  function handleControl(req, res, pathname) {
    if (pathname === '/__sandbox/requests') {
      if (req.method !== 'GET') return send(req, res, fail(405, 'Method not allowed'), { extraHeaders: { Allow: 'GET, OPTIONS' } });
      return send(req, res, ok(requests));
    }
    if (pathname === '/__sandbox/reset') {
      if (req.method !== 'POST') return send(req, res, fail(405, 'Method not allowed'), { extraHeaders: { Allow: 'POST, OPTIONS' } });
      const cleared = requests.length;
      requests.length = 0;
      return send(req, res, ok({ cleared }));
    }
    send(req, res, fail(404, 'Not Found'));
  }

  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0].split('#')[0];

    /** Any unexpected exception becomes a 500 instead of a hung request. */
    const guard = (/** @type {Promise<void> | void} */ p) =>
      Promise.resolve(p).catch((e) => {
        if (!res.headersSent) send(req, res, fail(500, `Sandbox error: ${e?.message ?? e}`));
        else res.destroy();
      });

    if (req.method === 'OPTIONS') {
      // A server that drops connections drops an OPTIONS request of a page's own too, while the
      // fault lasts (without spending its `times`): the client's probe (src/client/probe.ts) must
      // see it as nothing answering, not as a refusal. A preflight (it names the method it is for)
      // still passes, as for every fault, so that the request it precedes meets the fault.
      const faulted = /^\/__fault\/([^/]*)\/api\/v2\//.exec(pathname)?.[1];
      if (faulted !== undefined && !req.headers['access-control-request-method'] && dropsAll(faulted)) return void req.socket.destroy();
      return handlePreflight(req, res);
    }

    let apiPath;
    let faultSpec;
    const fm = /^\/__fault\/([^/]*)(\/api\/v2\/.*)$/.exec(pathname);
    if (fm) [, faultSpec, apiPath] = fm;
    else if (pathname.startsWith('/api/v2/')) apiPath = pathname;

    if (apiPath !== undefined) return void guard(handleApi(req, res, apiPath, faultSpec));
    if (pathname.startsWith('/__sandbox/')) return void guard(handleControl(req, res, pathname));
    if (pathname.startsWith('/api/') || pathname.startsWith('/__fault/')) return void send(req, res, fail(404, 'Not Found'), { api: true });
    guard(handleStatic(req, res, pathname));
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      // A wildcard listen address is not something to connect to; name the loopback instead.
      const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
      const url = `http://${shown.includes(':') ? `[${shown}]` : shown}:${actualPort}`;
      let closing;
      resolve({
        url,
        port: actualPort,
        server,
        requests,
        resetRequests() {
          requests.length = 0;
        },
        close() {
          closing ??= new Promise((done) => {
            for (const t of timers) clearTimeout(t);
            timers.clear();
            server.close(() => done(undefined));
            // Hanging and keep-alive connections would otherwise hold close() open.
            for (const s of sockets) s.destroy();
          });
          return closing;
        },
      });
    });
  });
}
