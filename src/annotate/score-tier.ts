import type { Tier } from '../widgets/tiers';

/**
 * The tier a total score shows as, the badges' five tiers read as score bands: the least total
 * of Silver, Gold, Platinum and Diamond (below the first, Bronze). docs/annotate.md prints them.
 */
export const SCORE_TIERS: readonly { least: number; tier: Tier }[] = [
  { least: 5000, tier: 'diamond' },
  { least: 2000, tier: 'platinum' },
  { least: 500, tier: 'gold' },
  { least: 100, tier: 'silver' },
];

/** The tier of a total score. */
export const scoreTier = (total: number): Tier => SCORE_TIERS.find(({ least }) => total >= least)?.tier ?? 'bronze';

/** A tier's name as the catalogue has it (its key, capitalised: `Gold`). */
export { tierWord as tierName } from '../widgets/tiers';

/** A message with several `$`, each replaced by the next value in order. */
export const fillIn = (text: string, ...values: string[]): string => {
  let i = 0;
  return text.replace(/\$/g, () => values[i++] ?? '$');
};
