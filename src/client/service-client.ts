import { cacheClear, cacheGet, cacheSet, shareRequest } from './cache';
import { resolveClientOptions, type ClientOptions, type ResolvedClientOptions } from './options';
import { segment } from './path';
import { request } from './request';
import { abortError } from './service-error';
import { asIs, badgeFromWire, categoryScoreFromWire, profileFromWire, type Adapter } from './wire';
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

const API = '/api/v2';

/** `/root/address`, or `/root/address/key` for one record; each part is checked and encoded. */
const recordPath = (root: 'scores' | 'badges' | 'profiles', address: string, key?: readonly [name: string, value: string]): string =>
  `/${root}/${segment('address', address)}` + (key ? `/${segment(...key)}` : '');

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

  /** @throws TypeError when `apiKey` is missing or an option has the wrong type. */
  constructor(options: ClientOptions) {
    this.#options = resolveClientOptions(options);
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
    return this.#get(recordPath('scores', address), asIs, check.userScores, signal);
  }

  /** One category's score with its definition and reasons. */
  async getCategoryScore(address: string, categoryKey: string, signal?: SignalOrOptions): Promise<SpecificCategoryScore> {
    const path = recordPath('scores', address, ['categoryKey', categoryKey]);
    return this.#get(path, categoryScoreFromWire(categoryKey), check.specificCategoryScore, signal);
  }

  /** Profile with identities and social links. 404: no profile set up. */
  async getProfile(address: string, signal?: SignalOrOptions): Promise<UserProfile> {
    return this.#get(recordPath('profiles', address), profileFromWire, check.userProfile, signal);
  }

  /** Every badge the address has earned. */
  async getBadges(address: string, signal?: SignalOrOptions): Promise<UserBadges> {
    return this.#get(recordPath('badges', address), asIs, check.userBadges, signal);
  }

  /** One badge with its full definition. 404: not earned, or no such badge (some servers answer `badge: null` instead). */
  async getBadge(address: string, badgeKey: string, signal?: SignalOrOptions): Promise<SpecificUserBadge> {
    const path = recordPath('badges', address, ['badgeKey', badgeKey]);
    return this.#get(path, badgeFromWire(badgeKey), check.specificUserBadge, signal);
  }

  /** Definitions of every badge and its levels. */
  async getBadgeDefinitions(signal?: SignalOrOptions): Promise<BadgeDefinitions> {
    return this.#get('/metadata/badges', asIs, check.badgeDefinitions, signal);
  }

  /** Definitions of every score category and its reasons. */
  async getCategoryDefinitions(signal?: SignalOrOptions): Promise<CategoryDefinitions> {
    return this.#get('/metadata/categories', asIs, check.categoryDefinitions, signal);
  }

  /** Forgets the cached results of every client with this base URL and API key. */
  clearCache(): void {
    cacheClear(this.#cachePrefix());
  }

  #cachePrefix(): string {
    return `${this.#options.baseUrl}\n${this.#options.apiKey ?? ''}\n`;
  }

  #get<T>(path: string, adapt: Adapter, validate: check.Validator<T>, signalOrOptions?: SignalOrOptions): Promise<T> {
    const { signal, fresh = false }: RequestOptions =
      signalOrOptions && 'aborted' in signalOrOptions ? { signal: signalOrOptions } : (signalOrOptions ?? {});
    const key = this.#cachePrefix() + path;
    const options = this.#options;
    // cacheTtlMs 0 opts this client out of the cache both ways: it neither reads nor writes.
    const caching = options.cacheTtlMs > 0;
    const cached = fresh || !caching ? undefined : (cacheGet(key) as T | undefined);
    if (cached !== undefined) return signal?.aborted ? Promise.reject(abortError(signal)) : Promise.resolve(cached);
    return shareRequest(key, fresh, signal, async (shared) => {
      const value = await request(options, API + path, adapt, validate, shared);
      if (caching) cacheSet(key, value, options.cacheTtlMs);
      return value;
    });
  }
}
