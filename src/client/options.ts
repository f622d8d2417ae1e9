import { invalid } from './option-error';
import { API_KEY_RE, BODY_BOUNDS, plainHttpBase, TIMEOUT_BOUNDS, withinLimit } from '../util/option-checks';
import { isText } from '../util/values';

/** The production service. Override with `baseUrl` (a caching proxy such as `repkit/proxy`, or a local test server). */
export const DEFAULT_BASE_URL = 'https://api.dotpassport.io';

/** Defaults and bounds of the client options, in one place for the code and the README. */
export const CLIENT_LIMITS = {
  /** The first answer for a new address is computed from chain data: often 10 to 30 s. */
  timeoutMs: { default: 45000, ...TIMEOUT_BOUNDS },
  retries: { default: 2, min: 0, max: 5 },
  cacheTtlMs: { default: 60000, min: 0, max: 86400000 },
  maxResponseBytes: { default: 2000000, ...BODY_BOUNDS },
} as const;

/** Options of {@link ServiceClient}; every widget accepts the same ones but `fetch`. */
export interface ClientOptions {
  /**
   * API key, sent as `X-API-Key` to `baseUrl` and nowhere else. Required, unless `baseUrl`
   * points at a proxy that adds the key itself (the recommended production setup).
   */
  apiKey?: string;
  /**
   * Service base URL: absolute http(s), or a path on the page's own origin such as `/rep`.
   * It receives your API key: point it only at the service or a proxy you run.
   * @default 'https://api.dotpassport.io'
   */
  baseUrl?: string;
  /**
   * Time allowed for each attempt, in ms (1 to 300000); a timeout is not retried. The first answer
   * for a new address can take 30 s.
   * @default 45000
   */
  timeoutMs?: number;
  /**
   * Retries after the first attempt (0 to 5: at most `retries + 1` requests), on network errors (at
   * most one), 429, 502, 503 and 504, with exponential backoff and jitter. A 429's wait (`Retry-After`,
   * `X-RateLimit-Reset` or the reset time in its message) is honoured up to 10 s; a longer one fails at once
   * (`kind: 'quota'`), and nothing is sent for that `baseUrl` and key before it.
   * @default 2
   */
  retries?: number;
  /**
   * How long successful results are cached, in ms, shared by every client with the same `baseUrl`
   * and `apiKey` (at most 100 entries, the least recently used dropped); `0` neither reads nor writes the cache.
   * @default 60000
   */
  cacheTtlMs?: number;
  /**
   * The largest answer read, in bytes, after decompression; a larger one fails (`kind: 'too-large'`).
   * @default 2000000
   */
  maxResponseBytes?: number;
  /** A `fetch` implementation to use instead of the global one. */
  fetch?: typeof fetch;
}

/** Client options after defaults and checks. */
export interface ResolvedClientOptions {
  apiKey?: string;
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  cacheTtlMs: number;
  maxResponseBytes: number;
  fetch?: typeof fetch;
}

type LimitedOption = keyof typeof CLIENT_LIMITS;

/** Checks an API key's characters; returns it, or throws an OptionError naming `name`. */
export const checkApiKey = (v: unknown, name = 'apiKey'): string => {
  if (!isText(v)) return invalid(name, 'a non-empty string (or no key, with baseUrl pointing at a proxy that adds it)', v);
  return API_KEY_RE.test(v) ? v : invalid(name, 'printable ASCII without spaces or line breaks (as keys are issued)', v);
};

/**
 * The base URL requests go to. The key goes there, so only plain forms are accepted: an
 * absolute http(s) URL without user info, query or fragment, or a path on the page's own
 * origin (resolved against `location.origin`, never a `<base href>`).
 */
export const checkBaseUrl = (v: unknown, name = 'baseUrl'): string => {
  if (v === undefined) return DEFAULT_BASE_URL;
  const origin = globalThis.location?.origin;
  return (
    (typeof v == 'string' && plainHttpBase(v, origin)) ||
    invalid(
      name,
      // A path is resolved against the page's origin: a server (or a `file://` page) has none.
      (origin && origin != 'null') || !`${v}`.startsWith('/')
        ? 'an absolute http(s) URL without user info, query or fragment, or a path starting with a single "/"'
        : "an absolute http(s) URL here: a path needs a page's origin to resolve against, and there is none",
      v,
    )
  );
};

/** Applies defaults and rejects values of the wrong type, naming the option. */
export const resolveClientOptions = (o: ClientOptions): ResolvedClientOptions => {
  if (!o || typeof o != 'object') invalid('options', 'an object', o);
  if (o.fetch !== undefined && typeof o.fetch != 'function') invalid('fetch', 'a function', o.fetch);
  const resolved = {
    // Without a key, requests go out bare: only a proxy on baseUrl can make them work.
    apiKey: o.apiKey === undefined && o.baseUrl !== undefined ? undefined : checkApiKey(o.apiKey),
    baseUrl: checkBaseUrl(o.baseUrl),
    fetch: o.fetch,
  } as ResolvedClientOptions;
  // One loop over the bounded options rather than a line each: this runs in every page bundle.
  for (const name in CLIENT_LIMITS) {
    const option = name as LimitedOption;
    resolved[option] = withinLimit(CLIENT_LIMITS[option], o[option], (expected) => invalid(name, expected, o[option]));
  }
  return resolved;
};
