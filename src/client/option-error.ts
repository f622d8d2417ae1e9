import { OptionError } from '../errors';
import { meantName } from '../util/option-checks';

/** How a rejected value is shown in a message: strings quoted, the rest as text. */
export const shown = (value: unknown): string => {
  if (typeof value == 'string') return JSON.stringify(value.length > 20000 ? value.slice(0, 20000) + '…' : value);
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
};

/**
 * Throws an {@link OptionError} saying what `option` must be and what it got. Its type is written
 * out so that tsc treats a call as the end of its branch (`if (!ok) invalid(…)` narrows after it).
 */
export const invalid: (option: string, expected: string, got: unknown) => never = (option, expected, got) => {
  throw new OptionError(option, `repkit: "${option}" must be ${expected}, got ${shown(got)}`);
};

/**
 * Throws an {@link OptionError} when `name` is not one of `known` but a near miss of one
 * (`maxBadge`, `data-max-badge`, `allowOrigin`): other unknown names are ignored, so a
 * misspelling would otherwise be ignored in silence. `what` is `option` or `attribute`.
 */
export const refuseNearMiss = (name: string, known: readonly string[], what: string): void => {
  const meant = meantName(name, known);
  if (meant) throw new OptionError(name, `repkit: unknown ${what} "${name}"; did you mean "${meant}"?`);
};
