import { messageBody, type Failure } from './classify';
import type { SharedState } from './shared';
import type { TokenBucket } from './store';
import type { ProxyContext, ProxyEvent } from './types';
import type { UpstreamResult } from './upstream';
import { globalValue, isRecord } from '../util/values';

/** Whether this code runs on Cloudflare Workers, whose front end sets `CF-Connecting-IP` itself. */
const onWorkers = (): boolean => globalThis.navigator?.userAgent === 'Cloudflare-Workers';

/** The context the handler threads through one request: the platform's, plus who asked. */
export interface RequestContext extends ProxyContext {
  /** The client's budget key (see {@link clientKeyOf}), when it is known. */
  client?: string;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
const ipv6Groups = (address: string): number[] | undefined => {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return undefined;
  const part = (s: string): string[] => (s ? s.split(':') : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if ((tail === undefined && missing != 0) || missing < 0) return undefined;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16));
};

/**
 * The budget key of a client address: an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6, as Node's dual-stack sockets give it), an IPv6 address by its /64 (one
 * subscriber's network: anyone has billions of addresses inside it), anything else as it is.
 */
export const clientKeyOf = (address: string): string => {
  const trimmed = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  if (mapped) return mapped[1];
  const groups = trimmed.includes(':') ? ipv6Groups(trimmed.split('%')[0]) : undefined;
  return groups
    ? `${groups
        .slice(0, 4)
        .map((g) => g.toString(16))
        .join(':')}::/64`
    : trimmed;
};

/** What platforms hand a fetch handler besides the request, as far as it tells who is asking. */
interface PlatformContext {
  /** `repkit/proxy/node`'s socket address. */
  clientAddress?: unknown;
  /** Deno's `ServeHandlerInfo` (`Deno.serve(handler)` calls `handler(request, info)`). */
  remoteAddr?: { hostname?: unknown };
  /** Netlify's edge function `Context`. */
  ip?: unknown;
  /** Bun's `Server` (`Bun.serve({ fetch })` calls `fetch(request, server)`). */
  requestIP?: (request: Request) => { address?: unknown } | null;
}

const text = (value: unknown): string | undefined => (typeof value == 'string' && value ? value : undefined);

/** The client's address as the platform gives it with the request, if it does. */
const platformAddressOf = (request: Request, context: unknown): string | undefined => {
  if (!isRecord(context)) return undefined;
  const c: PlatformContext = context;
  const given = text(c.clientAddress) ?? text(c.remoteAddr?.hostname) ?? text(c.ip);
  if (given || typeof c.requestIP != 'function') return given;
  try {
    return text(c.requestIP(request)?.address);
  } catch {
    return undefined;
  }
};

/**
 * Who is asking, by network address: with `trustProxy` hops the address that many entries from
 * the right of `X-Forwarded-For` (what the nearest trusted proxy saw), else the address the
 * platform passes with the request (`clientAddress` from `repkit/proxy/node`, Deno's
 * `info.remoteAddr`, Netlify's `context.ip`, Bun's `server.requestIP(request)`), else on
 * Workers `CF-Connecting-IP`. Undefined when none is known: such requests spend no budget.
 */
