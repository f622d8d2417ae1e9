/**
 * The registry of widget kinds. A kind is its folder beside this file (options.ts: its public
 * options and their table; view.ts: its descriptor, with how it loads and shows its data, and
 * its class; placeholder.ts: the skeleton's data), its stylesheet styles/<kind>.css, and its
 * entry here. createWidget, `WIDGET_TYPES`, the public types, the element, the snippet, the
 * server renderer and the per-kind scripts (rollup.config.mjs) all follow this list; what
 * cannot follow it (the entry's export line, the size budgets) is checked against it by
 * test/widgets/kinds.test.ts.
 */
import { BadgeWidget } from './badge/view';
import { CategoryWidget } from './category/view';
import { ProfileWidget } from './profile/view';
import { ReputationWidget } from './reputation/view';

/** Every kind's class, in the order `WIDGET_TYPES` lists their `type` values. */
export const WIDGET_CLASSES = [ReputationWidget, BadgeWidget, ProfileWidget, CategoryWidget] as const;

type Classes = (typeof WIDGET_CLASSES)[number];

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

export type { BadgeData } from './badge/view';
