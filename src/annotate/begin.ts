import { invalid } from '../client/option-error';
import type { ServiceClient } from '../client/service-client';
import { isDocument, isElement } from '../util/values';
import { startAnnotating, type AnnotateHandle, type CardModule } from './annotator';
import { resolveAnnotateOptions, type AnnotateOptions } from './options';

/**
 * `annotate()` with where the client class and the card's code come from: the ES module has the
 * client and loads the card as an `import()` chunk (./index); the script tag uses the client of a
 * repkit script already on the page, when there is one, else loads its own, and loads the card,
 * from files beside itself (./script). Chips and widgets that share a client class share one
 * cache and one request per address.
 */
export const annotateWith = (
  loadClient: () => Promise<typeof ServiceClient>,
  loadCard: () => Promise<CardModule>,
  root?: Element | Document | null,
  options?: AnnotateOptions,
): AnnotateHandle => {
  const resolved = resolveAnnotateOptions(options);
  if (typeof document == 'undefined') return { stop: () => undefined };
  const target = root == null ? document.body : isDocument(root) ? root.body : root;
  if (!isElement(target)) return invalid('root', 'an element or a document (with a body)', root);
  return startAnnotating(target, resolved, loadClient, loadCard);
};
