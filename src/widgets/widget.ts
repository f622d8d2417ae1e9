import { invalid, OptionError } from '../client/option-error';
import { ServiceClient } from '../client/service-client';
import { renderInto } from '../render/html';
import { ownValue } from '../util/values';
import type { ChangesOf, Kind, OptionsOf, Settings } from './descriptor';
import { createHost } from './host';
import { describeFailure, failureView } from './messages';
import type { Effect, OptionTable } from './option-types';
import { placeholderView } from './placeholder';
import { nextFrame, placeCard } from './scheduler';
import { readStored, removeStored, sameStored, writeStored, type CacheArea } from './storage';
import type { WidgetState } from './types';
import { toggleClamp } from './views/common';
import { whenNearViewport } from './visibility';

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
const onImageError = (event: Event): void => {
  if ((event.target as Element).tagName == 'IMG') (event.target as Element).remove();
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

/** What a view threw, as the `Error` that `onError` and `repkit:error` promise. */
const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));

/**
 * The controller every widget kind shares: options, mount, update, refresh, destroy, the
 * three states, callbacks and events, theme, and the rule that only the newest load may
 * render. What differs between kinds is data in their {@link Kind} descriptor.
 */
export class Widget<T extends OptionTable, Data, Req extends keyof T & string = keyof T & string> {
  readonly #kind: Kind<T, Data, Req>;
  #options: Settings<T, Req>;
  #client: ServiceClient;
  #host?: HTMLElement;
  #view?: HTMLElement;
  #state: WidgetState = 'loading';
  #data?: { value: Data };
  #error?: Error;
  /** Id of the newest load; an answer to an older one is dropped. */
  #loadId = 0;
  #abort?: AbortController;
  #media?: MediaQueryList;
  #timers = new Set<ReturnType<typeof setTimeout>>();
  #destroyed = false;
  /** Undoes what the last render's `decorate` set up (an observer): run before the next render and on destroy. */
  #undecorate?: (() => void) | undefined;
  /** Set while a lazy widget waits to come near the viewport; stops the watching. */
  #unwatch?: () => void;

  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  constructor(kind: Kind<T, Data, Req>, options: OptionsOf<T, Req>) {
    this.#kind = kind;
    this.#options = this.#settings(this.#defaults(), options as ChangesOf<T>);
    this.#client = this.#makeClient(this.#options);
  }

  /** The options in force, defaults included. */
  get options(): Settings<T, Req> {
    return this.#options;
  }

  /** `loading`, `ready` or `error`; also on the host element as `data-state`. */
  get state(): WidgetState {
    return this.#state;
  }

  /** The element the widget added to the page, once mounted. */
  get element(): HTMLElement | undefined {
    return this.#host;
  }

