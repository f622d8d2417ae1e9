/** The reputation kind's public parts. */
export { ReputationWidget } from './widget';
export type { ReputationWidgetOptions } from './options';
