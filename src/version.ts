declare const __REPKIT_VERSION__: string;

/** The package version (`package.json`'s `version`), written in at build time. */
export const VERSION: string = __REPKIT_VERSION__;
