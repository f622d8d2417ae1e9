/**
 * Where each chunk (./loaders) comes from in dist/repkit.umd.js: as in every script
 * (./loaders.script), but for one more place it runs. `require('repkit')` in Node runs this
 * script as CommonJS (package.json's `exports`), with no page to find it by and where a `.js`
 * chunk would be read as CommonJS too: there the words of a `ServiceError` come from the ES
 * modules' own chunk of them (`.mjs`, a module to every Node), which `import()` finds beside this
 * file by a relative path, so a server's errors read as a page's. The other chunks' features stay
 * off there, as a page works without a chunk that cannot load. rollup.config.mjs puts this module
 * in the place of ./loaders in that build.
 */
import type { Chunks } from './loaders';
import { importFailureMessage as besideScript } from './loaders.script';

export * from './loaders.script';

/** Beside this file: a name, not a literal in `import()`, so that rollup leaves it to the runtime. */
const MESSAGE_MODULE = './repkit.chunk-message.mjs';

/** The words of a `ServiceError`: beside the script in a page (./loaders.script); without a page, the `.mjs` chunk of them. */
export const importFailureMessage: () => Promise<Pick<Chunks['failure'], 'failureClause'>> =
  typeof document == 'undefined' ? async () => import(/* @vite-ignore */ MESSAGE_MODULE) : besideScript;
