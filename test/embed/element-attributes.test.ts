/**
 * `<repkit-widget>`'s attribute types (`RepkitWidgetAttributes`, what repkit/react and
 * repkit/preact put in JSX) name exactly the attributes the element observes: checked at run
 * time here, and at compile time by `npm run typecheck` (the `Equal` below).
 */
import { describe, expect, it } from 'vitest';
import { RepkitWidgetElement, type RepkitWidgetAttributes } from '../../src/index';

/** Every attribute of the element, as README lists them. */
const ATTRIBUTES = [
  'type',
  'address',
  'api-key',
  'base-url',
  'timeout-ms',
  'retries',
  'cache-ttl-ms',
  'max-response-bytes',
  'theme',
  'class-name',
  'locale',
  'messages',
  'nonce',
  'loading',
  'cache',
  'skip-offscreen',
  'show-categories',
  'max-categories',
  'compact',
  'badge-key',
  'max-badges',
  'show-progress',
  'show-avatar',
  'show-bio',
  'show-socials',
  'show-identities',
  'show-nft-count',
  'category-key',
  'show-title',
  'show-description',
  'show-breakdown',
  'show-advice',
  'show-score-only',
] as const;

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** The attribute names of every kind, together. */
type Named = RepkitWidgetAttributes extends infer U ? (U extends unknown ? keyof U : never) : never;
const typed: Equal<Named, (typeof ATTRIBUTES)[number]> = true;

describe('<repkit-widget> attribute types', () => {
  it('name exactly the attributes the element observes', () => {
    expect(typed).toBe(true);
    expect([...RepkitWidgetElement.observedAttributes].sort()).toEqual([...ATTRIBUTES].sort());
  });
});
