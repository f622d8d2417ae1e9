/**
 * The page-wide quota gate. After a 429 that says when the quota resets (./rate-limit), no
 * request goes out for that base URL and API key until then, from any client or widget on
 * the page: they all share this map. A widget with `cache: 'session' | 'local'` also keeps the
 * reset in that storage, so the next page load waits too (src/widgets/widget.ts).
 */
const gates = new Map<string, number>();

/**
 * The gate's name for a base URL and key: the URL and a 32-bit digest of the key (FNV-1a),
 * never the key itself, since the name may be stored in the page's storage.
 */
export const gateKey = (baseUrl: string, apiKey = ''): string => {
  let hash = 2166136261;
  for (let i = 0; i < apiKey.length; i++) hash = Math.imul(hash ^ apiKey.charCodeAt(i), 16777619);
  return `${baseUrl} ${(hash >>> 0).toString(36)}`;
};

/** When the gate `key` opens (epoch ms), or 0 when it is open. */
export const gateOpensAt = (key: string): number => {
  const at = gates.get(key) ?? 0;
  return at > Date.now() ? at : 0;
};

/** Closes the gate `key` until `at` (epoch ms); a later reset already known wins. */
export const closeGate = (key: string, at: number): void => {
  if (at > gateOpensAt(key)) gates.set(key, at);
};

/** Opens every gate. @internal for tests. */
export const openGates = (): void => gates.clear();
