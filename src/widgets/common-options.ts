import { checkApiKey, checkBaseUrl, CLIENT_LIMITS } from '../client/options';
import { boolean, callback, count, locale, oneOf, segment, string, type Effect, type Option } from './option-types';

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
 * Options every widget kind accepts. Each kind's table spreads these and adds its own. Built in
 * a pure call so that a bundle importing only the client drops it.
 */
export const COMMON_OPTIONS = /* @__PURE__ */ (() => ({
  /** API key, sent as `X-API-Key` to `baseUrl` only. Required unless `baseUrl` points at a proxy that adds it. */
  apiKey: clientString(checkApiKey),
  /** The address to display. Required. */
  address: segment(),
  /** Service base URL (absolute http(s), or a path on this origin such as `/rep`); it receives your key. Default `https://api.dotpassport.io`. */
  baseUrl: clientString(checkBaseUrl),
  /** Time allowed for each attempt, in ms. Default `45000`. */
  timeoutMs: clientCount('timeoutMs'),
  /** Retries after the first attempt on network errors (one at most), 429, 502, 503 and 504. Default `2`. */
  retries: clientCount('retries'),
  /** How long answers are cached and shared, in ms; `0` disables. Default `60000`. */
  cacheTtlMs: clientCount('cacheTtlMs'),
  /** The largest answer read, in bytes. Default `2000000`. */
  maxResponseBytes: clientCount('maxResponseBytes'),
  /** Colour theme; `'auto'` follows the system preference live. Default `'light'`. */
  theme: oneOf(['light', 'dark', 'auto'], 'light', 'host'),
  /** Extra CSS class(es) for the host element, space separated. Default `''`. */
  className: { ...string('host'), default: '' } as Option<string, true>,
  /** BCP 47 locale for numbers and dates. Default: the browser's. */
  locale: locale(),
  /** Nonce for the `<style>` fallback on strict-CSP pages. Default: the loading script's nonce. */
  nonce: string('host'),
  /**
   * `'lazy'` makes no request until the host is within 300 px of the viewport (also inside a
   * closed `<details>` or a hidden parent: it loads when shown), as `<img loading="lazy">`.
   * Default `'eager'`.
   */
  loading: oneOf(['eager', 'lazy'], 'eager', 'host'),
  /**
   * Keep the last answer in `sessionStorage` or `localStorage`: the next page load shows it at
   * once and revalidates it when older than `cacheTtlMs`. Stores data only, never the key.
   * Default `'none'`.
   */
  cache: oneOf(['none', 'session', 'local'], 'none', 'host'),
  /** Called after each successful load. An exception it throws is reported, not propagated. */
  onLoad: callback<() => void>(),
  /** Called with the error (usually a `ServiceError`) when loading or rendering fails. */
  onError: callback<(error: Error) => void>(),
}))();

/** The most items a list option may ask for. */
export const MAX_ITEMS = 50;

/** `maxBadges` / `maxCategories`. */
export const maxItems = (fallback: number): Option<number, true> => count<number>(fallback, 0, MAX_ITEMS, render);

/** A `showX` switch that only changes what is rendered. */
export const show = (fallback: boolean): Option<boolean, true> => boolean(fallback, render);
