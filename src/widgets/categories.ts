/** The score categories SPEC.md lists, in their display order, with their titles. */
export const CATEGORY_TITLES: Readonly<Record<string, string>> = {
  longevity: 'Account Longevity',
  txCount: 'Transaction Count',
  governance: 'Governance',
  identity: 'Identity',
  uniqueInteractions: 'Unique Interactions',
  stakingRewards: 'Staking',
};

/**
 * The value under a key the service chose, never one inherited from Object.prototype:
 * a category or platform named `constructor` must not find a function.
 */
export const ownValue = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
