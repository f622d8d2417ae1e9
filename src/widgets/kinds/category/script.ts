/**
 * `repkit.category.umd.js`: the script tag for a page that shows only category widgets. The same
 * global `RepKit` and snippet as `repkit.umd.js`, for this kind alone (see src/umd/kind-script.ts).
 */
import { kindScript } from '../../../umd/kind-script';
import { categoryEntry, CategoryWidget } from './widget';

export * from '../../../umd/common';
export { CategoryWidget };

export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript({ category: categoryEntry });
