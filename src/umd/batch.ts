/**
 * `dist/repkit.batch.js`, the script-tag form of `repkit/batch` (src/batch.ts): after any repkit
 * script (`repkit.umd.js` or a per-kind one), it turns batching on for the copy of repkit that
 * defined the global `RepKit`, through the hook each of those scripts puts there for add-ons
 * (`RepKit.__setSend`, internal: not part of the API). Loaded before them, it finds no hook and
 * does nothing (requests then go one by one, as without it); loaded twice, the second copy
 * takes the first one's place.
 */
import { batching } from '../client/batch';
import type { setSend } from '../client/transport';

(globalThis as { RepKit?: { __setSend?: typeof setSend } }).RepKit?.__setSend?.(batching);
