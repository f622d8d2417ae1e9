/**
 * Widget work that yields to the browser. Mounting a page's snippets and drawing answers that
 * arrive together are queued here and run in order, in slices: a slice runs jobs until
 * {@link SLICE_MS} have passed, then the rest wait for a later task, the browser painting and
 * answering input in between. A page of forty widgets on a slow phone so never holds its main
 * thread for one long task, and a page of a few widgets pays nothing: what fits in a slice runs
 * at once, in the task that asked for it, without waiting for a task or a frame.
 */

/**
 * How long a slice runs jobs, in ms, before the rest wait for a later task. A phone four times
 * slower than a desktop makes 3 ms about 12, and the frame after it styles and lays out the
 * cards those jobs drew. On the page of 40 widgets, at 4×: with 8 ms those frames took 60-85 ms;
 * with 5, one went over 50 ms in half the runs; with 3, in 3 runs of 19. More slices are more
 * frames, each painting the page: that page's main thread then works about 13% more over its
 * load, spread where input can get in between (test/bench/README.md, "Seventh pass").
 */
export const SLICE_MS = 3;

/** How long the slice after a busy one waits for a frame before it runs without one. */
const FRAME_WAIT_MS = 100;

const queue: (() => void)[] = [];
/** When the current slice began (`performance.now()`); undefined between slices. */
let sliceStart: number | undefined;

/**
 * Resolves in a new task: through `scheduler.yield()` where the browser has it, else a message
 * to a MessageChannel (a task of its own, without the 4 ms clamp of nested timers).
 */
const nextTask = (): Promise<void> => {
  const { scheduler } = globalThis;
  if (typeof scheduler?.yield == 'function') return scheduler.yield();
  return new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(0);
  });
};

const run = (job: () => void): void => {
  try {
    job();
  } catch (error) {
    // Jobs catch their own failures; one that does not must not stop the others.
    globalThis.reportError?.(error);
  }
};

const inSlice = (): boolean => sliceStart !== undefined && performance.now() - sliceStart < SLICE_MS;

/**
 * After a frame has been painted, in a new task. Each slice's jobs change cards the browser
 * then styles and lays out in its next frame: slices run back to back would pile several
 * slices' cards into one frame (56–110 ms of style and layout at 4×, test/bench/README.md),
 * so the slice after a busy one waits for a frame. Not in a hidden tab, where frames never come.
 */
const afterFrame = (): Promise<void> =>
  typeof requestAnimationFrame == 'function' && document.visibilityState == 'visible'
    ? new Promise<void>((resolve) => {
        // Frames may still not come (an off-screen iframe, a page's own requestAnimationFrame): a timer goes on then.
        setTimeout(resolve, FRAME_WAIT_MS);
        requestAnimationFrame(() => void nextTask().then(resolve));
      })
    : nextTask();

/**
 * Starts a slice; it ends in the next task. Jobs left waiting then go on after a frame (the
 * slice was busy); until they do, the expired slice keeps new jobs queued behind them.
 */
const startSlice = (): void => {
  sliceStart = performance.now();
  void nextTask()
    .then(() => (queue.length ? afterFrame() : undefined))
    .then(nextSlice);
};

/**
 * A new task: the jobs that waited run, as many as fit in a slice. Each job's microtasks (a
 * widget's request starts in them) run before the clock is read for the next.
 */
const nextSlice = async (): Promise<void> => {
  sliceStart = undefined;
  if (!queue.length) return;
  startSlice();
  do {
    run(queue.shift()!);
    await undefined;
  } while (queue.length && inSlice());
};

/**
 * Called by a script as it starts (src/embed.ts, src/umd/kind-script.ts): the jobs its start-up asks for
 * (the first snippets and elements to mount) run in the next task instead of this one. The
 * script's evaluation (compiling, the top level) is then a task of its own, and the first mount
 * another, each under 50 ms on a slow phone where together they were 80–130 (issue 39,
 * test/bench/README.md). A task, not a frame: a page of one widget waits for no paint.
 */
export const afterEvaluation = (): void => {
  if (sliceStart !== undefined) return;
  // A slice with no time left: jobs queue until nextSlice, which empties it in the next task.
  sliceStart = -Infinity;
  void nextTask().then(nextSlice);
};

/**
 * Runs `job` now when nothing waits and the current slice has time left (a page of one widget,
 * a widget mounted long after the others, answers that arrive together), else after the jobs
 * queued before it, in a later task.
 */
export const inTurn = (job: () => void): void => {
  if (sliceStart === undefined) startSlice();
  else if (queue.length || !inSlice()) return void queue.push(job);
  run(job);
};
