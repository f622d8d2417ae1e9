/**
 * Where the widgets get their data. The defaults talk to the repository's sandbox
 * (`npm start` at the repository root serves it on http://127.0.0.1:8080 with the key
 * `demo-key`); set VITE_REPKIT_BASE_URL and VITE_REPKIT_API_KEY at build time for another
 * service. A real page keeps its key out of the bundle with repkit/proxy (docs/proxy.md).
 */
export const BASE_URL: string = import.meta.env.VITE_REPKIT_BASE_URL ?? 'http://127.0.0.1:8080';
export const API_KEY: string = import.meta.env.VITE_REPKIT_API_KEY ?? 'demo-key';

/** Two addresses the sandbox knows, to switch between. */
export const ADDRESSES = ['1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6', '135zNoanbmg5DrG1ixwEEzRiNpXw6at7Gt6Fy5mSn6kK9xEp'] as const;
