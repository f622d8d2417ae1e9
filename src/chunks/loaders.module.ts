/**
 * Where each chunk (./loaders) comes from in dist/repkit.annotate-client.js, the client that
 * dist/repkit.annotate.js loads when no repkit script is on the page: an ES module itself, it
 * finds the files beside it (dist/repkit.chunk-<name>.js) from its own URL, where a script reads
 * `document.currentScript` (./loaders.script). rollup.config.mjs puts this module in the place of
 * ./loaders in that build.
 */
import type { importBatch as Batch, importCache as Cache, importLazy as Lazy, importProbe as Probe } from './loaders';

/** Loads `repkit.chunk-<name>.js` from beside this module. */
const besideModule =
  <T>(name: string) =>
  async (): Promise<T> =>
    (await import(/* @vite-ignore */ new URL(`repkit.chunk-${name}.js`, import.meta.url).href)) as T;

export const importBatch = /* @__PURE__ */ besideModule<Awaited<ReturnType<typeof Batch>>>('batch');
export const importCache = /* @__PURE__ */ besideModule<Awaited<ReturnType<typeof Cache>>>('cache');
export const importLazy = /* @__PURE__ */ besideModule<Awaited<ReturnType<typeof Lazy>>>('lazy');
export const importProbe = /* @__PURE__ */ besideModule<Awaited<ReturnType<typeof Probe>>>('probe');
