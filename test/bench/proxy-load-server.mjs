// @ts-check
/**
 * The proxy under load, as README's Node recipe starts it: `createProxy` with defaults behind
 * `toNodeListener`, in a process of its own, so that its memory is measured alone. Started by
 * proxy-load-bench.mjs with `fork`; not meant to be run by hand.
 *
 * Environment: PROXY_DIST (a folder with repkit.proxy.mjs and repkit.proxy.node.mjs), UPSTREAM,
 * API_KEY, STORE (a `redis://` URL, used through `repkit/proxy/redis` when that entry exists) and
 * PROXY_OPTIONS (JSON, more options for `createProxy`).
 * Messages from the parent: `{ type: 'rss' }` (answers `{ rss: { rss, heapAfterGc } }`, bytes), `{ type: 'advance', seconds }`
 * (moves the proxy's clock forward, to reach the stale tiers without waiting).
 * Sends `{ port }` once listening, or `{ error }`.
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const send = (/** @type {object} */ message) => process.send?.(message);

const realNow = Date.now.bind(Date);
let offsetMs = 0;
Date.now = () => realNow() + offsetMs;

const dist = /** @type {string} */ (process.env.PROXY_DIST);
/** @type {typeof import('../../src/proxy/index')} */
const { createProxy } = await import(pathToFileURL(`${dist}/repkit.proxy.mjs`).href);
/** @type {typeof import('../../src/proxy/node')} */
const { toNodeListener } = await import(pathToFileURL(`${dist}/repkit.proxy.node.mjs`).href);

/** @type {Record<string, unknown>} */
const extra = JSON.parse(process.env.PROXY_OPTIONS || '{}');
if (process.env.STORE) {
  try {
    // The shared store of issue 36 (branch `store`), when this checkout has it.
    const { redisStore } = await import(/** @type {string} */ ('repkit/proxy/redis'));
    extra.store = redisStore({ url: process.env.STORE });
  } catch (error) {
    send({ error: `--store needs repkit/proxy/redis, which this checkout does not have or has not built (${String(error)})` });
    process.exit(1);
  }
}

const proxy = createProxy({
  apiKey: /** @type {string} */ (process.env.API_KEY),
  upstream: process.env.UPSTREAM,
  allowOrigins: ['https://www.example.com'],
  ...extra,
});
const server = http.createServer(toNodeListener(proxy));
server.listen(0, '127.0.0.1', () => send({ port: /** @type {import('node:net').AddressInfo} */ (server.address()).port }));

process.on('message', (/** @type {{ type: string, seconds?: number }} */ message) => {
  if (message.type == 'rss') {
    const { rss } = process.memoryUsage();
    // What is retained, apart from what the collector has not yet reclaimed (run with --expose-gc).
    const gc = /** @type {{ gc?: () => void }} */ (globalThis).gc;
    gc?.();
    send({ rss: { rss, heapAfterGc: process.memoryUsage().heapUsed } });
  }
  if (message.type == 'advance') {
    offsetMs += (message.seconds ?? 0) * 1000;
    send({ advanced: offsetMs });
  }
});
