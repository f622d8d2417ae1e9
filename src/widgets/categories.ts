import type { CategoryScore, UserScores } from '../client/types';
import type { Message, Words } from '../i18n/messages';
import { ownValue } from '../util/values';

/**
 * The service's score categories in display order, with their names: a fallback for a score
 * whose title is empty, and the tie-break order when two categories score the same.
 */
export const CATEGORY_TITLES: Readonly<Record<string, Message>> = {
  longevity: 'Account Longevity',
  txCount: 'Transaction Count',
  txVolume: 'Transaction Volume',
  modules: 'Module Diversity',
  governance: 'Governance Participation',
  stakingRewards: 'Staking Rewards',
  stakingNominators: 'Staking Nominator Diversity',
  stakingSlash: 'Staking Slash Penalties',
  tokenDiversity: 'Token Diversity',
  nftHoldings: 'NFT Holdings',
  nftActivity: 'NFT Activity',
  extrinsicDepth: 'Extrinsic Depth',
  identity: 'Identity',
  uniqueInteractions: 'Unique Interactions',
};

/** Each known category's place in the service's order; unknown keys come after them all. */
const ORDER: ReadonlyMap<string, number> = /* @__PURE__ */ (() => new Map(Object.keys(CATEGORY_TITLES).map((key, i) => [key, i])))();

/** Rankings already made, by record: a re-render (new locale, maxCategories) does not sort again. */
const RANKED = /* @__PURE__ */ new WeakMap<UserScores, [string, CategoryScore][]>();

/**
 * Categories in the order the reputation widget and the proxy's SVG badge show them: highest
 * score first, ties in the service's order, then unknown keys.
 */
export const rankCategories = (scores: UserScores): [string, CategoryScore][] => {
  let ranked = RANKED.get(scores);
  if (!ranked) {
    // A record may carry thousands of categories: each one's order is looked up once, not per comparison.
    const keyed = Object.entries(scores.categories ?? {}).map((entry) => ({ entry, order: ORDER.get(entry[0]) ?? ORDER.size }));
    keyed.sort((a, b) => b.entry[1].score - a.entry[1].score || a.order - b.order);
    RANKED.set(scores, (ranked = keyed.map(({ entry }) => entry)));
  }
  return ranked;
};

/**
 * A category's name: the score's title (`given`), else the known name of its key, else the key.
 * With `t`, a known category's name is the locale's (English has none: the service's titles are
 * English), before the given title.
 */
export const categoryTitleOf = (key: string, given: string, t?: Words['t']): string => {
  const known = ownValue(CATEGORY_TITLES, key);
  const local = known && t?.(known);
  return (local != known && local) || given.trim() || known || key;
};
