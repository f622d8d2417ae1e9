/** Types of ./pack.mjs. */

/** Packs the repository into `<destination>/repkit.tgz` (default: examples/) and returns that path. */
export declare function packRepkit(destination?: string): string;
