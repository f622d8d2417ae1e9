import { invalid, isText } from '../client/options';
import { segmentProblem } from '../client/path';
import { canonicalLocale } from '../render/format';

/** Checks one option's value; throws a TypeError that names the option. */
export type OptionRule = (name: string, value: unknown) => void;

export const isBoolean: OptionRule = (name, v) => typeof v == 'boolean' || invalid(name, 'true or false', v);

export const isCount: OptionRule = (name, v) =>
  (Number.isInteger(v) && (v as number) >= 0) || invalid(name, 'a whole number of 0 or more', v);

/** An address or key that will become a path segment. */
export const isSegment: OptionRule = (name, v) => {
  const problem = segmentProblem(v);
  if (problem) invalid(name, problem, v);
};

const isString: OptionRule = (name, v) => typeof v == 'string' || invalid(name, 'a string', v);
const isFunction: OptionRule = (name, v) => typeof v == 'function' || invalid(name, 'a function', v);

/** Rules every widget kind applies. Client options (baseUrl, timeoutMs...) are checked by the client. */
export const COMMON_RULES: Record<string, OptionRule> = {
  apiKey: (name, v) => isText(v) || invalid(name, 'a non-empty string', v),
  address: isSegment,
  theme: (name, v) => v == 'light' || v == 'dark' || v == 'auto' || invalid(name, '"light", "dark" or "auto"', v),
  className: isString,
  nonce: isString,
  locale: (name, v) => {
    try {
      if (typeof v != 'string') throw v;
      canonicalLocale(v);
    } catch {
      invalid(name, 'a BCP 47 locale tag such as "en-US"', v);
    }
  },
  onLoad: isFunction,
  onError: isFunction,
};

/** Applies `rules` to every option present in `options`; unknown options are left alone. */
export const checkOptions = (rules: Record<string, OptionRule>, options: object): void => {
  if (!options || typeof options != 'object') invalid('options', 'an object', options);
  for (const [name, value] of Object.entries(options)) if (value !== undefined) rules[name]?.(name, value);
};
