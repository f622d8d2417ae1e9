/** The category kind's public parts. */
export { CategoryWidget } from './widget';
export type { CategoryWidgetOptions } from './options';
