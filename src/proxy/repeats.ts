/**
 * Counting repeats, so that what happens once per visitor or once per upstream request is told
 * once per interval: a flood (made-up origins, a service failing for every address) must grow
 * neither memory nor the log.
 */

export interface RepeatCounterOptions<T> {
  /** The length of an interval, in ms. */
  intervalMs: number;
  /** Keys counted at most per interval; beyond, new keys are counted together under {@link OTHER}. */
  maxKeys: number;
  /** Called at the end of an interval for each key seen again within it: its first item and how many more came. */
  onRepeats?: (first: T | undefined, repeats: number) => void;
}

export interface RepeatCounter<T> {
  /** Notes one occurrence of `key`; true when it is the first of its key in this interval (tell it now). */
  note(key: string, item: T): boolean;
}

/** The key under which occurrences of keys beyond `maxKeys` are counted. */
export const OTHER = '\u0000other';

/**
 * Counts occurrences by key within intervals that start at the first occurrence. The summaries
 * of an interval go out when the next occurrence comes after its end, or from a timer (which
 * does not keep a Node process alive); where timers stop between requests, as on Workers, they
 * wait for the next occurrence.
 */
export function repeatCounter<T>({ intervalMs, maxKeys, onRepeats }: RepeatCounterOptions<T>): RepeatCounter<T> {
  let endsAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = new Map<string, { first: T | undefined; repeats: number }>();

  const close = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const ended = [...seen.values()];
    seen.clear();
    for (const { first, repeats } of ended) if (repeats > 0) onRepeats?.(first, repeats);
  };

  return {
    note(key, item) {
      const now = Date.now();
      if (now >= endsAt) {
        close();
        endsAt = now + intervalMs;
      }
      const counted = seen.has(key) || seen.size < maxKeys ? key : OTHER;
      const entry = seen.get(counted);
      if (!entry && counted != OTHER) {
        seen.set(counted, { first: item, repeats: 0 });
        return true;
      }
      if (entry) entry.repeats++;
      else seen.set(OTHER, { first: undefined, repeats: 1 });
      if (onRepeats && timer === undefined && Number.isFinite(intervalMs)) {
        timer = setTimeout(close, Math.max(0, endsAt - now));
        // In Node a timer is an object that can stop holding the process open; elsewhere a number.
        if (typeof timer == 'object') timer.unref();
      }
      return false;
    },
  };
}
