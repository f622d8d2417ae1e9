/**
 * `repkit/proxy`: a caching proxy for the reputation service that holds the API key at the
 * edge, so pages carry none and the service's quota is spent once per address per TTL.
 *
 * A standard fetch handler with no Node-only API: the same code runs on Cloudflare Workers,
 * Deno, Bun, Vercel and Netlify edge functions, and Node 18+ (`repkit/proxy/node` adapts it to
 * `node:http`). Nothing here has side effects until {@link createProxy} is called.
 */
export { createProxy } from './handler';
export { memoryCache, type MemoryCache, type MemoryCacheOptions } from './cache';
export { DEFAULT_UPSTREAM } from './options';
export { RepkitError, OptionError, isRepkitError } from '../errors';
export type { CachedAnswer, ClientBudget, ProxyCache, ProxyContext, ProxyEvent, ProxyHandler, ProxyOptions } from './types';
export type { ProxyStore, TokenBucket, TokenGrant } from './store';
export type { CardOptions, ResvgModule } from './share/options';
