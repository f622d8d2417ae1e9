import type { UserScores } from '../client/types';
import { reputationKind, type ReputationWidgetOptions } from './kinds/reputation';
import { Widget } from './widget';

/**
 * The reputation widget: the total score, and up to `maxCategories` category scores.
 *
 * @example
 * new ReputationWidget({ apiKey, address, theme: 'auto' }).mount('#reputation');
 */
export class ReputationWidget extends Widget<(typeof reputationKind)['options'], UserScores, 'address'> {
  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  constructor(options: ReputationWidgetOptions) {
    super(reputationKind, options);
  }
}
