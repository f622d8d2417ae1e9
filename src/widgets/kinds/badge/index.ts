/** The badge kind's public parts. */
export { BadgeWidget } from './widget';
export type { BadgeWidgetOptions } from './options';
export type { BadgeData } from './view';
