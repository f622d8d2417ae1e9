import { formatNumber, pluralRules } from '../render/format';
import { ownValue } from '../util/values';
import type { Catalogue, Plural, PluralMessage, Words } from './messages';

/** Catalogues registered by the locale modules (src/locales/), by lower-case tag. */
const LOCALES: Record<string, Catalogue> = {};

/** English's forms for one, where they differ from the message (the `other` form). */
const ENGLISH_ONE: Partial<Record<PluralMessage, string>> = { points: 'point', '$ NFTs': '$ NFT' };

/**
 * Adds a language's catalogue: what `repkit/locales/<lang>` and `dist/locales/<lang>.js` do
 * when they load. A page may register its own (`registerLocale('nl', { … })`); the messages it
 * lacks are said in English. The first catalogue of a language also serves its other regions
 * (`pt-BR` serves `pt` and `pt-PT` until one of those is registered). A widget mounted before
 * uses it from its next render.
 */
export const registerLocale = (tag: string, catalogue: Catalogue): void => {
  const key = tag.toLowerCase();
  LOCALES[key.split('-')[0]!] ??= catalogue;
  LOCALES[key] = catalogue;
};

/** A tag Intl accepts, else undefined (a page's `lang` may hold anything). */
const known = (tag: string | null | undefined): string | undefined => {
  try {
    return (tag && Intl.getCanonicalLocales(tag)[0]) || undefined;
  } catch {
    return undefined;
  }
};

/**
 * The locale in force: the `locale` option, or for `'auto'` the nearest non-empty `lang` of the
 * element (the mount point's own or an ancestor's, up to the page's), then the browser's.
 */
export const localeOf = (option: string | undefined, element?: Element): string =>
  (option != 'auto' && option) ||
  known(element?.closest('[lang]:not([lang=""])')?.getAttribute('lang')) ||
  globalThis.navigator?.language ||
  'en';

/** Marks `view` with the words' language (for screen readers, hyphenation and fonts) and a right-to-left language's direction. */
export const markLanguage = (view: HTMLElement, { locale, dir }: Words): void => {
  view.lang = locale;
  view.dir = dir ?? '';
};

/**
 * The words for `locale`: its catalogue (`pt-BR`), else its language's (`pt`, or the first
 * registered region of it), with the page's `overrides` over it; English for the rest.
 */
export const wordsFor = (locale: string, overrides?: Catalogue): Words => {
  const tag = locale.toLowerCase();
  const catalogue: Catalogue = { ...(LOCALES[tag] ?? LOCALES[tag.split('-')[0]!]), ...overrides };
  return {
    locale,
    dir: catalogue.dir,
    t: (message, value) => (ownValue(catalogue as Record<string, string>, message) ?? message).replace('$', () => value ?? '$'),
    n: (message, count, bare) => {
      const forms = ownValue(catalogue as Record<string, Plural>, message) ?? { other: message, one: ENGLISH_ONE[message] };
      const form = forms[pluralRules(locale).select(count)] ?? forms.other;
      return bare ? form : form.replace('$', () => formatNumber(count, locale));
    },
  };
};
