import type { AnyWidget } from '../widgets/create-widget';
import { isMounted, mountElement, SNIPPET, syncElement, unmount } from './mount';

const SELECTOR = '[data-repkit]';

let attributeObserver: MutationObserver | undefined;

const watchAttributes = (element: Element): void => {
  // One observer for every embedded element: a data-* change becomes one update() per
  // element per task, because MutationObserver already batches its records.
  attributeObserver ??= new MutationObserver((records) => {
    for (const target of new Set(records.map((r) => r.target as Element))) {
      if (isMounted(target)) syncElement(target, SNIPPET);
    }
  });
  attributeObserver.observe(element, { attributes: true });
};

const embeds = (root: ParentNode): Element[] => [
  ...((root as Element).matches?.(SELECTOR) ? [root as Element] : []),
  ...Array.from(root.querySelectorAll(SELECTOR)),
];

/**
 * Mounts a widget into every `[data-repkit]` element under `root` (default `document`) that
 * has none yet, and keeps each in step with its `data-*` attributes. Invalid attributes show
 * an error state in the element; nothing is thrown. Returns the widgets it mounted.
 */
export const mountAll = (root: ParentNode = document): AnyWidget[] => {
  const mounted: AnyWidget[] = [];
  for (const element of embeds(root)) {
    if (isMounted(element)) continue;
    const widget = mountElement(element, SNIPPET);
    watchAttributes(element);
    if (widget) mounted.push(widget);
  }
  return mounted;
};

let started = false;

/**
 * The snippet's auto mode: mounts now (or when the document has been parsed), then mounts
 * `[data-repkit]` elements added later and destroys the widgets of removed ones.
 */
export const autoMount = (doc: Document = document): void => {
  if (started) return;
  started = true;
  const start = () => {
    mountAll(doc);
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => node.nodeType == 1 && mountAll(node as Element));
        record.removedNodes.forEach((node) => {
          if (node.nodeType != 1) return;
          // A node moved elsewhere in the same task is still connected: keep its widget.
          for (const element of embeds(node as Element)) if (!element.isConnected) unmount(element);
        });
      }
    }).observe(doc.documentElement, { childList: true, subtree: true });
  };
  if (doc.readyState == 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
};
