/** The script-tag build: everything the ES module exports, as the global `RepKit`. */
export * from './index';
