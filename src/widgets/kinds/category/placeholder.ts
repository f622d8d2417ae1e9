import type { SpecificCategoryScore } from '../../../client/types';
import { blank, prose, WHEN } from '../../placeholder';

/** A typical definition: four ways of scoring, each with one threshold; the top one reached. */
export const categoryPlaceholder = ({ address, categoryKey }: { address: string; categoryKey: string }): SpecificCategoryScore => ({
  address,
  calculatedAt: WHEN,
  category: { key: categoryKey, score: { score: 0, reason: 'r3', title: blank(14) } },
  definition: {
    key: categoryKey,
    displayName: blank(18),
    short_description: prose(7),
    long_description: '',
    order: 0,
    reasons: Array.from({ length: 4 }, (_, i) => ({
      key: `r${i}`,
      points: i * 5,
      title: blank(16),
      description: prose(4),
      thresholds: [{ label: blank(4), description: prose(4) }],
      advices: i < 3 ? [prose(5)] : [],
    })),
  },
});
