/**
 * repkit's caching proxy as a Cloudflare Worker: the API key lives here, as a secret, and
 * pages call this worker instead of the service (widgets: `baseUrl: '/rep'`, no `apiKey`).
 *
 *   npm install
 *   npx wrangler secret put REPKIT_API_KEY     # your dp_live_... key
 *   npx wrangler deploy
 *
 * Environment (wrangler.toml [vars], the key as a secret):
 *   REPKIT_API_KEY   the service's API key (secret; required)
 *   ALLOW_ORIGINS    comma-separated origins of the pages that call this worker from another
 *                    origin, e.g. "https://www.example.com"; empty: same-origin pages only
 *   REPKIT_UPSTREAM  the service's base URL (default: the production service)
 */
import { createProxy } from 'repkit/proxy';

/** One proxy per isolate: its in-memory cache and collapsing span the isolate's requests. */
let proxy;

export default {
  /**
   * @param {Request} request
   * @param {{ REPKIT_API_KEY: string, ALLOW_ORIGINS?: string, REPKIT_UPSTREAM?: string }} env
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
    });
    return proxy(request, ctx);
  },
};
