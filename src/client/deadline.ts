/**
 * Request timeouts on one timer. Every attempt has a deadline; a page of a hundred widgets
 * would otherwise arm, and on each answer clear, a hundred timers. One timer waits for the
 * earliest deadline; when it fires, it ends what is due and waits for the next.
 */

/** When an attempt times out (epoch ms) and what ends it. `$` fields: terser shortens them (rollup.config.mjs). */
interface Deadline {
  readonly $at: number;
  readonly $end: () => void;
}

const pending = new Set<Deadline>();
let timer: ReturnType<typeof setTimeout> | undefined;
/** The deadline the timer is set for; `Infinity` when none is. */
let armedFor = Infinity;

const arm = (): void => {
  let earliest = Infinity;
  for (const deadline of pending) earliest = Math.min(earliest, deadline.$at);
  if (earliest == armedFor) return;
  clearTimeout(timer);
  armedFor = earliest;
  timer = earliest < Infinity ? setTimeout(fire, Math.max(0, earliest - Date.now())) : undefined;
};

const fire = (): void => {
  armedFor = Infinity;
  const now = Date.now();
  for (const deadline of pending) {
    if (deadline.$at > now) continue;
    pending.delete(deadline);
    deadline.$end();
  }
  arm();
};

/**
 * Calls `end` in `ms`, unless the returned function is called first. A cleared deadline leaves
 * the timer as it is: when it fires and finds nothing due, it waits for the next one.
 */
export const deadline = (ms: number, end: () => void): (() => void) => {
  const entry: Deadline = { $at: Date.now() + ms, $end: end };
  pending.add(entry);
  if (entry.$at < armedFor) arm();
  return () => void pending.delete(entry);
};
