import { ServiceClient, type RequestOptions } from '../client/service-client';
import { html, renderInto, type Html } from '../render/html';
import { shortAddress } from '../render/address';
import { describeFailure, failureView } from './messages';
import { checkOptions, COMMON_RULES, type OptionRule } from './options';
import { createHost } from './host';
import type { BaseWidgetOptions, WidgetState } from './types';

/** Options that change which data is shown: changing one reloads. Kinds add their own keys. */
const DATA_OPTIONS = ['address', 'apiKey', 'baseUrl'];
/** Options the client is built from: changing one builds a new client. */
const CLIENT_OPTIONS = ['apiKey', 'baseUrl', 'timeoutMs', 'retries', 'cacheTtlMs'];

/** Options with the defaults applied. */
export type Settings<O extends BaseWidgetOptions, Defaulted extends keyof O> = O &
  Required<Pick<O, Defaulted | 'theme' | 'className'>>;

/** What a widget kind tells the shared lifecycle about itself. */
export interface WidgetKind<O> {
  /** The kind's name, written to the host's `data-type`. */
  name: string;
  /** The kind's own stylesheet (base styles are added for every kind). */
  css: string;
  /** Defaults of the kind's own options. */
  defaults: Partial<O>;
  /** Rules for the kind's own options. */
  rules: Record<string, OptionRule>;
  /** The kind's own options that change the data shown. */
  dataOptions?: string[];
  /** Options that must be present. */
  required?: string[];
}

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

/**
 * The lifecycle every widget kind shares: options, mount, update, refresh, destroy, the three
 * states, callbacks and events, theme, and the rule that only the newest load may render.
 * A kind supplies how to load its data and how to show it.
 */
export abstract class Widget<O extends BaseWidgetOptions, Data, Defaulted extends keyof O = never> {
  #kind: WidgetKind<O>;
  #defaults: Partial<O>;
  #options: Settings<O, Defaulted>;
  #client: ServiceClient;
  #host?: HTMLElement;
  #view?: HTMLElement;
  #state: WidgetState = 'loading';
  #data?: { value: Data };
  #error?: unknown;
  /** Id of the newest load; an answer to an older one is dropped. */
  #loadId = 0;
  #abort?: AbortController;
  #media?: MediaQueryList;
  #destroyed = false;

  protected constructor(kind: WidgetKind<O>, options: O) {
    this.#kind = kind;
    this.#check(options);
    this.#defaults = { theme: 'light', className: '', ...kind.defaults } as Partial<O>;
    this.#options = { ...this.#defaults, ...options } as Settings<O, Defaulted>;
    this.#requireOptions(this.#options);
    this.#client = this.#makeClient();
  }

