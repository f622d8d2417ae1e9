import { OptionError } from '../errors';
import { shown } from './option-error';

/**
 * What is wrong with a value meant as a path segment, or undefined when it is fine. Empty, `.`
 * and `..` are refused because encoding leaves dots alone and URL parsing would drop such a
 * segment and reach another endpoint; a lone surrogate cannot be percent-encoded.
 */
export const segmentProblem = (value: unknown): string | undefined => {
  if (typeof value != 'string' || !value.trim() || value == '.' || value == '..') {
    return 'a non-empty string other than "." and ".."';
  }
  try {
    encodeURIComponent(value);
  } catch {
    return 'well-formed text (it holds a lone surrogate)';
  }
  return undefined;
};

/** One path segment from user input, percent-encoded. @throws OptionError (a `TypeError`) naming `name`. */
export const segment = (name: string, value: unknown): string => {
  const problem = segmentProblem(value);
  if (typeof value == 'string' && !problem) return encodeURIComponent(value);
  throw new OptionError(name, `repkit: ${name} must be ${problem}, got ${shown(value)}`);
};
