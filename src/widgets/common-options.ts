import type { Catalogue } from '../i18n/messages';
import { checkApiKey, checkBaseUrl, CLIENT_LIMITS, DEFAULT_BASE_URL, type ClientOptions } from '../client/options';
import { clientOn, type ServiceClient } from '../client/service-client';
import {
  boolean,
  callback,
  count,
  locale,
  messages,
  oneOf,
  segment,
  string,
  type Effect,
  type Option,
  type OptionTableFor,
  type Settings,
} from './option-types';

const clientCount = (name: keyof typeof CLIENT_LIMITS): Option<number, true> => {
  const { default: fallback, min, max } = CLIENT_LIMITS[name];
  return count<number>(fallback, min, max, 'transport');
};

const clientString = (check: (v: unknown, name: string) => string): Option<string, false> => ({
  ...string('client'),
  check,
});

/** Whether a list option reloads or only re-renders. */
const render: Effect = 'render';

/**
 * Options every widget kind accepts: the client's (but `fetch`), then these. Each kind's options
 * extend them.
 */
export interface BaseWidgetOptions extends Omit<ClientOptions, 'fetch'> {
  /** The address to display: a Polkadot (SS58) address, as the service takes it. Required. */
  address: string;
  /**
   * Colour theme; `'auto'` follows the system preference live.
   * @default 'light'
   */
  theme?: 'light' | 'dark' | 'auto';
  /**
   * Extra CSS class(es) for the host element, space separated.
   * @default ''
   */
  className?: string;
  /**
   * The language of the widget's words, numbers and dates: a BCP 47 tag such as `'de-DE'`, or
   * `'auto'`: the nearest `lang` attribute of the mount point, else the page's, else the
   * browser's language. Words come from the catalogue registered for it (see "Languages"),
   * else English; a change re-renders with no request.
   * @default 'auto'
   */
  locale?: string;
  /**
   * Your own words for any message, keyed by its English text, over the locale's:
   * `{ 'Try again': 'Retry' }` (docs/theming.md, "Languages", lists them). A message it lacks comes from the
   * locale, then English. As an attribute, JSON.
   */
  messages?: Catalogue;
  /** Nonce for the `<style>` fallback on strict-CSP pages. Default: the loading script's nonce. */
  nonce?: string;
  /**
   * `'lazy'`: no request until the widget is within 300 px of the viewport (also inside a closed
   * `<details>` or a hidden parent: it loads when shown), as a lazy image does.
   * @default 'eager'
   */
  loading?: 'eager' | 'lazy';
  /**
   * Keep the last answer in `sessionStorage` or `localStorage`: a repeat visit shows it at once,
   * revalidated when older than `cacheTtlMs`. Stores data only, never the key.
   * @default 'none'
   */
  cache?: 'none' | 'session' | 'local';
  /**
   * On a page of more than 20 widgets, cards far from the viewport skip their rendering
   * (`content-visibility: auto`) until scrolled near; pages of up to 20 render every card.
   * `false` always renders this card, as full-page screenshots and visual tests need. Read when
   * the widget is mounted.
   * @default true
   */
  skipOffscreen?: boolean;
  /** Called after each successful load. An exception it throws is reported, not propagated. */
  onLoad?: () => void;
  /** Called with the error (usually a `ServiceError`) when loading or rendering fails. */
  onError?: (error: Error) => void;
}

/**
 * How each common option is checked, parsed and applied. Each kind's table spreads these and adds
 * its own. Built in a pure call so that a bundle importing only the client drops it.
 */
export const COMMON_OPTIONS = /* @__PURE__ */ (() =>
  ({
    apiKey: clientString(checkApiKey),
    address: segment(),
    baseUrl: clientString(checkBaseUrl),
    timeoutMs: clientCount('timeoutMs'),
    retries: clientCount('retries'),
    cacheTtlMs: clientCount('cacheTtlMs'),
    maxResponseBytes: clientCount('maxResponseBytes'),
    theme: oneOf(['light', 'dark', 'auto'], 'light', 'host'),
    className: { ...string('host'), default: '' } satisfies Option<string, true>,
    locale: locale(),
    messages: messages(),
    nonce: string('host'),
    loading: oneOf(['eager', 'lazy'], 'eager', 'host'),
    cache: oneOf(['none', 'session', 'local'], 'none', 'host'),
    skipOffscreen: boolean(true, 'host'),
    onLoad: callback<() => void>(),
    onError: callback<(error: Error) => void>(),
  }) satisfies OptionTableFor<BaseWidgetOptions>)();

/** The colour theme; `'auto'` follows the system colour preference, live. */
export type Theme = NonNullable<BaseWidgetOptions['theme']>;

/** The common options in force: what the shared controller reads of any kind's settings. */
export type CommonSettings = Settings<BaseWidgetOptions, typeof COMMON_OPTIONS>;

/**
 * The client of a widget's settings. The option table above has checked every client option
 * (and the addresses and keys the kinds ask for), so the client checks nothing again.
 */
export const clientOf = (s: CommonSettings): ServiceClient => clientOn({ ...s, baseUrl: s.baseUrl ?? DEFAULT_BASE_URL });

/** The most items a list option may ask for. */
export const MAX_ITEMS = 50;

/** `maxBadges` / `maxCategories`. */
export const maxItems = (fallback: number): Option<number, true> => count<number>(fallback, 0, MAX_ITEMS, render);

/** A `showX` switch that only changes what is rendered. */
export const show = (fallback: boolean): Option<boolean, true> => boolean(fallback, render);
