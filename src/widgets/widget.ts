import { gate, gateKey, watchGates } from '../client/quota';
import { isServiceError, MountError, OptionError } from '../errors';
import type { ServiceClient } from '../client/service-client';
import { importLazy } from '../chunks/loaders';
import { localeOf, markLanguage, onRegister, wordsFor } from '../i18n/locale';
import { html, renderInto } from '../render/html';
import { asFiller } from '../render/format';
import { isElement, ownValue } from '../util/values';
import { clientOf, type BaseWidgetOptions, type CommonSettings } from './common-options';
import type { ChangesOf, Kind, Localized } from './descriptor';
import { Disposers } from './disposers';
import { createHost } from './host';
import { describe, failureView, loadSentences, sentencesTried, staleNote } from './failure-view';
import type { Effect } from './option-types';
import { blank, placeholderView } from './placeholder';
import { placeCard } from './scheduler';
import { inTurn } from './tasks';
import { resolveSettings } from './settings';
import { quotaSentence } from './sentences';
import { loadAreas, loadedAreas } from './cache-areas';
import { sameStored, seeds, type Stored } from './storage';
import type { WidgetState } from './types';
import { toggleClamp } from './views/common';

/** The lazy-loading watcher (./visibility, a chunk): loaded by the first lazy widget of the page. */
let watcher: Promise<typeof import('./visibility') | undefined> | undefined;
/** The watcher once loaded, so that later lazy widgets start watching in the task they mount in. */
let watcherLoaded: typeof import('./visibility') | undefined;

/** After this long in the loading state, the widget says the service is still calculating. */
export const SLOW_LOAD_MS = 3000;

const reportError = (error: unknown): void => {
  // Like an event listener's exception: shown to developers, never thrown into our caller.
  try {
    globalThis.reportError?.(error);
  } catch {
    /* nothing more we can do */
  }
};

/** A broken image (avatar, badge art) is removed so that what it covered shows instead. */
const onImageError = ({ target }: Event): void => {
  if (isElement(target) && target.tagName == 'IMG') target.remove();
};

/** For a bare word that matched nothing: the id or class selector that would have matched. */
const selectorHint = (word: string): string => {
  const fix = /^[\w-]+$/.test(word) && (document.getElementById(word) ? '#' : document.getElementsByClassName(word)[0] ? '.' : '');
  return fix ? `; did you mean "${fix}${word}"?` : '';
};

/** The payload of the `repkit:load` event. */
export interface LoadDetail<Data = unknown> {
  data: Data;
}

/** The payload of the `repkit:error` event. */
export interface ErrorDetail {
  /** Usually a `ServiceError`; an `OptionError` for an embed's bad attributes. Always an `Error`. */
  error: Error;
}

/**
 * Settings with the address as filler of its length: the skeleton then does not depend on the
 * address, and widgets of one kind and options draw the same markup, parsed once a page
 * (renderInto). Its text is transparent filler anyway (./placeholder).
 */
const blankAddress = <T extends { address: string }>(settings: T): T => ({ ...settings, address: blank(settings.address.length) });

/** What a view threw, as the `Error` that `onError` and `repkit:error` promise. */
const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));

/** Keys of what a widget holds open besides its timers (see {@link Disposers}). */
const LOAD = 0;
const DECORATION = 1;
const LAZY_WATCH = 2;
const SCHEME = 3;
const QUOTA_WAIT = 4;
const LOCALE_WATCH = 5;
const QUOTA_WATCH = 6;

/**
 * The controller every widget kind shares: options, mount, update, refresh, destroy, the
 * three states, callbacks and events, theme, and the rule that only the newest load may
 * render. What differs between kinds is data in their {@link Kind} descriptor. `O` is the
 * kind's public options interface, `S` its settings in force.
 */
export class Widget<O extends BaseWidgetOptions, S extends CommonSettings, Data> {
  readonly #kind: Kind<O, S, Data>;
  #options: S;
  #client: ServiceClient;
  #host?: HTMLElement;
  #view?: HTMLElement;
  #state: WidgetState = 'loading';
  /** The data shown, and when it was loaded (epoch ms). */
  #data?: { value: Data; at: number };
  #error?: Error;
  /** Why the data shown could not be reloaded, while it is kept (see `FailureView.keep` in ./messages). */
  #stale?: Error;
  /** Data a server rendered where this widget mounted, taken as loaded by the first load. */
  #seed?: Stored<Data>;
  /** Id of the newest load; an answer to an older one is dropped. */
  #loadId = 0;
  /** Every listener, observer, timer and request under way; all released by destroy(). */
  readonly #held = new Disposers();
  #destroyed = false;

  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  constructor(kind: Kind<O, S, Data>, options: O) {
    this.#kind = kind;
    this.#options = resolveSettings<S>(kind, undefined, options);
    this.#client = clientOf(this.#options);
  }

