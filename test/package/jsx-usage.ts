/**
 * The JSX consumers' sources (test/package/jsx.test.ts writes them into a throwaway project
 * that has @types/react 18 and 19 and Preact 10 and 11, and type-checks them against the
 * packed tarball). Every attribute of `<repkit-widget>` is used with the value types a
 * component passes; `@ts-expect-error` proves wrong values are refused (which also fails if
 * the declarations ever degrade to `any`). Kept as text, like usage.ts.
 */

/** The attributes of every kind, with the values a component would pass (numbers, booleans, text, undefined). */
const ELEMENTS = String.raw`
  const ref = useRef<RepkitWidgetElement>(null);
  const maybeKey: string | undefined = undefined;
  return (
    <div>
      <repkit-widget ref={ref} type="reputation" address={address} api-key={maybeKey} base-url="/rep" theme="auto"
        class-name="mine" locale="en-GB" nonce="abc" timeout-ms={45000} retries="2" cache-ttl-ms={0} max-response-bytes={2000000}
        show-categories max-categories={3} compact={false} id="reputation" />
      <repkit-widget type="badges" address={address} api-key="demo-key" max-badges="3" show-progress="false" />
      <repkit-widget type="badge" address={address} api-key="demo-key" badge-key="relay_chain_initiate" />
      <repkit-widget type="profile" address={address} api-key="demo-key" show-avatar show-bio={false} show-socials=""
        show-identities={true} show-nft-count="true" theme="dark" />
      <repkit-widget type="category" address={address} api-key="demo-key" category-key="governance" show-title
        show-description show-breakdown={false} show-advice show-score-only={false} compact />
      {/* @ts-expect-error theme is light, dark or auto */}
      <repkit-widget type="reputation" address={address} theme="blue" />
      {/* @ts-expect-error the address is required */}
      <repkit-widget type="reputation" api-key="demo-key" />
      {/* @ts-expect-error a category widget needs a category-key */}
      <repkit-widget type="category" address={address} />
      {/* @ts-expect-error max-categories is a number */}
      <repkit-widget type="reputation" address={address} max-categories={{ n: 3 }} />
      {/* @ts-expect-error compact is a boolean */}
      <repkit-widget type="reputation" address={address} compact="yes" />
      {/* @ts-expect-error max-badges is the badge widget's attribute, not the reputation widget's */}
      <repkit-widget type="reputation" address={address} max-badges={3} />
      {/* @ts-expect-error category-key is the category widget's */}
      <repkit-widget type="profile" address={address} category-key="governance" />
      {/* @ts-expect-error an unknown widget type */}
      <repkit-widget type="chart" address={address} />
    </div>
  );
`;

/** Events and the element from a ref, as a component's effect would use them. */
const EFFECT = String.raw`
export function listen(element: RepkitWidgetElement): () => void {
  const onLoad = (event: RepkitLoadEvent): void => void event.detail.data;
  element.addEventListener('repkit:load', onLoad);
  element.addEventListener('repkit:error', (event) => void event.detail.error);
  element.widget?.update({ theme: 'dark' });
  return () => element.removeEventListener('repkit:load', onLoad);
}
`;

/** React (18 or 19): automatic runtime, with repkit/react added by a type-only import. */
export const REACT = String.raw`
import type {} from 'repkit/react';
import type { RepkitLoadEvent, RepkitWidgetElement } from 'repkit';
import { useRef, type ReactElement } from 'react';
${EFFECT}
export function Widgets({ address }: { address: string }): ReactElement {
${ELEMENTS}
}
`;

/** React with the classic runtime (jsx: react) and repkit/react added with a reference. */
export const REACT_CLASSIC = String.raw`
/// <reference types="repkit/react" />
import * as React from 'react';
import type { RepkitLoadEvent, RepkitWidgetElement } from 'repkit';
const { useRef } = React;
${EFFECT}
export function Widgets({ address }: { address: string }): React.ReactElement {
${ELEMENTS}
}
`;

/** Preact (10 or 11): automatic runtime with jsxImportSource preact. */
export const PREACT = String.raw`
import type {} from 'repkit/preact';
import type { RepkitLoadEvent, RepkitWidgetElement } from 'repkit';
import { useRef } from 'preact/hooks';
import type { JSX } from 'preact';
${EFFECT}
export function Widgets({ address }: { address: string }): JSX.Element {
${ELEMENTS}
}
`;
