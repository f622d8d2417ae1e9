import type { RequestOptions, ServiceClient } from '../client/service-client';
import type { Html } from '../render/html';
import type { Option, OptionTable, ValueOf } from './option-types';

/**
 * The options in force: defaults applied, so an option with a default is always set.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export type Settings<T extends OptionTable, Req extends keyof T = never> = {
  readonly [K in keyof T]: T[K] extends Option<infer V, true> ? V : ValueOf<T[K]> | undefined;
} & { readonly [K in Req]: ValueOf<T[K]> };

/** What a caller passes: every option optional but the `Req` ones. */
export type OptionsOf<T extends OptionTable, Req extends keyof T = never> = { [K in keyof T]?: ValueOf<T[K]> } & {
  [K in Req]-?: ValueOf<T[K]>;
};

/** What `update()` takes: any subset; `undefined` puts an option back to its default. */
export type ChangesOf<T extends OptionTable> = { [K in keyof T]?: ValueOf<T[K]> | undefined };

/**
 * What a view may use besides the settings: timers that end with the widget.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export interface ActionContext<S> {
  readonly settings: S;
  /** Runs `fn` after `ms`, unless the widget is destroyed first. */
  later(fn: () => void, ms: number): void;
}

/**
 * How a kind shows its states. Each returns escaped markup built with the `html` tag.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export interface Views<S, Data> {
  /** The skeleton shown while loading, shaped like the ready view so nothing jumps. */
  loading(settings: S): Html;
  ready(data: Data, settings: S): Html;
  /** The sentence for a 404: there is nothing to show for this address yet. */
  notFound(settings: S): string;
  /**
   * Runs after each render, for what markup cannot carry (custom properties set through CSSOM,
   * a fit to the width). What it returns is called before the next render and on destroy.
   */
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- most kinds return nothing
  decorate?(view: HTMLElement, settings: S): void | (() => void);
}

/**
 * Everything one widget kind is: its name, stylesheet, options, how it loads its data and
 * how it shows it. The shared controller (widget.ts) and the embed code derive the rest.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export interface Kind<T extends OptionTable, Data, Req extends keyof T & string = keyof T & string> {
  readonly name: string;
  readonly css: string;
  readonly options: T;
  /** Options that must be set (`apiKey` is required unless `baseUrl` is set). */
  readonly required: readonly Req[];
  load(client: ServiceClient, settings: Settings<T, Req>, request: RequestOptions): Promise<Data>;
  /**
   * Blank data shaped like a typical full answer: while loading, the ready view drawn from it
   * is the skeleton, so the answer takes exactly the room reserved for it. Without it, the
   * kind's `views.loading` is shown.
   */
  placeholder?(settings: Settings<T, Req>): Data;
  readonly views: Views<Settings<T, Req>, Data>;
  /** Handlers of clicks on `[data-action]` elements in the view, by action name. */
  readonly actions?: Readonly<Record<string, (target: HTMLElement, context: ActionContext<Settings<T, Req>>) => void>>;
}
