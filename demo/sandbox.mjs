/**
 * The sandbox: a zero-dependency HTTP server that speaks the wire protocol of
 * /work/shared/WIRE.md (the v2 REST interface) over fixture data from ./fixtures.mjs.
 *
 * It exists so that the client and the widgets are tested over real HTTP, including the
 * failures that are hard to provoke against a real service (dropped sockets, truncated
 * bodies, malformed JSON, 503-then-200). Failures are requested per request through a path
 * prefix, `/__fault/{spec}/api/v2/...`, rather than through server state, so tests running
 * concurrently against one sandbox never see each other's faults. See {@link parseFaultSpec}.
 *
 * Only node: built-ins are used, so `node demo/server.mjs` works straight after a clone.
 */
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { API_KEY, BADGE_DEFINITIONS, CATEGORY_DEFINITIONS, FIXTURES } from './fixtures.mjs';

/** Address and key formats accepted in paths (after percent-decoding). */
const ADDRESS_RE = /^[A-Za-z0-9]{1,128}$/;
const KEY_RE = /^[A-Za-z0-9_]{1,64}$/;

/** Headers sent on every response so that browsers on any origin can call the sandbox. */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
};

/** Extra headers of a preflight answer (WIRE.md "Requests"). */
const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Headers': 'X-API-Key, Accept',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Max-Age': '600',
};

/** Content types of static files, by extension. */
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

/**
 * @typedef {object} Fault
 * @property {number} [latency] extra delay in ms
 * @property {number} [status] status to answer with instead of the real one
 * @property {string} [retryAfter] value of a Retry-After header to add
 * @property {number} [times] the fault applies to the first N requests with this spec only
 * @property {boolean} [hang] never answer
 * @property {boolean} [drop] destroy the socket without answering
 * @property {boolean} [dropMidBody] send the headers and half the body, then destroy
 * @property {string} [body] a malformed-body variant, see FAULT_BODIES
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
    const int = (min, max) => {
      const v = need();
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < min || n > max) throw new Error(`Bad fault spec: "${key}" must be a whole number from ${min} to ${max}`);
      return n;
    };
    if (FAULT_FLAGS.has(key)) fault[key] = true;
    else if (key === 'latency') fault.latency = int(0, 600_000);
    else if (key === 'status') fault.status = int(200, 599);
    else if (key === 'retryAfter') fault.retryAfter = need();
    else if (key === 'times') fault.times = int(0, Number.MAX_SAFE_INTEGER);
    else if (key === 'id') continue;
    else if (key === 'body') {
      if (!FAULT_BODIES.has(need())) throw new Error(`Bad fault spec: body must be one of ${[...FAULT_BODIES].join(', ')}`);
      fault.body = value;
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
  return fault;
}

// The builders are shared with the demo page, which runs in a browser (no node: imports there).
export { faultBaseUrl, faultSpec } from './faults.mjs';

/**
 * A response as computed by the handlers, before delivery. Keeping it as data lets the
 * fault layer rewrite or truncate it in one place.
 * @typedef {{ status: number, headers: Record<string, string>, body: Buffer }} Reply
 */

/** @returns {Reply} a JSON reply with the standard content type */
function json(status, value) {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(value)) };
}

/** @returns {Reply} the success envelope of WIRE.md */
const ok = (data) => json(200, { success: true, data });

/** @returns {Reply} the failure envelope of WIRE.md */
const fail = (status, message) => json(status, { success: false, message });

/** Deep copy through JSON, which keeps own `__proto__` keys of the hostile fixture as data. */
const clone = (v) => JSON.parse(JSON.stringify(v));

/**
 * Percent-decodes one path segment; `null` when it is not valid percent-encoding (400).
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
 * Answers one API request (path after `/api/v2/`) from the fixtures. Order of checks: API
 * key (401), route (404), path syntax (400), data (404 or 200) — so a bad key is reported as
 * such on every endpoint, whatever else is wrong.
 * @param {string[]} segments raw path segments after `/api/v2/`
 * @param {string | undefined} apiKey the X-API-Key header
 * @returns {Reply}
 */
