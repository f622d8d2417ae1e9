/**
 * `repkit/proxy/workers`: a {@link ProxyStore} for Cloudflare Workers. Answers go to Workers KV
 * (global, eventually consistent: read at the edge near each visitor); the claims that collapse
 * requests, the pause after the service's 429 and the client budgets go to one Durable Object,
 * {@link RepkitCoordinator}, which every location sees at once. examples/proxy-worker shows the
 * worker and its `wrangler.toml` bindings:
 *
 * ```js
 * import { createProxy } from 'repkit/proxy';
 * import { workersStore, RepkitCoordinator } from 'repkit/proxy/workers';
 * export { RepkitCoordinator };
 * // in fetch(request, env, ctx):
 * proxy ??= createProxy({ apiKey: env.REPKIT_API_KEY, store: workersStore({ kv: env.REPKIT_CACHE, coordinator: env.REPKIT_COORDINATOR }) });
 * ```
 */
import { OptionError } from '../errors';
import { storedTextOf, storedValueOf, takeToken, type BucketState, type ProxyStore, type TokenBucket, type TokenGrant } from './store';
import type { CachedAnswer } from './types';

/** The part of a Workers KV namespace binding the store uses. */
export interface KvNamespaceLike {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
}

/** The part of a Durable Object namespace binding the store uses. */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

/** Options of {@link workersStore}. */
export interface WorkersStoreOptions {
  /** The KV namespace that holds the answers (`[[kv_namespaces]]` in wrangler.toml). */
  kv: KvNamespaceLike;
  /** The Durable Object namespace of {@link RepkitCoordinator} (`[[durable_objects.bindings]]`). */
  coordinator: DurableObjectNamespaceLike;
  /**
   * Put before every KV key and names the coordinator object, so that several proxies can share
   * a namespace.
   * @default 'repkit:'
   */
  keyPrefix?: string;
}

/** KV refuses an expiration sooner than this many seconds. */
const KV_MIN_TTL_S = 60;

/** How long the coordinator keeps a just-stored answer for instances that KV has not reached yet. */
const RECENT_MS = 60_000;

/** Most answers the coordinator keeps at once. */
const MAX_RECENT = 1000;

/** Most claims and buckets the coordinator keeps: a flood of clients must not grow its memory without end. */
const MAX_ENTRIES = 50_000;

/** What the worker asks the coordinator, one JSON body per call. */
type CoordinatorCall =
  | { op: 'claim'; key: string; ttlMs: number }
  | { op: 'release'; key: string }
  | { op: 'pause'; untilMs: number }
  | { op: 'pausedUntil' }
  | { op: 'take'; key: string; bucket: TokenBucket }
  | { op: 'remember'; key: string; answer: CachedAnswer }
  | { op: 'recall'; key: string };

const invalid = (name: string, expected: string): never => {
  throw new OptionError(name, `repkit/proxy/workers: ${name} must be ${expected}`);
};

/**
 * A {@link ProxyStore} on Workers KV and the {@link RepkitCoordinator} Durable Object, for
 * `createProxy({ store })` in a Worker. A KV or Durable Object error (or a call slower than a
 * second) never fails a visitor: the isolate serves on its own and the proxy tells `onEvent`.
 *
 * @throws {OptionError} (a `TypeError`) at once, when a binding is missing.
 */
