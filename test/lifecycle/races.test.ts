/**
 * Races and lifecycle: a seeded property test. Each seed drives a handful of widgets
 * of every kind through a random interleaving of create, mount, update (data and display
 * options), refresh and destroy, with random pauses between operations (none, a few
 * microtasks, a timer, or a wait for quiescence) and random per-request latencies (each
 * `baseUrl` is a sandbox fault prefix with its own `latency`, so switching between them is
 * itself a data change and makes answers arrive out of order).
 *
 * Invariants, checked after every step, inside every callback and event, at quiescence and
 * at the end:
 * - what is on screen matches the newest data-affecting config (a ready view shows the
 *   fixture data of the address / key in force, an error view the error that config gives,
 *   a loading view a skeleton), and display options are applied;
 * - `onLoad` / `repkit:load` fire only for the load that is shown: at that moment the view
 *   matches the options in force, and the newest load reports exactly once;
 * - nothing fires and nothing renders after `destroy()`: no callback, no event, the host is
 *   gone and its shadow root never changes again;
 * - no request is left open: `inFlight()` is 0 once every widget is destroyed.
 *
 * The same interleavings also run through the snippet path: `mountAll` on `data-*` elements,
 * attribute changes (applied by repkit's MutationObserver) and element removal (autoMount's
 * observer destroys the widget).
 *
 * A failure prints the seed and the operation sequence; rerun one seed with
 * `RACE_SEEDS=17 npx vitest run --config test/vitest.config.ts test/lifecycle/races.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { autoMount, createWidget, mountAll, type AnyWidget } from '../../src/index';
import { inFlight } from '../../src/client/cache';
import { formatNumber } from '../../src/render/format';
import { faultBaseUrl } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { KIND_NAMES, SAMPLES, optionTableOf, ownOptionsOf, type WidgetType } from '../helpers/kinds';
import { error, fixtureOf, type Expectation, type Opts, type Rng } from './expectations';

const server = useSandbox();

/**
 * happy-dom's fetch logs every 4xx answer and every socket it closes on abort through
 * console.error; that is its noise, not ours. Anything else logged is a failure.
 */
