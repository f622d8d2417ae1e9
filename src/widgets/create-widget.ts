import { createFrom, kindSet, type KindSet } from './kind-set';
import { WIDGET_CLASSES, type WidgetByType, type WidgetOptionsByType, type WidgetType } from './kinds';

/**
 * Every kind, by `type`: what the ES module, the element and `repkit.umd.js` build. Built in a
 * pure function: bundlers keep the kinds only where something creates a widget.
 */
export const ALL_KINDS: KindSet = /* @__PURE__ */ kindSet(WIDGET_CLASSES);

/** The `type` values `createWidget` accepts. */
export const WIDGET_TYPES = /* @__PURE__ */ (() => Object.keys(ALL_KINDS.$byType) as WidgetType[])();

/**
 * Creates a widget of the config's `type`. Validates the config at once; options no kind
 * knows are ignored at run time. TypeScript refuses them in an object literal passed here (a
 * misspelt `maxBadge`), as the parameter is the options type of the literal's `type` itself,
 * which excess-property checks apply to; a config built elsewhere is checked where it is typed.
 * @throws OptionError (a TypeError) naming the option when `type` is unknown, `apiKey`,
 * `address` (or the category widget's `categoryKey`) is missing, or a value is invalid.
 * @example
 * createWidget({ type: 'reputation', apiKey, address }).mount('#rep');
 */
export function createWidget<T extends WidgetType>(config: WidgetOptionsByType[T] & { type: T }): WidgetByType[T] {
  return createFrom(ALL_KINDS, config) as WidgetByType[T];
}
