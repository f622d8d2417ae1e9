/**
 * Where each chunk (./loaders) comes from in dist/repkit.annotate-client.js, the client that
 * dist/repkit.annotate.js loads when no repkit script is on the page: an ES module itself, it
 * finds the files beside it (dist/repkit.chunk-<name>.js) from its own URL, where a script reads
 * `document.currentScript` (./loaders.script). rollup.config.mjs puts this module in the place of
 * ./loaders in that build.
 */
import type { Chunks } from './loaders';

/** Loads `repkit.chunk-<name>.js` from beside this module. */
const besideModule =
  <N extends keyof Chunks>(name: N) =>
  async (): Promise<Chunks[N]> =>
    import(/* @vite-ignore */ new URL(`repkit.chunk-${name}.js`, import.meta.url).href);

export const importBatch = /* @__PURE__ */ besideModule('batch');
export const importCache = /* @__PURE__ */ besideModule('cache');
export const importLazy = /* @__PURE__ */ besideModule('lazy');
export const importProbe = /* @__PURE__ */ besideModule('probe');
export const importRateLimit = /* @__PURE__ */ besideModule('wait');
export const importKeySuggestion = /* @__PURE__ */ besideModule('key');
export const importFailureSentences = /* @__PURE__ */ besideModule('failure');
/** The words of a `ServiceError` travel in the failure chunk (its ./messages re-exports them): one file for both. */
export const importFailureMessage = importFailureSentences;
