import type { AnyWidget } from '../widgets/kinds';
import { ALL_KINDS } from '../widgets/create-widget';
import type { KindSet } from '../widgets/kind-set';
import { inTurn } from '../widgets/tasks';
import { isOpenTo, isOwned, sync, unmount, type AttributeSource } from './mount';
import { isElement } from '../util/values';

const SELECTOR = '[data-repkit]';

const embeds = (root: ParentNode): Element[] => [
  ...(isElement(root) && root.matches(SELECTOR) ? [root] : []),
  ...Array.from(root.querySelectorAll(SELECTOR)),
];

/** `mountAll` and `autoMount` for the snippets of one script's kinds. */
export interface SnippetMounter {
  mountAll(root?: ParentNode): AnyWidget[];
  autoMount(doc?: Document): () => void;
}

/**
 * The snippet's mounting for a script that carries `kinds` (every kind, or one in a per-kind
 * script). Each script on a page follows only the elements it mounted, so two scripts never
 * fight over one element; an element showing that another script lacks its kind is taken over.
 */
export const snippetMounter = (kinds: KindSet): SnippetMounter => {
  const source: AttributeSource = { $prefix: 'data-', $typeAttribute: 'data-repkit', $kinds: kinds };
  let attributeObserver: MutationObserver | undefined;
  /** The teardown of the auto mode while it runs: a second autoMount() gets the same one. */
  let stopAuto: (() => void) | undefined;

  const watchAttributes = (element: Element): void => {
    // One observer for every embedded element: a data-* change becomes one update() per
    // element per task, because MutationObserver already batches its records.
    attributeObserver ??= new MutationObserver((records) => {
      for (const target of new Set(records.map((r) => r.target))) {
        if (isElement(target) && isOwned(target, kinds)) sync(target, source, target);
      }
    });
    attributeObserver.observe(element, { attributes: true });
  };

  const mountOne = (element: Element): AnyWidget | undefined => {
    if (!isOpenTo(element, kinds)) return undefined;
    unmount(element);
    const { widget } = sync(element, source, element);
    watchAttributes(element);
    return widget;
  };

  const mountAll = (root: ParentNode = document): AnyWidget[] => embeds(root).flatMap((element) => mountOne(element) ?? []);

  /**
   * The auto mode's mounting: each snippet in turn (./tasks), in document order, which puts the
   * top of the page, what a visitor sees first, first. A page of many snippets is then mounted
   * over several tasks, the browser painting and answering input between them.
   */
  const mountInTurn = (root: ParentNode, running: () => boolean): void => {
    for (const element of embeds(root)) inTurn(() => running() && element.isConnected && mountOne(element));
  };

  const autoMount = (doc: Document = document): (() => void) => {
    if (stopAuto) return stopAuto;
    let observer: MutationObserver | undefined;
    const running = (): boolean => stopAuto === stop;
    const start = () => {
      mountInTurn(doc, running);
      observer = new MutationObserver((records) => {
        for (const record of records) {
          record.addedNodes.forEach((node) => isElement(node) && mountInTurn(node, running));
          record.removedNodes.forEach((node) => {
            if (!isElement(node)) return;
            // A node moved elsewhere in the same task is still connected: keep its widget.
            for (const element of embeds(node)) if (!element.isConnected) unmount(element);
          });
        }
      });
      observer.observe(doc.documentElement, { childList: true, subtree: true });
    };
    const stop = (): void => {
      if (stopAuto !== stop) return;
      stopAuto = undefined;
      doc.removeEventListener('DOMContentLoaded', start);
      observer?.disconnect();
      // Removing an element no longer destroys its widget now: destroy them here instead.
      for (const element of embeds(doc)) if (isOwned(element, kinds)) unmount(element);
    };
    stopAuto = stop;
    if (doc.readyState == 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
    return stop;
  };

  return { mountAll, autoMount };
};

let everyKind: SnippetMounter | undefined;
// Made on first use, so that importing repkit creates nothing.
const allKinds = (): SnippetMounter => (everyKind ??= snippetMounter(ALL_KINDS));

/**
 * Mounts a widget into every `[data-repkit]` element under `root` (default `document`) that
 * has none yet, and keeps each in step with its `data-*` attributes. Invalid attributes show
 * an error state in the element; nothing is thrown. Returns the widgets it mounted.
 */
export const mountAll = (root?: ParentNode): AnyWidget[] => allKinds().mountAll(root);

/**
 * The snippet's auto mode: mounts now (or when the document has been parsed), then mounts
 * `[data-repkit]` elements added later and destroys the widgets of removed ones. Calling it
 * again while it runs does nothing more.
 * @returns A function that ends the auto mode: it stops watching the document and destroys
 * the widgets of the snippets in it (safe to call twice; autoMount() may then start again).
 */
export const autoMount = (doc?: Document): (() => void) => allKinds().autoMount(doc);
