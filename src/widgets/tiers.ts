/** Badge tiers by level (1 to 5) and their colours, as the service defines them (README, "Badge widget options"). */
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
 * `--rk-tier-<name>` on the host (a page overrides it on the host element, which wins over
 * `:host`), and each `.rk-tier-<name>` class pointing `--rk-tier` at it.
 */
export const tierCss = (): string =>
  `:host{${TIERS.map((t) => `--rk-tier-${t}:${TIER_COLORS[t]};`).join('')}}` +
  TIERS.map((t) => `.rk-tier-${t}{--rk-tier:var(--rk-tier-${t})}`).join('');

/** The tier of a level; levels outside 1 to 5 take the nearest tier. */
export const tierOf = (level: number): Tier => TIERS[Math.min(4, Math.max(0, Math.round(level) - 1))]!;
