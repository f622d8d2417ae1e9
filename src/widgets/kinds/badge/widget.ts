import { Widget } from '../../widget';
import { BADGE_OPTIONS, type BadgeWidgetOptions, type BadgeSettings } from './options';
import { badgeKind, type BadgeData } from './view';

/**
 * The badge widget: earned badges coloured by tier, or with `badgeKey` one badge with its
 * definition and level ladder.
 *
 * @example
 * new BadgeWidget({ apiKey, address, maxBadges: 3, showProgress: true }).mount('#badges');
 */
export class BadgeWidget extends Widget<BadgeWidgetOptions, BadgeSettings, BadgeData> {
  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  constructor(options: BadgeWidgetOptions) {
    super(badgeKind, options);
  }
}

/** What `createWidget`, the element and the snippet need of this kind. */
export const badgeEntry = { widget: BadgeWidget, options: BADGE_OPTIONS };
