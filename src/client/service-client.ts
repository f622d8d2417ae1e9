import { cacheClear, cacheGet, cacheSet, resultKey, shareRequest } from './cache';
import { resolveClientOptions, type ClientOptions, type ResolvedClientOptions } from './options';
import { segment } from './path';
import { request } from './request';
import { abortError } from './abort-error';
import type {
  BadgeDefinitions,
  CategoryDefinitions,
  SpecificCategoryScore,
  SpecificUserBadge,
  UserBadges,
  UserProfile,
  UserScores,
} from './types';
import * as check from './validate';

/** Per-call options; an `AbortSignal` may be passed in their place. */
export interface RequestOptions {
  /** Aborting it rejects the call with an error named `AbortError`. */
  signal?: AbortSignal;
  /** Skip the cache and any request already under way, and ask the service again. Default `false`. */
  fresh?: boolean;
}

/** What the last parameter of every operation accepts. */
export type SignalOrOptions = AbortSignal | RequestOptions;

/**
 * Options resolved and checked before the client is made (a widget's settings), by the token
 * {@link clientOn} passes for them: such a client checks neither its options nor its arguments
 * again.
 */
const resolvedByToken = new WeakMap<ClientOptions, ResolvedClientOptions>();

/**
 * A client on options already resolved and checked, with the addresses and keys it is asked for
 * checked too (a widget's settings, by its option table): nothing is checked twice.
 */
export const clientOn = (resolved: ResolvedClientOptions): ServiceClient => {
  const token: ClientOptions = {};
  resolvedByToken.set(token, resolved);
  return new ServiceClient(token);
};

/**
 * A typed, read-only client for the reputation service.
 *
 * Identical concurrent calls share one HTTP request, and successful results are cached for
 * `cacheTtlMs` and shared by every client with the same `baseUrl` and `apiKey`. Results are
 * shared between callers: treat them as read-only.
 *
 * @example
 * const client = new ServiceClient({ apiKey: 'dp_live_…' });
 * const { totalScore } = await client.getScores(address);
 */
export class ServiceClient {
  readonly #options: ResolvedClientOptions;
  /** What starts the keys of this client's cached results: the base URL and the API key. */
  readonly #cachePrefix: string;
  /** Made by {@link clientOn}: its arguments were checked as settings. */
  readonly #checked: boolean;

  /** @throws OptionError (a `TypeError`) when `apiKey` is missing or an option has the wrong type. */
  constructor(options: ClientOptions) {
    const trusted = resolvedByToken.get(options);
    const resolved = (this.#options = trusted ?? resolveClientOptions(options));
    this.#checked = !!trusted;
    this.#cachePrefix = resultKey(resolved.baseUrl, resolved.apiKey, '');
  }

  /** The base URL requests go to. */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /**
   * Total score and category breakdown. The first call for a new address can take 10 to 30 s
   * while the service computes it. 400: not a valid address.
   */
  async getScores(address: string, signal?: SignalOrOptions): Promise<UserScores> {
    return this.#get(this.#path('scores', address), check.userScores, signal);
  }

  /** One category's score with its definition and reasons. */
  async getCategoryScore(address: string, categoryKey: string, signal?: SignalOrOptions): Promise<SpecificCategoryScore> {
    const path = this.#path('scores', address, 'categoryKey', categoryKey);
    return this.#get(path, check.specificCategoryScore, signal, categoryKey);
  }

  /** Profile with identities and social links. 404: no profile set up. */
  async getProfile(address: string, signal?: SignalOrOptions): Promise<UserProfile> {
    return this.#get(this.#path('profiles', address), check.userProfile, signal);
  }

  /**
   * Every badge the address has earned. An `earnedAt` the service filled in with the time of the
   * request (a computed record's date within 10 s of the answer) is left out: it is unknown.
   */
  async getBadges(address: string, signal?: SignalOrOptions): Promise<UserBadges> {
    return this.#get(this.#path('badges', address), check.userBadges, signal);
  }

  /** One badge with its full definition. 404: not earned, or no such badge (some servers answer `badge: null` instead). */
  async getBadge(address: string, badgeKey: string, signal?: SignalOrOptions): Promise<SpecificUserBadge> {
    const path = this.#path('badges', address, 'badgeKey', badgeKey);
    return this.#get(path, check.specificUserBadge, signal, badgeKey);
  }

  /** Definitions of every badge and its levels. */
  async getBadgeDefinitions(signal?: SignalOrOptions): Promise<BadgeDefinitions> {
    return this.#get('metadata/badges', check.badgeDefinitions, signal);
  }

  /** Definitions of every score category and its reasons. */
  async getCategoryDefinitions(signal?: SignalOrOptions): Promise<CategoryDefinitions> {
    return this.#get('metadata/categories', check.categoryDefinitions, signal);
  }

  /** Forgets the cached results of every client with this base URL and API key. */
  clearCache(): void {
    cacheClear(this.#cachePrefix);
  }

  /**
   * `root/address`, or `root/address/key` for one record; each part is percent-encoded, and
   * checked unless the settings it came from were (./path).
   * @throws OptionError naming the part that cannot be a path segment.
   */
  #path(root: 'scores' | 'badges' | 'profiles', address: string, keyName?: string, key?: string): string {
    const part = (name: string, value: unknown) => (this.#checked ? encodeURIComponent(`${value}`) : segment(name, value));
    return `${root}/${part('address', address)}` + (keyName ? `/${part(keyName, key)}` : '');
  }

  /**
   * One operation's record, from the cache, a request under way or a new one. Called from the
   * `async` operations, so what it throws (a caller's abort) rejects their promise.
   */
  #get<T>(path: string, rule: check.Rule<T>, signalOrOptions?: SignalOrOptions, asked?: string): T | Promise<T> {
    const { signal, fresh }: RequestOptions =
      signalOrOptions && 'aborted' in signalOrOptions ? { signal: signalOrOptions } : (signalOrOptions ?? {});
    if (signal?.aborted) throw abortError(signal);
    const key = this.#cachePrefix + path;
    const options = this.#options;
    const ttl = options.cacheTtlMs;
    // cacheTtlMs 0 opts this client out of the cache both ways: it neither reads nor writes.
    const cached = fresh || !ttl ? undefined : cacheGet(key);
    return cached !== undefined
      ? (cached as T)
      : shareRequest(key, fresh, signal, async (shared) => {
          const value = await request(options, '/api/v2/' + path, rule, shared, asked);
          if (ttl) cacheSet(key, value, ttl);
          return value;
        });
  }
}
