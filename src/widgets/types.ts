export type { BaseWidgetOptions, Theme } from './common-options';
export type { AnyWidget, BadgeData, WidgetByType, WidgetConfig, WidgetData, WidgetOptionsByType, WidgetType } from './kinds';
export type { BadgeWidgetOptions } from './kinds/badge/options';
export type { CategoryWidgetOptions } from './kinds/category/options';
export type { ProfileWidgetOptions } from './kinds/profile/options';
export type { ReputationWidgetOptions } from './kinds/reputation/options';

/** What the host element's `data-state` attribute says. */
export type WidgetState = 'loading' | 'ready' | 'error';
