/**
 * Work done in short slices, each a task of its own, so that reading a long page never holds the
 * main thread for long: each slice runs until its time is up (at most {@link SLICE_MS}) and says
 * whether work is left, and the next is queued behind whatever the page queued meanwhile (its
 * input, its frames). Not idle callbacks: a busy page rarely has idle time, and content it adds
 * (infinite scroll) would wait for it.
 */

/**
 * The longest slice, in ms: with the work its promises do after it (the chips' answers) and the
 * style and layout of what it changed, a frame stays well under the 50 ms after which a task
 * counts as long, also on a slow phone.
 */
export const SLICE_MS = 8;

/**
 * The longest slice that changes the page (chips placed, scores shown), in ms: each such slice
 * is followed by a frame in which the browser lays out and paints the page again, which costs
 * the same (tens of ms on a long page on a slow phone) whether one chip changed or fifty, so
 * these get twice the time of a slice that only reads.
 */
export const CHANGING_SLICE_MS = 16;

export interface Slices {
  /** Runs a slice now (the first, before the page is next painted): `run` is told it is urgent. */
  runNow(): void;
  /** Queues slices until the work is done (after new work arrived). */
  wake(): void;
  /** Whether no work is left. */
  idle(): boolean;
  /** No more slices. */
  stop(): void;
}

/**
 * Slices of `run(started, urgent)`, which works until performance.now() reaches `started` and
 * {@link SLICE_MS} (or {@link CHANGING_SLICE_MS}) and returns whether work is left; `urgent` for
 * the slice run at once ({@link Slices.runNow}), whose changes are painted with the page's.
 */
export const taskSlices = (doc: Document, run: (started: number, urgent: boolean) => boolean): Slices => {
  const view = doc.defaultView ?? window;
  // A message to ourselves is a task queued at once; a timer of 0 ms is clamped to 4 ms once nested.
  const channel = typeof MessageChannel == 'function' ? new MessageChannel() : undefined;
  let scheduled = false;
  let more = true;
  let stopped = false;

  const slice = (urgent: boolean): void => {
    scheduled = false;
    if (stopped) return;
    more = run(performance.now(), urgent);
    if (more) schedule();
  };
  const schedule = (): void => {
    if (scheduled || stopped) return;
    scheduled = true;
    if (channel) channel.port2.postMessage(null);
    else view.setTimeout(() => slice(false));
  };
  if (channel) channel.port1.onmessage = () => slice(false);
  return {
    runNow: () => slice(true),
    wake() {
      more = true;
      schedule();
    },
    idle: () => !more,
    stop() {
      stopped = true;
      channel?.port1.close();
    },
  };
};
