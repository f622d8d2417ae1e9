// @ts-check
/**
 * Builders of the sandbox's fault base URLs (`{url}/__fault/{spec}`), shared by the tests
 * (through ./sandbox.mjs) and the demo page. Browser-safe: no node: imports.
 */

/** @typedef {'text' | 'html' | 'nodata' | 'successfalse' | 'empty' | 'huge'} FaultBody malformed-body variants of `body` */

/**
 * Items of a fault spec, as {@link faultSpec} takes them.
 * @typedef {object} FaultItems
 * @property {number} [latency] delay in ms before anything else happens
 * @property {number} [status] 400-599: answer this status with the body production sends for it
 *   on that route (429 comes with X-RateLimit-* headers and a reset one hour ahead). 200-399: the
 *   real answer with its status replaced. With `redirect`: the redirect status (301, 302, 303,
 *   307 or 308)
 * @property {string} [message] the message of an injected error, instead of the production one
 * @property {number} [resetIn] answer 429 with `X-RateLimit-Reset` = now + this many ms
 *   (Remaining 0, no Retry-After)
 * @property {number | string} [retryAfter] adds a Retry-After header (production never sends one)
 * @property {string} [redirect] answer with a redirect to this URL: 302, or `status` when given
 * @property {number} [times] the fault applies to the first N requests with this exact spec only
 * @property {boolean} [hang] never answer (until the client gives up or the sandbox closes)
 * @property {boolean} [drop] destroy the socket without answering
 * @property {boolean} [dropMidBody] send the headers and half the body, then destroy the socket
 * @property {FaultBody} [body] replace the answer with a malformed body (`huge`: the real data
 *   plus 5 MB of padding)
 * @property {number} [big] pad the real answer to exactly this many bytes of valid JSON, sent
 *   uncompressed
 * @property {number} [bomb] a gzip bomb: the real answer padded to this many bytes once
 *   decompressed, sent gzip-compressed (a few kB on the wire) whatever the request accepts
 * @property {Record<string, unknown>} [patch] shallow-merged into `data`; a `null` value deletes
 *   that key
 * @property {string | number} [id] no effect; makes the spec string (and so its `times`
 *   counter) unique
 */

/**
 * Builds a fault spec string from an object, encoding each value with encodeURIComponent
 * (objects, i.e. `patch`, are JSON-encoded first). `true` makes a flag (`hang`, `drop`,
 * `dropMidBody`); `false`, `null` and `undefined` items are left out. {@link FaultItems} lists
 * and describes the items.
 *
 * Remember that `times` counts per exact spec string per sandbox: give tests that reuse a
 * spec a distinct `id` so each starts a fresh counter.
 * @example faultSpec({ status: 503, times: 1, id: 'retry-test' }) // 'status=503,times=1,id=retry-test'
 * @param {FaultItems} items
 */
export function faultSpec(items) {
  const parts = [];
  for (const [key, value] of Object.entries(items)) {
    if (value === false || value === null || value === undefined) continue;
    if (value === true) parts.push(key);
    else parts.push(`${key}=${encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value))}`);
  }
  return parts.join(',');
}

/**
 * A base URL that makes every request through it carry the given faults: pass it as a
 * client's `baseUrl`, which then requests `{base}/api/v2/...`.
 * @example new ServiceClient({ apiKey, baseUrl: faultBaseUrl(sandbox.url, { status: 503, times: 1, id: 'a' }) })
 * @param {string} url the sandbox's url
 * @param {FaultItems} items see {@link faultSpec}
 */
export function faultBaseUrl(url, items) {
  return `${url.replace(/\/+$/, '')}/__fault/${faultSpec(items)}`;
}
