/**
 * `repkit.badge.umd.js`: the script tag for a page that shows only badge widgets. The same
 * global `RepKit` and snippet as `repkit.umd.js`, for this kind alone (see src/umd/kind-script.ts).
 */
import { kindScript } from '../../../umd/kind-script';
import { badgeEntry, BadgeWidget } from './widget';

export * from '../../../umd/common';
export { BadgeWidget };

export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript({ badge: badgeEntry, badges: badgeEntry });
