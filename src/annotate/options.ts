import { resolveClientOptions, type ClientOptions } from '../client/options';
import { invalid, refuseNearMiss } from '../client/option-error';
import type { Catalogue } from '../i18n/messages';
import { canonicalLocale } from '../render/format';
import { isRecord } from '../util/values';

/**
 * Options of `annotate()` (and, as kebab-case `data-*` attributes, of the script tag that
 * annotates by itself). The client's options come first: with a `baseUrl` and no `apiKey` the
 * page's addresses are asked of a repkit proxy in batches of up to 50; with an `apiKey`, of the
 * service, one request per address, shared with any widget on the page that shows the same address.
 */
export interface AnnotateOptions extends ClientOptions {
  /**
   * The networks whose addresses get a chip, by SS58 prefix (0: Polkadot, 2: Kusama, 42: any
   * Substrate chain), or `'all'`. The service scores Polkadot accounts.
   * As an attribute, a comma-separated list (`data-networks="0,42"`) or `all`.
   * @default [0]
   */
  networks?: readonly number[] | 'all';
  /**
   * Networks (SS58 prefixes) left out even when `networks` takes them, such as `[2]` with
   * `networks: 'all'`. As an attribute, a comma-separated list.
   * @default []
   */
  excludeNetworks?: readonly number[];
  /**
   * Whether addresses inside `code` and `pre` get chips too. Form fields (`input`, `textarea`,
   * `select`), editable content, `script`, `style`, `template`, anything inside an element with
   * `data-repkit-ignore` and repkit's own elements never do.
   * @default false
   */
  includeCode?: boolean;
  /**
   * Whether a link to an address on Subscan, Polkadot.js apps or Statescan gets a chip after it
   * (the address in the link's text gets one either way, also after the link).
   * @default true
   */
  links?: boolean;
  /**
   * Whether hovering, focusing or tapping a chip opens the card with the address's reputation
   * and badges.
   * @default true
   */
  card?: boolean;
  /**
   * Colour theme of the chips and cards; `'auto'` follows the system preference live.
   * @default 'light'
   */
  theme?: 'light' | 'dark' | 'auto';
  /**
   * The language of the chips' and cards' words and numbers: a BCP 47 tag such as `'de-DE'`,
   * or `'auto'`: the nearest `lang` attribute of each address, else the page's, else the
   * browser's language (catalogues as for widgets: docs/theming.md, "Languages").
   * @default 'auto'
   */
  locale?: string;
  /**
   * Your own words for any message, keyed by its English text, over the locale's
   * (docs/theming.md, "Languages", lists them). As an attribute, JSON.
   */
  messages?: Catalogue;
  /** Nonce for the `<style>` fallback on strict-CSP pages. Default: the loading script's nonce. */
  nonce?: string;
}

/** The options after defaults and checks; the client's are checked by the client itself. */
export interface ResolvedAnnotateOptions {
  client: ClientOptions;
  accepts: (prefix: number) => boolean;
  includeCode: boolean;
  links: boolean;
  card: boolean;
  theme: 'light' | 'dark' | 'auto';
  locale: string;
  messages: Catalogue | undefined;
  nonce: string | undefined;
}

/** Every option's name, for the near-miss check and the script tag's attributes. */
export const ANNOTATE_OPTION_NAMES = [
  'apiKey',
  'baseUrl',
  'timeoutMs',
  'retries',
  'cacheTtlMs',
  'maxResponseBytes',
  'fetch',
  'networks',
  'excludeNetworks',
  'includeCode',
  'links',
  'card',
  'theme',
  'locale',
  'messages',
  'nonce',
] as const;

/** The largest SS58 prefix (14 bits). */
const MAX_PREFIX = 16383;

const prefixList = (name: string, v: unknown): readonly number[] =>
  Array.isArray(v) && v.every((p) => Number.isInteger(p) && p >= 0 && p <= MAX_PREFIX)
    ? v
    : invalid(name, `an array of SS58 prefixes (whole numbers from 0 to ${MAX_PREFIX})`, v);

const flag = (name: string, v: unknown, fallback: boolean): boolean =>
  v === undefined ? fallback : typeof v == 'boolean' ? v : invalid(name, 'true or false', v);

/**
 * Applies the defaults and refuses what cannot be used, naming the option.
 * @throws OptionError
 */
export const resolveAnnotateOptions = (o: AnnotateOptions = {}): ResolvedAnnotateOptions => {
  // From JavaScript anything may come; checked as unknown, so that `o` keeps its declared type after.
  const given: unknown = o;
  if (!isRecord(given)) invalid('options', 'an object', o);
  for (const name of Object.keys(o)) refuseNearMiss(name, ANNOTATE_OPTION_NAMES, 'option');
  const networks = o.networks === undefined ? [0] : o.networks == 'all' ? 'all' : prefixList('networks', o.networks);
  const excluded = new Set(o.excludeNetworks === undefined ? [] : prefixList('excludeNetworks', o.excludeNetworks));
  const theme = o.theme ?? 'light';
  if (theme != 'light' && theme != 'dark' && theme != 'auto') invalid('theme', `'light', 'dark' or 'auto'`, theme);
  const locale = o.locale ?? 'auto';
  if (typeof locale != 'string') invalid('locale', `a BCP 47 language tag or 'auto'`, locale);
  if (locale != 'auto') {
    try {
      canonicalLocale(locale);
    } catch {
      invalid('locale', `a BCP 47 language tag or 'auto'`, locale);
    }
  }
  if (o.messages !== undefined && !isRecord(o.messages)) invalid('messages', 'an object of messages by their English text', o.messages);
  if (o.nonce !== undefined && typeof o.nonce != 'string') invalid('nonce', 'a string', o.nonce);
  const { apiKey, baseUrl, timeoutMs, retries, cacheTtlMs, maxResponseBytes, fetch } = o;
  const client = { apiKey, baseUrl, timeoutMs, retries, cacheTtlMs, maxResponseBytes, fetch };
  // Checked now, so that a wrong one throws before the page changes (the client may load later).
  resolveClientOptions(client);
  return {
    client,
    accepts: (prefix) => (networks == 'all' || networks.includes(prefix)) && !excluded.has(prefix),
    includeCode: flag('includeCode', o.includeCode, false),
    links: flag('links', o.links, true),
    card: flag('card', o.card, true),
    theme,
    locale,
    messages: o.messages,
    nonce: o.nonce,
  };
};
