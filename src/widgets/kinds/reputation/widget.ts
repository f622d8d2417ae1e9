import type { UserScores } from '../../../client/types';
import { Widget } from '../../widget';
import { REPUTATION_OPTIONS, type ReputationWidgetOptions, type ReputationSettings } from './options';
import { reputationKind } from './view';

/**
 * The reputation widget: the total score, and up to `maxCategories` category scores.
 *
 * @example
 * new ReputationWidget({ apiKey, address, theme: 'auto' }).mount('#reputation');
 */
export class ReputationWidget extends Widget<ReputationWidgetOptions, ReputationSettings, UserScores> {
  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  constructor(options: ReputationWidgetOptions) {
    super(reputationKind, options);
  }
}

/** What `createWidget`, the element and the snippet need of this kind. */
export const reputationEntry = { widget: ReputationWidget, options: REPUTATION_OPTIONS };
