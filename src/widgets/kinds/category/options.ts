import { COMMON_OPTIONS, show, type BaseWidgetOptions } from '../../common-options';
import { segment, type OptionTableFor, type Settings } from '../../option-types';

/** Options of the category widget: the common ones, and these. */
export interface CategoryWidgetOptions extends BaseWidgetOptions {
  /** The category to show: `longevity`, `txCount`, `governance`, `stakingRewards`, or any other key
   * the service scores. Required. */
  categoryKey: string;
  /**
   * Show the category's name (the definition's `displayName`, else the score's title).
   * @default true
   */
  showTitle?: boolean;
  /**
   * Show the definition's short description.
   * @default true
   */
  showDescription?: boolean;
  /**
   * Show every way of scoring with its points and thresholds, the one that produced the score marked
   * "Your score".
   * @default true
   */
  showBreakdown?: boolean;
  /**
   * Show "How to earn more": the advice of the ways worth more than the one achieved.
   * @default true
   */
  showAdvice?: boolean;
  /**
   * Show only the score (and title), nothing else.
   * @default false
   */
  showScoreOnly?: boolean;
  /**
   * One-line display.
   * @default false
   */
  compact?: boolean;
}

/** How each option is checked and applied. Built in a pure call, so a bundle that never shows this kind drops it. */
export const CATEGORY_OPTIONS = /* @__PURE__ */ (() =>
  ({
    ...COMMON_OPTIONS,
    categoryKey: segment(),
    showTitle: show(true),
    showDescription: show(true),
    showBreakdown: show(true),
    showAdvice: show(true),
    showScoreOnly: show(false),
    compact: show(false),
  }) satisfies OptionTableFor<CategoryWidgetOptions>)();

/** The category widget's options in force. */
export type CategorySettings = Settings<CategoryWidgetOptions, typeof CATEGORY_OPTIONS>;
