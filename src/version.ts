declare const __REPKIT_VERSION__: string;

/** The package version, written in at build time (rollup.config.mjs, test/vitest.config.ts). */
export const VERSION: string = __REPKIT_VERSION__;
