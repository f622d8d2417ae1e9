import type { SharedState } from './shared';
import type { CachedAnswer } from './types';

/** How often an instance that waits for another's answer looks for it in the store. */
export const POLL_MS = 50;

/**
 * How long a claim on a path lasts: long enough for most upstream requests, short enough that
 * a crashed instance holds nobody back for long (an upstream request slower than this may be
 * sent twice, which costs quota but never a visitor's answer).
 */
export const claimTtlMs = (timeoutMs: number): number => Math.min(timeoutMs, 10_000) + 1_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Request collapsing across instances: only the instance that holds the claim on `key` runs
 * `ask` (the upstream request); the others wait for its answer to appear in the store and
 * serve that. A waiter takes the claim itself when the holder gave it up without a usable
 * answer (a failure, an answer not worth storing), and stops waiting after one claim's
 * lifetime or when the store stops answering, then asks on its own: the wait is bounded.
 *
 * `usable` says whether a stored answer may be served instead of asking (a fresh one).
 */
export async function collapseAcrossInstances<R>(
  shared: SharedState,
  key: string,
  ttlMs: number,
  usable: (answer: CachedAnswer) => boolean,
  ask: () => Promise<R>,
  found: (answer: CachedAnswer) => R,
): Promise<R> {
  if (!shared.sharing) return ask();
  const lock = `lock:${key}`;
  const deadline = Date.now() + ttlMs;
  for (let first = true; ; first = false) {
    if (!first) {
      const stored = await shared.get(key);
      if (stored && usable(stored)) return found(stored);
    }
    if (await shared.claim(lock, ttlMs)) {
      try {
        // The holder before may have stored its answer and let go between the look and the claim.
        const stored = first ? undefined : await shared.get(key);
        if (stored && usable(stored)) return found(stored);
        return await ask();
      } finally {
        await shared.release(lock);
      }
    }
    if (!shared.sharing || Date.now() >= deadline) return ask();
    await sleep(POLL_MS);
  }
}
