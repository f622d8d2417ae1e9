/** Badge tiers by level (1 to 5) and their colours, as the service defines them (docs/reference.md, "Badge widget options"). */
export const TIER_COLORS = {
  bronze: '#CD7F32',
  silver: '#C0C0C0',
  gold: '#FFD700',
  platinum: '#E5E4E2',
  diamond: '#B9F2FF',
} as const;

/** A badge tier name. */
export type Tier = keyof typeof TIER_COLORS;

/** The tiers from level 1 to 5. */
export const TIERS = /* @__PURE__ */ Object.keys(TIER_COLORS) as Tier[];

/**
 * The tier rules, generated from {@link TIER_COLORS} so the colours live in one place: each
 * `.rk-tier-<name>` class points `--rk-tier` at `--rk-tier-<name>`, which a page may set on the
 * host element (or above it), with the tier's colour as the fallback.
 */
export const tierCss = (): string => TIERS.map((t) => `.rk-tier-${t}{--rk-tier:var(--rk-tier-${t},${TIER_COLORS[t]})}`).join('');

/** The tier of a level; levels outside 1 to 5 take the nearest tier. */
export const tierOf = (level: number): Tier => TIERS[Math.min(4, Math.max(0, Math.round(level) - 1))];
