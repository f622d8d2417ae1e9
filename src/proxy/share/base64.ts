/**
 * Bytes to and from base64 with `btoa`/`atob` only, which every runtime the proxy supports has
 * (Node 16+, Workers, Deno): a PNG is kept in the proxy's caches as text, the way they hold JSON.
 */

/** Bytes per `String.fromCharCode` call: far below any engine's argument limit. */
const CHUNK = 0x8000;

export const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
};

export const fromBase64 = (text: string): Uint8Array => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};
