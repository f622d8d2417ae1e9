/**
 * `loading: 'lazy'`: tell a widget when its host comes near the viewport, as the browser does
 * for `<img loading="lazy">`. One IntersectionObserver per window serves every lazy widget.
 */

/** How far outside the viewport a lazy widget starts loading, in CSS pixels. */
export const LAZY_MARGIN_PX = 300;

/**
 * A window's observer: the IntersectionObserver class it was made with (a test may swap it),
 * the observer, and each watched element's callback. `$` fields: terser shortens them
 * (rollup.config.mjs).
 */
interface Watcher {
  readonly $Observer: typeof IntersectionObserver;
  readonly $observer: IntersectionObserver;
  readonly $callbacks: Map<Element, () => void>;
}

const watchers = new WeakMap<object, Watcher>();

const watcherFor = (win: Window & typeof globalThis): Watcher | undefined => {
  const Observer = win.IntersectionObserver;
  if (typeof Observer != 'function') return undefined;
  let watcher = watchers.get(win);
  if (watcher?.$Observer === Observer) return watcher;
  const callbacks = new Map<Element, () => void>();
  // An element without a box (a `display: none` parent, a closed <details>) never intersects,
  // so it waits until it is shown and comes near, as a lazy image does.
  const observer = new Observer(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = callbacks.get(entry.target);
        if (!callback) continue;
        callbacks.delete(entry.target);
        observer.unobserve(entry.target);
        callback();
      }
    },
    { rootMargin: `${LAZY_MARGIN_PX}px` },
  );
  watchers.set(win, (watcher = { $Observer: Observer, $observer: observer, $callbacks: callbacks }));
  return watcher;
};

/**
 * Calls `callback` once, when `element` is within {@link LAZY_MARGIN_PX} of the viewport.
 * Returns a function that stops watching, or `undefined` when the browser cannot watch (no
 * IntersectionObserver): the caller then loads at once.
 */
export const whenNearViewport = (element: Element, callback: () => void): (() => void) | undefined => {
  const win = element.ownerDocument.defaultView;
  const watcher = win && watcherFor(win);
  if (!watcher) return undefined;
  const { $observer: observer, $callbacks: callbacks } = watcher;
  callbacks.set(element, callback);
  observer.observe(element);
  return () => {
    if (callbacks.delete(element)) observer.unobserve(element);
  };
};
