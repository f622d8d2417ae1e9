import type { BadgeDefinition, UserBadge, UserScores } from '../../client/types';
import type { Words } from '../../i18n/messages';
import { shortAddress } from '../../render/address';
import { formatNumber } from '../../render/format';
import { bounded } from '../../widgets/views/common';
import { tierOf, tierWord, type Tier } from '../../widgets/tiers';
import { listOf, topCategories, type CategoryLine } from '../svg';
import { fill } from '../words';

/**
 * What a share page, its card and its oEmbed say about an address: the same ranking and words as
 * the SVG badges (../svg, ../words), in one place so the three never disagree.
 */

/** Categories and badges a share link names: enough for a preview, few enough for one line. */
export const SHARE_LIMITS = { categories: 3, badges: 4, textChars: 28, descriptionChars: 300 } as const;

/** A badge as a share link names it. */
export interface BadgeLine {
  /** Its title from the definitions, else its key. */
  title: string;
  tier: Tier;
}

/** The facts of one address, before they are put into words. */
export interface ShareFacts {
  address: string;
  total: number;
  categories: CategoryLine[];
  /** The highest-level badges first. */
  badges: BadgeLine[];
  /** Badges earned in all (more than {@link badges} shows). */
  badgeCount: number;
}

/** The badges an address has earned, highest level first, titled by the definitions where there are some. */
export const badgeLines = (badges: readonly UserBadge[], definitions: ReadonlyMap<string, BadgeDefinition>, limit: number): BadgeLine[] =>
  [...badges]
    .sort((a, b) => b.achievedLevel - a.achievedLevel)
    .slice(0, limit)
    .map((b) => ({ title: definitions.get(b.badgeKey)?.title.trim() || b.badgeKey, tier: tierOf(b.achievedLevel) }));

export const shareFacts = (
  address: string,
  scores: UserScores,
  badges: readonly UserBadge[],
  definitions: ReadonlyMap<string, BadgeDefinition>,
  words: Words,
): ShareFacts => ({
  address,
  total: scores.totalScore,
  categories: topCategories(scores, SHARE_LIMITS.categories, words.t),
  badges: badgeLines(badges, definitions, SHARE_LIMITS.badges),
  badgeCount: badges.length,
});

/** A tier by its name in the language of `words` (its message is the capitalised key). */
export const tierName = (tier: Tier, words: Words): string => words.t(tierWord(tier));

const short = (text: string): string => bounded(text.trim(), SHARE_LIMITS.textChars);

/** The title of a share page: "Reputation score 89 for 1bW2n3…SFa6", in its language. */
export const shareTitle = (facts: ShareFacts, words: Words): string =>
  fill(words.t('Reputation score $ for $'), formatNumber(facts.total, words.locale), shortAddress(facts.address));

/**
 * The description of a share page (`og:description`): the score, the top badges with their
 * tiers, the top categories, in its language; bounded, since the service's titles may be long.
 */
export const shareDescription = (facts: ShareFacts, words: Words): string => {
  const badges = facts.badges.map((b) => `${short(b.title)} (${tierName(b.tier, words)})`);
  const categories = facts.categories.map((c) => `${short(c.name)} ${formatNumber(c.score, words.locale)}`);
  const sentences = [
    shareTitle(facts, words),
    badges.length ? words.t('Top badges: $', listOf(badges, words.locale)) : words.t('No badges earned yet.'),
    ...(categories.length ? [words.t('Top categories: $', listOf(categories, words.locale))] : []),
  ];
  return bounded(sentences.join(' · '), SHARE_LIMITS.descriptionChars);
};
