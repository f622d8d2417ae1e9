/**
 * Code only some pages need (batching, the storage cache, lazy loading, the probe of a request
 * that got no answer, the sentences of a failure), loaded the first time a
 * page uses it: each caller loads its chunk once and keeps what it got. In the ES modules a chunk
 * is an `import()`, which a bundler (and rollup, for dist/repkit.mjs) splits into a file of its
 * own; the script-tag builds use ./loaders.script instead (rollup.config.mjs swaps it in). A chunk
 * that cannot load (a copy of dist/ without it, the visitor offline) rejects: the caller then
 * works without the feature, and shows or logs nothing.
 */

/** Batching through a repkit proxy, for clients without a key (../client/send). */
export const importBatch = () => import('../client/batch');

/** Web Storage for `cache: 'session' | 'local'` (../widgets/cache-areas). */
export const importCache = () => import('../widgets/storage-area');

/** The viewport watcher for `loading: 'lazy'` (../widgets/widget). */
export const importLazy = () => import('../widgets/visibility');

/** What a 404 for a category or badge key probably meant (../widgets/unknown-key). */
export const importKeySuggestion = () => import('../widgets/key-suggestion');

/** When a rate-limited or unavailable service asks to be asked again (../client/request). */
export const importRateLimit = () => import('../client/rate-limit');

/** Why a request got no answer: the service refusing this page, nothing there, or the CSP (../client/request). */
export const importProbe = () => import('../client/probe');

/**
 * The words of a failed request's `ServiceError` (../client/failure): loaded by the first failure
 * of the page. The scripts find them in the failure chunk below, which carries them.
 */
export const importFailureMessage = () => import('../client/failure-message');

/** What a widget says of a service's failure (../widgets/failure-view): loaded by the first failure of the page. */
export const importFailureSentences = () => import('../widgets/messages');

/**
 * What each chunk exports, by the name of its file (`repkit.chunk-<name>.js`), for the loaders
 * that find the file themselves (./loaders.script, ./loaders.module).
 */
export interface Chunks {
  batch: Awaited<ReturnType<typeof importBatch>>;
  cache: Awaited<ReturnType<typeof importCache>>;
  lazy: Awaited<ReturnType<typeof importLazy>>;
  probe: Awaited<ReturnType<typeof importProbe>>;
  wait: Awaited<ReturnType<typeof importRateLimit>>;
  key: Awaited<ReturnType<typeof importKeySuggestion>>;
  failure: Awaited<ReturnType<typeof importFailureSentences>>;
}
