import { invalid } from '../client/options';
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

const KINDS: { [T in WidgetType]: new (config: never) => WidgetByType[T] } = {
  reputation: ReputationWidget,
  badge: BadgeWidget,
  badges: BadgeWidget,
  profile: ProfileWidget,
  category: CategoryWidget,
};

/** The `type` values `createWidget` accepts. */
export const WIDGET_TYPES = /* @__PURE__ */ Object.keys(KINDS) as WidgetType[];

/**
 * Creates a widget of the config's `type`. Validates the config at once.
 * @throws TypeError naming the option when `type` is unknown, `apiKey`, `address` (or the
 * category widget's `categoryKey`) is missing, or an option has the wrong type.
 * @example
 * createWidget({ type: 'reputation', apiKey, address }).mount('#rep');
 */
export function createWidget<C extends WidgetConfig>(config: C): WidgetByType[C['type']] {
  const type = (config as { type?: unknown } | null)?.type;
  if (!Object.hasOwn(KINDS, type as string)) invalid('type', `one of ${WIDGET_TYPES.map((k) => `"${k}"`).join(', ')}`, type);
  return new KINDS[type as C['type']](config as never) as WidgetByType[C['type']];
}
