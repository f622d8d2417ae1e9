import type { UserScores } from '../../../client/types';
import { blank, WHEN } from '../../placeholder';

/** Six categories, as a typical address is scored. */
export const scoresPlaceholder = ({ address }: { address: string }): UserScores => ({
  address,
  totalScore: 0,
  calculatedAt: WHEN,
  categories: Object.fromEntries(
    Array.from({ length: 6 }, (_, i) => [`c${i}`, { score: 6 - i, reason: '', title: blank(12 + (i % 3) * 3) }]),
  ),
});
