/** Small value checks shared by the client, the widgets and the embed code. */

/** A string with something in it other than white space. */
export const isText = (v: unknown): v is string => typeof v == 'string' && v.trim() != '';

/** The value of a JSON text, or undefined when it is not JSON (no JSON text parses to undefined). */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A plain object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v == 'object' && !Array.isArray(v);

/**
 * The value under a key the service or the page chose, never one inherited from
 * Object.prototype: a category or option named `constructor` must not find a function.
 */
export const ownValue = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** An element, from this realm or another (a widget mounted into an iframe's document). */
export const isElement = (v: unknown): v is Element => (v as Partial<Node> | null | undefined)?.nodeType == 1;

/**
 * ` (https://page.example)`: the page's origin in parentheses, for sentences about a refused
 * origin, or '' where there is none (a server, an opaque `null` origin).
 */
export const pageOrigin = (): string => {
  const origin = globalThis.location?.origin;
  return origin && origin != 'null' ? ` (${origin})` : '';
};
