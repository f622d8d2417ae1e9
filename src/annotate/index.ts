/**
 * `repkit/annotate`: reputation next to every address on a page. An entry of its own, which the
 * main entry does not import; importing it changes nothing until `annotate()` is called.
 */
import { ServiceClient } from '../client/service-client';
import type { AnnotateHandle } from './annotator';
import { annotateWith } from './begin';
import type { AnnotateOptions } from './options';

export type { AnnotateHandle } from './annotator';
export type { AnnotateOptions } from './options';
export { SCORE_TIERS } from './score-tier';
/**
 * Adds a language's catalogue for the chips and cards, as `registerLocale` from `repkit` does for
 * widgets (this module has a registry of its own): `registerLocale('ar', ar)` with
 * `import ar from 'repkit/locales/ar'`.
 */
export { registerLocale } from '../i18n/locale';

/**
 * Puts a chip with the reputation of each Polkadot address after it, in the text under `root`
 * (default: the page's `body`) and in links to it on the common explorers, now and in content
 * added later; a chip opens a card with the address's score and badges. Returns a handle whose
 * `stop()` takes every chip out again and leaves the page as it was.
 * On a server (no `document`) it does nothing.
 * @throws OptionError (a TypeError) when an option or `root` cannot be used, before anything changes.
 */
export const annotate = (root?: Element | Document | null, options?: AnnotateOptions): AnnotateHandle =>
  annotateWith(
    async () => ServiceClient,
    () => import('./card'),
    root,
    options,
  );
