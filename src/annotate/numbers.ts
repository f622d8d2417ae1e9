import { formatNumber } from '../render/format';

/**
 * The chips' scores as text in the page's language, formatted in a worker. A page's first
 * `Intl.NumberFormat` makes Chromium load its number data: 70 to 200 ms of main thread under 4×
 * CPU throttling (test/bench/README.md, "annotate"), in one call no slicing can cut. In a worker
 * that time is spent beside the page, while the scores are on their way. Where no worker starts
 * (no `Worker`, or a Content-Security-Policy without `blob:` workers) the page's own Intl
 * formats them (../render/format), at that one-time cost.
 */

/** What the worker is sent: the numbers to format, each in its locale. */
interface Wanted {
  locale: string;
  value: number;
}

/** The options of ../render/format's `formatNumber`, which formats the numbers of the widgets and cards. */
const NUMBER_OPTIONS: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };

/**
 * The worker's code: each message is a list of {@link Wanted}, answered by their texts in the
 * same order, with one formatter per locale (the options of ../render/format's `formatNumber`).
 */
const workerSource = (): string =>
  `var f={};onmessage=function(e){postMessage(e.data.map(function(w){return(f[w.locale]||(f[w.locale]=new Intl.NumberFormat(w.locale,${JSON.stringify(NUMBER_OPTIONS)}))).format(w.value)}))}`;

/** How long the worker may take to answer before the page's own Intl is used instead (a worker that never starts says nothing). */
const WORKER_PATIENCE_MS = 5000;

export interface NumberTexts {
  /** The text of `value` in `locale` when it is known; else undefined, and it is asked for (`onReady` follows). */
  text(value: number, locale: string): string | undefined;
  /** Ends the worker. */
  stop(): void;
}

/** Number texts for one `annotate()`: `onReady` is called when texts asked for have arrived. */
export const numberTexts = (view: Window, onReady: () => void): NumberTexts => {
  const known = new Map<string, string>();
  const asked = new Set<string>();
  /** Numbers asked for in this task, sent together when it ends. */
  let unsent: Wanted[] = [];
  /** Lists sent and not answered yet, oldest first (the worker answers in order). */
  const sent: Wanted[][] = [];
  let worker: Worker | undefined;
  let url = '';
  let patience: number | undefined;
  /** No worker, or one that failed: the page's Intl formats. */
  let onPage = typeof Worker != 'function' || typeof Blob != 'function';

  const keyOf = (value: number, locale: string): string => `${locale} ${value}`;

  /** Stops using the worker: what it was asked is formatted on the page, in a task of its own. */
  const giveUp = (): void => {
    if (onPage) return;
    onPage = true;
    stopWorker();
    view.setTimeout(() => {
      for (const list of [...sent.splice(0), unsent.splice(0)]) {
        for (const { value, locale } of list) known.set(keyOf(value, locale), formatNumber(value, locale));
      }
      onReady();
    });
  };
  const stopWorker = (): void => {
    worker?.terminate();
    worker = undefined;
    if (url) URL.revokeObjectURL(url);
    url = '';
    view.clearTimeout(patience);
  };
  const start = (): Worker | undefined => {
    try {
      url = URL.createObjectURL(new Blob([workerSource()], { type: 'text/javascript' }));
      const started = new Worker(url);
      started.onmessage = ({ data }: MessageEvent<string[]>) => {
        view.clearTimeout(patience);
        const list = sent.shift() ?? [];
        list.forEach(({ value, locale }, i) => known.set(keyOf(value, locale), String(data[i])));
        if (sent.length) patience = view.setTimeout(giveUp, WORKER_PATIENCE_MS);
        onReady();
      };
      started.onerror = started.onmessageerror = giveUp;
      return started;
    } catch {
      giveUp();
      return undefined;
    }
  };
  const send = (): void => {
    // A worker that cannot start has handed what is unsent to the page (giveUp).
    if (onPage || !unsent.length || !(worker ??= start())) return;
    sent.push(unsent);
    worker.postMessage(unsent);
    unsent = [];
    view.clearTimeout(patience);
    patience = view.setTimeout(giveUp, WORKER_PATIENCE_MS);
  };

  return {
    text(value, locale) {
      if (onPage) return formatNumber(value, locale);
      const key = keyOf(value, locale);
      const found = known.get(key);
      if (found === undefined && !asked.has(key)) {
        asked.add(key);
        // Starting the worker costs 20 ms of main thread under 4× CPU throttling
        // (test/bench/README.md, "annotate"): in a task of its own, not the caller's.
        if (!unsent.length) {
          if (worker) queueMicrotask(send);
          else view.setTimeout(send);
        }
        unsent.push({ value, locale });
      }
      return found;
    },
    stop() {
      onPage = true;
      stopWorker();
    },
  };
};
