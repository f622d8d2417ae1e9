import { memoryCache } from './cache';
import { repeatCounter } from './repeats';
import { DEFAULT_BASE_URL } from '../client/options';
import { invalid, refuseNearMiss } from '../client/option-error';
import { OptionError } from '../errors';
import { API_KEY_RE, BODY_BOUNDS, plainHttpBase, TIMEOUT_BOUNDS, withinLimit } from '../util/option-checks';
import { isRecord, ownValue } from '../util/values';
import type { BudgetRule } from './budget';
import { checkCard } from './share/options';
import type { ProxyStore } from './store';
import type { ProxyCache, ProxyEvent, ProxyOptions } from './types';

/** The production service, the proxy's default `upstream`. */
export const DEFAULT_UPSTREAM = DEFAULT_BASE_URL;

/**
 * How one option of {@link ProxyOptions} is read. Its type, description and documented default
 * are the field's JSDoc there (README's table is generated from it); this says how a value
 * is checked, and `default` is the value the JSDoc's `@default` names, which a test holds them
 * to.
 */
export interface ProxyOption<V> {
  /** The value taken when the option is not given (absent: a value made per proxy, or none). */
  readonly default?: unknown;
  /**
   * The value in force for `value` as given (the `default` when there is one and nothing was
   * given; otherwise possibly undefined); throws an OptionError naming `name` when it is wrong.
   */
  readonly check: (value: unknown, name: string) => V;
}

/** Requests that may wait for an upstream slot, per slot: the queue holds `maxUpstreamRequests` × this. */
export const QUEUED_PER_SLOT = 8;

/**
 * The default `clientBudget` (docs/proxy.md, "The quota safe from strangers"): a burst that holds
 * the first visit of a page of 100 new addresses and its definitions, a refill slow enough that
 * a client asking for random addresses causes few more, and a quarter of the key's quota at most.
 */
export const DEFAULT_CLIENT_BUDGET = { requests: 150, perSeconds: 3600, quotaShare: 0.25 } as const;

const STORE_METHODS = ['get', 'set', 'claim', 'release', 'pause', 'pausedUntil', 'take'] as const;

/** How often the default `onEvent` sums up repeats of one kind of event. */
export const LOG_INTERVAL_MS = 60_000;

/**
 * The default `onEvent`: lines in the server's log, which is the operator's to read, for what
 * needs a look; nothing for `ready`, since a proxy that works is silent (on Workers every new
 * isolate creates one). Of the others, the first event of a kind (its type, status and
 * message, whatever the path) is written at once; its repeats within the minute become one line
 * with their count at the end of it, so a service failing for every address writes a few lines
 * a minute, not one per request.
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
    if (event.type == 'ready') return;
    const kind = `${event.type} ${event.status ?? ''} ${event.path ? event.message.split(event.path).join('…') : event.message}`;
    if (kinds.note(kind, event)) console.warn(event.message);
  };
};

/**
 * The key is never shown, not even in part: what is wrong with it is described instead. A
 * missing key is the most common start-up mistake (an environment variable or a secret that is
 * not set), so it is named as such.
 */
const checkApiKey = (v: unknown, name: string): string => {
  if (typeof v == 'string' && API_KEY_RE.test(v)) return v;
  throw new OptionError(
    name,
    v == null
      ? `repkit: "${name}" is missing (${String(v)}): pass the service's API key, for example from the REPKIT_API_KEY environment variable (a secret on Workers)`
      : v === ''
        ? `repkit: "${name}" is an empty string: the variable or secret that should hold the key is set but empty`
        : typeof v != 'string'
          ? `repkit: "${name}" must be a string, got a ${typeof v}`
          : `repkit: "${name}" must be printable ASCII without spaces or line breaks, 512 characters at most; got ${v.length} characters (not shown)`,
  );
};

/** A whole number of seconds or ms from `min` to `max`, `fallback` when not given. */
const whole = (fallback: number, bounds: { min: number; max: number }): ProxyOption<number> & { readonly default: number } => ({
  default: fallback,
  check: (v, name) => withinLimit({ default: fallback, ...bounds }, v, (expected) => invalid(name, expected, v)),
});

/** A whole number of seconds from `min` to `max`. */
const seconds = (fallback: number, min: number, max: number): ProxyOption<number> & { readonly default: number } =>
  whole(fallback, { min, max });

/** A function, `fallback` when not given. */
const fn = <F>(fallback: F): ProxyOption<F> => ({
  check: (v, name) => (v === undefined ? fallback : typeof v == 'function' ? (v as F) : invalid(name, 'a function', v)),
});

const checkUpstream = (v: unknown, name: string): string =>
  (typeof v == 'string' && plainHttpBase(v)) || invalid(name, 'an absolute http(s) URL without user info, query or fragment', v);

