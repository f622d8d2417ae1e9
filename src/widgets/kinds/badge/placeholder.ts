import type { BadgeDefinition, UserBadge } from '../../../client/types';
import { blank, prose, WHEN } from '../../placeholder';

const definition = (key: string): BadgeDefinition => ({
  key,
  title: blank(14),
  shortDescription: prose(12),
  longDescription: '',
  metric: blank(6),
  levels: Array.from({ length: 5 }, (_, i) => ({
    level: i + 1,
    key: `l${i}`,
    value: i,
    title: blank(10),
    shortDescription: '',
    longDescription: '',
  })),
});

const earned = (badgeKey: string, level: number): UserBadge => ({
  badgeKey,
  achievedLevel: level,
  achievedLevelKey: '',
  achievedLevelTitle: blank(10),
  earnedAt: WHEN,
});

/** Six earned badges, or the one asked for with its five levels. */
export const badgesPlaceholder = ({ address, badgeKey }: { address: string; badgeKey?: string | undefined }) =>
  badgeKey
    ? { badge: { address, badge: earned(badgeKey, 2), definition: definition(badgeKey) } }
    : {
        badges: Array.from({ length: 6 }, (_, i) => earned(`b${i}`, 3 - (i >> 1))),
        definitions: new Map(Array.from({ length: 6 }, (_, i) => [`b${i}`, definition(`b${i}`)])),
      };
