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

/** The own enumerable keys of an object literal, typed as its keys (a table of ours, never a caller's object with extra keys). */
export const keysOf = <T extends object>(table: T): (keyof T & string)[] => Object.keys(table) as (keyof T & string)[];

/** `word` with its first letter in upper case, typed as such. */
export const capitalized = <W extends string>(word: W): Capitalize<W> => (word[0].toUpperCase() + word.slice(1)) as Capitalize<W>;

/** A global the runtime may define, by name (`Deno`, `EdgeRuntime`): unknown until checked. */
export const globalValue = (name: string): unknown => Reflect.get(globalThis, name);

/** An element, from this realm or another (a widget mounted into an iframe's document). */
export const isElement = (v: unknown): v is Element => (v as Partial<Node> | null | undefined)?.nodeType == 1;

/** Whether a node is a document (by `nodeType`, as {@link isElement}: an iframe's too). */
export const isDocument = (node: Node): node is Document => node.nodeType == 9;

/** Whether `v` is a text node (by `nodeType`, as {@link isElement}). */
export const isTextNode = (v: unknown): v is Text => (v as Partial<Node> | null | undefined)?.nodeType == 3;

/**
 * ` (https://page.example)`: the page's origin in parentheses, for sentences about a refused
 * origin, or '' where there is none (a server, an opaque `null` origin).
 */
export const pageOrigin = (): string => {
  const origin = originOfPage();
  return origin ? ` (${origin})` : '';
};

/** The page's origin, or undefined where there is none to resolve a path against (a server, an opaque `null` origin). */
export const originOfPage = (): string | undefined => {
  const origin = globalThis.location?.origin;
  return origin && origin != 'null' ? origin : undefined;
};

/**
 * Whether `v` can be called. `F` is the signature the caller documents for the option or hook:
 * JavaScript cannot check a function's parameters, so that much is the caller's word.
 */
export const isFunction = <F extends (...args: never[]) => unknown>(v: unknown): v is F => typeof v == 'function';

/** Whether `v` is an object with a function under each of `methods` (a store, a cache: an interface made of methods). */
export const hasMethods = <T extends object>(v: unknown, methods: readonly (keyof T & string)[]): v is T =>
  v !== null && typeof v == 'object' && methods.every((method) => typeof Reflect.get(v, method) == 'function');
