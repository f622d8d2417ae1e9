/**
 * The widget kinds as the tests read them: from the registry (src/widgets/kinds/registry.ts),
 * never written out. A list of kinds to run is {@link KIND_NAMES}; what a test needs to know
 * about a kind is its sample ({@link SAMPLES}, from src/widgets/kinds/<kind>/sample.ts), so a new
 * kind needs no row in any test file.
 */
/// <reference types="vite/client" />
import { WIDGET_CLASSES, type WidgetType } from '../../src/widgets/kinds';
import { COMMON_OPTIONS } from '../../src/widgets/common-options';
import type { Effect, OptionTable } from '../../src/widgets/option-types';
import type { KindSample } from './kind-sample';

export type { WidgetType };

/** Every kind by its name (its folder, and the `type` that builds it), aliases left out. */
export const KIND_NAMES: readonly WidgetType[] = WIDGET_CLASSES.map(({ kind }) => kind.name);

/** A kind's `type` (names and aliases alike). */
export type KindName = WidgetType;

/** Every kind's sample (src/widgets/kinds/<kind>/sample.ts), by folder. */
const BY_FOLDER = import.meta.glob<KindSample>('../../src/widgets/kinds/*/sample.ts', { eager: true, import: 'sample' });

/** The sample of the kind `type` builds (an alias shares its kind's). Throws for a kind without one. */
const sampleOf = (type: WidgetType): KindSample => {
  const name = WIDGET_CLASSES.find(({ kind }) => kind.name == type || (kind.aliases ?? []).some((alias) => alias == type))?.kind.name;
  const sample = BY_FOLDER[`../../src/widgets/kinds/${name}/sample.ts`];
  if (!sample)
    throw new Error(`the kind "${type}" has no sample: add src/widgets/kinds/${name}/sample.ts (see test/helpers/kind-sample.ts)`);
  return sample;
};

/**
 * Every kind's sample, by `type` (names and aliases alike): what the tests need to know about
 * the kind besides its code. Loading this module fails, and every suite that reads it with it,
 * when a kind of the registry has no sample.
 */
export const SAMPLES: Readonly<Record<WidgetType, KindSample>> = Object.fromEntries(
  WIDGET_CLASSES.flatMap(({ kind }) => [kind.name, ...(kind.aliases ?? [])]).map((type) => [type, sampleOf(type)]),
) as Record<WidgetType, KindSample>;

/**
 * What each kind needs besides `apiKey`, `address` and `baseUrl` to show the sandbox's fixtures:
 * its other required options (from its sample, typed from its options).
 */
export const REQUIRED_EXTRAS: Readonly<Record<WidgetType, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(SAMPLES).map(([type, sample]) => [type, sample.required as Readonly<Record<string, string>>]),
) as Record<WidgetType, Readonly<Record<string, string>>>;

/** {@link REQUIRED_EXTRAS} of `kind`, none when it requires nothing more. */
export const extrasOf = (kind: WidgetType): Readonly<Record<string, string>> => REQUIRED_EXTRAS[kind];

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

/** The option table of the kind `type` builds (an alias shares its kind's). */
export const optionTableOf = (type: WidgetType): OptionTable => {
  const found = WIDGET_CLASSES.find(({ kind }) => kind.name == type || (kind.aliases ?? []).some((alias) => alias == type));
  if (!found) throw new Error(`no kind of the registry builds the type "${type}"`);
  return found.kind.options as OptionTable;
};

/** The options of `type`'s own (not the common ones) whose change has `effect`, from its option table. */
export const ownOptionsOf = (type: WidgetType, effect: Effect): string[] => {
  const table = optionTableOf(type);
  return Object.keys(table).filter((option) => table[option]!.effect == effect && !Object.hasOwn(COMMON_OPTIONS, option));
};