const checkBasePath = (v: unknown, name: string): string | undefined =>
  v === undefined || (typeof v == 'string' && (v === '' || /^(\/[A-Za-z0-9._~!$&'()*+,;=:-]+)+$/.test(v)))
    ? v
    : invalid(name, `'' or a path such as '/rep' (leading "/", no trailing "/")`, v);

const exactOrigin = (o: unknown): boolean => {
  try {
    return typeof o == 'string' && /^https?:\/\/[^/]/i.test(o) && new URL(o).origin === o;
  } catch {
    return false;
  }
};

const checkOrigins = (v: unknown, name: string): ReadonlySet<string> | '*' => {
  if (v === '*') return '*';
  if (!Array.isArray(v)) return invalid(name, `an array of origins or '*'`, v);
  for (const o of v as unknown[]) {
    if (o === '*') return invalid(name, `a list without '*' (pass the string '*' to allow any origin)`, v);
    if (!exactOrigin(o))
      invalid(`${name}[]`, 'an exact origin such as "https://example.com" (scheme and host, lower case, no path or trailing "/")', o);
  }
  return new Set(v as string[]);
};

const checkCache = (v: unknown, name: string): ProxyCache | undefined => {
  if (v === undefined) return memoryCache();
  if (v === false) return undefined;
  const c = v as Partial<ProxyCache> | null;
  if (c && typeof c == 'object' && typeof c.get == 'function' && typeof c.set == 'function') return c as ProxyCache;
  return invalid(name, 'false or an object with get(key) and set(key, answer)', v);
};

const checkStore = (v: unknown, name: string): ProxyStore | undefined => {
  if (v === undefined) return undefined;
  const s = v as Record<string, unknown> | null;
  if (s && typeof s == 'object' && STORE_METHODS.every((m) => typeof s[m] == 'function')) return v as ProxyStore;
  return invalid(name, `a ProxyStore (redisStore(), workersStore() or an object with ${STORE_METHODS.join(', ')})`, v);
};

const checkClientBudget = (v: unknown, name: string): BudgetRule | false => {
  if (v === false) return false;
  const b = v as { requests?: unknown; perSeconds?: unknown; quotaShare?: unknown } | null;
  const whole = (x: unknown, max: number): x is number => typeof x == 'number' && Number.isInteger(x) && x >= 1 && x <= max;
  const share = b?.quotaShare ?? DEFAULT_CLIENT_BUDGET.quotaShare;
  if (
    !b ||
    typeof b != 'object' ||
    !whole(b.requests, 100000) ||
    !whole(b.perSeconds, 86400) ||
    typeof share != 'number' ||
    !(share > 0 && share <= 1)
  ) {
    return invalid(
      name,
      'false or { requests: 1 to 100000, perSeconds: 1 to 86400 (whole numbers), quotaShare: more than 0, at most 1 }',
      JSON.stringify(v),
    );
  }
  return { capacity: b.requests, perSeconds: b.perSeconds, quotaShare: share };
};

/** Trusted `X-Forwarded-For` hops; 0 when the header is not trusted. */
const checkTrustProxy = (v: unknown, name: string): number => {
  if (v === undefined || v === false) return 0;
  if (v === true) return 1;
  if (typeof v == 'number' && Number.isInteger(v) && v >= 1 && v <= 10) return v;
  return invalid(name, 'a boolean or the number of your proxies in front (1 to 10)', v);
};

const checkFetch = (v: unknown, name: string): typeof fetch =>
  // Bound: some runtimes (Workers) refuse a global fetch called with another `this`.
  fn<typeof fetch | undefined>(typeof globalThis.fetch == 'function' ? globalThis.fetch.bind(globalThis) : undefined).check(v, name) ??
  invalid(name, 'given: this runtime has no global fetch', v);

/**
 * Every option of {@link ProxyOptions}, by name: the resolver and README's table both walk it.
 * An option is one JSDoc'd field of `ProxyOptions` and one entry here; `satisfies` keeps the two
 * in step.
 */
export const PROXY_OPTIONS = {
  apiKey: { check: checkApiKey },
  upstream: { default: DEFAULT_UPSTREAM, check: checkUpstream },
  basePath: { check: checkBasePath },
  allowOrigins: { default: [], check: checkOrigins },
  ttlSeconds: seconds(300, 1, 86400),
  metadataTtlSeconds: seconds(3600, 1, 604800),
  negativeTtlSeconds: seconds(60, 0, 86400),
  staleWhileRevalidateSeconds: seconds(60, 0, 86400),
  staleIfErrorSeconds: seconds(86400, 0, 604800),
  cache: { check: checkCache },
  platformCache: { default: true, check: (v, name) => (typeof v == 'boolean' ? v : invalid(name, 'true or false', v)) },
  timeoutMs: whole(40000, TIMEOUT_BOUNDS),
  maxResponseBytes: whole(1000000, BODY_BOUNDS),
  maxUpstreamRequests: whole(64, { min: 1, max: 10000 }),
  upstreamQueueMs: whole(5000, { min: 0, max: 60000 }),
  fetch: { check: checkFetch },
  // Made per proxy: the summary counts one proxy's events.
  onEvent: { check: (v, name) => fn(v === undefined ? summarisedLog() : undefined).check(v, name)! } as ProxyOption<
    (event: ProxyEvent) => void
  >,
  store: { check: checkStore },
  clientBudget: { default: DEFAULT_CLIENT_BUDGET, check: checkClientBudget },
  trustProxy: { default: false, check: checkTrustProxy },
  allowAddress: fn<((address: string) => boolean | Promise<boolean>) | undefined>(undefined),
  card: { default: {}, check: checkCard },
} satisfies { readonly [K in keyof ProxyOptions]-?: ProxyOption<unknown> };

/** Options after defaults and checks. */
export type ResolvedProxyOptions = { -readonly [K in keyof typeof PROXY_OPTIONS]: ReturnType<(typeof PROXY_OPTIONS)[K]['check']> };

/**
 * Applies defaults and rejects wrong values with an {@link OptionError} that names the option
 * (and a misspelt name, such as `allowOrigin`, with the one it probably meant).
 */
export const resolveProxyOptions = (o: unknown): ResolvedProxyOptions => {
  if (!isRecord(o)) return invalid('options', 'an object', o);
  const known = Object.keys(PROXY_OPTIONS);
  for (const name of Object.keys(o)) refuseNearMiss(name, known, 'option');
  const resolved: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(PROXY_OPTIONS) as [string, ProxyOption<unknown>][]) {
    const given = ownValue(o, name);
    resolved[name] = option.check(given === undefined && 'default' in option ? option.default : given, name);
  }
  // Each value has just passed its option's check: this is where unknown input becomes typed.
  return resolved as ResolvedProxyOptions;
};
