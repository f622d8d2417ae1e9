/**
 * `repkit/proxy/redis`: a {@link ProxyStore} on Redis, so that every instance of the proxy (serverless
 * Node, containers, a cluster) shares one cache, one upstream request per path at a time, one
 * quota pause and the client budgets:
 *
 * ```js
 * import { createProxy } from 'repkit/proxy';
 * import { redisStore } from 'repkit/proxy/redis';
 * const proxy = createProxy({ apiKey, store: redisStore({ url: process.env.REDIS_URL }) });
 * ```
 *
 * Needs the `ioredis` package (an optional peer dependency of repkit: `npm install ioredis`).
 */
import { Redis } from 'ioredis';
import { OptionError } from '../errors';
import { bucketLifetimeMs, storedTextOf, type ProxyStore, type TokenBucket, type TokenGrant } from './store';

/** Options of {@link redisStore}. */
export interface RedisStoreOptions {
  /**
   * The server: `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS.
   * @default 'redis://127.0.0.1:6379'
   */
  url?: string;
  /**
   * Put before every key, so that several proxies (other keys, other sites) can share a server.
   * @default 'repkit:'
   */
  keyPrefix?: string;
  /**
   * Milliseconds a command may take before it counts as failed and the proxy serves on its own
   * for a while: a slow Redis must not slow visitors down. 10 to 1000 (the proxy gives up on any
   * store call after a second anyway).
   * @default 250
   */
  commandTimeoutMs?: number;
}

/** A {@link ProxyStore} on Redis, and the connection to close when the server shuts down. */
export interface RedisStore extends ProxyStore {
  /** Closes the connection (the process cannot exit while it is open). */
  close(): Promise<void>;
}

/**
 * How long a cold instance's first commands wait for the first connection: under the proxy's
 * one-second limit on any store call, so that a command does not start after the proxy gave up.
 */
const FIRST_CONNECT_WAIT_MS = 800;

/** Deletes a claim only when it is still this instance's: one that lapsed may be another's by now. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

/** Sets the pause only when it is later than the one there: two 429s never shorten it. */
const PAUSE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local untilMs = tonumber(ARGV[1])
if untilMs > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 0`;

/**
 * The token bucket of src/proxy/store.ts (`takeToken`), run inside Redis so that taking a token
 * is atomic across instances, and timed by the server's own clock (`TIME`), never by the
 * instances': two instances whose clocks are seconds apart would each refill the bucket for
 * the seconds between them. The bucket's `at` never moves backwards either. Returns { 1, 0 } or
 * { 0, ms until a token }.
 */
const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local perMs = capacity / tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'spent', 'at')
local spent = 0
local at = now
if state[1] and state[2] then
  at = math.max(now, tonumber(state[2]))
  spent = math.max(0, tonumber(state[1]) - (at - tonumber(state[2])) * perMs)
end
local ok = 0
if spent + 1 <= capacity then
  spent = spent + 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'spent', tostring(spent), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if ok == 1 then return { 1, 0 } end
return { 0, math.ceil((spent + 1 - capacity) / perMs) }`;

const invalid = (name: string, expected: string, got: unknown): never => {
  throw new OptionError(
    name,
    `repkit/proxy/redis: ${name} must be ${expected}, got ${typeof got == 'string' ? JSON.stringify(got) : String(got)}`,
  );
};

/**
 * A value read from a key that holds another type (a hash where the proxy keeps a string: another
 * program's key, or one planted) is no value for that key, not a failure of the whole server.
 */
const wrongTypeAsNone = async (reply: Promise<string | null>): Promise<string | null> => {
  try {
    return await reply;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('WRONGTYPE')) return null;
    throw error;
  }
};

/**
 * A {@link ProxyStore} on one Redis server (or a managed one: Upstash, ElastiCache, Memorystore),
 * for `createProxy({ store })`. Connects at once and reconnects by itself; while the server is
 * down or slower than `commandTimeoutMs`, each proxy instance serves on its own and the proxy
 * tells its `onEvent` once.
 *
 * Answers are kept until their `keepUntil` (Redis expires them), claims for a few seconds,
 * buckets for one refill period: the server holds no more than the proxy would use.
 *
 * @throws {OptionError} (a `TypeError`) at once, when an option is invalid.
 */
