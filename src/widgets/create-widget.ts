import { invalid } from '../client/option-error';
import { BadgeWidget } from './badge-widget';
import { CategoryWidget } from './category-widget';
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

const CLASSES: { [T in WidgetType]: new (config: never) => WidgetByType[T] } = {
  reputation: ReputationWidget,
  badge: BadgeWidget,
  badges: BadgeWidget,
  profile: ProfileWidget,
  category: CategoryWidget,
};

/** The `type` values `createWidget` accepts. */
export const WIDGET_TYPES = /* @__PURE__ */ Object.keys(CLASSES) as WidgetType[];

/**
 * Creates a widget of the config's `type`. Validates the config at once; options no kind
 * knows are ignored.
 * @throws OptionError (a TypeError) naming the option when `type` is unknown, `apiKey`,
 * `address` (or the category widget's `categoryKey`) is missing, or a value is invalid.
 * @example
 * createWidget({ type: 'reputation', apiKey, address }).mount('#rep');
 */
export function createWidget<C extends WidgetConfig>(config: C): WidgetByType[C['type']] {
  const type = (config as { type?: unknown } | null)?.type;
  if (typeof type != 'string' || !Object.hasOwn(CLASSES, type)) invalid('type', `one of ${WIDGET_TYPES.map((k) => `"${k}"`).join(', ')}`, type);
  return new CLASSES[type as C['type']](config as never) as WidgetByType[C['type']];
}
