/** Bitcoin's base58 alphabet, which SS58 addresses are written in (no 0, O, I or l). */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Each character's value, by char code; -1 for a character outside the alphabet. */
const VALUES = /* @__PURE__ */ (() => {
  const values = new Int8Array(128).fill(-1);
  for (let i = 0; i < BASE58_ALPHABET.length; i++) values[BASE58_ALPHABET.charCodeAt(i)] = i;
  return values;
})();

/**
 * The bytes a base58 string stands for, or undefined when a character is not base58. Leading
 * `1`s are leading zero bytes. Quadratic in the length, which is fine for the 47 or 48
 * characters of an address (the caller bounds it).
 */
export const decodeBase58 = (text: string): Uint8Array | undefined => {
  // Little-endian base-256 digits of the number read so far.
  const digits: number[] = [];
  let zeros = 0;
  while (zeros < text.length && text[zeros] == '1') zeros++;
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let carry = code < 128 ? VALUES[code] : -1;
    if (carry < 0) return undefined;
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j] * 58;
      digits[j] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry; carry >>= 8) digits.push(carry & 0xff);
  }
  const bytes = new Uint8Array(zeros + digits.length);
  for (let i = 0; i < digits.length; i++) bytes[bytes.length - 1 - i] = digits[i]!;
  return bytes;
};
