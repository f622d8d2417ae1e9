/**
 * `repkit/react` (types only): `<repkit-widget>` in React's JSX, for React 18 and 19, with
 * every attribute typed. Add it once to the program, with a type-only import or a reference:
 *
 * ```ts
 * import type {} from 'repkit/react';          // in any module, or
 * /// <reference types="repkit/react" />        // in a .d.ts, or "types": ["repkit/react"]
 * ```
 *
 * The element itself comes from `import 'repkit/embed'`, on the client.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { RepkitWidgetAttributes, RepkitWidgetElement } from './index';

/** The props of `<repkit-widget>` in React: React's own HTML props plus the widget's attributes. */
export type RepkitWidgetProps = DetailedHTMLProps<HTMLAttributes<RepkitWidgetElement>, RepkitWidgetElement> & RepkitWidgetAttributes;

declare module 'react' {
  // React 19, and React 18 with the automatic runtime: JSX is React.JSX.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'repkit-widget': RepkitWidgetProps;
    }
  }
}

declare global {
  // React 18's classic runtime reads the global JSX namespace (gone in @types/react 19).
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'repkit-widget': RepkitWidgetProps;
    }
  }
}
