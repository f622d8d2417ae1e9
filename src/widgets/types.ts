export type { BaseWidgetOptions, Theme } from './common-options';
export type { AnyWidget, WidgetByType, WidgetConfig, WidgetData, WidgetOptionsByType, WidgetType } from './kinds';

/** What the host element's `data-state` attribute says. */
export type WidgetState = 'loading' | 'ready' | 'error';
