import type { SpecificCategoryScore } from '../client/types';
import { categoryKind, type CategoryWidgetOptions } from './kinds/category';
import { Widget } from './widget';

/**
 * The category widget: one category's score, what the category measures, every way of
 * earning its points (the one that scored highlighted) and advice for earning more.
 *
 * @example
 * new CategoryWidget({ apiKey, address, categoryKey: 'governance' }).mount('#governance');
 */
export class CategoryWidget extends Widget<(typeof categoryKind)['options'], SpecificCategoryScore, 'address' | 'categoryKey'> {
  /** @throws OptionError (a TypeError) naming the option when `categoryKey` or another required option is missing or invalid. */
  constructor(options: CategoryWidgetOptions) {
    super(categoryKind, options);
  }
}
