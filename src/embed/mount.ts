import type { AnyWidget } from '../widgets/kinds';
import { mountFailure } from '../widgets/failure-host';
import { createFrom, type KindSet } from '../widgets/kind-set';
import { forAttribute, readOptions } from './attributes';

/** What repkit keeps for one embedded widget: the options it read, and what it mounted. */
export interface Embedded {
  /** The options read last, to tell what an attribute change changed. */
  read: Record<string, unknown>;
  widget?: AnyWidget;
  /** The host showing why no widget could be created. */
  failure?: HTMLElement;
  /** The kinds of the script that mounted it: only that script follows the element's attributes. */
  owner: KindSet;
  /**
   * The `type` asked for when the script that mounted this does not carry it (a per-kind
   * script on a page that uses another kind). A script that carries it takes the element over.
   */
  missing?: string;
}

/**
 * Where an element's attributes come from (`data-repkit` + `data-*`, or the custom element's),
 * and the kinds they may ask for.
 */
export interface AttributeSource {
  /** Before each option's attribute name: `'data-'`, or none on the element. */
  readonly $prefix: string;
  /** The attribute that names the kind. */
  readonly $typeAttribute: string;
  readonly $kinds: KindSet;
}

// Symbol.for: a second copy of the script on the page sees the first one's widgets.
const STATE = /* @__PURE__ */ Symbol.for('repkit.embedded');

/** An element that may hold repkit's state: every element is one, since the field is optional. */
type Carrier = Element & { [STATE]?: Embedded };

/** What repkit mounted into `container` (a snippet, or a node in `<repkit-widget>`'s shadow root), if anything. */
export const stateOf = (container: Carrier): Embedded | undefined => container[STATE];

const read = (
  element: Element,
  { $prefix: prefix, $typeAttribute: typeAttribute, $kinds: kinds }: AttributeSource,
): Record<string, unknown> => ({
  ...readOptions(element, prefix, kinds.$options), // every option the kinds have
  type: element.getAttribute(typeAttribute),
});

/** Destroys what repkit mounted into `container`, if anything, and forgets it. */
export const unmount = (container: Element): void => {
  const state = stateOf(container);
  state?.widget?.destroy();
  state?.failure?.remove();
  Reflect.deleteProperty(container, STATE);
};

/**
 * Shows in `container` (the element itself for a snippet; a node in its own shadow root for
 * `<repkit-widget>`) the widget `element`'s attributes configure. A widget already there gets
 * `update()` with what changed; a new one is mounted when there is none, the type changed or the
 * last config was invalid. A value that cannot be read, or a config `createWidget` refuses, shows
 * the error state there instead of throwing. The state is kept on `container` before anything is
 * mounted, so a load event fired during the mount already finds it. Returns the state in force.
 */
export const sync = (element: Element, source: AttributeSource, container: Carrier): Embedded => {
  let options: Record<string, unknown> = {};
  let unreadable: unknown;
  try {
    options = read(element, source);
  } catch (error) {
    unreadable = error;
  }
  const state = stateOf(container);
  if (state) {
    const before = state.read;
    const changes: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(options)])) {
      if (options[key] !== before[key]) changes[key] = options[key];
    }
    if (!Object.keys(changes).length) return state;
    // A removed attribute arrives as undefined, which update() takes as "back to the default".
    if (state.widget && !('type' in changes)) {
      try {
        state.widget.update(changes);
        state.read = options;
        return state;
      } catch {
        // An invalid new value: remount, which shows the error state naming the attribute.
      }
    }
    unmount(container);
  }
  const { $prefix: prefix, $typeAttribute: typeAttribute, $kinds: kinds } = source;
  const next: Embedded = (container[STATE] = { read: options, owner: kinds });
  try {
    if (unreadable) throw unreadable;
    const type = options.type;
    if (typeof type == 'string' && !Object.hasOwn(kinds.$byType, type)) next.missing = type;
    next.widget = createFrom(kinds, options).mount(container);
  } catch (error) {
    next.failure = mountFailure(container, forAttribute(error, prefix, typeAttribute), options.nonce as string | undefined);
  }
  return next;
};

/** True when a script carrying `kinds` mounted into `element` (a snippet), and so follows its attributes. */
export const isOwned = (element: Element, kinds: KindSet): boolean => stateOf(element)?.owner === kinds;

/**
 * True when `element` (a snippet) waits for a script carrying `kinds`: nothing is mounted in
 * it, or another per-kind script showed the error of a kind `kinds` carries.
 */
export const isOpenTo = (element: Element, kinds: KindSet): boolean => {
  const state = stateOf(element);
  return !state || (state.owner !== kinds && !!state.missing && Object.hasOwn(kinds.$byType, state.missing));
};
