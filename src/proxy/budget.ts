import { messageBody, type Failure } from './classify';
import type { SharedState } from './shared';
import type { TokenBucket } from './store';
import type { ProxyContext, ProxyEvent } from './types';

/** Whether this code runs on Cloudflare Workers, whose front end sets `CF-Connecting-IP` itself. */
const onWorkers = (): boolean => (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers';

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

/**
 * Who is asking, by network address: with `trustProxy` hops the address that many entries from
 * the right of `X-Forwarded-For` (what the nearest trusted proxy saw), else the socket's
 * address that the platform adapter passes (`repkit/proxy/node`), else on Workers
 * `CF-Connecting-IP`. Undefined when none is known: such requests spend no budget.
 */
export const clientAddressOf = (request: Request, clientAddress: unknown, trustProxy: number): string | undefined => {
  if (trustProxy > 0) {
    const hops = (request.headers.get('X-Forwarded-For') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const seen = hops[Math.max(0, hops.length - trustProxy)];
    if (seen) return seen;
  }
  if (typeof clientAddress == 'string' && clientAddress) return clientAddress;
  if (onWorkers()) return request.headers.get('CF-Connecting-IP') ?? undefined;
  return undefined;
};

/** Clients told of at most, until their budget refills: a flood of addresses must not grow memory or the log. */
const MAX_REPORTED_CLIENTS = 1000;

/**
 * The per-client budget of upstream requests (option `clientBudget`): one token per request
 * that would ask the service, from a bucket per client kept in the shared state. Cached
 * answers never reach it.
 */
export const clientBudget = (
  shared: SharedState,
  bucket: TokenBucket | false,
  report: (event: ProxyEvent) => void,
): ((client: string | undefined, path: string) => Promise<Failure | undefined>) => {
  /** Clients already reported, until when: one event per client per spell over budget. */
  const reported = new Map<string, number>();
  return async (client, path) => {
    if (!bucket || client === undefined) return undefined;
    const now = Date.now();
    const grant = await shared.take(`budget:${client}`, bucket, now);
    if (grant.ok) return undefined;
    const retryAfter = Math.max(1, Math.ceil(grant.retryAfterMs / 1000));
    if ((reported.get(client) ?? 0) <= now) {
      reported.delete(client);
      if (reported.size >= MAX_REPORTED_CLIENTS) for (const [key, until] of reported) if (until <= now) reported.delete(key);
      if (reported.size < MAX_REPORTED_CLIENTS) {
        reported.set(client, now + bucket.perSeconds * 1000);
        report({
          type: 'client-over-budget',
          path: `/api/v2/${path}`,
          client,
          message: `repkit proxy: client ${client} asked for more than ${bucket.capacity} new answers in ${bucket.perSeconds} s: it gets 429 until its budget refills (clientBudget)`,
        });
      }
    }
    return {
      status: 429,
      body: messageBody(`repkit proxy: too many new requests from this client: try again in ${retryAfter} s`),
      retryAfter,
    };
  };
};
