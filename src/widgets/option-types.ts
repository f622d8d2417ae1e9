import { invalid } from '../client/option-error';
import { segmentProblem } from '../client/path';
import { canonicalLocale } from '../render/format';
import type { Catalogue } from '../i18n/messages';
import { isFunction, isRecord, isText } from '../util/values';
import { withinLimit } from '../util/option-checks';

/**
 * What changing an option does to a mounted widget:
 * - `host`: an attribute or class on the host element; nothing is re-rendered;
 * - `render`: the view is rendered again from the data already held;
 * - `reload`: the data is loaded again;
 * - `transport`: the next requests go out differently (timeout, retries, cache), so a new
 *   client is built, but the data shown stays;
 * - `client`: another service or key: a new client, and the data reloads.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export type Effect = 'host' | 'render' | 'reload' | 'transport' | 'client';

/**
 * One option of a widget kind: how to check a value, how to read it from an HTML attribute,
 * its default and what a change does. Its type and description are the field of the kind's public
 * options interface (whose JSDoc is the hover text and README's tables); validation, defaults,
 * `data-*` and element attributes and `snippet()` are derived from this.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export interface Option<V, HasDefault extends boolean = boolean> {
  /** Returns the value when it is valid; throws an OptionError naming `name` otherwise. */
  readonly check: (value: unknown, name: string) => V;
  /** Reads the value from attribute text; absent for options an attribute cannot carry (callbacks). */
  readonly parse?: (text: string, name: string) => unknown;
  /** The value in force when the option is not given. */
  readonly default: HasDefault extends true ? V : undefined;
  readonly effect: Effect;
}

/**
 * A kind's options, by name.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export type OptionTable = Record<string, Option<unknown>>;

/**
 * The table of a public options interface `O`: one option for each of its fields, of the
 * field's type. A kind's table `satisfies` it, so the table and the documented interface cannot
 * drift apart.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export type OptionTableFor<O> = { readonly [K in keyof O]-?: Option<Exclude<O[K], undefined>> };

/** The names of the options in `T` that have a default. */
type Defaulted<T> = { [K in keyof T]: T[K] extends { readonly default: undefined } ? never : K }[keyof T];

/**
 * The options in force for a widget whose public options are `O` and whose table is `T`:
 * defaults applied, so an option with a default is always set.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export type Settings<O, T> = Readonly<O & { [K in Defaulted<T> & keyof O]-?: Exclude<O[K], undefined> }>;

const asText = (text: string): string => text;

/** `true` / `false`; a bare attribute (`data-compact`) means true, as HTML boolean attributes do. */
export const boolean = (fallback: boolean, effect: Effect): Option<boolean, true> => ({
  check: (v, name) => (typeof v == 'boolean' ? v : invalid(name, 'true or false', v)),
  parse: (text, name) => (text == '' || text == 'true' ? true : text == 'false' ? false : invalid(name, '"true" or "false"', text)),
  default: fallback,
  effect,
});

const wholeNumber = (text: string, name: string, max: number): number =>
  /^\s*\d+\s*$/.test(text) ? Number(text) : invalid(name, `a whole number from 0 to ${max}`, text);

/** A whole number from `min` to `max`. */
export const count = <D extends number | undefined>(
  fallback: D,
  min: number,
  max: number,
  effect: Effect,
): Option<number, D extends number ? true : false> => ({
  check: (v, name) => withinLimit({ min, max }, v, (expected) => invalid(name, expected, v)),
  parse: (text, name) => wholeNumber(text, name, max),
  default: fallback as Option<number, D extends number ? true : false>['default'],
  effect,
});

/** Any string (the client checks the ones it uses further). */
export const string = (effect: Effect): Option<string, false> => ({
  check: (v, name) => (typeof v == 'string' ? v : invalid(name, 'a string', v)),
  parse: asText,
  default: undefined,
  effect,
});

/** A non-empty string. */
export const text = (effect: Effect): Option<string, false> => ({
  check: (v, name) => (isText(v) ? v : invalid(name, 'a non-empty string', v)),
  parse: asText,
  default: undefined,
  effect,
});

/** A value that becomes one path segment: an address or a key. */
export const segment = (): Option<string, false> => ({
  check: (v, name) => {
    const problem = segmentProblem(v);
    return typeof v == 'string' && !problem ? v : invalid(name, `${problem}`, v);
  },
  parse: asText,
  default: undefined,
  effect: 'reload',
});

/** Whether `v` is one of `values`. */
const isOneOf = <T>(values: readonly T[], v: unknown): v is T => values.some((value) => value === v);

/** One of a few strings. */
export const oneOf = <const T extends string>(values: readonly T[], fallback: T, effect: Effect): Option<T, true> => ({
  check: (v, name) =>
    isOneOf(values, v)
      ? v
      : invalid(
          name,
          values
            .map((x) => `"${x}"`)
            .join(', ')
            .replace(/, ([^,]*)$/, ' or $1'),
          v,
        ),
  parse: asText,
  default: fallback,
  effect,
});

/** `'auto'` or a BCP 47 locale tag. */
export const locale = (): Option<string, true> => ({
  check: (v, name) => {
    try {
      if (typeof v != 'string') throw v;
      if (v != 'auto') canonicalLocale(v);
    } catch {
      invalid(name, '"auto" or a BCP 47 locale tag such as "en-US"', v);
    }
    return v;
  },
  parse: asText,
  default: 'auto',
  effect: 'render',
});

/** Messages by their English text (a {@link Catalogue}); as an attribute, that object in JSON. */
export const messages = (): Option<Catalogue, false> => ({
  check: (v, name) => (isRecord(v) ? v : invalid(name, 'an object of messages by their English text', v)),
  parse: (text, name) => {
    try {
      return JSON.parse(text);
    } catch {
      return invalid(name, 'JSON', text);
    }
  },
  default: undefined,
  effect: 'render',
});

/** A callback: set from code only, never from an attribute. */
export const callback = <F extends (...args: never[]) => void>(): Option<F, false> => ({
  check: (v, name) => (isFunction<F>(v) ? v : invalid(name, 'a function', v)),
  default: undefined,
  effect: 'host',
});
