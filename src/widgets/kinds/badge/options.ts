import { COMMON_OPTIONS, maxItems, show, type BaseWidgetOptions } from '../../common-options';
import { segment, type OptionTableFor, type Settings } from '../../option-types';

/** Options of the badge widget: the common ones, and these. */
export interface BadgeWidgetOptions extends BaseWidgetOptions {
  /** Show only this badge, with its description and level ladder ("Not earned yet" when the address
   * lacks it). Default: every badge. */
  badgeKey?: string;
  /**
   * Maximum badges displayed (0 to 50): exactly min(available, `maxBadges`), highest level first,
   * then "+N more".
   * @default 6
   */
  maxBadges?: number;
  /**
   * Show when each badge was earned.
   * @default false
   */
  showProgress?: boolean;
}

/** How each option is checked and applied. Built in a pure call, so a bundle that never shows this kind drops it. */
export const BADGE_OPTIONS = /* @__PURE__ */ (() =>
  ({
    ...COMMON_OPTIONS,
    badgeKey: segment(),
    maxBadges: maxItems(6),
    showProgress: show(false),
  }) satisfies OptionTableFor<BadgeWidgetOptions>)();

/** The badge widget's options in force. */
export type BadgeSettings = Settings<BadgeWidgetOptions, typeof BADGE_OPTIONS>;
