import { BadgeWidget } from './badge-widget';
import { CategoryWidget } from './category-widget';
import { createFrom, kindSet, type KindEntry, type KindSet } from './kind-set';
import { badgeKind } from './kinds/badge';
import { categoryKind } from './kinds/category';
import { profileKind } from './kinds/profile';
import { reputationKind } from './kinds/reputation';
import { ProfileWidget } from './profile-widget';
import { ReputationWidget } from './reputation-widget';
import type { WidgetConfig, WidgetType } from './types';

/** The widget class each `type` builds. */
export interface WidgetByType {
  reputation: ReputationWidget;
  badge: BadgeWidget;
  badges: BadgeWidget;
  profile: ProfileWidget;
  category: CategoryWidget;
}

/** Any widget `createWidget` can return. */
export type AnyWidget = WidgetByType[WidgetType];

/**
 * Every kind, by `type`: what the ES module, the element and `repkit.umd.js` build. Built in a
 * pure function: bundlers keep the kinds only where something creates a widget.
 */
export const ALL_KINDS: KindSet = /* @__PURE__ */ (() => {
  const badge: KindEntry = { widget: BadgeWidget, options: badgeKind.options };
  return kindSet({
    reputation: { widget: ReputationWidget, options: reputationKind.options },
    badge,
    badges: badge,
    profile: { widget: ProfileWidget, options: profileKind.options },
    category: { widget: CategoryWidget, options: categoryKind.options },
  } satisfies Record<WidgetType, KindEntry>);
})();

/** The `type` values `createWidget` accepts. */
export const WIDGET_TYPES: WidgetType[] = /* @__PURE__ */ (() => Object.keys(ALL_KINDS.types) as WidgetType[])();

/**
 * Creates a widget of the config's `type`. Validates the config at once; options no kind
 * knows are ignored.
 * @throws OptionError (a TypeError) naming the option when `type` is unknown, `apiKey`,
 * `address` (or the category widget's `categoryKey`) is missing, or a value is invalid.
 * @example
 * createWidget({ type: 'reputation', apiKey, address }).mount('#rep');
 */
export function createWidget<C extends WidgetConfig>(config: C): WidgetByType[C['type']] {
  return createFrom(ALL_KINDS, config) as WidgetByType[C['type']];
}
