/**
 * Builders of the sandbox's fault base URLs (`{url}/__fault/{spec}`), shared by the tests
 * (through ./sandbox.mjs) and the demo page. Browser-safe: no node: imports.
 */

/**
 * Builds a fault spec string from an object, encoding each value with encodeURIComponent
 * (objects, i.e. `patch`, are JSON-encoded first). `true` makes a flag (`hang`, `drop`,
 * `dropMidBody`); `false`, `null` and `undefined` items are left out. The items are listed in
 * demo/sandbox.d.mts (`FaultItems`): `status`, `message`, `resetIn`, `retryAfter`,
 * `redirect`, `latency`, `hang`, `drop`, `dropMidBody`, `body`, `big`, `bomb`, `patch`,
 * `times`, `id`.
 *
 * Remember that `times` counts per exact spec string per sandbox: give tests that reuse a
 * spec a distinct `id` so each starts a fresh counter.
 * @example faultSpec({ status: 503, times: 1, id: 'retry-test' }) // 'status=503,times=1,id=retry-test'
 * @param {Record<string, unknown>} items
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
 * @param {Record<string, unknown>} items see {@link faultSpec}
 */
export function faultBaseUrl(url, items) {
  return `${url.replace(/\/+$/, '')}/__fault/${faultSpec(items)}`;
}
