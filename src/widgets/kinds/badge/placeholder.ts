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
    key: '',
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

/** Six earned badges (each titled by one shared blank definition), or the one asked for with its five levels. */
export const badgesPlaceholder = ({ address, badgeKey }: { address: string; badgeKey?: string | undefined }) => {
  const blankDefinition = definition(badgeKey ?? '');
  if (badgeKey) return { badge: { address, badge: earned(badgeKey, 2), definition: blankDefinition } };
  const badges = Array.from({ length: 6 }, (_, i) => earned(`b${i}`, 3 - (i >> 1)));
  return { badges, definitions: new Map(badges.map((b) => [b.badgeKey, blankDefinition])) };
};
