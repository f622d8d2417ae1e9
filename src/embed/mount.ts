import type { AnyWidget } from '../widgets/kinds';
import { mountFailure, type FailureHost } from '../widgets/failure-host';
import { createFrom, type KindSet } from '../widgets/kind-set';
import type { WidgetConfig } from '../widgets/types';
import { forAttribute, readOptions } from './attributes';

/** What repkit keeps for one embedded widget: the options it read, and what it mounted. */
export interface Embedded {
  /** The options read last, to tell what an attribute change changed. */
  read: Record<string, unknown>;
  widget?: AnyWidget;
  failure?: FailureHost;
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
  prefix: string;
  typeAttribute: string;
  kinds: KindSet;
}

/** The snippet's attributes, read with `kinds`. */
export const snippetSource = (kinds: KindSet): AttributeSource => ({ prefix: 'data-', typeAttribute: 'data-repkit', kinds });

// Symbol.for: a second copy of the script on the page sees the first one's widgets.
const STATE = /* @__PURE__ */ Symbol.for('repkit.embedded');

type Carrier = Element & { [STATE]?: Embedded };

const stateOf = (element: Element): Embedded | undefined => (element as Carrier)[STATE];

const read = (element: Element, source: AttributeSource): Record<string, unknown> => ({
  ...readOptions(element, source.prefix, source.kinds.options),
  type: element.getAttribute(source.typeAttribute),
});

/** Destroys what `state` mounted, if anything. */
export const release = (state: Embedded | undefined): void => {
  state?.widget?.destroy();
  state?.failure?.destroy();
};

/**
 * Mounts a widget configured by `element`'s attributes into `container` (the element itself
 * for a snippet; a node in its own shadow root for `<repkit-widget>`). A value that cannot be
 * read, or a config `createWidget` refuses, shows the error state there instead of throwing.
 * `record` receives the state before anything is mounted, so a load event fired during the
 * mount already finds it.
 */
export const embed = (element: Element, source: AttributeSource, container: Element, record?: (state: Embedded) => void): Embedded => {
  let options: Record<string, unknown> = {};
  const state: Embedded = { read: options, owner: source.kinds };
  record?.(state);
  try {
    state.read = options = read(element, source);
    const type = options.type;
    if (typeof type == 'string' && !Object.hasOwn(source.kinds.types, type)) state.missing = type;
    state.widget = createFrom(source.kinds, options as unknown as WidgetConfig).mount(container);
  } catch (error) {
    state.failure = mountFailure(container, forAttribute(error, source.prefix, source.typeAttribute), options.nonce as string | undefined);
  }
  return state;
};

/**
 * Brings `state` up to date with `element`'s attributes: `update()` with what changed, or a
 * fresh mount into `container` when the type changed or the last config was invalid. Returns
 * the state in force (a new one after a fresh mount).
 */
export const resync = (
  state: Embedded,
  element: Element,
  source: AttributeSource,
  container: Element,
  record?: (state: Embedded) => void,
): Embedded => {
  let next: Record<string, unknown>;
  try {
    next = read(element, source);
  } catch {
    next = {};
  }
  const before = state.read;
  const keys = new Set([...Object.keys(before), ...Object.keys(next)]);
  const changes: Record<string, unknown> = {};
  for (const key of keys) if (next[key] !== before[key]) changes[key] = next[key];
  const widget = state.widget;
  if (!Object.keys(changes).length) return state;
  // A removed attribute arrives as undefined, which update() takes as "back to the default".
  if (widget && !('type' in changes)) {
    try {
      widget.update(changes);
      state.read = next;
      return state;
    } catch {
      // An invalid new value: remount, which shows the error state naming the attribute.
    }
  }
  release(state);
  return embed(element, source, container, record);
};

const carry = (element: Element) => (state: Embedded) => {
  (element as Carrier)[STATE] = state;
};

/** Destroys what repkit mounted into `element` (a snippet), if anything. */
export const unmount = (element: Element): void => {
  release(stateOf(element));
  Reflect.deleteProperty(element, STATE);
};

/** Mounts a widget into `element` (a snippet) from its attributes; see {@link embed}. */
export const mountElement = (element: Element, source: AttributeSource): AnyWidget | undefined =>
  embed(element, source, element, carry(element)).widget;

/** Mounts `element` (a snippet), or brings a mounted one up to date with its attributes; see {@link resync}. */
export const syncElement = (element: Element, source: AttributeSource): AnyWidget | undefined => {
  const state = stateOf(element);
  return (state ? resync(state, element, source, element, carry(element)) : embed(element, source, element, carry(element))).widget;
};

/** True when a script carrying `kinds` mounted into `element` (a snippet), and so follows its attributes. */
export const isOwned = (element: Element, kinds: KindSet): boolean => stateOf(element)?.owner === kinds;

/**
 * True when `element` (a snippet) waits for a script carrying `kinds`: nothing is mounted in
 * it, or another per-kind script showed the error of a kind `kinds` carries.
 */
export const isOpenTo = (element: Element, kinds: KindSet): boolean => {
  const state = stateOf(element);
  return !state || (state.owner !== kinds && !!state.missing && Object.hasOwn(kinds.types, state.missing));
};