export function redisStore(options: RedisStoreOptions = {}): RedisStore {
  const url = options.url ?? 'redis://127.0.0.1:6379';
  if (typeof url != 'string' || !/^rediss?:\/\/[^/]/.test(url)) invalid('url', 'a redis:// or rediss:// URL', url);
  const prefix = options.keyPrefix ?? 'repkit:';
  if (typeof prefix != 'string') invalid('keyPrefix', 'a string', prefix);
  const timeout = options.commandTimeoutMs ?? 250;
  if (typeof timeout != 'number' || !Number.isInteger(timeout) || timeout < 10 || timeout > 1000) {
    invalid('commandTimeoutMs', 'a whole number of milliseconds from 10 to 1000', timeout);
  }
  const connectTimeout = Math.max(1000, timeout * 4);
  const redis = new Redis(url, {
    commandTimeout: timeout,
    connectTimeout,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect quickly and for ever: the proxy shares again as soon as the server is back.
    retryStrategy: (times: number) => Math.min(times * 100, 1000),
  });
  // The proxy hears of failures through the commands; without a listener ioredis logs each one.
  redis.on('error', () => undefined);

  let everReady = false;
  const firstReady = new Promise<void>((resolve) =>
    redis.once('ready', () => {
      everReady = true;
      resolve();
    }),
  );
  /**
   * A cold instance's first commands wait for the first connection (a TLS handshake to a
   * managed Redis takes a while) rather than fail at once; later, a command while disconnected
   * fails at once (no offline queue), so that none runs late, after the proxy has given up on it:
   * a late claim would hold other instances back for nothing.
   */
  const connected = async (): Promise<void> => {
    if (everReady) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not connected to Redis within ${FIRST_CONNECT_WAIT_MS} ms`)), FIRST_CONNECT_WAIT_MS);
    });
    await Promise.race([firstReady, late]).finally(() => clearTimeout(timer));
  };
  const key = (kind: string, name: string): string => `${prefix}${kind}:${name}`;
  /** The token of each claim this instance holds, by name. */
  const held = new Map<string, string>();

  return {
    async get(name) {
      await connected();
      return storedTextOf(await wrongTypeAsNone(redis.get(key('a', name))));
    },
    async delete(name) {
      await connected();
      await redis.del(key('a', name));
    },
    async set(name, answer) {
      await connected();
      const ttl = Math.ceil(answer.keepUntil - Date.now());
      if (ttl > 0) await redis.set(key('a', name), JSON.stringify(answer), 'PX', ttl);
    },
    async claim(name, ttlMs) {
      await connected();
      const token = `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`;
      const got = (await redis.set(key('c', name), token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
      if (got) held.set(name, token);
      return got;
    },
    async release(name) {
      await connected();
      const token = held.get(name);
      held.delete(name);
      if (token !== undefined) await redis.eval(RELEASE_SCRIPT, 1, key('c', name), token);
    },
    async pause(untilMs) {
      await connected();
      const ttl = Math.ceil(untilMs - Date.now());
      if (ttl > 0) await redis.eval(PAUSE_SCRIPT, 1, `${prefix}pause`, String(Math.ceil(untilMs)), String(ttl));
    },
    async pausedUntil() {
      await connected();
      const value = Number(await wrongTypeAsNone(redis.get(`${prefix}pause`)));
      return Number.isFinite(value) ? value : 0;
    },
    // The server's clock times every bucket: this instance's `nowMs` is not used.
    async take(name, bucket: TokenBucket): Promise<TokenGrant> {
      await connected();
      const reply = (await redis.eval(TAKE_SCRIPT, 1, key('t', name), String(bucket.capacity), String(bucketLifetimeMs(bucket)))) as [
        number,
        number,
      ];
      return { ok: reply[0] === 1, retryAfterMs: Number(reply[1]) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
