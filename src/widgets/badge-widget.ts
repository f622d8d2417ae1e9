import { badgeKind, type BadgeData, type BadgeWidgetOptions } from './kinds/badge';
import { Widget } from './widget';

export type { BadgeData } from './kinds/badge';

/**
 * The badge widget: earned badges coloured by tier, or with `badgeKey` one badge with its
 * definition and level ladder.
 *
 * @example
 * new BadgeWidget({ apiKey, address, maxBadges: 3, showProgress: true }).mount('#badges');
 */
export class BadgeWidget extends Widget<(typeof badgeKind)['options'], BadgeData, 'address'> {
  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  constructor(options: BadgeWidgetOptions) {
    super(badgeKind, options);
  }
}
