/**
 * A fast fake clock for tests whose code under test waits (backoff, Retry-After, timeouts):
 * `setTimeout`, `clearTimeout` and `Date` are faked, and {@link fast} moves them 10 ms per
 * real millisecond while real HTTP goes on, so waits keep their order and their arithmetic
 * but cost a tenth of the time. Not a test file itself.
 *
 * Date is faked too: Retry-After and X-RateLimit-Reset are read against the clock the sleep
 * runs on, and the in-process sandbox stamps its request log with it.
 */
import { vi } from 'vitest';

/** The real setTimeout, kept before any test fakes the clock. */
const realSetTimeout = globalThis.setTimeout;

/** Fakes the clock until `vi.useRealTimers()` (call that in an afterEach). */
export const useFastClock = (): void => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
};

/**
 * Settles `promise` while moving the fake clock 10 ms per real millisecond (at most 50 s of
 * fake time). With the real clock in place it simply awaits the promise.
 */
export const fast = async <T>(promise: Promise<T>): Promise<T> => {
  if (!vi.isFakeTimers()) return promise;
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; !settled && i < 5000; i++) {
    await vi.advanceTimersByTimeAsync(10);
    await new Promise((resolve) => realSetTimeout(resolve, 1));
  }
  return promise;
};
