import { blake2b } from '@noble/hashes/blake2.js';
import { decodeBase58 } from './base58';

/**
 * SS58, the address format of Polkadot and the chains built like it: base58 of a network
 * prefix (one byte for 0 to 63, two for 64 to 16383), a 32-byte public key and two bytes of
 * checksum, the first two of blake2b-512 over "SS58PRE", the prefix and the key. A string
 * passes only when that checksum matches: a random base58 word of the right length does not
 * (1 in 65,536 would).
 */

/** "SS58PRE" as bytes: what the checksum's hash starts with. */
const CHECKSUM_CONTEXT = /* @__PURE__ */ new TextEncoder().encode('SS58PRE');

/** The network prefix of a valid SS58 address of a 32-byte account, or undefined for anything else. */
export const ss58Prefix = (address: string): number | undefined => {
  const bytes = decodeBase58(address);
  if (!bytes || bytes.length < 35) return undefined;
  const first = bytes[0];
  if (first > 127) return undefined;
  const prefixLength = first < 64 ? 1 : 2;
  // The prefix, the account and two bytes of checksum: nothing more, nothing less.
  if (bytes.length != prefixLength + 34) return undefined;
  const body = bytes.subarray(0, bytes.length - 2);
  const hashed = new Uint8Array(CHECKSUM_CONTEXT.length + body.length);
  hashed.set(CHECKSUM_CONTEXT);
  hashed.set(body, CHECKSUM_CONTEXT.length);
  const hash = blake2b(hashed);
  if (hash[0] != bytes[bytes.length - 2] || hash[1] != bytes[bytes.length - 1]) return undefined;
  // Two bytes: the low six bits of the first are bits 2-7 of the prefix, the second byte carries the rest.
  return prefixLength == 1 ? first : ((first & 0x3f) << 2) | (bytes[1] >> 6) | ((bytes[1] & 0x3f) << 8);
};
