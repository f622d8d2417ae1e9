/** The score categories SPEC.md lists, in their display order, with their titles. */
export const CATEGORY_TITLES: Readonly<Record<string, string>> = {
  longevity: 'Account Longevity',
  txCount: 'Transaction Count',
  governance: 'Governance',
  identity: 'Identity',
  uniqueInteractions: 'Unique Interactions',
  stakingRewards: 'Staking',
};
