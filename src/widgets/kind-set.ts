import { invalid } from '../client/option-error';
import { isRecord, ownValue } from '../util/values';
import type { AnyWidget } from './kinds';
import type { OptionTable } from './option-types';

/** One widget kind as a build carries it: its class, whose `kind` is its descriptor. */
export interface KindClass {
  new (config: never): AnyWidget;
  readonly kind: { readonly name: string; readonly aliases?: readonly string[]; readonly options: OptionTable };
}

/**
 * The widget kinds one build carries: every kind in `repkit.umd.js` and the ES module, one in
 * `repkit.<kind>.umd.js`. `createWidget`, the snippet and the element build from it, so a
 * per-kind script holds no other kind's code.
 */
export interface KindSet {
  /** The classes by `type`, aliases included. */
  readonly $byType: Readonly<Record<string, KindClass>>;
  /** Every option any kind of the set has, by name: what an HTML attribute may set. */
  readonly $options: OptionTable;
  /** What `type` must be, for the error an unknown type gets. */
  readonly $expected: string;
}

/**
 * The set of `classes`. Pure, so that a bundle which never builds a widget drops it (and the kinds).
 * @param expected what `type` must be, when the default ("one of …") would mislead.
 */
export const kindSet = (classes: readonly KindClass[], expected?: string): KindSet => {
  const byType: Record<string, KindClass> = {};
  for (const widgetClass of classes) {
    for (const type of [widgetClass.kind.name, ...(widgetClass.kind.aliases ?? [])]) byType[type] = widgetClass;
  }
  return {
    $byType: byType,
    $options: Object.assign({}, ...classes.map((widgetClass) => widgetClass.kind.options)) as OptionTable,
    $expected:
      expected ??
      `one of ${Object.keys(byType)
        .map((type) => `"${type}"`)
        .join(', ')}`,
  };
};

/**
 * Builds the widget of `config.type` from `set`; `config` is checked here and by the widget, so
 * it may be anything (an embed's attributes as read).
 * @throws OptionError naming `type` when the set does not carry it, or naming the option at
 * fault when the config is invalid.
 */
export const createFrom = ({ $byType: byType, $expected: expected }: KindSet, config: unknown): AnyWidget => {
  const type = isRecord(config) ? config.type : undefined;
  const widgetClass = typeof type == 'string' ? ownValue(byType, type) : undefined;
  return new (widgetClass ?? invalid('type', expected, type))(config as never);
};