const HAPPY_DOM_NOISE = (args: unknown[]): boolean => {
  const [first] = args;
  if (typeof first == 'string') return /^(GET|OPTIONS) http\S+ \d{3} \(/.test(first);
  return first instanceof Error && ((first as { code?: string }).code == 'ECONNRESET' || /socket hang up|aborted/i.test(first.message));
};
const logged: string[] = [];
beforeAll(() => {
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      if (!HAPPY_DOM_NOISE(args)) logged.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});
afterAll(() => vi.restoreAllMocks());

// ---------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------

/** mulberry32: a tiny, well-mixed 32-bit PRNG; the same seed always gives the same run. */
const mulberry32 = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const rngOf = (seed: number): Rng => {
  const next = mulberry32(seed);
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
};

/** Seeds are fixed; RACE_SEEDS=3,17 reruns chosen ones. */
const seedsFrom = (fallback: number[]): number[] => (process.env.RACE_SEEDS ? process.env.RACE_SEEDS.split(',').map(Number) : fallback);

// Fewer, longer runs: the same operations and checks, a fraction of the waiting on a 2-core machine.
// What a seed draws depends on the order of the kinds (the registry's, by name): two seeds a kind
// cover every kind and operation, so a new kind gets its share of runs.
const SEEDS = seedsFrom(Array.from({ length: 2 * KIND_NAMES.length }, (_, i) => 1001 + i * 7919));
const STEPS = 70;
const EMBED_SEEDS = seedsFrom([424242, 8675309, 31337, 27182818]);
const EMBED_STEPS = 50;

// ---------------------------------------------------------------------------------------
// The model: what a config must show
// ---------------------------------------------------------------------------------------

type Kind = WidgetType;
const KINDS = KIND_NAMES;

const ADDRESS_POOL = [ADDRESSES.rich, ADDRESSES.identityOnly, ADDRESSES.fresh, ADDRESSES.noProfile, ADDRESSES.noBadges, ADDRESSES.unknown];

/** The options of `kind`'s own that reload its data (effect `reload` in its option table): `badgeKey`, `categoryKey`. */
const keysOf = (kind: Kind): string[] => ownOptionsOf(kind, 'reload');

/** The values to draw for each of `kind`'s own data options (its sample's `races.keys`); none missing. */
const keyPool = (kind: Kind, key: string): readonly (string | undefined)[] => {
  const pool = SAMPLES[kind].races.keys?.[key];
  if (!pool) throw new Error(`the sample of ${kind} has no races.keys.${key}: what values should the race draw?`);
  return pool;
};

/** Whether `kind` requires `key` (a category widget's `categoryKey`). */
const requires = (kind: Kind, key: string): boolean => Object.hasOwn(SAMPLES[kind].required, key);

const DATA_KEYS = ['address', 'apiKey', 'baseUrl', ...new Set(KINDS.flatMap(keysOf))];

/** What a widget of `kind` with options `o` must end up showing (no faults but latency). */
const expected = (kind: Kind, o: Opts): Expectation => {
  // From happy-dom's page an unknown key is the service's CORS refusal, a 403 it can read,
  // which says the key is what is wrong.
  if (o.apiKey != API_KEY) return error('Invalid API key.');
  return SAMPLES[kind].races.expected({ o, fx: fixtureOf(o.address), n: (value) => formatNumber(value, o.locale), serverUrl: server.url });
};

const systemTheme = (): string => (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

/**
 * Describes what is wrong with a mounted widget's screen right now, or returns undefined.
 * A ready or error view must match the options in force: a load for older options never shows.
 */
const screenProblem = (kind: Kind, widget: AnyWidget, connected = true): string | undefined => {
  const host = widget.element;
  if (!host) return 'a mounted widget has no host element';
  if (connected && !host.isConnected) return 'the host is not in the document';
  const view = host.shadowRoot?.querySelector('[part="widget"]');
  if (!view) return 'no [part=widget] view in the shadow root';
  const o = widget.options as unknown as Opts;
  const state = widget.state;
  if (host.dataset.state != state) return `data-state ${host.dataset.state} but state ${state}`;
  if (view.getAttribute('aria-busy') != String(state == 'loading')) return `aria-busy ${view.getAttribute('aria-busy')} in state ${state}`;
  const theme = o.theme == 'auto' ? systemTheme() : o.theme;
  if (host.dataset.theme != theme) return `data-theme ${host.dataset.theme}, theme option ${String(o.theme)}`;
  const classes = ['repkit', ...String(o.className).split(/\s+/).filter(Boolean)];
  if (!classes.every((c) => host.classList.contains(c))) return `host class "${host.className}" lacks one of ${classes.join(' ')}`;
  let want = expected(kind, o);
  // Data already shown stays through a reload that fails without saying anything about the data
  // (here a key this page may not use: a 403), marked stale; it must still be this config's data.
  const kept = want.state == 'error' && o.apiKey != API_KEY ? expected(kind, { ...o, apiKey: API_KEY }) : undefined;
  if (state == 'loading') {
    // A first load shows a skeleton; a refresh keeps showing the data it already has.
    if (view.querySelector('.rk-skel')) return undefined;
    if (want.state != 'ready' && kept?.state != 'ready')
      return `loading shows neither a skeleton nor data (expected ${want.state} for this config)`;
    if (want.state != 'ready') want = kept!;
  } else if (state == 'ready' && kept?.state == 'ready') {
    if (!host.hasAttribute('data-stale')) return 'data shown for a config whose load failed, not marked stale';
    want = kept;
  } else if (want.state != state) return `state ${state}, expected ${want.state}`;
  const problem = want.check(view);
  const keys = keysOf(kind).map((key) => `${key} ${String(o[key] ?? '')}`);
  return problem && `${problem} (address ${o.address.slice(0, 6)}, ${o.baseUrl}${keys.map((key) => `, ${key}`).join('')})`;
};

// ---------------------------------------------------------------------------------------
// Random configs
// ---------------------------------------------------------------------------------------

interface World {
  rng: Rng;
  bases: string[];
  log: string[];
  violations: string[];
}

/** Base URLs with their latency: the plain sandbox (cache shared across seeds) and fault prefixes. */
const basesFor = (seed: number): string[] => [
  server.url,
  server.url, // twice: answers cached by earlier seeds arrive at once, which is where races hide
  // Latencies only need to differ to reorder answers; a few ms does that as well as 40.
  ...[0, 2, 5, 9, 14].map((latency) => faultBaseUrl(server.url, { latency, id: `race-${seed}` })),
];

const shortBase = (base: string): string => base.replace(server.url, '').replace(/,id=[^/]*/, '') || '/';

const dataValue = (w: World, kind: Kind, key: string): unknown => {
  switch (key) {
    case 'address':
      return w.rng.pick(ADDRESS_POOL);
    case 'apiKey':
      return w.rng.chance(0.15) ? 'wrong-key' : API_KEY;
    case 'baseUrl':
      return w.rng.pick(w.bases);
    default:
      return w.rng.pick(keyPool(kind, key));
  }
};

const COMMON_DISPLAY: Record<string, (rng: Rng) => unknown> = {
  theme: (r) => r.pick(['light', 'dark', 'auto', undefined]),
  className: (r) => r.pick(['', 'card', 'a b', ' spaced   out ', undefined]),
  locale: (r) => r.pick(['en-US', 'de-DE', 'fr-FR']),
  timeoutMs: (r) => r.pick([5000, 10000]),
  retries: (r) => r.pick([0, 1]),
  cacheTtlMs: (r) => r.pick([0, 60000]),
};

/**
 * How to draw each display option of `kind` (effect `render` in its option table): its sample's
 * `races.display`, or even odds for a boolean it leaves out. Throws for one it cannot draw.
 */
const displayOf = (kind: Kind): Record<string, (rng: Rng) => unknown> => {
  const table = optionTableOf(kind);
  const given = SAMPLES[kind].races.display ?? {};
  return Object.fromEntries(
    ownOptionsOf(kind, 'render').map((option) => {
      const draw = given[option] ?? (typeof table[option]!.default == 'boolean' ? (r: Rng) => r.chance(0.5) : undefined);
      if (!draw) throw new Error(`the sample of ${kind} has no races.display.${option}: how should the race draw it?`);
      return [option, draw];
    }),
  );
};

const dataKeysOf = (kind: Kind): string[] => ['address', 'apiKey', 'baseUrl', ...keysOf(kind)];

/** 1 to 3 random option changes; about half of the updates touch a data option. */
const randomChanges = (w: World, kind: Kind): Record<string, unknown> => {
  const changes: Record<string, unknown> = {};
  const display = { ...COMMON_DISPLAY, ...displayOf(kind) };
  for (let i = 1 + w.rng.int(3); i > 0; i--) {
    if (w.rng.chance(0.5)) {
      const key = w.rng.pick(dataKeysOf(kind));
      changes[key] = dataValue(w, kind, key);
    } else {
      const key = w.rng.pick(Object.keys(display));
      changes[key] = display[key]!(w.rng);
    }
  }
  return changes;
};

const describeChanges = (changes: Record<string, unknown>): string =>
  Object.entries(changes)
    .map(([k, v]) => `${k}=${k == 'address' ? String(v).slice(0, 6) : k == 'baseUrl' ? shortBase(String(v)) : JSON.stringify(v)}`)
    .join(' ');

// ---------------------------------------------------------------------------------------
// Tracked widgets
// ---------------------------------------------------------------------------------------

interface Tracked {
  name: string;
  kind: Kind;
  widget: AnyWidget;
  mounted: boolean;
  destroyed: boolean;
  host?: HTMLElement;
  /** Watches the shadow root from destroy on: it must never change afterwards. */
  frozen?: MutationObserver;
  changedAfterDestroy?: boolean;
  /** Outcomes (onLoad/onError, and events) since the newest load started. */
  callbacksSinceLoad: number;
  eventsSinceLoad: number;
  /** Whether the newest load was started (and not yet superseded) while mounted. */
  loading: boolean;
  /** Snippet path: the element was removed, and autoMount's observer has yet to destroy the widget. */
  removed?: boolean;
}

const violation = (w: World, t: Tracked, message: string): void => {
  w.violations.push(`${t.name} (${t.kind}): ${message}`);
};

/** Callbacks that check, at the moment they fire, that the outcome is the one on screen. */
const callbacksFor = (w: World, ref: { t?: Tracked }) => ({
  onLoad: () => {
    const t = ref.t!;
    if (t.destroyed) return violation(w, t, 'onLoad after destroy()');
    t.callbacksSinceLoad++;
    if (t.callbacksSinceLoad > 1) violation(w, t, `onLoad/onError fired ${t.callbacksSinceLoad} times for one load`);
    if (t.widget.state != 'ready') violation(w, t, `onLoad in state ${t.widget.state}`);
    const problem = screenProblem(t.kind, t.widget);
    if (problem) violation(w, t, `onLoad for a load that is not the one shown: ${problem}`);
  },
  onError: (err: Error) => {
    const t = ref.t!;
    if (t.destroyed) return violation(w, t, `onError after destroy(): ${err?.message}`);
    t.callbacksSinceLoad++;
    if (t.callbacksSinceLoad > 1) violation(w, t, `onLoad/onError fired ${t.callbacksSinceLoad} times for one load`);
    if (err?.name == 'AbortError') violation(w, t, 'onError with an AbortError');
    // Or ready, with the data it had kept and marked stale.
    if (t.widget.state != 'error' && !(t.widget.state == 'ready' && t.widget.element?.hasAttribute('data-stale'))) {
      violation(w, t, `onError in state ${t.widget.state}`);
    }
    const problem = screenProblem(t.kind, t.widget);
    if (problem) violation(w, t, `onError for a load that is not the one shown: ${problem} (${err?.message})`);
  },
});

/** Events on the host: none after destroy, and each matches the view and the options in force. */
const watchHost = (w: World, t: Tracked, host: HTMLElement, perLoad = true): void => {
  const listener = (event: Event) => {
    if (t.destroyed) return violation(w, t, `${event.type} after destroy()`);
    t.eventsSinceLoad++;
    if (perLoad && t.eventsSinceLoad > 1) violation(w, t, `${t.eventsSinceLoad} events for one load`);
    const problem = screenProblem(t.kind, t.widget, !t.removed);
    if (problem) violation(w, t, `${event.type} for a load that is not the one shown: ${problem}`);
    const data = (event as CustomEvent<{ data?: { address?: unknown } }>).detail.data;
    if (event.type == 'repkit:load' && data && typeof data.address == 'string' && data.address != t.widget.options.address) {
      violation(w, t, `repkit:load carries data for ${data.address.slice(0, 6)}, options say ${t.widget.options.address.slice(0, 6)}`);
    }
  };
  host.addEventListener('repkit:load', listener);
  host.addEventListener('repkit:error', listener);
};

const startedLoad = (t: Tracked): void => {
  t.callbacksSinceLoad = 0;
  t.eventsSinceLoad = 0;
  t.loading = true;
};

/**
 * Records any change to a destroyed widget's shadow root from now on. An observer rather than
 * a copy of the markup: comparing serialised shadow roots on every check was most of the
 * suite's time, and an observer also sees a change that was later undone.
 */
const freeze = (t: Tracked): void => {
  const root = t.host?.shadowRoot;
  if (!root) return;
  t.frozen = new MutationObserver(() => (t.changedAfterDestroy = true));
  t.frozen.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
};

/** Checks every widget of a run; with `quiet`, also that each newest load reported exactly once. */
const checkAll = (w: World, tracked: Tracked[], quiet: boolean): void => {
  for (const t of tracked) {
    if (t.destroyed) {
      if (t.widget.element) violation(w, t, 'element still set after destroy()');
      if (t.host?.isConnected) violation(w, t, 'host still in the document after destroy()');
      if (t.changedAfterDestroy || t.frozen?.takeRecords().length) violation(w, t, 'the shadow root changed after destroy()');
      continue;
    }
    if (!t.mounted) {
      if (t.widget.element) violation(w, t, 'element set before mount()');
      continue;
    }
    const problem = screenProblem(t.kind, t.widget, !t.removed);
    if (problem) violation(w, t, `screen does not match the newest config: ${problem}`);
    if (t.widget.state != 'loading' && t.loading) {
      if (t.callbacksSinceLoad != 1) violation(w, t, `the newest load settled with ${t.callbacksSinceLoad} callbacks`);
      if (t.eventsSinceLoad != 1) violation(w, t, `the newest load settled with ${t.eventsSinceLoad} events`);
    }
    if (quiet && t.widget.state == 'loading') violation(w, t, 'still loading at quiescence');
  }
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until no mounted widget is loading (bounded: latencies are at most 14 ms). */
const quiesce = async (isLoading: () => boolean, timeoutMs = 4000): Promise<boolean> => {
  const end = Date.now() + timeoutMs;
  while (isLoading()) {
    if (Date.now() > end) return false;
    await sleep(2);
  }
  return true;
};

/** A random pause: none (the next operation in the same task), microtasks, a timer, or quiescence. */
const pause = async (w: World, quiet: () => Promise<void>): Promise<void> => {
  const r = w.rng.next();
  if (r < 0.3) return;
  if (r < 0.55) {
    const ticks = 1 + w.rng.int(8);
    w.log.push(`  ~${ticks} microtasks`);
    for (let i = 0; i < ticks; i++) await Promise.resolve();
  } else if (r < 0.9) {
    const ms = w.rng.int(8);
    w.log.push(`  ~${ms} ms`);
    await sleep(ms);
  } else {
    w.log.push('  ~quiescence');
    await quiet();
  }
};

const report = (seed: number, w: World): string =>
  `seed ${seed}: ${w.violations.length} violation(s):\n  ${w.violations.slice(0, 12).join('\n  ')}\noperations:\n${w.log.join('\n')}`;

const waitNoneInFlight = async (timeoutMs: number): Promise<number> => {
  const end = Date.now() + timeoutMs;
  while (inFlight() > 0 && Date.now() < end) await sleep(5);
  return inFlight();
};

// ---------------------------------------------------------------------------------------
// The direct API
// ---------------------------------------------------------------------------------------

const SLOTS = 5;

/** What the seeds exercised, per kind (checked by the last test of the describe). */
const OPS = [
  'mount',
  'mountAgain',
  'dataUpdate',
  'displayUpdate',
  'beforeMount',
  'afterDestroy',
  'refresh',
  'destroy',
  'destroyWhileLoading',
] as const;
const coverage = Object.fromEntries(KINDS.map((kind) => [kind, { mounted: 0, ...Object.fromEntries(OPS.map((op) => [op, 0])) }])) as Record<
  Kind,
  Record<(typeof OPS)[number] | 'mounted', number>
>;

const createTracked = (w: World, kind: Kind, name: string, step: string): Tracked => {
  const ref: { t?: Tracked } = {};
  const config: Record<string, unknown> = {
    type: kind,
    apiKey: API_KEY,
    address: w.rng.pick(ADDRESS_POOL),
    baseUrl: w.rng.pick(w.bases),
    locale: 'en-US',
    retries: 0,
    ...callbacksFor(w, ref),
  };
  // A required data option always (categoryKey), an optional one now and then (badgeKey).
  for (const key of keysOf(kind)) {
    if (requires(kind, key)) config[key] = w.rng.pick(keyPool(kind, key));
    else if (w.rng.chance(0.3)) config[key] = w.rng.pick(keyPool(kind, key).filter(Boolean));
  }
  if (w.rng.chance(0.2)) config.cacheTtlMs = 0; // every load then goes over the network
  if (w.rng.chance(0.2)) config.theme = 'auto';
  const widget = createWidget(config as never) as AnyWidget;
  w.log.push(
    `${step}: ${name} = create ${kind} ${describeChanges({ address: config.address, baseUrl: config.baseUrl, cacheTtlMs: config.cacheTtlMs })}`,
  );
  return (ref.t = { name, kind, widget, mounted: false, destroyed: false, callbacksSinceLoad: 0, eventsSinceLoad: 0, loading: false });
};

const runDirect = async (seed: number): Promise<void> => {
  const container = document.createElement('section');
  document.body.append(container);
  const w: World = { rng: rngOf(seed), bases: basesFor(seed), log: [], violations: [] };
  const tracked: Tracked[] = [];
  const slots: (Tracked | undefined)[] = Array(SLOTS).fill(undefined);
  const refreshes: Promise<void>[] = [];
  let created = 0;
  const live = () => slots.filter((t): t is Tracked => !!t && t.mounted && !t.destroyed);
  const quiet = async () => {
    if (!(await quiesce(() => live().some((t) => t.widget.state == 'loading'))))
      w.violations.push('quiescence never came (a widget kept loading)');
    checkAll(w, tracked, true);
  };

  let last = 0;
  const step = (i: number): void => {
    const s = (last = w.rng.chance(0.3) ? last : w.rng.int(SLOTS));
    // A burst: up to three operations on one widget in one task. That is where an answer
    // already at hand (cached) for the older config races the newer one.
    const burst = w.rng.chance(0.6) ? 2 + w.rng.int(2) : 1;
    for (let b = 0; b < burst; b++) operate(`${i}${b ? String.fromCharCode(96 + b) : ''}`, s);
  };

  const operate = (i: string, s: number): void => {
    let t = slots[s];
    if (!t || (t.destroyed && w.rng.chance(0.5))) {
      // Kinds in turn, so each kind gets the same share of widgets however many the registry has
      // (drawn at random, a fifth kind left one kind with a handful of some operation).
      const kind = KINDS[created % KINDS.length]!;
      t = slots[s] = createTracked(w, kind, `w${created++}`, i);
      tracked.push(t);
      if (w.rng.chance(0.6)) return; // sometimes update or refresh come before mount
    }
    const r = w.rng.next();
    const op =
      !t.mounted && !t.destroyed
        ? r < 0.6
          ? 'mount'
          : r < 0.8
            ? 'update'
            : r < 0.9
              ? 'refresh'
              : 'destroy'
        : r < 0.55
          ? 'update'
          : r < 0.75
            ? 'refresh'
            : r < 0.93
              ? 'destroy'
              : 'mount';
    const before = t.widget.options as unknown as Record<string, unknown>;
    switch (op) {
      case 'mount': {
        const target = document.createElement('div');
        container.append(target);
        if (t.mounted || t.destroyed) {
          w.log.push(`${i}: ${t.name}.mount() again (must throw)`);
          let threw = false;
          try {
            t.widget.mount(target);
          } catch (e) {
            threw = /already mounted|destroyed/.test((e as Error).message);
          }
          if (!threw) violation(w, t, 'a second mount() did not throw a clear error');
          coverage[t.kind].mountAgain++;
          target.remove();
          return;
        }
        w.log.push(`${i}: ${t.name}.mount()`);
        // Counted from before the call, and heard on the container (events bubble out of the
        // shadow root): an answer the page already has is shown and reported inside mount().
        startedLoad(t);
        watchHost(w, t, target);
        t.widget.mount(target);
        coverage[t.kind].mount++;
        t.mounted = true;
        t.host = t.widget.element!;
        return;
      }
      case 'update': {
        const changes = randomChanges(w, t.kind);
        w.log.push(`${i}: ${t.name}.update(${describeChanges(changes)})`);
        // Counted from before the call, as for mount(); put back when nothing reloads.
        const counted = { ...t };
        if (t.mounted) startedLoad(t);
        t.widget.update(changes as never);
        const after = t.widget.options as unknown as Record<string, unknown>;
        if (t.destroyed) {
          if (after !== before) violation(w, t, 'update() after destroy() changed the options');
          coverage[t.kind].afterDestroy++;
          return;
        }
        for (const [key, value] of Object.entries(changes)) {
          if (value !== undefined && after[key] !== value) violation(w, t, `update() did not record ${key}`);
        }
        const reloads = DATA_KEYS.some((k) => after[k] !== before[k]);
        coverage[t.kind][!t.mounted ? 'beforeMount' : reloads ? 'dataUpdate' : 'displayUpdate']++;
        if (t.mounted && !reloads)
          Object.assign(t, {
            callbacksSinceLoad: counted.callbacksSinceLoad,
            eventsSinceLoad: counted.eventsSinceLoad,
            loading: counted.loading,
          });
        return;
      }
      case 'refresh': {
        w.log.push(`${i}: ${t.name}.refresh()`);
        const promise = t.widget.refresh();
        const name = t.name;
        refreshes.push(promise.catch((e: unknown) => void w.violations.push(`${name}: refresh() rejected: ${String(e)}`)));
        if (t.mounted && !t.destroyed) startedLoad(t);
        coverage[t.kind][t.destroyed ? 'afterDestroy' : !t.mounted ? 'beforeMount' : 'refresh']++;
        return;
      }
      case 'destroy': {
        w.log.push(`${i}: ${t.name}.destroy()`);
        coverage[t.kind][t.destroyed ? 'afterDestroy' : t.mounted && t.widget.state == 'loading' ? 'destroyWhileLoading' : 'destroy']++;
        t.widget.destroy();
        if (!t.destroyed) freeze(t);
        t.destroyed = true;
        return;
      }
    }
  };

  try {
    for (let i = 0; i < STEPS; i++) {
      step(i);
      if (w.violations.length) break;
      checkAll(w, tracked, false);
      if (w.violations.length) break;
      await pause(w, quiet);
      checkAll(w, tracked, false);
      if (w.violations.length) break;
    }
    if (!w.violations.length) {
      w.log.push('end: quiescence; then refresh every live widget and destroy all in the same task');
      await quiet();
      for (const t of live()) {
        const name = t.name;
        refreshes.push(t.widget.refresh().catch((e: unknown) => void w.violations.push(`${name}: refresh() rejected: ${String(e)}`)));
      }
    }
  } finally {
    for (const t of tracked) {
      if (!t.destroyed) freeze(t);
      t.widget.destroy();
      t.destroyed = true;
    }
  }
  // destroy() aborts at once: no request may outlive it (answers take at least a few ms).
  const open = await waitNoneInFlight(5);
  if (open) w.violations.push(`${open} request(s) still in flight after every widget was destroyed`);
  // Let any answer still on the wire arrive: nothing may render or fire because of it.
  await sleep(25);
  await Promise.all(refreshes);
  checkAll(w, tracked, false);
  for (const t of tracked) t.frozen?.disconnect();
  w.violations.push(...logged.splice(0));
  if (container.querySelector('.repkit')) w.violations.push('a .repkit host is left in the page');
  container.remove();
  expect(w.violations, report(seed, w)).toEqual([]);
  for (const t of tracked) if (t.mounted) coverage[t.kind].mounted++;
};

describe('random interleavings of mount, update, refresh and destroy (seeded)', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: ${STEPS} steps`, () => runDirect(seed));
  }

  it('the seeds together cover every kind and operation, near a thousand operations in all', () => {
    if (SEEDS.length < 2 * KIND_NAMES.length) return; // a rerun of chosen seeds
    const total = KINDS.reduce((sum, kind) => sum + OPS.reduce((n, op) => n + coverage[kind][op], 0), 0);
    const table = JSON.stringify(coverage);
    for (const kind of KINDS) {
      expect(coverage[kind].mounted, `${kind} widgets mounted: ${table}`).toBeGreaterThanOrEqual(20);
      // Which operation a widget meets stays random (and how often a destroy finds it loading depends
      // on how fast its kind loads), so the floor asks that each happened, not how often.
      for (const op of OPS) expect(coverage[kind][op], `${kind}: ${op}: ${table}`).toBeGreaterThanOrEqual(3);
    }
    expect(total, table).toBeGreaterThanOrEqual(800);
  });
});

// ---------------------------------------------------------------------------------------
// The snippet path: data-* attributes, mountAll, attribute changes and element removal
// ---------------------------------------------------------------------------------------

interface Embedded extends Tracked {
  element: HTMLElement;
  removed: boolean;
}

const attributeOf = (option: string) => 'data-' + option.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** Every kind's own display options (their option tables), each drawn as its kind's race draws it. */
const ALL_DISPLAY: Readonly<Record<string, (rng: Rng) => unknown>> = Object.assign({}, ...[...KINDS].reverse().map(displayOf));

/** A drawn option value as attribute text: true bare or "true", as HTML writes booleans; none as no attribute. */
const attributeText = (rng: Rng, value: unknown): string | null =>
  value === undefined ? null : value === true ? rng.pick(['', 'true']) : String(value);

/** What an attribute sets an option of `kind` to, read by the type of its default (its option table). */
const fromAttribute = (kind: Kind, key: string, text: string): unknown => {
  const fallback = optionTableOf(kind)[key]?.default;
  return typeof fallback == 'number' ? Number(text) : typeof fallback == 'boolean' ? text != 'false' : text;
};

/**
 * The display attributes to change on a widget of `kind`: the common ones, each of its own
 * display options (its option table), and one of another kind's, which it must ignore.
 */
const displayAttributes = (w: World, kind: Kind): [string, () => string | null][] => {
  const own = displayOf(kind);
  const foreign = Object.keys(ALL_DISPLAY).filter((option) => !Object.hasOwn(own, option));
  const options = [...Object.keys(own), ...(foreign.length ? [w.rng.pick(foreign)] : [])];
  return [
    ['data-theme', () => w.rng.pick(['light', 'dark', 'auto', null])],
    ['data-class-name', () => w.rng.pick(['', 'card', 'a b', null])],
    ['data-locale', () => w.rng.pick(['en-US', 'de-DE'])],
    ...options.map((option): [string, () => string | null] => [
      attributeOf(option),
      () => (w.rng.chance(0.2) ? null : attributeText(w.rng, (own[option] ?? ALL_DISPLAY[option])!(w.rng))),
    ]),
  ];
};

const runEmbed = async (seed: number): Promise<void> => {
  const container = document.createElement('section');
  document.body.append(container);
  const w: World = { rng: rngOf(seed), bases: basesFor(seed), log: [], violations: [] };
  const tracked: Embedded[] = [];
  let created = 0;
  const live = () => tracked.filter((t) => !t.destroyed);

  /** The widget has been destroyed by autoMount's observer once its host is gone. */
  const noteDestroyed = () => {
    for (const t of tracked) {
      if (!t.destroyed && t.removed && !t.widget.element) {
        t.destroyed = true;
        freeze(t);
      }
    }
  };

  const quiet = async () => {
    await sleep(0); // attribute and removal observers have run
    noteDestroyed();
    if (!(await quiesce(() => live().some((t) => t.widget.state == 'loading')))) w.violations.push('quiescence never came');
    noteDestroyed();
    for (const t of live()) {
      if (t.removed) violation(w, t, 'the widget of a removed element was not destroyed');
      // The widget follows the element's attributes.
      const o = t.widget.options as unknown as Record<string, unknown>;
      for (const key of [...dataKeysOf(t.kind), 'theme', ...Object.keys(ALL_DISPLAY)]) {
        const attribute = t.element.getAttribute(attributeOf(key));
        const want = attribute === null ? undefined : fromAttribute(t.kind, key, attribute);
        // An attribute of an option the kind does not have (data-compact on a badge) is ignored.
        const known = dataKeysOf(t.kind).includes(key) || Object.hasOwn(o, key);
        if (known && want !== undefined && o[key] !== want)
          violation(w, t, `${attributeOf(key)}="${attribute}" but the option is ${JSON.stringify(o[key])}`);
      }
    }
    checkAll(w, tracked, true);
  };

  const add = (i: number) => {
    const kind = created < KINDS.length ? KINDS[created]! : w.rng.pick(KINDS);
    const element = document.createElement('div');
    element.setAttribute('data-repkit', kind);
    element.setAttribute('data-api-key', API_KEY);
    element.setAttribute('data-address', w.rng.pick(ADDRESS_POOL));
    element.setAttribute('data-base-url', w.rng.pick(w.bases));
    element.setAttribute('data-locale', 'en-US');
    element.setAttribute('data-retries', '0');
    if (w.rng.chance(0.4)) element.setAttribute('data-cache-ttl-ms', '0');
    for (const key of keysOf(kind).filter((key) => requires(kind, key)))
      element.setAttribute(attributeOf(key), String(w.rng.pick(keyPool(kind, key))));
    container.append(element);
    const [widget] = mountAll(container);
    const name = `e${created++}`;
    w.log.push(
      `${i}: ${name} = <div data-repkit="${kind}" data-address="${element.dataset.address!.slice(0, 6)}" data-base-url="${shortBase(element.dataset.baseUrl!)}">; mountAll()`,
    );
    if (!widget) return void w.violations.push(`${name}: mountAll() mounted nothing`);
    const t: Embedded = {
      name,
      kind,
      widget,
      element,
      removed: false,
      mounted: true,
      destroyed: false,
      host: widget.element!,
      callbacksSinceLoad: 0,
      eventsSinceLoad: 0,
      loading: false, // loads start from observers here: the per-load count is not tracked
    };
    // Loads start from repkit's observers here, so events are not counted per load.
    watchHost(w, t, t.host!, false);
    tracked.push(t);
  };

  const change = (i: number, t: Embedded) => {
    const r = w.rng.next();
    let attribute: string;
    let value: string | null;
    if (r < 0.5) {
      const key = w.rng.pick(dataKeysOf(t.kind));
      attribute = attributeOf(key);
      const v = dataValue(w, t.kind, key);
      value = v === undefined ? null : String(v);
    } else {
      const [name, make] = w.rng.pick(displayAttributes(w, t.kind));
      attribute = name;
      value = make();
    }
    const shown =
      attribute == 'data-address' && value ? value.slice(0, 6) : attribute == 'data-base-url' && value ? shortBase(value) : value;
    w.log.push(
      `${i}: ${t.name} ${value === null ? `removeAttribute(${attribute})` : `setAttribute(${attribute}, ${JSON.stringify(shown)})`}`,
    );
    if (value === null) t.element.removeAttribute(attribute);
    else t.element.setAttribute(attribute, value);
  };

  try {
    for (let i = 0; i < EMBED_STEPS; i++) {
      const candidates = tracked.filter((t) => !t.removed);
      const r = w.rng.next();
      if (!candidates.length || (r < 0.15 && candidates.length < 5)) add(i);
      else {
        const t = w.rng.pick(candidates);
        if (r < 0.8) change(i, t);
        else if (r < 0.92) {
          w.log.push(`${i}: ${t.name}.refresh()`);
          void t.widget.refresh().catch((e: unknown) => void w.violations.push(`${t.name}: refresh() rejected: ${String(e)}`));
        } else {
          w.log.push(`${i}: ${t.name} element.remove()`);
          t.element.remove();
          t.removed = true;
        }
      }
      noteDestroyed();
      checkAll(w, tracked, false);
      if (w.violations.length) break;
      await pause(w, quiet);
      noteDestroyed();
      checkAll(w, tracked, false);
      if (w.violations.length) break;
    }
    if (!w.violations.length) {
      w.log.push('end: quiescence; then refresh every widget and remove every element in the same task');
      await quiet();
      for (const t of live()) void t.widget.refresh();
    }
  } finally {
    for (const t of tracked) {
      t.element.remove();
      t.removed = true;
    }
  }
  await sleep(0); // autoMount's observer has destroyed the widgets
  noteDestroyed();
  for (const t of tracked) if (!t.destroyed) violation(w, t, 'removing the element did not destroy the widget');
  const open = await waitNoneInFlight(5);
  if (open) w.violations.push(`${open} request(s) still in flight after every element was removed`);
  await sleep(25);
  checkAll(w, tracked, false);
  for (const t of tracked) t.frozen?.disconnect();
  w.violations.push(...logged.splice(0));
  container.remove();
  expect(w.violations, report(seed, w)).toEqual([]);
};

describe('the same interleavings through the snippet path (mountAll, data-* changes, element removal)', () => {
  beforeAll(() => autoMount(document));
  afterAll(() => document.body.replaceChildren());
  for (const seed of EMBED_SEEDS) {
    it(`seed ${seed}: ${EMBED_STEPS} steps`, () => runEmbed(seed));
  }
});
