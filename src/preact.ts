/**
 * `repkit/preact` (types only): `<repkit-widget>` in Preact's JSX (Preact 10.x and 11), with
 * every attribute typed.
 * Add it once to the program, with a type-only import or a reference:
 *
 * ```ts
 * import type {} from 'repkit/preact';          // in any module, or
 * /// <reference types="repkit/preact" />        // in a .d.ts, or "types": ["repkit/preact"]
 * ```
 *
 * The element itself comes from `import 'repkit/embed'`, on the client.
 */
import type { HTMLAttributes } from 'preact';
import type { RepkitWidgetAttributes, RepkitWidgetElement } from './index';

/** The props of `<repkit-widget>` in Preact: Preact's own HTML props plus the widget's attributes. */
export type RepkitWidgetProps = HTMLAttributes<RepkitWidgetElement> & RepkitWidgetAttributes;

declare module 'preact' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'repkit-widget': RepkitWidgetProps;
    }
  }
}
