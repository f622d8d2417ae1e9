import { isServiceError, ServiceError } from '../client/service-error';
import type { ServiceClient } from '../client/service-client';
import { nearest } from '../util/option-checks';

/**
 * A 404 for a category or badge key reads "no score in this category yet" whether the address
 * has none or the key is misspelt (`governanse`). Only on such a 404, never on the way to a
 * shown widget, the key is looked up in the service's definitions (the metadata route, asked
 * once per page and service); a key that is not there gets its own sentence, with the nearest
 * defined key.
 */

/** The keys each service defines, by base URL and route; a failed lookup is forgotten. */
const definedKeys = new Map<string, Promise<string[]>>();

/** The nearest defined key, by the error that said the asked-for key is not defined. */
const meant = new WeakMap<object, string>();

const keysOf = (client: ServiceClient, route: 'badges' | 'categories'): Promise<string[]> => {
  const id = `${client.baseUrl} ${route}`;
  let keys = definedKeys.get(id);
  if (!keys) {
    // No signal: the lookup is shared by every widget of the page, and outlives any one of them.
    keys = (
      route == 'badges' ? client.getBadgeDefinitions().then((d) => d.badges) : client.getCategoryDefinitions().then((d) => d.categories)
    ).then((all) => all.map((d) => d.key));
    keys.catch(() => definedKeys.delete(id));
    definedKeys.set(id, keys);
  }
  return keys;
};

/**
 * Rethrows `error`; a 404 for `key` (named `option`) that is not among the service's `route`
 * definitions is rethrown as a 404 that says so and names the nearest defined key.
 */
export const checkKey = async (
  error: unknown,
  client: ServiceClient,
  route: 'badges' | 'categories',
  option: string,
  key: string,
): Promise<never> => {
  if (!isServiceError(error) || error.statusCode != 404) throw error;
  let keys: string[];
  try {
    keys = await keysOf(client, route);
  } catch {
    throw error;
  }
  const near = nearest(key, keys);
  if (keys.includes(key) || !near) throw error;
  const unknown = new ServiceError(
    404,
    `${option} ${JSON.stringify(key)} is not one of the service's ${route}; did you mean ${JSON.stringify(near)}?`,
    'http',
    error,
  );
  meant.set(unknown, near);
  throw unknown;
};

/** The defined key a 404 probably meant, when the key it was for is not defined. */
export const meantKey = (error: unknown): string | undefined => (error && typeof error == 'object' ? meant.get(error) : undefined);
