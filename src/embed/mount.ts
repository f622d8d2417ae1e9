import { createWidget, type AnyWidget } from '../widgets/create-widget';
import { mountFailure, type FailureHost } from '../widgets/failure-host';
import type { WidgetConfig } from '../widgets/types';
import { forAttribute, readOptions } from './attributes';

/** What repkit keeps on an element it mounted into. */
interface Embedded {
  /** The options read last, to tell what an attribute change changed. */
  read: Record<string, unknown>;
  widget?: AnyWidget;
  failure?: FailureHost;
}

/** Where an element's attributes come from: `data-repkit` + `data-*`, or the custom element's. */
export interface AttributeSource {
  prefix: string;
  typeAttribute: string;
}

export const SNIPPET: AttributeSource = { prefix: 'data-', typeAttribute: 'data-repkit' };

// Symbol.for: a second copy of the script on the page sees the first one's widgets.
const STATE = /* @__PURE__ */ Symbol.for('repkit.embedded');

type Carrier = Element & { [STATE]?: Embedded };

const stateOf = (element: Element): Embedded | undefined => (element as Carrier)[STATE];

const read = (element: Element, source: AttributeSource): Record<string, unknown> => ({
  ...readOptions(element, source.prefix),
  type: element.getAttribute(source.typeAttribute),
});

/** Destroys what repkit mounted into `element`, if anything. */
export const unmount = (element: Element): void => {
  const state = stateOf(element);
  state?.widget?.destroy();
  state?.failure?.destroy();
  delete (element as Carrier)[STATE];
};

/**
 * Mounts a widget into `element` from its attributes. A value that cannot be read, or a config
 * `createWidget` refuses, shows the error state inside the element instead of throwing.
 */
export const mountElement = (element: Element, source: AttributeSource): AnyWidget | undefined => {
  let options: Record<string, unknown> = {};
  const state: Embedded = { read: options };
  (element as Carrier)[STATE] = state;
  try {
    state.read = options = read(element, source);
    return (state.widget = createWidget(options as unknown as WidgetConfig).mount(element));
  } catch (error) {
    state.failure = mountFailure(element, forAttribute(error, source.prefix, source.typeAttribute), options.nonce as string | undefined);
    return undefined;
  }
};

/**
 * Mounts `element`, or brings a mounted one up to date with its attributes: `update()` with
 * what changed, or a fresh mount when the type changed or the last config was invalid.
 */
export const syncElement = (element: Element, source: AttributeSource): AnyWidget | undefined => {
  const state = stateOf(element);
  if (!state) return mountElement(element, source);
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
  if (!Object.keys(changes).length) return widget;
  // A removed attribute arrives as undefined, which update() takes as "back to the default".
  if (widget && !('type' in changes)) {
    try {
      widget.update(changes);
      state.read = next;
      return widget;
    } catch {
      // An invalid new value: remount, which shows the error state naming the attribute.
    }
  }
  unmount(element);
  return mountElement(element, source);
};

/** True when repkit has mounted into `element`. */
export const isMounted = (element: Element): boolean => !!stateOf(element);
