/**
 * The widget kinds as the tests read them: from the registry (src/widgets/kinds/registry.ts),
 * never written out. A table with a row per kind is typed `Record<WidgetType, …>`, so tsc fails
 * until a new kind (or alias) has its row; a list of kinds to run is {@link KIND_NAMES}.
 */
import { WIDGET_CLASSES, type WidgetOptionsByType, type WidgetType } from '../../src/widgets/kinds';
import { ownValue } from '../../src/util/values';

export type { WidgetType };

/** Every kind by its name (its folder, and the `type` that builds it), aliases left out. */
export const KIND_NAMES: readonly WidgetType[] = WIDGET_CLASSES.map(({ kind }) => kind.name);

/** A kind's `type` (names and aliases alike). */
export type KindName = WidgetType;

/** The options `O` requires. */
type RequiredKeys<O> = { [K in keyof O]-?: object extends Pick<O, K> ? never : K }[keyof O];

/** What kind `K` requires besides its type and address (a category widget's `categoryKey`). */
type ExtraRequired<K extends WidgetType> = Pick<WidgetOptionsByType[K], Exclude<RequiredKeys<WidgetOptionsByType[K]>, 'type' | 'address'>>;

/**
 * What each kind needs besides `apiKey`, `address` and `baseUrl` to show the sandbox's fixtures:
 * its other required options, a row for each kind (or alias) that has any. Typed from the kinds'
 * options, so a new kind with a required option fails tsc here until it has its row, and a kind
 * with none needs no row.
 */
export const REQUIRED_EXTRAS: {
  readonly [K in WidgetType as keyof ExtraRequired<K> extends never ? never : K]: ExtraRequired<K>;
} = {
  category: { categoryKey: 'governance' },
};

/** {@link REQUIRED_EXTRAS} of `kind`, none when it requires nothing more. */
export const extrasOf = (kind: WidgetType): Readonly<Record<string, string>> =>
  ownValue<Readonly<Record<string, string>>>(REQUIRED_EXTRAS, kind) ?? {};

/** {@link REQUIRED_EXTRAS} as a snippet's attributes (` data-category-key="governance"`). */
export const extraAttributes = (kind: KindName, prefix = 'data-'): string =>
  Object.entries(extrasOf(kind))
    .map(([name, value]) => ` ${prefix}${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${value}"`)
    .join('');

/** The kinds whose only required option is the address: any address shows them (a page of members, of new addresses). */
export const ADDRESS_ONLY_KINDS: readonly KindName[] = KIND_NAMES.filter((kind) => !Object.keys(extrasOf(kind)).length);

/** Every `type` that builds `kind`: its name and its aliases, as the registry's descriptor lists them. */
export const typesOf = (kind: KindName): string[] => {
  const found = WIDGET_CLASSES.find((widgetClass) => widgetClass.kind.name == kind)?.kind;
  return found ? [found.name, ...(found.aliases ?? [])] : [];
};
