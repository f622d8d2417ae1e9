/**
 * Where the widgets get their data, inlined at build time. The defaults talk to the
 * repository's sandbox (`npm start` at its root); a production page keeps its key on the
 * server with repkit/proxy (docs/proxy.md).
 */
export const BASE_URL: string = process.env.NEXT_PUBLIC_REPKIT_BASE_URL ?? 'http://127.0.0.1:8080';
export const API_KEY: string = process.env.NEXT_PUBLIC_REPKIT_API_KEY ?? 'demo-key';
export const ADDRESS = '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6';
