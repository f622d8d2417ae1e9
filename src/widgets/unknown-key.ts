import { isServiceError, ServiceError } from '../errors';
import type { Words } from '../i18n/messages';
import { importKeySuggestion } from '../chunks/loaders';
import { meantName } from '../util/option-checks';

/** The chunk (./key-suggestion) once a 404 has loaded it: only an error it explained has a sentence of its own. */
let suggestion: Awaited<ReturnType<typeof importKeySuggestion>> | undefined;

/**
 * Rethrows `error`; a 404 for a category or badge `key` that is not among the keys `defined`
 * resolves to (the service's definitions) becomes the same `ServiceError` with `meant`, the key
 * it probably meant, or `defined` (./key-suggestion, a chunk loaded by the first such 404; when
 * it cannot load, the 404 stays as it was).
 */
export const checkKey = async (error: unknown, key: string, defined: () => Promise<{ key: string }[]>): Promise<never> => {
  if (!isServiceError(error) || error.statusCode != 404) throw error;
  suggestion = await importKeySuggestion().catch(() => {
    throw error;
  });
  return suggestion.explainMissingKey({ ServiceError, meantName }, error, key, defined);
};

/**
 * What a widget of `kind` says of a 404 that ./key-suggestion explained (the key it probably
 * meant, or the defined keys); undefined for any other failure, and where the chunk did not load.
 */
export const missingKeySentence = (error: unknown, words: Pick<Words, 't'>, kind: 'badge' | 'category'): string | undefined =>
  isServiceError(error) ? suggestion?.missingKeySentence?.(error, words, kind) : undefined;
