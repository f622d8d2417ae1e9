/** The profile kind's public parts. */
export { ProfileWidget } from './widget';
export type { ProfileWidgetOptions } from './options';