function answerApi(segments, apiKey) {
  if (apiKey !== API_KEY) return fail(401, apiKey ? 'Invalid API key' : 'Missing API key: send it in the X-API-Key header');

  const [area, ...rest] = segments;
  if (area === 'metadata' && rest.length === 1) {
    if (rest[0] === 'badges') return ok({ badges: clone(BADGE_DEFINITIONS) });
    if (rest[0] === 'categories') return ok({ categories: clone(CATEGORY_DEFINITIONS) });
    return fail(404, 'Not found');
  }
  const hasKey = area === 'scores' || area === 'badges';
  if (!((area === 'profiles' && rest.length === 1) || (hasKey && (rest.length === 1 || rest.length === 2)))) {
    return fail(404, 'Not found');
  }

  const address = decodeSegment(rest[0]);
  if (address === null || !ADDRESS_RE.test(address)) return fail(400, 'Malformed address');
  let key;
  if (rest.length === 2) {
    key = decodeSegment(rest[1]);
    if (key === null || !KEY_RE.test(key)) return fail(400, area === 'scores' ? 'Malformed category key' : 'Malformed badge key');
  }

  const fx = Object.hasOwn(FIXTURES, address) ? FIXTURES[address] : undefined;

  if (area === 'profiles') {
    if (!fx?.profile) return fail(404, 'No profile set up for this address');
    return ok(clone(fx.profile));
  }

  if (area === 'scores') {
    if (!fx?.scores) return fail(404, 'No reputation data for this address');
    if (key === undefined) return ok(clone(fx.scores));
    const categories = fx.scores.categories ?? {};
    if (!Object.hasOwn(categories, key)) return fail(404, 'This address has no score in that category');
    const overrides = fx.categoryDefinitions ?? {};
    const definition = Object.hasOwn(overrides, key) ? overrides[key] : CATEGORY_DEFINITIONS.find((d) => d.key === key) ?? null;
    return ok(
      clone({
        address,
        category: { key, score: categories[key] },
        definition,
        calculatedAt: fx.scores.calculatedAt,
      }),
    );
  }

  // area === 'badges'
  const list = fx?.badges ?? { address, badges: [], count: 0, source: 'api' };
  if (key === undefined) return ok(clone(list));
  const overrides = fx?.badgeDefinitions ?? {};
  const definition = Object.hasOwn(overrides, key) ? overrides[key] : BADGE_DEFINITIONS.find((d) => d.key === key);
  if (!definition) return fail(404, 'Badge not found');
  const badge = list.badges.find((b) => b.badgeKey === key) ?? null;
  return ok(clone({ address, badge, earned: badge !== null, definition, source: list.source ?? 'api' }));
}

/**
 * Applies the body-shaping faults to a computed reply. `status` wins over everything else
 * about the body (it is an injected error); `body=` variants replace the body; `huge` and
 * `patch` modify `data` of a success envelope only.
 * @param {Reply} reply
 * @param {Fault} fault
 * @returns {Reply}
 */
function applyFault(reply, fault) {
  const status = fault.status ?? 200;
  switch (fault.body) {
    case 'text':
      return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from('not json') };
    case 'html':
      return {
        status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: Buffer.from(`<!doctype html><html><head><title>${status} Error</title></head><body><h1>${status} Error</h1><p>The upstream server returned an error page.</p></body></html>`),
      };
    case 'nodata':
      return json(status, { success: true });
    case 'successfalse':
      return json(status, { success: false, message: 'Something went wrong' });
    case 'empty':
      return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: Buffer.alloc(0) };
  }
  if (fault.status !== undefined) return fail(fault.status, `Injected ${fault.status} error`);
  if ((fault.body === 'huge' || fault.patch) && reply.status === 200) {
    const envelope = JSON.parse(reply.body.toString('utf8'));
    let data = envelope.data;
    if (fault.patch) {
      data = { ...data, ...fault.patch };
      for (const [k, v] of Object.entries(fault.patch)) if (v === null) delete data[k];
    }
    if (fault.body === 'huge') data = { ...data, _padding: 'x'.repeat(HUGE_PADDING) };
    return json(200, { ...envelope, data });
  }
  return reply;
}

/**
 * Resolves a static request path inside `staticRoot`, or returns null when it must be
 * refused. Only `/demo/*` and `/dist/*` are served. Traversal is refused on the decoded
 * path (so `%2e%2e%2f` and `..%5c` are caught too) and again after resolution, as a second
 * line in case a segment check misses something platform-specific.
 * @param {string} root absolute staticRoot
 * @param {string} pathname raw URL pathname
 * @returns {string | null}
 */
function staticFile(root, pathname) {
  const decoded = decodeSegment(pathname);
  if (decoded === null || decoded.includes('\0')) return null;
  const segments = decoded.split(/[\\/]/);
  // segments[0] is '' (the leading slash); refuse dot segments and hidden files everywhere.
  if (segments.slice(1).some((s) => s === '' || s.startsWith('.'))) return null;
  if (segments[1] !== 'demo' && segments[1] !== 'dist') return null;
  if (segments.length < 3) return null;
  const file = path.resolve(root, ...segments.slice(1));
  if (!file.startsWith(root + path.sep)) return null;
  return file;
}

/**
 * Starts a sandbox server.
 *
 * @param {object} [options]
 * @param {number} [options.port=0] 0 picks a free port (what tests want)
 * @param {string} [options.host='127.0.0.1']
 * @param {number} [options.latencyMs=0] delay added to every API response
 * @param {string} [options.staticRoot] repository root; when given, `/`, `/demo/*` and
 *   `/dist/*` are served from it
 */
