import type { ServiceError } from '../errors';
import type { Words } from '../i18n/messages';
import type { meantName } from '../util/option-checks';

/**
 * A 404 for a category or badge key reads "no score in this category yet" whether the address
 * has none or the key is misspelt (`governanse`). Only on such a 404, never on the way to a
 * shown widget, the key is looked up in the service's definitions (the metadata route, which
 * the client shares between the page's widgets and caches); a key that is not there gets its
 * own sentence, with the defined key it is a near miss of (one edit, case aside: the same test
 * as misspelt options), else one that starts like it (at least {@link LIKE} characters, or the
 * whole key: `govern`, `tx`); a key like none of them (`karma`) gets the defined keys listed
 * instead, since a suggestion that is not close misleads. A failed lookup leaves the 404 as it was.
 *
 * A chunk (src/chunks/loaders.ts): only a page whose widget asked for a key the service answered
 * 404 for loads it, and it says the sentences of such a key ({@link missingKeySentence}). It imports nothing, so that the script-tag builds can load it as a file of
 * its own: what it needs of the script that loads it is passed in ({@link KeyTools}).
 */

/** How many leading characters a key must share with a defined one for that one to be suggested. */
const LIKE = 4;

/** What the lookup uses of the code that loads it: the error class a caller's `instanceof` knows, and the near-miss test of options. */
export interface KeyTools {
  readonly ServiceError: typeof ServiceError;
  readonly meantName: typeof meantName;
}

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
 * Rejects with `error` (a 404 for `key`); when `key` is not among the keys `defined` resolves to
 * (the service's definitions), with the same `ServiceError` plus `meant`, the key it probably
 * meant, or `defined`, every defined key.
 */
export const explainMissingKey = async (
  { ServiceError, meantName }: KeyTools,
  error: ServiceError,
  key: string,
  defined: () => Promise<{ key: string }[]>,
): Promise<never> => {
  const keys = (await defined().catch(() => [{ key }])).map((d) => d.key);
  if (keys.includes(key)) throw error;
  const meant = meantName(key, keys) ?? likeliest(key, keys);
  throw new ServiceError(404, error.message, {
    kind: error.kind,
    cause: error.cause,
    ...(meant === undefined ? { defined: keys } : { meant }),
  });
};

/** What a widget says of a key the service does not define, by the kind whose key it is. */
const MISSING = {
  badge: { meant: 'There is no such badge: did you mean "$"?', defined: 'There is no such badge. Defined badges: $.' },
  category: { meant: 'There is no such category: did you mean "$"?', defined: 'There is no such category. Defined categories: $.' },
} as const;

/**
 * The sentence of a 404 that {@link explainMissingKey} explained: the key it probably meant, or
 * the defined keys, in the visitor's words `t`; undefined for any other 404.
 */
export const missingKeySentence = (
  { meant, defined }: ServiceError,
  { t }: Pick<Words, 't'>,
  kind: keyof typeof MISSING,
): string | undefined =>
  meant !== undefined ? t(MISSING[kind].meant, meant) : defined ? t(MISSING[kind].defined, defined.join(', ')) : undefined;
