import { memoryCache } from './cache';
import { repeatCounter } from './repeats';
import { DEFAULT_BASE_URL } from '../client/options';
import { API_KEY_RE, BODY_BOUNDS, plainHttpBase, TIMEOUT_BOUNDS, withinLimit } from '../util/option-checks';
import type { ProxyCache, ProxyEvent, ProxyOptions } from './types';

/** The production service, the proxy's default `upstream`. */
export const DEFAULT_UPSTREAM = DEFAULT_BASE_URL;

/** Defaults and bounds of the proxy's numeric options, in one place for the code and the README. */
export const PROXY_LIMITS = {
  ttlSeconds: { default: 300, min: 1, max: 86400 },
  metadataTtlSeconds: { default: 3600, min: 1, max: 604800 },
  negativeTtlSeconds: { default: 60, min: 0, max: 86400 },
  staleWhileRevalidateSeconds: { default: 60, min: 0, max: 86400 },
  staleIfErrorSeconds: { default: 86400, min: 0, max: 604800 },
  timeoutMs: { default: 40000, ...TIMEOUT_BOUNDS },
  maxResponseBytes: { default: 1000000, ...BODY_BOUNDS },
  maxUpstreamRequests: { default: 64, min: 1, max: 10000 },
  upstreamQueueMs: { default: 5000, min: 0, max: 60000 },
} as const;

/** Requests that may wait for an upstream slot, per slot: the queue holds `maxUpstreamRequests` × this. */
export const QUEUED_PER_SLOT = 8;

type Limited = keyof typeof PROXY_LIMITS;

/** Options after defaults and checks. */
export interface ResolvedProxyOptions {
  apiKey: string;
  upstream: string;
  basePath: string | undefined;
  allowOrigins: ReadonlySet<string> | '*';
  ttlSeconds: number;
  metadataTtlSeconds: number;
  negativeTtlSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
  cache: ProxyCache | undefined;
  platformCache: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
  maxUpstreamRequests: number;
  upstreamQueueMs: number;
  fetch: typeof fetch;
  onEvent: (event: ProxyEvent) => void;
}

/** How often the default `onEvent` sums up repeats of one kind of event. */
export const LOG_INTERVAL_MS = 60_000;

/**
 * The default `onEvent`: lines in the server's log, which is the operator's to read. The first
 * event of a kind (its type, status and message, whatever the path) is written at once; its
 * repeats within the minute become one line with their count at the end of it, so a service
 * failing for every address writes a few lines a minute, not one per request.
 */
const summarisedLog = (): ((event: ProxyEvent) => void) => {
  const seconds = LOG_INTERVAL_MS / 1000;
  const kinds = repeatCounter<ProxyEvent>({
    intervalMs: LOG_INTERVAL_MS,
    maxKeys: 50,
    onRepeats: (first, repeats) =>
      console.warn(
        first
          ? `repkit proxy: ${repeats} more like this in the last ${seconds} s: ${first.message}`
          : `repkit proxy: ${repeats} more events of other kinds in the last ${seconds} s`,
      ),
  });
  return (event) => {
    const kind = `${event.type} ${event.status ?? ''} ${event.path ? event.message.split(event.path).join('…') : event.message}`;
    if (kinds.note(kind, event)) console.warn(event.message);
  };
};

/** A configuration mistake, thrown by createProxy at start-up (never while serving). */
const invalid = (name: string, expected: string, got: unknown): never => {
  const shown = typeof got == 'string' ? JSON.stringify(got.length > 60 ? `${got.slice(0, 60)}…` : got) : String(got);
  throw new TypeError(`repkit/proxy: ${name} must be ${expected}, got ${name == 'apiKey' ? '(hidden)' : shown}`);
};

const limited = (name: Limited, v: unknown): number => withinLimit(PROXY_LIMITS[name], v, (expected) => invalid(name, expected, v));

const checkUpstream = (v: unknown): string => {
  if (v === undefined) return DEFAULT_UPSTREAM;
  return (
    (typeof v == 'string' && plainHttpBase(v)) || invalid('upstream', 'an absolute http(s) URL without user info, query or fragment', v)
  );
};