export function workersStore(options: WorkersStoreOptions): ProxyStore {
  const { kv, coordinator } = options ?? ({} as Partial<WorkersStoreOptions>);
  if (!kv || typeof kv.get != 'function' || typeof kv.put != 'function') invalid('kv', 'a KV namespace binding (env.REPKIT_CACHE)');
  if (!coordinator || typeof coordinator.idFromName != 'function') {
    invalid('coordinator', 'the Durable Object namespace binding of RepkitCoordinator (env.REPKIT_COORDINATOR)');
  }
  const prefix = options.keyPrefix ?? 'repkit:';
  if (typeof prefix != 'string') invalid('keyPrefix', 'a string');
  const id = coordinator.idFromName(`${prefix}coordinator`);

  const call = async <T>(body: CoordinatorCall): Promise<T> => {
    // A stub is an I/O object of the request that made it: each call makes its own.
    const response = await coordinator.get(id).fetch('https://coordinator.repkit/', { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`the coordinator answered ${response.status}`);
    return (await response.json()) as T;
  };

  return {
    async get(key) {
      const stored = storedTextOf(await kv.get(`${prefix}a:${key}`));
      // KV takes up to a minute to reach other locations: a just-stored answer is asked of the coordinator.
      if (stored && stored.freshUntil > Date.now()) return stored;
      const recent = storedValueOf(await call<unknown>({ op: 'recall', key }));
      return recent && (!stored || recent.storedAt > stored.storedAt) ? recent : stored;
    },
    async set(key, answer) {
      const ttl = Math.ceil((answer.keepUntil - Date.now()) / 1000);
      if (ttl <= 0) return;
      await Promise.all([
        kv.put(`${prefix}a:${key}`, JSON.stringify(answer), { expirationTtl: Math.max(KV_MIN_TTL_S, ttl) }),
        call({ op: 'remember', key, answer }),
      ]);
    },
    claim: (key, ttlMs) => call<boolean>({ op: 'claim', key, ttlMs }),
    release: (key) => call({ op: 'release', key }),
    pause: (untilMs) => call({ op: 'pause', untilMs }),
    pausedUntil: () => call<number>({ op: 'pausedUntil' }),
    // The coordinator's clock times every bucket: the isolate's is not sent.
    take: (key, bucket) => call<TokenGrant>({ op: 'take', key, bucket }),
  };
}

/** The part of a Durable Object's `state` the coordinator uses. */
interface CoordinatorState {
  storage?: { get(key: string): Promise<unknown>; put(key: string, value: unknown): Promise<void> };
}

/** Drops the oldest entries of a map past `max` (Map order is insertion order). */
const trim = <V>(map: Map<string, V>, max: number): void => {
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
};

/**
 * The Durable Object that coordinates a proxy's isolates across Cloudflare's locations: claims
 * (one upstream request per path at a time), the pause after the service's 429 (kept in its
 * storage, so it outlives the object's eviction), the client budgets, and the answers of the
 * last minute for isolates that KV has not reached yet. One object serves the whole proxy; it
 * holds small entries only, bounded in number.
 *
 * Export it from your worker's module and bind it (examples/proxy-worker/wrangler.toml).
 */
export class RepkitCoordinator {
  private readonly claims = new Map<string, number>();
  private readonly buckets = new Map<string, BucketState>();
  private readonly recent = new Map<string, { answer: CachedAnswer; until: number }>();
  private paused: number | undefined;

  constructor(
    private readonly state?: CoordinatorState,
    _env?: unknown,
  ) {}

  async fetch(request: Request): Promise<Response> {
    const call = (await request.json()) as CoordinatorCall;
    return Response.json((await this.answer(call)) ?? null);
  }

  private async answer(call: CoordinatorCall): Promise<unknown> {
    const now = Date.now();
    switch (call.op) {
      case 'claim': {
        const held = this.claims.get(call.key);
        if (held !== undefined && held > now) return false;
        this.claims.delete(call.key);
        this.claims.set(call.key, now + call.ttlMs);
        trim(this.claims, MAX_ENTRIES);
        return true;
      }
      case 'release':
        this.claims.delete(call.key);
        return null;
      case 'pause': {
        const current = await this.pausedUntil();
        if (call.untilMs > current) {
          this.paused = call.untilMs;
          await this.state?.storage?.put('pause', call.untilMs);
        }
        return null;
      }
      case 'pausedUntil':
        return this.pausedUntil();
      case 'take': {
        // Timed by this one object's clock, not by the isolates' (which may be seconds apart).
        const { state, grant } = takeToken(this.buckets.get(call.key), call.bucket, now);
        this.buckets.delete(call.key);
        this.buckets.set(call.key, state);
        trim(this.buckets, MAX_ENTRIES);
        return grant;
      }
      case 'remember':
        this.recent.delete(call.key);
        this.recent.set(call.key, { answer: call.answer, until: now + RECENT_MS });
        trim(this.recent, MAX_RECENT);
        return null;
      case 'recall': {
        const kept = this.recent.get(call.key);
        if (kept && kept.until <= now) this.recent.delete(call.key);
        return kept && kept.until > now ? kept.answer : null;
      }
    }
  }

  private async pausedUntil(): Promise<number> {
    if (this.paused === undefined) {
      const stored = await this.state?.storage?.get('pause');
      this.paused = typeof stored == 'number' ? stored : 0;
    }
    return this.paused;
  }
}
