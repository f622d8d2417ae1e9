/**
 * `repkit/batch`, the add-on that turns batching on: `import 'repkit/batch'` once, and from then
 * on the widgets and clients of this copy of repkit that talk to a proxy (no `apiKey`) send the
 * requests of one task to it as one batch (./client/batch). An add-on, not a default, so that
 * only the pages that use it (many widgets through a repkit proxy) carry its bytes. Importing it
 * twice does nothing more; on a server it does the same, harmlessly.
 */
import { batching } from './client/batch';
import { setSend } from './client/transport';

setSend(batching);

export {};
