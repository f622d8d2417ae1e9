/** The production service. Override with `baseUrl` (the sandbox in demo/ does). */
export const DEFAULT_BASE_URL = 'https://api.repkit.dev';

/** Options of {@link ServiceClient}; every widget accepts the same ones but `fetch`. */
export interface ClientOptions {
  /** API key, sent as `X-API-Key`. Required. */
  apiKey: string;
  /** Service base URL: absolute http(s), or a path on the page's origin such as `/rep-proxy`. Default {@link DEFAULT_BASE_URL}. */
  baseUrl?: string;
  /** Time allowed for each attempt, in ms. Default `10000`. */
  timeoutMs?: number;
  /** Retries after the first attempt, on network errors, 429, 502, 503 and 504. Default `2`. */
  retries?: number;
  /** How long successful results are cached and shared, in ms; `0` disables. Default `60000`. */
  cacheTtlMs?: number;
  /** A `fetch` implementation to use instead of the global one. */
  fetch?: typeof fetch;
}

/** Client options after defaults and checks. */
export interface ResolvedClientOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  cacheTtlMs: number;
  fetch?: typeof fetch;
}

/** Throws a `TypeError` that names the option, what it must be and what it got. */
export const invalid = (name: string, expected: string, got: unknown): never => {
  throw new TypeError(
    `repkit: "${name}" must be ${expected}, got ${typeof got == 'string' ? JSON.stringify(got) : String(got)}`,
  );
};

/** A string with something in it other than white space. */
export const isText = (v: unknown): v is string => typeof v == 'string' && v.trim() != '';

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** Checks a number option that may be absent; returns it or the default. */
export const countOption = (name: string, v: unknown, fallback: number, positive?: boolean): number =>
  v === undefined ? fallback : isCount(v) && (!positive || v > 0) ? v : invalid(name, positive ? 'a positive integer' : 'a whole number of 0 or more', v);

const checkBaseUrl = (v: unknown): string => {
  if (v === undefined) return DEFAULT_BASE_URL;
  if (typeof v == 'string') {
    try {
      // A path on the page's own origin is allowed so that integrators can proxy the service
      // and keep their key server-side. It must resolve to that origin: URL parsing reads `\`
      // as `/` and drops tabs and newlines, so `/\evil.example` would be another host.
      if (v.startsWith('/')) {
        if (new URL(v, 'https://page.invalid').host == 'page.invalid' && !/[\\\s]/.test(v)) return v.replace(/\/+$/, '');
      } else if (/^https?:$/.test(new URL(v).protocol)) {
        return v.replace(/\/+$/, '');
      }
    } catch {
      /* reported below */
    }
  }
  return invalid('baseUrl', 'an absolute http(s) URL or a path starting with "/"', v);
};

/** Applies defaults and rejects values of the wrong type, naming the option. */
export const resolveClientOptions = (o: ClientOptions): ResolvedClientOptions => {
  if (!o || typeof o != 'object') invalid('options', 'an object', o);
  if (!isText(o.apiKey)) invalid('apiKey', 'a non-empty string', o.apiKey);
  if (o.fetch !== undefined && typeof o.fetch != 'function') invalid('fetch', 'a function', o.fetch);
  return {
    apiKey: o.apiKey,
    baseUrl: checkBaseUrl(o.baseUrl),
    timeoutMs: countOption('timeoutMs', o.timeoutMs, 10000, true),
    retries: countOption('retries', o.retries, 2),
    cacheTtlMs: countOption('cacheTtlMs', o.cacheTtlMs, 60000),
    fetch: o.fetch,
  };
};
