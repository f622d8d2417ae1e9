import type { SpecificCategoryScore, UserProfile, UserScores } from './client/types';
import type { BadgeData } from './widgets/kinds/badge';
import type { ErrorDetail, LoadDetail } from './widgets/widget';

/**
 * What a widget loads, by kind: `UserScores` (reputation), {@link BadgeData} (badge, badges),
 * `UserProfile`, or `null` when the address has no profile yet (profile), and
 * `SpecificCategoryScore` (category).
 */
export type WidgetData = UserScores | BadgeData | UserProfile | null | SpecificCategoryScore;

/**
 * `repkit:load`: dispatched by the widget's host after each successful load; it bubbles and
 * crosses shadow roots (so a listener on `<repkit-widget>` or `document` hears it). `detail.data`
 * is what was loaded.
 */
export type RepkitLoadEvent<Data = WidgetData> = CustomEvent<LoadDetail<Data>>;

/**
 * `repkit:error`: dispatched when loading or rendering fails, or an embed's attributes cannot be
 * used; it bubbles and crosses shadow roots. `detail.error` is usually a `ServiceError` (an
 * `OptionError` for bad attributes).
 */
export type RepkitErrorEvent = CustomEvent<ErrorDetail>;

declare global {
  interface HTMLElementEventMap {
    /** A repkit widget loaded its data (see `RepkitLoadEvent`). */
    'repkit:load': RepkitLoadEvent;
    /** A repkit widget failed (see `RepkitErrorEvent`). */
    'repkit:error': RepkitErrorEvent;
  }
  interface DocumentEventMap {
    /** A repkit widget on the page loaded its data (see `RepkitLoadEvent`). */
    'repkit:load': RepkitLoadEvent;
    /** A repkit widget on the page failed (see `RepkitErrorEvent`). */
    'repkit:error': RepkitErrorEvent;
  }
}
