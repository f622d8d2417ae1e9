/**
 * Widget work that yields to the browser. Mounting a page's snippets and drawing answers that
 * arrive together are queued here and run in order, one job a task: between them the browser
 * paints and answers input, and each frame styles and lays out only the widgets drawn since the
 * last, so a page of forty widgets on a slow phone never holds its main thread for one long
 * task. A job takes its microtasks with it (a widget's request starts in them), which a time
 * budget shared by several jobs of one task could not count. A page of one widget pays
 * nothing: its job runs at once, in the task that queued it.
 */

/** `scheduler.yield()`, where the browser has it (Chrome 129): the rest of the slice goes first in line. */
interface YieldingScheduler {
  yield(): Promise<void>;
}

const queue: (() => void)[] = [];
/** Whether a job ran in the current task or later jobs wait for theirs: new jobs then join the queue. */
let busy = false;

/**
 * Resolves in a new task: through `scheduler.yield()` where the browser has it, else a message
 * to a MessageChannel (a task of its own, without the 4 ms clamp of nested timers).
 */
const nextTask = (): Promise<void> => {
  const { scheduler } = globalThis as { scheduler?: Partial<YieldingScheduler> };
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

/** Runs the queue, a job a task; once a task finds it empty, the next job runs at once again. */
const drain = async (): Promise<void> => {
  for (;;) {
    await nextTask();
    const job = queue.shift();
    if (!job) return void (busy = false);
    run(job);
  }
};

/**
 * Runs `job` now when no other job ran in this task and none waits (a page of one widget, a
 * widget mounted long after the others), else after the jobs queued before it, in a task of
 * its own.
 */
export const inTurn = (job: () => void): void => {
  if (busy) return void queue.push(job);
  busy = true;
  run(job);
  void drain();
};
