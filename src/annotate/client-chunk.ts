/**
 * dist/repkit.annotate-client.js: the client, for dist/repkit.annotate.js on a page without a
 * repkit script (with one, the chips use that script's client, and share its cache and requests).
 * Loaded while the page is first read, it is there before the first scores are asked for.
 */
export { ServiceClient } from '../client/service-client';