export function createSandbox({ port = 0, host = '127.0.0.1', latencyMs = 0, staticRoot } = {}) {
  const root = staticRoot ? path.resolve(staticRoot) : undefined;
  /** @type {Array<{ method: string, path: string, apiKey: string | null, time: number }>} */
  const requests = [];
  /** How many requests carried each fault spec string: the state behind `times=N`. */
  const faultCounts = new Map();
  /** Open sockets and pending timers, so close() can end hanging requests at once. */
  const sockets = new Set();
  const timers = new Set();

  /** Waits `ms`, tracked so that close() can cancel the wait. */
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
   * Writes a reply with CORS and no-store headers. With `truncate`, announces the full
   * Content-Length, writes half the body and destroys the socket once that half is flushed,
   * so the client sees headers and then a broken body.
   * @param {http.ServerResponse} res
   * @param {Reply} reply
   */
  function send(res, reply, { truncate = false, extraHeaders = {}, head = false } = {}) {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(reply.status, {
      ...CORS_HEADERS,
      'Cache-Control': 'no-store',
      ...reply.headers,
      ...extraHeaders,
      'Content-Length': String(reply.body.length),
    });
    if (head) return void res.end();
    if (!truncate) return void res.end(reply.body);
    res.write(reply.body.subarray(0, Math.floor(reply.body.length / 2)), () => res.socket?.destroy());
  }

  /** Handles `/api/v2/...`, possibly behind a fault prefix. */
  async function handleApi(req, res, apiPath, faultSpec) {
    const apiKey = req.headers['x-api-key'];
    requests.push({ method: req.method ?? '', path: apiPath, apiKey: typeof apiKey === 'string' ? apiKey : null, time: Date.now() });

    /** @type {Fault} */
    let fault = {};
    if (faultSpec !== undefined) {
      try {
        fault = parseFaultSpec(faultSpec);
      } catch (e) {
        return send(res, fail(400, /** @type {Error} */ (e).message));
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

    const extraHeaders = fault.retryAfter !== undefined ? { 'Retry-After': fault.retryAfter } : {};
    if (req.method !== 'GET') {
      return send(res, fail(405, 'Method not allowed'), { extraHeaders: { ...extraHeaders, Allow: 'GET, OPTIONS' } });
    }
    const segments = apiPath.slice('/api/v2/'.length).split('/');
    const reply = applyFault(answerApi(segments, typeof apiKey === 'string' ? apiKey : undefined), fault);
    send(res, reply, { truncate: fault.dropMidBody === true, extraHeaders });
  }

  /** Handles `/`, `/demo/*` and `/dist/*` when a staticRoot was given. */
  async function handleStatic(req, res, pathname) {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      return send(res, { status: 405, headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD, OPTIONS' }, body: Buffer.from('Method not allowed') });
    }
    const notFound = { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from('Not found') };
    if (!root) return send(res, notFound, { head });
    const file = pathname === '/' ? path.join(root, 'demo', 'index.html') : staticFile(root, pathname);
    if (!file) return send(res, notFound, { head });
    try {
      const info = await stat(file);
      if (!info.isFile()) return send(res, notFound, { head });
      const body = await readFile(file);
      const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      send(res, { status: 200, headers: { 'Content-Type': type }, body }, { head });
    } catch {
      if (pathname === '/') {
        return send(res, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: Buffer.from(MISSING_INDEX_PAGE) }, { head });
      }
      send(res, notFound, { head });
    }
  }

  /** Control endpoints for the demo page and for tests that run in another process. */
  function handleControl(req, res, pathname) {
    if (pathname === '/__sandbox/requests') {
      if (req.method !== 'GET') return send(res, fail(405, 'Method not allowed'), { extraHeaders: { Allow: 'GET, OPTIONS' } });
      return send(res, ok(requests));
    }
    if (pathname === '/__sandbox/reset') {
      if (req.method !== 'POST') return send(res, fail(405, 'Method not allowed'), { extraHeaders: { Allow: 'POST, OPTIONS' } });
      const cleared = requests.length;
      requests.length = 0;
      return send(res, ok({ cleared }));
    }
    send(res, fail(404, 'Not found'));
  }

  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0].split('#')[0];

    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS_HEADERS, ...PREFLIGHT_HEADERS, 'Content-Length': '0' });
      return void res.end();
    }

    let apiPath;
    let faultSpec;
    const fm = /^\/__fault\/([^/]*)(\/api\/v2\/.*)$/.exec(pathname);
    if (fm) [, faultSpec, apiPath] = fm;
    else if (pathname.startsWith('/api/v2/')) apiPath = pathname;

    /** Any unexpected exception becomes a 500 instead of a hung request. */
    const guard = (p) =>
      Promise.resolve(p).catch((e) => {
        if (!res.headersSent) send(res, fail(500, `Sandbox error: ${e?.message ?? e}`));
        else res.destroy();
      });

    if (apiPath !== undefined) return void guard(handleApi(req, res, apiPath, faultSpec));
    if (pathname.startsWith('/__sandbox/')) return void guard(handleControl(req, res, pathname));
    if (pathname.startsWith('/api/') || pathname.startsWith('/__fault/')) return void send(res, fail(404, 'Not found'));
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
