/**
 * The short form of an address shown wherever one is displayed: the first 6 characters, an
 * ellipsis and the last 4; 12 characters or fewer are shown whole. Counted in code points so
 * a surrogate pair is never cut in half.
 */
export const shortAddress = (address: string): string => {
  const chars = Array.from(address);
  return chars.length <= 12 ? address : `${chars.slice(0, 6).join('')}…${chars.slice(-4).join('')}`;
};
