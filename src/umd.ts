/** The script-tag build: everything the ES module exports as the global `RepKit`, plus auto-mounting. */
export * from './embed';
/** The add-ons' hook (dist/repkit.batch.js): internal, not part of the API. */
export { setSend as __setSend } from './client/transport';
