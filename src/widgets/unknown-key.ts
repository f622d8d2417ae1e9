import { isServiceError, ServiceError } from '../errors';
import { importKeySuggestion } from '../chunks/loaders';
import { meantName } from '../util/option-checks';

/**
 * Rethrows `error`; a 404 for a category or badge `key` that is not among the keys `defined`
 * resolves to (the service's definitions) becomes the same `ServiceError` with `meant`, the key
 * it probably meant, or `defined` (./key-suggestion, a chunk loaded by the first such 404; when
 * it cannot load, the 404 stays as it was).
 */
export const checkKey = async (error: unknown, key: string, defined: () => Promise<{ key: string }[]>): Promise<never> => {
  if (!isServiceError(error) || error.statusCode != 404) throw error;
  const { explainMissingKey } = await importKeySuggestion().catch(() => {
    throw error;
  });
  return explainMissingKey({ ServiceError, meantName }, error, key, defined);
};

/** The defined key a 404 probably meant, when the key it was for is not defined. */
export const meantKey = (error: unknown): string | undefined => (isServiceError(error) ? error.meant : undefined);

/** Every defined key, listed with commas, when a 404's key is not defined and like none of them. */
export const definedKeys = (error: unknown): string | undefined => (isServiceError(error) ? error.defined?.join(', ') : undefined);
