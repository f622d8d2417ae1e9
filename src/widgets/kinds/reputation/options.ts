import { COMMON_OPTIONS, maxItems, show, type BaseWidgetOptions } from '../../common-options';
import type { OptionTableFor, Settings } from '../../option-types';

/** Options of the reputation widget: the common ones, and these. */
export interface ReputationWidgetOptions extends BaseWidgetOptions {
  /**
   * Show the category breakdown; `false` shows only the total score.
   * @default true
   */
  showCategories?: boolean;
  /**
   * Maximum categories displayed (0 to 50): exactly min(available, `maxCategories`), highest score
   * first, ties in the service's category order, unknown keys shown by their title.
   * @default 6
   */
  maxCategories?: number;
  /**
   * One-line display: the total and the categories as chips. Chips that do not fit the width are
   * hidden whole (screen readers still read them) and counted in a "+N" chip, refitted when the
   * width changes.
   * @default false
   */
  compact?: boolean;
}

/** How each option is checked and applied. Built in a pure call, so a bundle that never shows this kind drops it. */
export const REPUTATION_OPTIONS = /* @__PURE__ */ (() =>
  ({
    ...COMMON_OPTIONS,
    showCategories: show(true),
    maxCategories: maxItems(6),
    compact: show(false),
  }) satisfies OptionTableFor<ReputationWidgetOptions>)();

/** The reputation widget's options in force. */
export type ReputationSettings = Settings<ReputationWidgetOptions, typeof REPUTATION_OPTIONS>;
