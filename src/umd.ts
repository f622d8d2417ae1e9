/** The script-tag build: everything the ES module exports as the global `RepKit`, plus auto-mounting. */
export * from './embed';