const checkBasePath = (v: unknown): string | undefined => {
  if (v === undefined) return undefined;
  if (typeof v != 'string' || (v !== '' && !/^(\/[A-Za-z0-9._~!$&'()*+,;=:-]+)+$/.test(v))) {
    return invalid('basePath', `'' or a path such as '/rep' (leading "/", no trailing "/")`, v);
  }
  return v;
};

const checkOrigins = (v: unknown): ReadonlySet<string> | '*' => {
  if (v === undefined) return new Set();
  if (v === '*') return '*';
  if (!Array.isArray(v)) return invalid('allowOrigins', `an array of origins or '*'`, v);
  const set = new Set<string>();
  for (const o of v as unknown[]) {
    if (o === '*') return invalid('allowOrigins', `a list without '*' (pass the string '*' to allow any origin)`, v);
    let ok = false;
    if (typeof o == 'string' && /^https?:\/\/[^/]/i.test(o)) {
      try {
        ok = new URL(o).origin === o;
      } catch {
        ok = false;
      }
    }
    if (!ok)
      invalid('allowOrigins[]', 'an exact origin such as "https://example.com" (scheme and host, lower case, no path or trailing "/")', o);
    set.add(o as string);
  }
  return set;
};

const checkCache = (v: unknown): ProxyCache | undefined => {
  if (v === undefined) return memoryCache();
  if (v === false) return undefined;
  const c = v as Partial<ProxyCache> | null;
  if (c && typeof c == 'object' && typeof c.get == 'function' && typeof c.set == 'function') return c as ProxyCache;
  return invalid('cache', 'false or an object with get(key) and set(key, answer)', v);
};

/** Applies defaults and rejects wrong values with a TypeError that names the option. */
export const resolveProxyOptions = (o: ProxyOptions): ResolvedProxyOptions => {
  if (!o || typeof o != 'object') invalid('options', 'an object', o);
  if (typeof o.apiKey != 'string' || !API_KEY_RE.test(o.apiKey))
    invalid('apiKey', 'a non-empty string of printable ASCII without spaces', o.apiKey);
  if (o.fetch !== undefined && typeof o.fetch != 'function') invalid('fetch', 'a function', o.fetch);
  if (o.platformCache !== undefined && typeof o.platformCache != 'boolean') invalid('platformCache', 'a boolean', o.platformCache);
  if (o.onEvent !== undefined && typeof o.onEvent != 'function') invalid('onEvent', 'a function', o.onEvent);
  // Bound: some runtimes (Workers) refuse a global fetch called with another `this`.
  const fetchImpl = o.fetch ?? (typeof globalThis.fetch == 'function' ? globalThis.fetch.bind(globalThis) : undefined);
  if (!fetchImpl) return invalid('fetch', 'given: this runtime has no global fetch', fetchImpl);
  return {
    apiKey: o.apiKey,
    upstream: checkUpstream(o.upstream),
    basePath: checkBasePath(o.basePath),
    allowOrigins: checkOrigins(o.allowOrigins),
    ttlSeconds: limited('ttlSeconds', o.ttlSeconds),
    metadataTtlSeconds: limited('metadataTtlSeconds', o.metadataTtlSeconds),
    negativeTtlSeconds: limited('negativeTtlSeconds', o.negativeTtlSeconds),
    staleWhileRevalidateSeconds: limited('staleWhileRevalidateSeconds', o.staleWhileRevalidateSeconds),
    staleIfErrorSeconds: limited('staleIfErrorSeconds', o.staleIfErrorSeconds),
    cache: checkCache(o.cache),
    platformCache: o.platformCache ?? true,
    timeoutMs: limited('timeoutMs', o.timeoutMs),
    maxResponseBytes: limited('maxResponseBytes', o.maxResponseBytes),
    maxUpstreamRequests: limited('maxUpstreamRequests', o.maxUpstreamRequests),
    upstreamQueueMs: limited('upstreamQueueMs', o.upstreamQueueMs),
    fetch: fetchImpl,
    onEvent: o.onEvent ?? summarisedLog(),
  };
};
