/**
 * `<repkit-widget>`'s attribute types (`RepkitWidgetAttributes`, what repkit/react and
 * repkit/preact put in JSX) name exactly the attributes the element observes: checked at run
 * time here, and at compile time by `npm run typecheck` (the `Equal` below): the common ones as
 * README lists them, and each kind's own options, from its option table (and, for tsc, from its
 * options interface), so a new kind needs no row here.
 */
import { describe, expect, it } from 'vitest';
import { RepkitWidgetElement, type RepkitWidgetAttributes, type WidgetOptionsByType, type WidgetType } from '../../src/index';
import { WIDGET_CLASSES } from '../../src/widgets/kinds';
import { COMMON_OPTIONS, type BaseWidgetOptions } from '../../src/widgets/common-options';

/** The element's own attribute and the common options' attributes, as README lists them. */
const COMMON_ATTRIBUTES = [
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
] as const;

/** `maxBadges` → `max-badges`, written here rather than taken from the code under test. */
type Kebab<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : S;
const kebab = (option: string): string => option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Each kind's own options (those its options interface adds to the common ones), as attributes. */
type OwnAttributes = { [K in WidgetType]: Kebab<Exclude<keyof WidgetOptionsByType[K], keyof BaseWidgetOptions> & string> }[WidgetType];

/** Every attribute of the element: the common ones, then each kind's own, from its option table. */
const ATTRIBUTES = [
  ...new Set([
    ...COMMON_ATTRIBUTES,
    ...WIDGET_CLASSES.flatMap(({ kind }) =>
      Object.keys(kind.options)
        .filter((option) => !Object.hasOwn(COMMON_OPTIONS, option))
        .map(kebab),
    ),
  ]),
];

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** The attribute names of every kind, together. */
type Named = RepkitWidgetAttributes extends infer U ? (U extends unknown ? keyof U : never) : never;
const typed: Equal<Named, (typeof COMMON_ATTRIBUTES)[number] | OwnAttributes> = true;

describe('<repkit-widget> attribute types', () => {
  it('name exactly the attributes the element observes', () => {
    expect(typed).toBe(true);
    expect([...RepkitWidgetElement.observedAttributes].sort()).toEqual([...ATTRIBUTES].sort());
  });
});