  /** The options in force, defaults included. */
  get options(): S {
    return this.#options;
  }

  /** `loading`, `ready` or `error`; also on the host element as `data-state`. */
  get state(): WidgetState {
    return this.#state;
  }

  /** The data shown: what the last successful load brought (as `repkit:load` carries it), else undefined. */
  get data(): Data | undefined {
    return this.#data?.value;
  }

  /** The element the widget added to the page, once mounted. */
  get element(): HTMLElement | undefined {
    return this.#host;
  }

  /**
   * Renders the widget into a container: a CSS selector or an element. Appends one host
   * element with an open shadow root and starts loading.
   * @throws MountError when the container is not found, or the widget is mounted or destroyed;
   * OptionError (a `TypeError`) naming `target` when it is neither a CSS selector nor an element.
   */
  mount(target: string | Element): this {
    if (this.#destroyed) throw new MountError('repkit: this widget was destroyed; create a new one to mount');
    if (this.#host) throw new MountError('repkit: this widget is already mounted; call destroy() first');
    let container: Element | null = null;
    if (typeof target == 'string') {
      try {
        container = document.querySelector(target);
      } catch {
        throw new OptionError('target', `repkit: mount target ${JSON.stringify(target)} is not a valid CSS selector`);
      }
      if (!container) throw new MountError(`repkit: mount target ${JSON.stringify(target)} was not found${selectorHint(target)}`);
    } else if (isElement(target) && typeof target.ownerDocument?.createElement == 'function') {
      container = target;
    } else {
      throw new OptionError('target', 'repkit: mount() needs a CSS selector or an element');
    }
    this.#seed = seeds.get(container);
    const { host, root, view } = createHost(container.ownerDocument, this.#kind.name, this.#kind.css, this.#options.nonce);
    // Listeners on the shadow root go with it: the host is removed on destroy, and a click on a
    // destroyed widget's leftovers finds no host to act on.
    root.addEventListener('click', this.#onClick);
    root.addEventListener('error', onImageError, true);
    this.#host = host;
    this.#view = view;
    this.#applyHost();
    this.#held.hold(LOCALE_WATCH, onRegister(this.#onRegister));
    container.append(host);
    if (this.#options.skipOffscreen) placeCard(view);
    if (this.#options.loading == 'lazy' && !this.#seed) this.#watchNear(host);
    if (this.#waiting) this.#render();
    else void this.#load(false);
    return this;
  }

  /**
   * Changes options. Options that change the data (address, apiKey, baseUrl and the kind's
   * keys) reload; theme and className only touch the host; the others re-render from the
   * data already held, with no request. An option given as `undefined` goes back to its
   * default (`{ badgeKey: undefined }` shows every badge again). Before mount it only records
   * the options; after destroy it does nothing.
   * @throws OptionError when a value is invalid or a required option is unset (nothing is changed then).
   */
  update(changes: ChangesOf<O>): this {
    if (this.#destroyed) return this;
    if (changes && typeof changes == 'object' && ownValue<unknown>(changes, 'type') !== undefined) {
      throw new OptionError('type', 'repkit: "type" cannot be changed by update(); create a new widget');
    }
    const previous = this.#options;
    const next = resolveSettings(this.#kind, previous, changes);
    const effects = new Set<Effect>();
    for (const [name, option] of Object.entries(this.#kind.options)) {
      if (ownValue<unknown>(next, name) !== ownValue<unknown>(previous, name)) effects.add(option.effect);
    }
    // Settings hold only the table's options, so the client reads its own from them (never a `fetch`).
    if (effects.has('client') || effects.has('transport')) this.#client = clientOf(next);
    this.#options = next;
    if (!this.#host || !effects.size) return this;
    this.#applyHost();
    if (this.#waiting && next.loading == 'eager') {
      this.#onNear();
    } else if (effects.has('client') || effects.has('reload')) {
      // Other data is asked for: what is shown is no longer it. Another key or service for the
      // same data keeps it on screen until the answer, and through a failure that keeps data.
      if (effects.has('reload')) this.#data = this.#stale = undefined;
      // A lazy widget still out of view loads the new options when it comes near.
      if (this.#waiting) this.#render();
      else void this.#load(false);
    } else if (effects.has('render')) {
      this.#render();
    }
    return this;
  }

  /**
   * Reloads the data, bypassing the cache. Resolves when the load has settled (its outcome is
   * reported through onLoad / onError and the events, never as a rejection). Does nothing
   * before mount, after destroy, or while a lazy widget has not come near the viewport yet
   * (it loads fresh data when it does).
   */
  refresh(): Promise<void> {
    return this.#host && !this.#waiting ? this.#load(true) : Promise.resolve();
  }

  /** Aborts work under way, removes the host element, every listener and timer. Safe to call twice. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#loadId++;
    this.#held.releaseAll();
    this.#host?.remove();
    this.#host = this.#view = this.#data = undefined;
  }

  /** The quota gate (src/client/quota.ts) of this widget's base URL and key. */
  get #gateName(): string {
    return gateKey(this.#client.baseUrl, this.#options.apiKey);
  }

  /** Whether a lazy widget is still waiting to come near the viewport. */
  get #waiting(): boolean {
    return this.#held.has(LAZY_WATCH);
  }

  /**
   * `loading: 'lazy'`: loads when `host` comes near the viewport (../chunks's watcher, loaded by
   * the first lazy widget). Without it (it could not load, or no IntersectionObserver), at once.
   */
  #watchNear(host: HTMLElement): void {
    if (watcherLoaded) return this.#held.hold(LAZY_WATCH, watcherLoaded.whenNearViewport(host, this.#onNear));
    let stopped = false;
    let stop: (() => void) | undefined;
    this.#held.hold(LAZY_WATCH, () => {
      stopped = true;
      stop?.();
    });
    void (watcher ??= importLazy().then(
      (loaded) => (watcherLoaded = loaded),
      () => undefined,
    )).then((loaded) => {
      if (stopped) return;
      // A file that loaded but is not the watcher (`whenNearViewport` missing) loads at once, as none would.
      stop = loaded?.whenNearViewport?.(host, this.#onNear);
      if (!stop) this.#onNear();
    });
  }

  /** A catalogue of `language` arrived (a locale file loaded after this widget): in that language, it is used at once. */
  #onRegister = (language: string): void => {
    if (localeOf(this.#options.locale, this.#host).toLowerCase().split('-')[0] == language) this.#render();
  };

  #onNear = (): void => {
    this.#held.release(LAZY_WATCH);
    if (!this.#destroyed) void this.#load(false);
  };

  /** Calls `fn` in `ms`, unless the widget is destroyed first or `key`'s next timer replaces it. */
  #later(fn: () => void, ms: number, key: unknown = {}): void {
    const timer = setTimeout(() => {
      this.#held.release(key);
      fn();
    }, ms);
    this.#held.hold(key, () => clearTimeout(timer));
  }

  async #load(fresh: boolean): Promise<void> {
    const id = ++this.#loadId;
    const controller = new AbortController();
    // Holding the new request's abort releases (aborts) the one before it.
    this.#held.hold(LOAD, () => controller.abort());
    const win = this.#host?.ownerDocument.defaultView;
    const { cache: area, cacheTtlMs } = this.#options;
    // Where `cache` keeps this widget's answer: what selects the data (kind, base URL and the
    // options that reload), never the API key. Undefined when the cache is off.
    const key =
      area != 'none' && cacheTtlMs
        ? JSON.stringify([
            this.#kind.name,
            this.#client.baseUrl,
            ...Object.entries(this.#kind.options).flatMap(([name, option]) =>
              option.effect == 'reload' ? [ownValue<unknown>(this.#options, name) ?? null] : [],
            ),
          ])
        : undefined;
    // The storage (a chunk) is loaded by the first widget with a cache; meanwhile it shows its skeleton.
    let areas = key ? loadedAreas() : undefined;
    if (key && !areas) {
      if (!this.#data) {
        this.#state = 'loading';
        this.#render();
      }
      areas = await loadAreas();
      if (id != this.#loadId) return;
    }
    // A spent quota the last page load saw: nothing is sent before it resets.
    const gateName = this.#gateName;
    if (areas) gate(gateName, areas.read<number>(win, area, gateName)?.value);
    // A server's data is taken by the first load (mount's), as a stored answer would be.
    const stored = this.#seed ?? (key && !fresh ? areas?.read<Data>(win, area, key) : undefined);
    this.#seed = undefined;
    // Stale-while-revalidate: the stored answer is shown at once, in this task, so it is in
    // the first frame; a young enough one is not even asked for again.
    const shown = !!stored && this.#show(stored.value, stored.savedAt, true);
    if (shown && Date.now() - stored.savedAt < cacheTtlMs) return;
    // Only while a load is under way, so that the page-wide watchers never keep a widget alive.
    this.#held.hold(QUOTA_WATCH, watchGates(this.#onGate));
    // The request goes out before the skeleton is drawn: the network waits for nothing.
    const answer = (async (): Promise<{ data: Data } | { error: unknown }> => {
      try {
        return { data: await this.#kind.load(this.#client, this.#options, { signal: controller.signal, fresh }) };
      } catch (error) {
        return { error };
      }
    })();
    if (!shown) {
      if (key && stored) {
        areas?.remove(win, area, key);
        this.#data = this.#stale = undefined;
      }
      this.#state = 'loading';
      this.#render();
      // The first answer for a new address is computed on the spot and can take half a minute.
      this.#later(() => id == this.#loadId && this.#slow(), SLOW_LOAD_MS);
    }
    // A gate closed before this load: one that joins a request already waiting for the reset
    // (the same record, asked for by another widget) says so now, not after SLOW_LOAD_MS.
    if (gate(gateName)) this.#slow();
    const outcome = await answer;
    if (id != this.#loadId) return;
    // Drawn in turn with the other widgets' answers (./tasks): at once while the slice has time,
    // else in a later task, so that forty answers arriving together are not one long task. The
    // drawing is the job itself, so that the slice counts its time.
    const settle = (): Promise<void> | void => {
      if (id != this.#loadId) return;
      this.#held.release(QUOTA_WATCH);
      if ('error' in outcome) {
        // A spent quota: kept for the next page load, and the widget loads again when it resets (a
        // timer holds under 2^31 ms: one for a reset weeks away ends early, and the gate waits again).
        const at = isServiceError(outcome.error) ? outcome.error.retryAt : undefined;
        if (at) {
          areas?.write(win, area, gateName, at);
          this.#later(() => void this.#load(true), Math.min(at - Date.now(), 2e9), QUOTA_WAIT);
        }
        return this.#fail(outcome.error);
      }
      const { data } = outcome;
      // A revalidated answer equal to the one already shown is not drawn again.
      if (!(stored && sameStored(stored.value, data)) && !this.#show(data)) return;
      if (key) areas?.write(win, area, key, data);
    };
    // A failure settles once its sentences are there (#fail): refresh() resolves after its report.
    await new Promise<void>((resolve) => inTurn(() => resolve(settle())));
  }

  /**
   * While loading, fills the skeleton's status line (a live region already, so it is announced):
   * when the quota gate of this widget's key is closed, that the quota is spent and when the
   * widget tries again; else that the service is still calculating.
   */
  #slow(): void {
    const status = this.#state == 'loading' && this.#view?.querySelector('.rk-slow');
    if (!status) return;
    const s = this.#localized();
    const at = gate(this.#gateName);
    status.textContent = at
      ? quotaSentence(at, s)
      : s.t('Calculating this reputation from chain data. The first look at an address can take up to a minute…');
    this.#host?.setAttribute('data-slow', '');
  }

  /**
   * A quota gate closed (src/client/quota.ts) during a load. When it is this widget's: the reset is kept for the
   * next page load (with `cache`), whether the client waits for it (a reset seconds away: the load
   * then goes on by itself) or the load fails (the widget then loads again at the reset), and a
   * widget still loading says so at once instead of "calculating".
   */
  #onGate = (name: string, at: number): void => {
    const { cache: area, cacheTtlMs } = this.#options;
    if (name != this.#gateName || at <= Date.now()) return;
    const win = this.#host?.ownerDocument.defaultView;
    // The cache's chunk is loaded by then: the load that saw this 429 asked for it first.
    if (area != 'none' && cacheTtlMs) void loadAreas().then((areas) => areas?.write(win, area, name, at));
    this.#slow();
  };

  /** Shows `data`, loaded at `at`, in the ready state and reports the load. Returns success. */
  #show(data: Data, at = Date.now(), quiet = false): boolean {
    this.#data = { value: data, at };
    this.#stale = undefined;
    this.#state = 'ready';
    if (!this.#render(quiet)) return false;
    this.#emit('load', { data }, this.#options.onLoad);
    return true;
  }

  /**
   * Reports a failure. Data already shown is kept, marked stale, when the failure says nothing
   * about it (the service unreachable, busy or failing); otherwise the error view replaces it.
   * The first failure of the service on the page loads the sentences' chunk (./failure-view)
   * first: the widget stays as it is meanwhile, and reports the failure once it has them (or
   * could not load them), unless a newer load or destroy() came in between.
   */
  #fail(thrown: unknown): Promise<void> | void {
    const error = asError(thrown);
    if (isServiceError(error) && !sentencesTried()) {
      const id = this.#loadId;
      return loadSentences().then(() => {
        if (id == this.#loadId) this.#fail(error);
      });
    }
    if (this.#data && describe(error, '', this.#localized()).keep) {
      this.#stale = error;
      this.#state = 'ready';
    } else {
      this.#error = error;
      this.#data = this.#stale = undefined;
      this.#state = 'error';
    }
    this.#render();
    const { onError } = this.#options;
    this.#emit('error', { error }, onError && (() => onError(error)));
  }

  /**
   * Shows the current state; a rendering failure becomes the error state (unless `quiet`:
   * the caller then shows something else). Returns success.
   */
  #render(quiet = false): boolean {
    const view = this.#view;
    const host = this.#host;
    if (!view || !host) return false;
    const state = this.#state;
    const { views, placeholder } = this.#kind;
    const s = this.#localized();
    this.#held.release(DECORATION);
    markLanguage(view, s);
    host.dataset.state = state;
    host.removeAttribute('data-slow');
    host.toggleAttribute('data-stale', !!this.#stale);
    view.setAttribute('aria-busy', String(state == 'loading'));
    try {
      if (state == 'error') {
        renderInto(view, failureView(describe(this.#error, views.notFound(s, this.#error), s), s));
      } else {
        renderInto(
          view,
          this.#data
            ? html`${views.ready(this.#data.value, s)}${this.#stale && staleNote(this.#stale, this.#data.at, s)}`
            : placeholderView(
                s.t('Loading…'),
                asFiller(() => views.ready(placeholder(blankAddress(this.#options)), blankAddress(s))),
              ),
        );
        this.#held.hold(DECORATION, views.decorate?.(view, s) ?? undefined);
      }
      return true;
    } catch (error) {
      if (state != 'error' && !quiet) this.#fail(error);
      return false;
    }
  }

  /** The settings as the views read them: the locale in force (`'auto'` resolved where the widget is) and its words. */
  #localized(): S & Localized {
    return { ...this.#options, ...wordsFor(localeOf(this.#options.locale, this.#host), this.#options.messages) };
  }

  /** Calls the page's callback (what it throws is reported, never thrown into the widget), then dispatches the event. */
  #emit(type: 'load' | 'error', detail: LoadDetail<Data> | ErrorDetail, callback: (() => void) | undefined): void {
    try {
      callback?.();
    } catch (error) {
      reportError(error);
    }
    this.#host?.dispatchEvent(new CustomEvent(`repkit:${type}`, { bubbles: true, composed: true, detail }));
  }

  /**
   * Only called with a host (after mount). Keeps `data-theme` on the host to the theme in force
   * (for `auto`, the system's, followed live). That one attribute is a theme change: the custom
   * properties it selects do the rest, no re-render.
   */
  #applyHost(): void {
    const host = this.#host!;
    const { className, theme } = this.#options;
    // Only what changed is written: an unchanged attribute still costs a style invalidation.
    const classes = `repkit ${className}`.trim();
    if (host.className != classes) host.className = classes;
    const media = theme == 'auto' ? host.ownerDocument.defaultView?.matchMedia?.('(prefers-color-scheme: dark)') : undefined;
    const follow = (): void => {
      const value = theme == 'auto' ? (media?.matches ? 'dark' : 'light') : theme;
      if (host.dataset.theme != value) host.dataset.theme = value;
    };
    media?.addEventListener('change', follow);
    this.#held.hold(SCHEME, () => media?.removeEventListener('change', follow));
    follow();
  }

  #onClick = ({ target }: Event): void => {
    const actor = isElement(target) ? target.closest<HTMLElement>('[data-action]') : null;
    const action = actor?.dataset.action;
    if (!actor || !action) return;
    const settings = this.#localized();
    if (action == 'retry') void this.refresh();
    else if (action == 'more') toggleClamp(actor, settings);
    else ownValue(this.#kind.actions ?? {}, action)?.(actor, { settings, later: (fn, ms) => this.#later(fn, ms) });
  };
}
