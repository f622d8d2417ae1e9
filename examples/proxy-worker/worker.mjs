/**
 * repkit's caching proxy as a Cloudflare Worker: the API key lives here, as a secret, and
 * pages call this worker instead of the service (widgets: `baseUrl: '/rep'`, no `apiKey`).
 *
 *   npm install
 *   npx wrangler secret put REPKIT_API_KEY     # your dp_live_... key
 *   npx wrangler kv namespace create REPKIT_CACHE   # then put its id in wrangler.toml
 *   npx wrangler deploy
 *
 * Environment (wrangler.toml [vars] and bindings, the key as a secret):
 *   REPKIT_API_KEY      the service's API key (secret; required)
 *   ALLOW_ORIGINS       comma-separated origins of the pages that call this worker from another
 *                       origin, e.g. "https://www.example.com"; empty: same-origin pages only
 *   REPKIT_UPSTREAM     the service's base URL (default: the production service)
 *   REPKIT_CACHE        a KV namespace: answers shared by every location (optional)
 *   REPKIT_COORDINATOR  the RepkitCoordinator Durable Object: one upstream request per address
 *                       at a time, one quota pause and the visitors' budgets for all locations
 *                       (optional; with REPKIT_CACHE it makes the shared store)
 *
 * Share links (/rep/u/<address>) unfurl with a card image drawn by @resvg/resvg-wasm: Workers
 * compiles no WebAssembly from bytes, so its wasm is imported as a module (wrangler's default rule
 * for .wasm files) and passed with the package as the option `card` (docs/proxy.md, "The share
 * card on Workers").
 */
import * as resvg from '@resvg/resvg-wasm';
import wasm from '@resvg/resvg-wasm/index_bg.wasm';
import { createProxy } from 'repkit/proxy';
import { RepkitCoordinator, workersStore } from 'repkit/proxy/workers';

/** The Durable Object class, exported from the worker's module as wrangler.toml binds it. */
export { RepkitCoordinator };

/** One proxy per isolate: its in-memory cache sits in front of the shared store. */
let proxy;

export default {
  /**
   * @param {Request} request
   * @param {{ REPKIT_API_KEY: string, ALLOW_ORIGINS?: string, REPKIT_UPSTREAM?: string,
   *   REPKIT_CACHE?: import('repkit/proxy/workers').KvNamespaceLike,
   *   REPKIT_COORDINATOR?: import('repkit/proxy/workers').DurableObjectNamespaceLike }} env
   * @param {{ waitUntil(promise: Promise<unknown>): void }} ctx
   */
  fetch(request, env, ctx) {
    proxy ??= createProxy({
      apiKey: env.REPKIT_API_KEY,
      upstream: env.REPKIT_UPSTREAM || undefined,
      allowOrigins: (env.ALLOW_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      store:
        env.REPKIT_CACHE && env.REPKIT_COORDINATOR ? workersStore({ kv: env.REPKIT_CACHE, coordinator: env.REPKIT_COORDINATOR }) : undefined,
      card: { resvg, wasm },
    });
    return proxy(request, ctx);
  },
};