export const clientAddressOf = (request: Request, context: unknown, trustProxy: number): string | undefined => {
  if (trustProxy > 0) {
    const hops = (request.headers.get('X-Forwarded-For') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const seen = hops[Math.max(0, hops.length - trustProxy)];
    if (seen) return seen;
  }
  const given = platformAddressOf(request, context);
  if (given) return given;
  if (onWorkers()) return request.headers.get('CF-Connecting-IP') ?? undefined;
  return undefined;
};

/** A client budget as the options resolve it: a token bucket, and the share of the key's quota it may not pass. */
export interface BudgetRule extends TokenBucket {
  /** The most of the key's hourly quota (`X-RateLimit-Limit`) one client may spend: a fraction, 0 to 1. */
  quotaShare: number;
}

/**
 * The hourly quota the proxy assumes of its key until the service states one (a free key's,
 * ../shared/WIRE.md): the smallest there is, so that a stranger cannot spend a free key before
 * the first answer says what it is.
 */
export const ASSUMED_QUOTA_PER_HOUR = 100;

/** The service's quota window: `X-RateLimit-Limit` is requests per hour. */
const QUOTA_WINDOW_S = 3600;

/**
 * The bucket a client gets: the rule's, made no larger than its share of the key's quota, in
 * size and in refill. `quotaPerHour` is the key's limit as the service stated it, undefined
 * while no answer has said (the free tier's is assumed), or null when the service states none
 * (the rule's bucket alone).
 */
export const bucketFor = (rule: BudgetRule, quotaPerHour: number | null | undefined): TokenBucket => {
  if (quotaPerHour === null) return { capacity: rule.capacity, perSeconds: rule.perSeconds };
  const share = rule.quotaShare * (quotaPerHour ?? ASSUMED_QUOTA_PER_HOUR);
  const capacity = Math.max(1, Math.min(rule.capacity, Math.floor(share)));
  const perSecond = Math.min(rule.capacity / rule.perSeconds, Math.max(1, share) / QUOTA_WINDOW_S);
  return { capacity, perSeconds: capacity / perSecond };
};

/** A bucket in words: `150 upstream requests at once, then 150 an hour`. */
export const describeBucket = (bucket: TokenBucket): string => {
  const perHour = (bucket.capacity / bucket.perSeconds) * 3600;
  return `${bucket.capacity} upstream requests at once, then ${perHour >= 10 ? Math.round(perHour) : Math.round(perHour * 10) / 10} an hour`;
};

/** Clients told of at most, until their budget refills: a flood of addresses must not grow memory or the log. */
const MAX_REPORTED_CLIENTS = 1000;

/** What the handler uses of a client budget. */
export interface ClientBudget {
  /**
   * Takes a token from the client's budget for a request that would go to the service: a 429
   * failure to answer instead when it is spent. No client (none known): nothing is taken.
   */
  spend(client: string | undefined, path: string): Promise<Failure | undefined>;
  /** Reads the key's quota from an answer of the service (`X-RateLimit-Limit`). */
  learn(result: UpstreamResult): void;
}

/**
 * The per-client budget of upstream requests (option `clientBudget`): one token per request
 * that would ask the service, from a bucket per client kept in the shared state, no larger than
 * the client's share of the key's quota. Cached answers never reach it.
 *
 * Until the service has stated the key's quota, a client gets the share of the free tier's; a
 * request past that waits (at most `waitMs`) for the first answer that states it, and is decided
 * again then, so that the first visitor of a big page on a paid key is not refused while a
 * stranger on a free key cannot spend it before anyone knows.
 */
export const clientBudget = (
  shared: SharedState,
  rule: BudgetRule | false,
  report: (event: ProxyEvent) => void,
  waitMs: number,
): ClientBudget => {
  /** Clients already reported, until when: one event per client per spell over budget. */
  const reported = new Map<string, number>();
  /** The key's hourly quota: undefined until an answer said, null when the service states none. */
  let quota: number | null | undefined;
  /**
   * Wakes each request that waits for the quota. Every waiter makes its own promise: on Workers a
   * promise made while one request ran and settled by another is dropped once the first has
   * ended, and the request that makes the proxy is often over before any answer states the quota.
   */
  const waiting = new Set<() => void>();

  const whenStated = async (): Promise<void> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wake = (): void => {};
    await new Promise<void>((resolve) => {
      wake = resolve;
      waiting.add(wake);
      timer = setTimeout(resolve, waitMs);
    });
    waiting.delete(wake);
    clearTimeout(timer);
  };

  const refusal = (client: string, path: string, bucket: TokenBucket, retryAfterMs: number): Failure => {
    const now = Date.now();
    const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
    if ((reported.get(client) ?? 0) <= now) {
      reported.delete(client);
      if (reported.size >= MAX_REPORTED_CLIENTS) for (const [key, until] of reported) if (until <= now) reported.delete(key);
      if (reported.size < MAX_REPORTED_CLIENTS) {
        reported.set(client, now + bucket.perSeconds * 1000);
        report({
          type: 'client-over-budget',
          path: `/api/v2/${path}`,
          client,
          message: `repkit proxy: client ${client} asked for more new answers than its budget (${describeBucket(bucket)}): it gets 429 until its budget refills (clientBudget)`,
        });
      }
    }
    return {
      status: 429,
      body: messageBody(`repkit proxy: too many new requests from this client: try again in ${retryAfter} s`),
      retryAfter,
    };
  };

  return {
    async spend(client, path) {
      if (!rule) return undefined;
      if (client === undefined) return undefined;
      const key = `budget:${client}`;
      let bucket = bucketFor(rule, quota);
      let grant = await shared.take(key, bucket, Date.now());
      if (!grant.ok && quota === undefined) {
        await whenStated();
        if (quota !== undefined) {
          bucket = bucketFor(rule, quota);
          grant = await shared.take(key, bucket, Date.now());
        }
      }
      return grant.ok ? undefined : refusal(client, path, bucket, grant.retryAfterMs);
    },
    learn(result) {
      if (result.kind != 'answer') return;
      const limit = Number(result.headers.get('X-RateLimit-Limit') ?? NaN);
      if (Number.isFinite(limit) && limit >= 1) quota = limit;
      else quota ??= null;
      for (const wake of waiting) wake();
      waiting.clear();
    },
  };
};

/** A global the runtime defines, by name: how the `ready` event knows where it runs. */
const hasGlobal = (name: string): boolean => globalValue(name) !== undefined;

/**
 * The budget as the `ready` event states it: its size and where each client's address comes
 * from on this runtime, or that there is none, and why.
 */
export const budgetSentence = (rule: BudgetRule | false, trustProxy: number): string => {
  if (!rule) return 'no client budget (clientBudget: false)';
  const size = `client budget: ${describeBucket(rule)}, at most ${Math.round(rule.quotaShare * 100)} % of the key's hourly quota`;
  if (trustProxy > 0)
    return `${size}, per client address in X-Forwarded-For (${trustProxy} trusted ${trustProxy == 1 ? 'proxy' : 'proxies'})`;
  if (onWorkers()) return `${size}, per CF-Connecting-IP`;
  if (typeof globalValue('EdgeRuntime') == 'string') {
    return "no client budget: Vercel's edge runtime gives the client's address only in X-Forwarded-For, which counts only with trustProxy: set trustProxy: true";
  }
  const source = hasGlobal('Deno')
    ? "Deno.serve's info.remoteAddr"
    : hasGlobal('Bun')
      ? "Bun.serve's server.requestIP(request)"
      : hasGlobal('Netlify')
        ? "Netlify's context.ip"
        : "the clientAddress the handler is given (toNodeListener passes the socket's)";
  return `${size}, per client address from ${source}; a request without one has no budget`;
};
