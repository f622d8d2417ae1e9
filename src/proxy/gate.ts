/**
 * The bound on upstream requests: at most `max` in flight per proxy instance, a queue of at
 * most `maxQueued` behind them, and no wait in that queue longer than `waitMs`. Without it a
 * flood of new addresses (a `/batch` asks for 50 at once) opens one socket per address for as
 * long as the service takes, up to `timeoutMs`, until the process runs out of descriptors and
 * memory and even cached paths answer late.
 */

import { messageBody, type Failure } from './classify';

/** The 503 for a request that found every upstream slot taken: try again once the queue could have moved. */
export const busyFailure = (waitMs: number): Failure => {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return {
    status: 503,
    body: messageBody(`repkit proxy: too many requests to the service are under way; try again in ${retryAfter} s`),
    retryAfter,
  };
};

/** Whether a request may go upstream now: with a slot to release when done, or not (busy, or no one waits any more). */
export type Admission = { ok: true; release(): void } | { ok: false; reason: 'busy' | 'abandoned' };

export interface UpstreamGate {
  /**
   * Waits for a slot, at most the gate's `waitMs`. `abandon` aborting while still queued gives
   * up the place in the queue (`abandoned`); once admitted, the slot is the caller's to release.
   */
  enter(abandon?: AbortSignal): Promise<Admission>;
  /** Requests in flight now. */
  readonly active: number;
  /** Requests waiting for a slot now. */
  readonly queued: number;
}

export interface GateLimits {
  max: number;
  maxQueued: number;
  waitMs: number;
}

interface Waiting {
  admit(): void;
  drop(reason: 'busy' | 'abandoned'): void;
}

/** A counting semaphore with a bounded, time-limited FIFO queue. */
export function upstreamGate({ max, maxQueued, waitMs }: GateLimits): UpstreamGate {
  let active = 0;
  const queue: Waiting[] = [];

  const slot = (): Admission => {
    active++;
    let released = false;
    return {
      ok: true,
      release() {
        if (released) return;
        released = true;
        active--;
        queue.shift()?.admit();
      },
    };
  };

  return {
    enter(abandon) {
      if (abandon?.aborted) return Promise.resolve({ ok: false, reason: 'abandoned' });
      if (active < max && !queue.length) return Promise.resolve(slot());
      if (queue.length >= maxQueued || waitMs <= 0) return Promise.resolve({ ok: false, reason: 'busy' });
      return new Promise<Admission>((resolve) => {
        const leave = (): void => {
          clearTimeout(timer);
          abandon?.removeEventListener('abort', onAbort);
          const at = queue.indexOf(waiting);
          if (at >= 0) queue.splice(at, 1);
        };
        const waiting: Waiting = {
          admit() {
            leave();
            resolve(slot());
          },
          drop(reason) {
            leave();
            resolve({ ok: false, reason });
          },
        };
        const onAbort = (): void => waiting.drop('abandoned');
        const timer = setTimeout(() => waiting.drop('busy'), waitMs);
        abandon?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiting);
      });
    },
    get active() {
      return active;
    },
    get queued() {
      return queue.length;
    },
  };
}

/** What to call when a visitor leaves, by their request's signal. */
const departures = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` once `signal` aborts; returns the way to take it back. One listener per
 * signal however many callbacks: a batch's 50 parts share their request's signal, and Node
 * warns of a leak past 10 listeners on one.
 */
export const onAbort = (signal: AbortSignal, callback: () => void): (() => void) => {
  let callbacks = departures.get(signal);
  if (!callbacks) {
    const all = new Set<() => void>();
    callbacks = all;
    departures.set(signal, all);
    signal.addEventListener('abort', () => [...all].forEach((call) => call()), { once: true });
  }
  callbacks.add(callback);
  const own = callbacks;
  return () => own.delete(callback);
};
