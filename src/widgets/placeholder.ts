import type { BadgeDefinition, SpecificCategoryScore, UserBadge, UserProfile, UserScores } from '../client/types';
import { html, type Html } from '../render/html';

/**
 * The loading skeleton as the ready view itself, drawn from blank data shaped like a typical
 * full record: every row, line and gap the answer will take is already there, so the page
 * below does not move when the answer replaces it. Its text is filler in the page's own font
 * (spaces would be trimmed away by the views, and another glyph could change line heights),
 * transparent, hidden from assistive technology and inert; the stylesheet turns each run of
 * it into a bar.
 */

/** Filler text of `n` characters. */
const blank = (n: number): string => 'n'.repeat(n);

/** Blank prose of `words` words: wraps like text does. */
const prose = (words: number): string => Array.from({ length: words }, (_, i) => blank(4 + (i % 3) * 2)).join(' ');

/** Fixed, so the skeleton is the same on every render. */
const WHEN = '2025-01-01T00:00:00.000Z';

/**
 * The loading view: a hidden label, the blank ready view (inert), and the status line that
 * says "still calculating" after a few seconds.
 */
export const placeholderView = (label: string, ready: Html): Html =>
  html`<span class="rk-hidden">${label}</span><div class="rk-skel rk-placeholder" aria-hidden="true" inert>${ready}</div>
    <p class="rk-slow" part="slow" role="status" aria-live="polite"></p>`;

/** Six categories: the skeleton of a typical breakdown, before the real one arrives. */
export const scoresPlaceholder = ({ address }: { address: string }): UserScores => ({
  address,
  totalScore: 0,
  calculatedAt: WHEN,
  categories: Object.fromEntries(
    Array.from({ length: 6 }, (_, i) => [`c${i}`, { score: 6 - i, reason: '', title: blank(12 + (i % 3) * 3) }]),
  ),
});

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

/** A typical app user's profile: a name, a short bio, five social accounts, two identities. */
export const profilePlaceholder = ({ address }: { address: string }): UserProfile => ({
  address,
  displayName: blank(15),
  bio: prose(11),
  socialLinks: { twitter: blank(15), github: blank(15), discord: blank(10), telegram: blank(9) },
  chainIdentities: [
    { address, display: blank(5), web: 'https://x.example', judgements: [{ index: 0, judgement: 'KnownGood' }] },
    { address, display: blank(13) },
  ],
});

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
