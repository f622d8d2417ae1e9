import { isServiceError, ServiceError } from '../errors';
import { meantName } from '../util/option-checks';

/**
 * A 404 for a category or badge key reads "no score in this category yet" whether the address
 * has none or the key is misspelt (`governanse`). Only on such a 404, never on the way to a
 * shown widget, the key is looked up in the service's definitions (the metadata route, which
 * the client shares between the page's widgets and caches); a key that is not there gets its
 * own sentence, with the defined key it is a near miss of (one edit, case aside: the same test
 * as misspelt options), else one that starts like it (at least {@link LIKE} characters, or the
 * whole key: `govern`, `tx`); a key like none of them (`karma`) gets the defined keys listed
 * instead, since a suggestion that is not close misleads. A failed lookup leaves the 404 as it was.
 */

/** How many leading characters a key must share with a defined one for that one to be suggested. */
const LIKE = 4;

/** How many characters `a` and `b` share at their start, case aside. */
const sharedStart = (a: string, b: string): number => {
  let length = 0;
  while (length < a.length && a[length].toLowerCase() == b[length]?.toLowerCase()) length++;
  return length;
};

/** Of `keys`, the first that starts most like `key`, case aside, when it starts like it at all. */
const likeliest = (key: string, keys: readonly string[]): string | undefined => {
  const best = keys.reduce<string | undefined>(
    (best, candidate) => (best === undefined || sharedStart(key, candidate) > sharedStart(key, best) ? candidate : best),
    undefined,
  );
  return best !== undefined && sharedStart(key, best) >= Math.min(LIKE, key.length) ? best : undefined;
};

/**
 * Rethrows `error`; a 404 for a `key` that is not among the keys `defined` resolves to (the
 * service's definitions) becomes the same `ServiceError` with `meant`, the key it probably meant.
 */
export const checkKey = async (error: unknown, key: string, defined: () => Promise<{ key: string }[]>): Promise<never> => {
  if (isServiceError(error) && error.statusCode == 404) {
    const keys = (await defined().catch(() => [{ key }])).map((d) => d.key);
    if (!keys.includes(key)) {
      const meant = meantName(key, keys) ?? likeliest(key, keys);
      throw new ServiceError(404, error.message, {
        kind: error.kind,
        cause: error.cause,
        ...(meant === undefined ? { defined: keys } : { meant }),
      });
    }
  }
  throw error;
};

/** The defined key a 404 probably meant, when the key it was for is not defined. */
export const meantKey = (error: unknown): string | undefined => (isServiceError(error) ? error.meant : undefined);

/** Every defined key, listed with commas, when a 404's key is not defined and like none of them. */
export const definedKeys = (error: unknown): string | undefined => (isServiceError(error) ? error.defined?.join(', ') : undefined);
