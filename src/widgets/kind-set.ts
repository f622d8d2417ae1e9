import { invalid } from '../client/option-error';
import { ownValue } from '../util/values';
import type { AnyWidget } from './kinds';
import type { OptionTable } from './option-types';
import type { WidgetConfig } from './types';

/** One widget kind as a script carries it: its class, and its options (for attributes). */
export interface KindEntry {
  readonly widget: new (config: never) => AnyWidget;
  readonly options: OptionTable;
}

/**
 * The widget kinds one build carries: every kind in `repkit.umd.js` and the ES module, one in
 * `repkit.<kind>.umd.js`. `createWidget`, the snippet and the element build from it, so a
 * per-kind script holds no other kind's code. Its parts: the kinds by `type` (aliases
 * included); every option any carried kind has, by name (what an HTML attribute may set); what
 * `type` must be, for the error an unknown type gets. A tuple: property names survive minification.
 */
export type KindSet = readonly [types: Readonly<Record<string, KindEntry>>, options: OptionTable, expected: string];

/**
 * A kind set. Pure, so that a bundle which never builds a widget drops it (and the kinds).
 * @param expected what `type` must be, when the default ("one of …") would mislead.
 */
export const kindSet = (types: Record<string, KindEntry>, expected?: string): KindSet => [
  types,
  Object.assign({}, ...Object.values(types).map((kind) => kind.options)) as OptionTable,
  expected ??
    `one of ${Object.keys(types)
      .map((k) => `"${k}"`)
      .join(', ')}`,
];

/**
 * Builds the widget of `config.type` from `set`.
 * @throws OptionError naming `type` when the set does not carry it, or naming the option at
 * fault when the config is invalid.
 */
export const createFrom = ([types, , expected]: KindSet, config: WidgetConfig): AnyWidget => {
  const type = (config as { type?: unknown } | null)?.type;
  const kind = typeof type == 'string' ? ownValue(types, type) : undefined;
  return new (kind ?? invalid('type', expected, type)).widget(config as never);
};
