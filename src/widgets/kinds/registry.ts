/**
 * The registry: one line per widget kind, naming what the kind's folder makes public (its class,
 * its options type). Everything else that lists the kinds follows these lines: `WIDGET_CLASSES`
 * and the types of createWidget (./index.ts), the `repkit` entry's exports, the element's parts,
 * the per-kind scripts (rollup.config.mjs), the docs' option tables and the tests' kind tables.
 */
export { BadgeWidget, type BadgeWidgetOptions, type BadgeData } from './badge/view';
export { CategoryWidget, type CategoryWidgetOptions } from './category/view';
export { ProfileWidget, type ProfileWidgetOptions } from './profile/view';
export { ReputationWidget, type ReputationWidgetOptions } from './reputation/view';
