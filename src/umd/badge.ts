/**
 * `repkit.badge.umd.js`: the script tag for a page that shows only badge widgets. The same
 * global `RepKit` and snippet as `repkit.umd.js`, for this kind alone (see ./kind-script.ts).
 */
import { BadgeWidget } from '../widgets/badge-widget';
import { badgeKind } from '../widgets/kinds/badge';
import { kindScript } from './kind-script';

export * from './common';
export { BadgeWidget };

const entry = { widget: BadgeWidget, options: badgeKind.options };
export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript({ badge: entry, badges: entry });
