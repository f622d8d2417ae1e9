/**
 * The page-wide quota gate. After a 429 that says when the quota resets (./rate-limit), no
 * request goes out for that base URL and API key until then, from any client or widget on
 * the page: they all share this map. A widget with `cache: 'session' | 'local'` also keeps the
 * reset in that storage, so the next page load waits too (src/widgets/widget.ts).
 */
const gates = new Map<string, number>();

/** Told of every gate that closes (or closes for longer): its name and when it opens. */
type GateWatcher = (key: string, at: number) => void;
const watchers = new Set<GateWatcher>();

/**
 * Calls `watcher` whenever a gate closes, also while a client waits for a reset seconds away
 * (./request), so that a widget can say so and keep the reset for the next page load. Returns
 * the function that stops it.
 */
export const watchGates = (watcher: GateWatcher): (() => void) => {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
};

/**
 * The gate's name for a base URL and key: the URL and a 32-bit digest of the key, never the
 * key itself, since the name may be stored in the page's storage.
 */
export const gateKey = (baseUrl: string, apiKey = ''): string => {
  let hash = 0;
  for (const c of apiKey) hash = (hash * 31 + c.charCodeAt(0)) | 0;
  return baseUrl + ' ' + hash;
};

/**
 * Closes the gate `key` until `at` (epoch ms), unless a later reset is already known, and
 * says when it opens: that time, or 0 when it is open. Without `at`, only says.
 */
export const gate = (key: string, at = 0): number => {
  const known = gates.get(key) ?? 0;
  if (at > known) {
    gates.set(key, at);
    for (const watcher of watchers) watcher(key, at);
  } else at = known;
  return at > Date.now() ? at : 0;
};

/** Opens every gate. @internal for tests. */
export const openGates = (): void => gates.clear();
