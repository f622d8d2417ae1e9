/**
 * Where each chunk (./loaders) comes from in the script-tag builds (dist/repkit.umd.js and
 * dist/repkit.<kind>.umd.js), which cannot split code: a file beside the script
 * (dist/repkit.chunk-<name>.js, an ES module that imports nothing), found from the script's
 * own URL and loaded with `import()`. rollup.config.mjs puts this module in the place of
 * ./loaders in those builds.
 */
import type {
  importBatch as Batch,
  importCache as Cache,
  importKeySuggestion as KeySuggestion,
  importLazy as Lazy,
  importProbe as Probe,
  importRateLimit as RateLimit,
} from './loaders';

/** The script's own URL, read while it runs: `document.currentScript` is only set then. */
const script = typeof document != 'undefined' ? document.currentScript : null;
const scriptUrl = script && 'src' in script ? script.src : undefined;

/** Loads `repkit.chunk-<name>.js` from beside this script. An inline copy of the script has no URL: it rejects. */
const besideScript =
  <T>(name: string) =>
  async (): Promise<T> =>
    import(/* @vite-ignore */ new URL(`repkit.chunk-${name}.js`, scriptUrl || undefined).href);

export const importBatch = /* @__PURE__ */ besideScript<Awaited<ReturnType<typeof Batch>>>('batch');
export const importCache = /* @__PURE__ */ besideScript<Awaited<ReturnType<typeof Cache>>>('cache');
export const importLazy = /* @__PURE__ */ besideScript<Awaited<ReturnType<typeof Lazy>>>('lazy');
export const importProbe = /* @__PURE__ */ besideScript<Awaited<ReturnType<typeof Probe>>>('probe');
export const importRateLimit = /* @__PURE__ */ besideScript<Awaited<ReturnType<typeof RateLimit>>>('wait');
export const importKeySuggestion = /* @__PURE__ */ besideScript<Awaited<ReturnType<typeof KeySuggestion>>>('key');
