/**
 * `repkit.category.umd.js`: the script tag for a page that shows only category widgets. The same
 * global `RepKit` and snippet as `repkit.umd.js`, for this kind alone (see ./kind-script.ts).
 */
import { CategoryWidget } from '../widgets/category-widget';
import { categoryKind } from '../widgets/kinds/category';
import { kindScript } from './kind-script';

export * from './common';
export { CategoryWidget };

export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript({
  category: { widget: CategoryWidget, options: categoryKind.options },
});
