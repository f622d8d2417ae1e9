/**
 * The service's score categories in display order, with their names: a fallback for a score
 * whose title is empty, and the tie-break order when two categories score the same.
 */
export const CATEGORY_TITLES: Readonly<Record<string, string>> = {
  longevity: 'Account Longevity',
  txCount: 'Transaction Count',
  txVolume: 'Transaction Volume',
  modules: 'Module Diversity',
  governance: 'Governance Participation',
  stakingRewards: 'Staking Rewards',
  stakingNominators: 'Staking Nominator Diversity',
  stakingSlash: 'Staking Slash Penalties',
  tokenDiversity: 'Token Diversity',
  nftHoldings: 'NFT Holdings',
  nftActivity: 'NFT Activity',
  extrinsicDepth: 'Extrinsic Depth',
  identity: 'Identity',
  uniqueInteractions: 'Unique Interactions',
};
