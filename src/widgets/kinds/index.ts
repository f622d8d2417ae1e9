/**
 * The widget kinds, from the registry (./registry.ts). A kind is its folder beside this file
 * (options.ts: its public options and their table; view.ts: its descriptor, with how it loads
 * and shows its data, and its class; placeholder.ts: the skeleton's data), its stylesheet
 * styles/<kind>.css, and its line in the registry. createWidget, `WIDGET_TYPES`, the public
 * types, the element, the snippet, the server renderer and the per-kind scripts all follow it.
 */
import * as REGISTRY from './registry';

/**
 * Every kind's class, by name (the order of `WIDGET_TYPES`). Sorted, as a module namespace's
 * order is not the same in every loader. Its type is written out from the values (not as
 * `typeof REGISTRY`, which the declaration bundler cannot carry across files).
 */
const SORTED = /* @__PURE__ */ (() => Object.values(REGISTRY).sort((a, b) => (a.kind.name < b.kind.name ? -1 : 1)))();

/** Every value the registry names: the kinds' classes. */
type Classes = (typeof SORTED)[number];

/** Every kind's class, by name. */
export const WIDGET_CLASSES: readonly Classes[] = SORTED;

/** Every `type` value a kind's class answers to: its name and its aliases. */
type TypesOf<C> = C extends { readonly kind: { readonly name: infer T extends string } } ? T : never;

/** The widget kinds `createWidget` can build. `'badges'` is an alias of `'badge'`. */
export type WidgetType = TypesOf<Classes>;

/** The class that builds `type` T. */
type ClassOf<T extends WidgetType> = Classes extends infer C
  ? C extends { readonly kind: { readonly name: infer N } }
    ? T extends N
      ? C
      : never
    : never
  : never;

/** The widget class each `type` builds. */
export type WidgetByType = { [T in WidgetType]: InstanceType<ClassOf<T>> };

/** Any widget `createWidget` can return. */
export type AnyWidget = WidgetByType[WidgetType];

/** The options of each `type`'s widget. */
export type WidgetOptionsByType = { [T in WidgetType]: ConstructorParameters<ClassOf<T>>[0] };

/** `createWidget` config: the options of one kind plus its `type`. */
export type WidgetConfig = { [K in WidgetType]: WidgetOptionsByType[K] & { type: K } }[WidgetType];

/** What a widget loads. */
type DataOf<W> = W extends { readonly data: infer D } ? Exclude<D, undefined> : never;

/**
 * What a widget loads, by kind: `UserScores` (reputation), {@link BadgeData} (badge, badges),
 * `UserProfile`, or `null` when the address has no profile yet (profile), and
 * `SpecificCategoryScore` (category).
 */
export type WidgetData = DataOf<AnyWidget>;

export type { BadgeData } from './registry';