  /**
   * Renders the widget into a container: a CSS selector or an element. Appends one host
   * element with an open shadow root and starts loading.
   * @throws Error when the container is not found, or the widget is mounted or destroyed.
   */
  mount(target: string | Element): this {
    if (this.#destroyed) throw new Error('repkit: this widget was destroyed; create a new one to mount');
    if (this.#host) throw new Error('repkit: this widget is already mounted; call destroy() first');
    let container: Element | null = null;
    if (typeof target == 'string') {
      try {
        container = document.querySelector(target);
      } catch {
        throw new TypeError(`repkit: mount target ${JSON.stringify(target)} is not a valid CSS selector`);
      }
      if (!container) throw new Error(`repkit: mount target ${JSON.stringify(target)} was not found`);
    } else if ((target as Element)?.nodeType == 1 && typeof (target as Element).ownerDocument?.createElement == 'function') {
      container = target;
    } else {
      throw new TypeError('repkit: mount() needs a CSS selector or an element');
    }
    const { host, root, view } = createHost(
      container.ownerDocument,
      this.#kind.name,
      this.#kind.css,
      this.#options.nonce as string | undefined,
    );
    root.addEventListener('click', this.#onClick);
    root.addEventListener('error', onImageError, true);
    this.#host = host;
    this.#view = view;
    this.#applyHost();
    container.append(host);
    placeCard(view);
    if (this.#options.loading == 'lazy') this.#unwatch = whenNearViewport(host, this.#onNear);
    if (this.#unwatch) this.#render();
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
  update(changes: ChangesOf<T>): this {
    if (this.#destroyed) return this;
    if (changes && typeof changes == 'object' && Object.hasOwn(changes, 'type') && (changes as { type?: unknown }).type !== undefined) {
      throw new OptionError('type', 'repkit: "type" cannot be changed by update(); create a new widget');
    }
    const previous = this.#options;
    const next = this.#settings(previous, changes);
    const effects = new Set<Effect>();
    for (const name of Object.keys(this.#kind.options) as (keyof T & string)[]) {
      if (next[name] !== previous[name]) effects.add(this.#kind.options[name]!.effect);
    }
    if (effects.has('client') || effects.has('transport')) this.#client = this.#makeClient(next);
    this.#options = next;
    if (!this.#host || !effects.size) return this;
    this.#applyHost();
    if (this.#unwatch && next.loading == 'eager') {
      this.#unwatch();
      this.#onNear();
    } else if (effects.has('client') || effects.has('reload')) {
      this.#data = undefined;
      // A lazy widget still out of view loads the new options when it comes near.
      if (this.#unwatch) this.#render();
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
    return this.#host && !this.#unwatch ? this.#load(true) : Promise.resolve();
  }

  /** Aborts work under way, removes the host element, every listener and timer. Safe to call twice. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#loadId++;
    this.#abort?.abort();
    this.#undecorate?.();
    this.#undecorate = undefined;
    this.#unwatch?.();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#media?.removeEventListener('change', this.#onScheme);
    this.#host?.shadowRoot?.removeEventListener('click', this.#onClick);
    this.#host?.shadowRoot?.removeEventListener('error', onImageError, true);
    this.#host?.remove();
    this.#host = this.#view = this.#media = this.#abort = this.#data = this.#unwatch = undefined;
  }

  #onNear = (): void => {
    this.#unwatch = undefined;
    if (!this.#destroyed) void this.#load(false);
  };

  #defaults(): Settings<T, Req> {
    const defaults: Record<string, unknown> = {};
    for (const [name, option] of Object.entries(this.#kind.options)) if (option.default !== undefined) defaults[name] = option.default;
    return defaults as Settings<T, Req>;
  }

  /**
   * `base` with `changes` applied and checked. Only the kind's own options are read, by
   * own-property lookups: unknown names (`__proto__`, `__defineGetter__`) are ignored.
   */
  #settings(base: Settings<T, Req>, changes: ChangesOf<T>): Settings<T, Req> {
    if (!changes || typeof changes != 'object') invalid('options', 'an object', changes);
    const next: Record<string, unknown> = { ...base };
    const table = this.#kind.options;
    for (const name of Object.keys(changes)) {
      const option = ownValue(table, name);
      if (!option) continue;
      const value = (changes as Record<string, unknown>)[name];
      if (value === undefined) {
        if (option.default === undefined) Reflect.deleteProperty(next, name);
        else next[name] = option.default;
      } else {
        next[name] = option.check(value, name);
      }
    }
    for (const name of this.#kind.required) {
      if (next[name] === undefined) throw new OptionError(name, `repkit: "${name}" is required for a ${this.#kind.name} widget`);
    }
    if (next.apiKey === undefined && next.baseUrl === undefined) {
      throw new OptionError(
        'apiKey',
        `repkit: "apiKey" is required for a ${this.#kind.name} widget (or a baseUrl pointing at a proxy that adds it)`,
      );
    }
    return next as Settings<T, Req>;
  }

  #makeClient(options: Settings<T, Req>): ServiceClient {
    const { apiKey, baseUrl, timeoutMs, retries, cacheTtlMs, maxResponseBytes } = options as unknown as Record<string, never>;
    return new ServiceClient({ apiKey, baseUrl, timeoutMs, retries, cacheTtlMs, maxResponseBytes });
  }

  #later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      fn();
    }, ms);
    this.#timers.add(timer);
  }

  /**
   * Where `cache` keeps this widget's answer: what selects the data (kind, base URL and the
   * options that reload), never the API key. Undefined when the cache is off.
   */
  #storageKey(): string | undefined {
    const { cache, cacheTtlMs } = this.#options as { cache: CacheArea; cacheTtlMs: number };
    if (cache == 'none' || !cacheTtlMs) return undefined;
    const table = this.#kind.options;
    const selecting = Object.keys(table).filter((name) => table[name]!.effect == 'reload');
    return JSON.stringify([
      this.#kind.name,
      this.#client.baseUrl,
      ...selecting.map((name) => (this.#options as Record<string, unknown>)[name] ?? null),
    ]);
  }

  async #load(fresh: boolean): Promise<void> {
    const id = ++this.#loadId;
    this.#abort?.abort();
    const controller = (this.#abort = new AbortController());
    const win = this.#host?.ownerDocument.defaultView;
    const area = (this.#options as { cache: CacheArea }).cache;
    const key = this.#storageKey();
    const stored = key && !fresh ? readStored<Data>(win, area, key) : undefined;
    // Stale-while-revalidate: the stored answer is shown at once, in this task, so it is in
    // the first frame; a young enough one is not even asked for again.
    if (stored && this.#show(stored.value, true)) {
      if (Date.now() - stored.savedAt < (this.#options as { cacheTtlMs: number }).cacheTtlMs) return;
    } else {
      if (stored) {
        removeStored(win, area, key!);
        this.#data = undefined;
      }
      this.#state = 'loading';
      this.#render();
      // The first answer for a new address is computed on the spot and can take half a minute.
      this.#later(() => {
        if (id == this.#loadId && this.#state == 'loading') this.#showSlow();
      }, SLOW_LOAD_MS);
    }
    let outcome: { data: Data } | { error: unknown };
    try {
      outcome = { data: await this.#kind.load(this.#client, this.#options, { signal: controller.signal, fresh }) };
    } catch (error) {
      outcome = { error };
    }
    // Answers that arrive before the next frame are all rendered in it, in one pass.
    if (id == this.#loadId) await nextFrame(win);
    if (id != this.#loadId) return;
    if ('error' in outcome) return this.#fail(outcome.error);
    const { data } = outcome;
    // A revalidated answer equal to the one already shown is not drawn again.
    if (!(stored && sameStored(stored.value, data)) && !this.#show(data)) return;
    if (key) writeStored(win, area, key, data);
  }

  /** Shows `data` in the ready state and reports the load. Returns success. */
  #show(data: Data, quiet = false): boolean {
    this.#data = { value: data };
    this.#state = 'ready';
    if (!this.#render(quiet)) return false;
    this.#emit('load', { data });
    return true;
  }

  /** Fills the skeleton's status line: it is a live region already, so it is announced. */
  #showSlow(): void {
    const status = this.#view?.querySelector('.rk-slow');
    if (!status) return;
    status.textContent = 'Calculating this reputation from chain data. The first look at an address can take up to a minute…';
    this.#host?.setAttribute('data-slow', '');
  }

  #fail(thrown: unknown): void {
    const error = (this.#error = asError(thrown));
    this.#data = undefined;
    this.#state = 'error';
    this.#render();
    this.#emit('error', { error });
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
    const { views } = this.#kind;
    this.#undecorate?.();
    this.#undecorate = undefined;
    host.dataset.state = state;
    host.removeAttribute('data-slow');
    view.setAttribute('aria-busy', String(state == 'loading'));
    try {
      if (state == 'error') {
        renderInto(view, failureView(describeFailure(this.#error, views.notFound(this.#options))));
      } else {
        const { placeholder, name } = this.#kind;
        renderInto(
          view,
          this.#data
            ? views.ready(this.#data.value, this.#options)
            : placeholder
              ? placeholderView(`Loading ${name}…`, views.ready(placeholder(this.#options), this.#options))
              : views.loading(this.#options),
        );
        this.#undecorate = views.decorate?.(view, this.#options) ?? undefined;
      }
      return true;
    } catch (error) {
      if (state != 'error' && !quiet) this.#fail(error);
      return false;
    }
  }

  #emit(type: 'load', detail: LoadDetail<Data>): void;
  #emit(type: 'error', detail: ErrorDetail): void;
  #emit(type: 'load' | 'error', detail: LoadDetail<Data> | ErrorDetail): void {
    const { onLoad, onError } = this.#options as { onLoad?: () => void; onError?: (error: Error) => void };
    try {
      if (type == 'load') onLoad?.();
      else onError?.((detail as ErrorDetail).error);
    } catch (error) {
      reportError(error);
    }
    this.#host?.dispatchEvent(new CustomEvent(`repkit:${type}`, { bubbles: true, composed: true, detail }));
  }

  #applyHost(): void {
    const host = this.#host!;
    const { className, theme } = this.#options as { className: string; theme: string };
    // Only what changed is written: an unchanged attribute still costs a style invalidation.
    const classes = `repkit ${className}`.trim();
    if (host.className != classes) host.className = classes;
    this.#media?.removeEventListener('change', this.#onScheme);
    this.#media = theme == 'auto' ? host.ownerDocument.defaultView?.matchMedia?.('(prefers-color-scheme: dark)') : undefined;
    this.#media?.addEventListener('change', this.#onScheme);
    this.#onScheme();
  }

  /**
   * Keeps `data-theme` on the host to the theme in force (for `auto`, the system's). That one
   * attribute is a theme change: the custom properties it selects do the rest, no re-render.
   */
  #onScheme = (): void => {
    const { theme } = this.#options as { theme: string };
    const value = theme == 'auto' ? (this.#media?.matches ? 'dark' : 'light') : theme;
    if (this.#host && this.#host.dataset.theme != value) this.#host.dataset.theme = value;
  };

  #onClick = (event: Event): void => {
    const target = (event.target as Element | null)?.closest?.('[data-action]') as HTMLElement | null;
    const action = target?.dataset.action;
    if (!target || !action) return;
    if (action == 'retry') void this.refresh();
    else if (action == 'more') toggleClamp(target);
    else ownValue(this.#kind.actions ?? {}, action)?.(target, { settings: this.#options, later: (fn, ms) => this.#later(fn, ms) });
  };
}