  /** The options in force, defaults included. */
  get options(): Readonly<Settings<O, Defaulted>> {
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
    const { host, root, view } = createHost(container.ownerDocument, this.#kind.name, this.#kind.css, this.#options.nonce);
    root.addEventListener('click', this.#onClick);
    root.addEventListener('error', onImageError, true);
    this.#host = host;
    this.#view = view;
    this.#applyHost();
    container.append(host);
    void this.#load(false);
    return this;
  }

  /**
   * Changes options. Options that change the data (address, apiKey, baseUrl and the kind's
   * keys) reload; the others re-render from the data already held, with no request. An
   * option given as `undefined` goes back to its default (`{ badgeKey: undefined }` shows
   * every badge again). Before mount it only records the options; after destroy it does nothing.
   * @throws TypeError when a value has the wrong type or a required option is unset (nothing is changed then).
   */
  update(changes: Partial<O>): this {
    if (this.#destroyed) return this;
    if ((changes as { type?: unknown })?.type !== undefined) {
      throw new TypeError('repkit: "type" cannot be changed by update(); create a new widget');
    }
    this.#check(changes);
    const previous = this.#options;
    const next: Record<string, unknown> = { ...previous };
    for (const [key, value] of Object.entries(changes)) {
      next[key] = value === undefined ? (this.#defaults as Record<string, unknown>)[key] : value;
      if (next[key] === undefined) delete next[key];
    }
    this.#requireOptions(next);
    const changed = (keys: string[]) => keys.some((k) => next[k] !== (previous as Record<string, unknown>)[k]);
    const client = changed(CLIENT_OPTIONS) ? this.#makeClient(next as O) : this.#client;
    this.#options = next as Settings<O, Defaulted>;
    this.#client = client;
    if (!this.#host) return this;
    this.#applyHost();
    if (changed([...DATA_OPTIONS, ...(this.#kind.dataOptions ?? [])])) {
      this.#data = undefined;
      void this.#load(false);
    } else {
      this.#render();
    }
    return this;
  }

  /**
   * Reloads the data, bypassing the cache. Resolves when the load has settled (its outcome is
   * reported through onLoad / onError and the events, never as a rejection). Does nothing
   * before mount or after destroy.
   */
  refresh(): Promise<void> {
    return this.#host ? this.#load(true) : Promise.resolve();
  }

  /** Aborts work under way, removes the host element and every listener. Safe to call twice. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#loadId++;
    this.#abort?.abort();
    this.#media?.removeEventListener('change', this.#onScheme);
    this.#host?.shadowRoot?.removeEventListener('click', this.#onClick);
    this.#host?.shadowRoot?.removeEventListener('error', onImageError, true);
    this.#host?.remove();
    this.#host = this.#view = this.#media = this.#abort = this.#data = undefined;
  }

  /** Loads the kind's data through `client`. */
  protected abstract load(client: ServiceClient, request: RequestOptions): Promise<Data>;

  /** The ready view. */
  protected abstract renderData(data: Data): Html;

  /** The loading view: a skeleton shaped like the ready view, so the page does not jump. */
  protected abstract renderSkeleton(): Html;

  /** The sentence for a 404. */
  protected abstract notFoundSentence(): string;

  /** Runs after each render, for what markup cannot carry (custom properties set through CSSOM). */
  protected decorate(_view: HTMLElement): void {}

  /** Handles a click on an element with `data-action` (other than the shared `retry`). */
  protected onAction(_action: string, _target: HTMLElement): void {}

  /** The shortened address with the full one in a tooltip. */
  protected renderAddress(): Html {
    const { address } = this.#options;
    return html`<span class="rk-address" title="${address}">${shortAddress(address)}</span>`;
  }

  #check(options: Partial<O>): void {
    checkOptions({ ...COMMON_RULES, ...this.#kind.rules }, options);
  }

  #requireOptions(options: object): void {
    for (const name of ['apiKey', 'address', ...(this.#kind.required ?? [])]) {
      if ((options as Record<string, unknown>)[name] === undefined) {
        throw new TypeError(`repkit: "${name}" is required for a ${this.#kind.name} widget`);
      }
    }
  }

  #makeClient(options: O = this.#options): ServiceClient {
    const { apiKey, baseUrl, timeoutMs, retries, cacheTtlMs } = options;
    return new ServiceClient({ apiKey, baseUrl, timeoutMs, retries, cacheTtlMs });
  }

  async #load(fresh: boolean): Promise<void> {
    const id = ++this.#loadId;
    this.#abort?.abort();
    const controller = (this.#abort = new AbortController());
    this.#state = 'loading';
    this.#render();
    let data: Data;
    try {
      data = await this.load(this.#client, { signal: controller.signal, fresh });
    } catch (error) {
      if (id == this.#loadId) this.#fail(error);
      return;
    }
    if (id != this.#loadId) return;
    this.#data = { value: data };
    this.#state = 'ready';
    if (!this.#render()) return;
    this.#emit('load', { data });
  }

  #fail(error: unknown): void {
    this.#error = error;
    this.#data = undefined;
    this.#state = 'error';
    this.#render();
    this.#emit('error', { error });
  }

  /** Shows the current state; a rendering failure becomes the error state. Returns success. */
  #render(): boolean {
    const view = this.#view;
    const host = this.#host;
    if (!view || !host) return false;
    const state = this.#state;
    host.dataset.state = state;
    view.setAttribute('aria-busy', String(state == 'loading'));
    try {
      if (state == 'error') {
        renderInto(view, failureView(describeFailure(this.#error, this.notFoundSentence())));
      } else {
        renderInto(view, this.#data ? this.renderData(this.#data.value) : this.renderSkeleton());
        this.decorate(view);
      }
      return true;
    } catch (error) {
      if (state != 'error') this.#fail(error);
      return false;
    }
  }

  #emit(type: 'load' | 'error', detail: { data?: Data; error?: unknown }): void {
    const callback = type == 'load' ? this.#options.onLoad : this.#options.onError;
    try {
      if (type == 'load') (callback as (() => void) | undefined)?.();
      else (callback as ((e: Error) => void) | undefined)?.(detail.error as Error);
    } catch (error) {
      reportError(error);
    }
    this.#host?.dispatchEvent(new CustomEvent(`repkit:${type}`, { bubbles: true, composed: true, detail }));
  }

  #applyHost(): void {
    const host = this.#host!;
    const { className, theme } = this.#options;
    host.className = `repkit ${className}`.trim();
    this.#media?.removeEventListener('change', this.#onScheme);
    this.#media = theme == 'auto' ? host.ownerDocument.defaultView?.matchMedia?.('(prefers-color-scheme: dark)') : undefined;
    this.#media?.addEventListener('change', this.#onScheme);
    this.#onScheme();
  }

  /** Keeps `data-theme` on the host to the theme in force (for `auto`, the system's). */
  #onScheme = (): void => {
    const { theme } = this.#options;
    if (this.#host) this.#host.dataset.theme = theme == 'auto' ? (this.#media?.matches ? 'dark' : 'light') : theme;
  };

  #onClick = (event: Event): void => {
    const target = (event.target as Element | null)?.closest?.('[data-action]') as HTMLElement | null;
    const action = target?.dataset.action;
    if (!action) return;
    if (action == 'retry') void this.refresh();
    else this.onAction(action, target);
  };
}
