import type { RequestOptions, ServiceClient } from '../client/service-client';
import type { Words } from '../i18n/messages';
import type { Html } from '../render/html';
import type { BaseWidgetOptions } from './common-options';
import type { OptionTable } from './option-types';

/** What `update()` takes: any subset; `undefined` puts an option back to its default. */
export type ChangesOf<O> = { [K in keyof O]?: O[K] | undefined };

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
 * What a render adds to the settings: the locale in force (`'auto'` resolved) and its words.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export type Localized = Words;

/**
 * How a kind shows its states. Each returns escaped markup built with the `html` tag.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export interface Views<S, Data> {
  ready(data: Data, settings: S & Localized): Html;
  /**
   * The sentence for a 404: there is nothing to show for this address yet, or (told by
   * `error`, the 404 itself) the key asked for is not one the service defines.
   */
  notFound(settings: S & Localized, error?: unknown): string;
  /**
   * Runs after each render, for what markup cannot carry (custom properties set through CSSOM,
   * a fit to the width). What it returns is called before the next render and on destroy.
   */
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- most kinds return nothing
  decorate?(view: HTMLElement, settings: S & Localized): void | (() => void);
}

/**
 * Everything one widget kind is: its name, stylesheet, options, how it loads its data and
 * how it shows it. `O` is its public options interface, `S` the settings in force, `T` every
 * `type` value that builds it (its name and aliases). The shared controller (widget.ts), the
 * registry (kinds/index.ts) and the embed code derive the rest.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export interface Kind<O extends BaseWidgetOptions, S, Data, T extends string = string> {
  /** Its `type`, its folder under src/widgets/kinds/ and its stylesheet's name in styles/. */
  readonly name: T;
  /** Other `type` values that build it (`'badges'` for `'badge'`). */
  readonly aliases?: readonly T[];
  readonly css: string;
  /**
   * The `part`s its views name besides those every kind shares (`COMMON_PARTS`, views/parts.ts):
   * `<repkit-widget>` forwards them all, so page CSS reaches them as `repkit-widget::part(name)`.
   */
  readonly parts: readonly string[];
  /** Every option of `O`, checked against it with `satisfies OptionTableFor<O>`. */
  readonly options: OptionTable;
  /** Options that must be set (`apiKey` is required unless `baseUrl` is set). */
  readonly required: readonly (keyof O & string)[];
  load(client: ServiceClient, settings: S, request: RequestOptions): Promise<Data>;
  /**
   * Blank data shaped like a typical full answer: while loading, the ready view drawn from it
   * is the skeleton, so the answer takes exactly the room reserved for it.
   */
  placeholder(settings: S): Data;
  readonly views: Views<S, Data>;
  /** Handlers of clicks on `[data-action]` elements in the view, by action name. */
  readonly actions?: Readonly<Record<string, (target: HTMLElement, context: ActionContext<S & Localized>) => void>>;
}
