import { invalid } from '../client/option-error';
import { segmentProblem } from '../client/path';
import { canonicalLocale } from '../render/format';
import { isText } from '../util/values';

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
 * its default and what a change does. Every other place an option appears (types, defaults,
 * validation, `data-*` and element attributes, `snippet()`, README tables) is derived from it;
 * only README's one-line descriptions live apart, in option-docs.ts, out of the bundles.
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
  /** The type as README shows it (its description is in option-docs.ts, kept out of the bundles). */
  readonly type: string;
}

/**
 * A kind's options, by name.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export type OptionTable = Record<string, Option<unknown>>;

/**
 * The value type of an option.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export type ValueOf<O> = O extends Option<infer V> ? V : never;

const option = <V, D extends boolean>(fields: Option<V, D>): Option<V, D> => fields;

const asText = (text: string): string => text;

/** `true` / `false`; a bare attribute (`data-compact`) means true, as HTML boolean attributes do. */
export const boolean = (fallback: boolean, effect: Effect): Option<boolean, true> =>
  option({
    check: (v, name) => (typeof v == 'boolean' ? v : invalid(name, 'true or false', v)),
    parse: (text, name) => (text == '' || text == 'true' ? true : text == 'false' ? false : invalid(name, '"true" or "false"', text)),
    default: fallback,
    effect,
    type: 'boolean',
  });

const wholeNumber = (text: string, name: string, max: number): number =>
  /^\s*\d+\s*$/.test(text) ? Number(text) : invalid(name, `a whole number from 0 to ${max}`, text);

/** A whole number from `min` to `max`. */
export const count = <D extends number | undefined>(
  fallback: D,
  min: number,
  max: number,
  effect: Effect,
): Option<number, D extends number ? true : false> =>
  option({
    check: (v, name) =>
      Number.isInteger(v) && (v as number) >= min && (v as number) <= max
        ? (v as number)
        : invalid(name, `a whole number from ${min} to ${max}`, v),
    parse: (text, name) => wholeNumber(text, name, max),
    default: fallback as D extends number ? number : undefined,
    effect,
    type: `number (${min}–${max})`,
  });

/** Any string (the client checks the ones it uses further). */
export const string = (effect: Effect): Option<string, false> =>
  option({
    check: (v, name) => (typeof v == 'string' ? v : invalid(name, 'a string', v)),
    parse: asText,
    default: undefined,
    effect,
    type: 'string',
  });

/** A non-empty string. */
export const text = (effect: Effect): Option<string, false> =>
  option({
    check: (v, name) => (isText(v) ? v : invalid(name, 'a non-empty string', v)),
    parse: asText,
    default: undefined,
    effect,
    type: 'string',
  });

/** A value that becomes one path segment: an address or a key. */
export const segment = (): Option<string, false> =>
  option({
    check: (v, name) => {
      const problem = segmentProblem(v);
      return problem ? invalid(name, problem, v) : (v as string);
    },
    parse: asText,
    default: undefined,
    effect: 'reload',
    type: 'string',
  });

/** One of a few strings. */
export const oneOf = <const T extends string>(values: readonly T[], fallback: T, effect: Effect): Option<T, true> =>
  option({
    check: (v, name) =>
      (values as readonly unknown[]).includes(v)
        ? (v as T)
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
    type: values.map((x) => `"${x}"`).join(' \\| '),
  });

/** A BCP 47 locale tag. */
export const locale = (): Option<string, false> =>
  option({
    check: (v, name) => {
      try {
        if (typeof v == 'string') canonicalLocale(v);
        else throw v;
      } catch {
        invalid(name, 'a BCP 47 locale tag such as "en-US"', v);
      }
      return v as string;
    },
    parse: asText,
    default: undefined,
    effect: 'render',
    type: 'string',
  });

/** A callback: set from code only, never from an attribute. */
export const callback = <F extends (...args: never[]) => void>(): Option<F, false> =>
  option({
    check: (v, name) => (typeof v == 'function' ? (v as F) : invalid(name, 'a function', v)),
    default: undefined,
    effect: 'host',
    type: 'function',
  });
