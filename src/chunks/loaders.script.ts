/**
 * Where each chunk (./loaders) comes from in the script-tag builds (dist/repkit.umd.js and
 * dist/repkit.<kind>.umd.js), which cannot split code: a file beside the script
 * (dist/repkit.chunk-<name>.js, an ES module that imports nothing), found from the script's
 * own URL and loaded with `import()`. rollup.config.mjs puts this module in the place of
 * ./loaders in those builds.
 */
import type { Chunks } from './loaders';

/** The script's own URL, read while it runs: `document.currentScript` is only set then. */
const script = typeof document != 'undefined' ? document.currentScript : null;
const scriptUrl = script && 'src' in script ? script.src : undefined;

/** Loads `repkit.chunk-<name>.js` from beside this script. An inline copy of the script has no URL: it rejects. */
const besideScript =
  <N extends keyof Chunks>(name: N) =>
  async (): Promise<Chunks[N]> =>
    import(/* @vite-ignore */ new URL(`repkit.chunk-${name}.js`, scriptUrl || undefined).href);

export const importBatch = /* @__PURE__ */ besideScript('batch');
export const importCache = /* @__PURE__ */ besideScript('cache');
export const importLazy = /* @__PURE__ */ besideScript('lazy');
export const importProbe = /* @__PURE__ */ besideScript('probe');
export const importRateLimit = /* @__PURE__ */ besideScript('wait');
export const importKeySuggestion = /* @__PURE__ */ besideScript('key');
export const importFailureSentences = /* @__PURE__ */ besideScript('failure');
/** The words of a `ServiceError` travel in the failure chunk (its ./messages re-exports them): one file for both. */
export const importFailureMessage = importFailureSentences;
