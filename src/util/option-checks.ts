/**
 * Checks shared by the client's, the widgets' and the proxy's options: they take an API key, an
 * upstream URL and bounded whole numbers, must refuse the same bad values in the same way, and
 * must notice the same misspelt names.
 */

/** A whole-number option's bounds, and its default when it has one. */
export interface Limit {
  readonly default?: number;
  readonly min: number;
  readonly max: number;
}

/** Time allowed for one upstream attempt, in ms. */
export const TIMEOUT_BOUNDS = { min: 1, max: 300000 } as const;

/** Size of one answer in bytes, after decompression. */
export const BODY_BOUNDS = { min: 1024, max: 50000000 } as const;

/**
 * API keys are printable ASCII. A header value with a line break, a NUL or a character beyond
 * Latin-1 makes `fetch` throw before anything is sent.
 */
export const API_KEY_RE = /^[\x21-\x7e]{1,512}$/;

/**
 * `v` when it is a whole number within `limit`, the default (if any) when it is undefined;
 * otherwise `fail`. The one bounded-number check of every options table: client, widgets, proxy.
 */
export const withinLimit = (limit: Limit, v: unknown, fail: (expected: string) => never): number => {
  if (v === undefined && limit.default !== undefined) return limit.default;
  return typeof v == 'number' && Number.isInteger(v) && v >= limit.min && v <= limit.max
    ? v
    : fail(`a whole number from ${limit.min} to ${limit.max}`);
};

/** A parsed URL as the base requests are built on: origin and path, without a trailing "/". */
export const urlBase = (url: URL): string => (url.origin + url.pathname).replace(/\/+$/, '');

/**
 * An absolute http(s) URL without user info, query or fragment, or (given the page's `origin`)
 * a path on that origin starting with a single "/", as {@link urlBase}; undefined for anything
 * else. URL parsing forgives too much (it drops tabs and newlines, reads `\` as `/`, takes
 * `http:host` as a host and `//host` as another host), so those forms are refused before parsing.
 */
export const plainHttpBase = (v: string, origin?: string): string | undefined => {
  const path = v[0] == '/' && !!origin && origin != 'null';
  if (/[\s\\?#@]|^\/\//.test(v) || !(path || /^https?:\/\/[^/]/i.test(v))) return undefined;
  try {
    return urlBase(new URL(v, path ? origin : undefined));
  } catch {
    return undefined;
  }
};

/**
 * Whether `name` is a near miss of `known`, case aside: the same, or one character added,
 * removed or changed (`showcategories`, `maxCategory`, `badgKey`, `allowOrigin`, `Governanse`).
 */
export const nearMiss = (name: string, known: string): boolean => {
  const a = name.toLowerCase();
  const b = known.toLowerCase();
  const short = a.length < b.length ? a : b;
  const long = short == a ? b : a;
  if (long.length - short.length > 1) return false;
  let same = 0;
  while (same < short.length && short[same] == long[same]) same++;
  return short.slice(same + short.length - long.length + 1) == long.slice(same + 1);
};

/** The first of `known` that `name` is a near miss of, when `name` is not one of them itself. */
export const meantName = (name: string, known: readonly string[]): string | undefined =>
  known.includes(name) ? undefined : known.find((candidate) => nearMiss(name, candidate));
