/**
 * Work done in slices of idle time, so that reading a long page never holds the main thread for
 * long: each slice runs until its time is up (at most {@link SLICE_MS}) and says whether work is left.
 */

/**
 * The longest slice, in ms: well under the 50 ms after which a task counts as long, with room
 * for the work its promises do after it (the chips' answers).
 */
export const SLICE_MS = 16;

/** A page that is never idle still gets its slices, this long after asking. */
const IDLE_TIMEOUT_MS = 100;

export interface Slices {
  /** Runs a slice now (the first, before the page is next painted). */
  runNow(): void;
  /** Asks for slices until the work is done (after new work arrived). */
  wake(): void;
  /** Whether no work is left. */
  idle(): boolean;
  /** No more slices. */
  stop(): void;
}

/** Slices of `run(due)`, which works until performance.now() reaches `due` and returns whether work is left. */
export const idleSlices = (doc: Document, run: (due: number) => boolean): Slices => {
  const view: Window = doc.defaultView ?? (globalThis as unknown as Window);
  // Where requestIdleCallback is missing (Safari), a timer stands in for it.
  const idle = typeof view.requestIdleCallback == 'function';
  let scheduled: number | undefined;
  let more = true;
  let stopped = false;

  const slice = (deadline?: IdleDeadline): void => {
    scheduled = undefined;
    if (stopped) return;
    const start = performance.now();
    const left = deadline && !deadline.didTimeout ? deadline.timeRemaining() : SLICE_MS;
    more = run(start + Math.max(1, Math.min(SLICE_MS, left)));
    if (more) schedule();
  };
  const schedule = (): void => {
    if (scheduled !== undefined || stopped) return;
    scheduled = idle ? view.requestIdleCallback(slice, { timeout: IDLE_TIMEOUT_MS }) : view.setTimeout(slice, 1);
  };
  return {
    runNow: () => slice(),
    wake() {
      more = true;
      schedule();
    },
    idle: () => !more,
    stop() {
      stopped = true;
      if (scheduled === undefined) return;
      if (idle) view.cancelIdleCallback(scheduled);
      else view.clearTimeout(scheduled);
    },
  };
};
