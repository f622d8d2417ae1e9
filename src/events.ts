import type { WidgetData } from './widgets/kinds';
import type { ErrorDetail, LoadDetail } from './widgets/widget';

export type { WidgetData };

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
