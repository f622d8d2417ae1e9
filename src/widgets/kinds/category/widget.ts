import type { SpecificCategoryScore } from '../../../client/types';
import { Widget } from '../../widget';
import { CATEGORY_OPTIONS, type CategoryWidgetOptions, type CategorySettings } from './options';
import { categoryKind } from './view';

/**
 * The category widget: one category's score, what the category measures, every way of
 * earning its points (the one that scored highlighted) and advice for earning more.
 *
 * @example
 * new CategoryWidget({ apiKey, address, categoryKey: 'governance' }).mount('#governance');
 */
export class CategoryWidget extends Widget<CategoryWidgetOptions, CategorySettings, SpecificCategoryScore> {
  /** @throws OptionError (a TypeError) naming the option when `categoryKey` or another required option is missing or invalid. */
  constructor(options: CategoryWidgetOptions) {
    super(categoryKind, options);
  }
}

/** What `createWidget`, the element and the snippet need of this kind. */
export const categoryEntry = { widget: CategoryWidget, options: CATEGORY_OPTIONS };
