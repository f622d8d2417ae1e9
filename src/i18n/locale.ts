import { formatNumber, pluralRules } from '../render/format';
import { ownValue } from '../util/values';
import type { Catalogue, Plural, PluralMessage, Words } from './messages';

/** Catalogues registered by the locale modules (src/locales/), by lower-case tag. */
const LOCALES: Record<string, Catalogue> = {};

/**
 * Mounted widgets' re-renders, so that a catalogue arriving after them (a deferred or async
 * locale file) is used at once. Held weakly: a widget removed without destroy() is not kept alive.
 */
const REDRAWS = new Set<WeakRef<(language: string) => void>>();

/**
 * Calls `redraw` with the language (`pt` for `pt-BR`) of every catalogue registered from now on,
 * until the returned function is called. The caller keeps `redraw` alive (this holds it weakly).
 */
export const onRegister = (redraw: (language: string) => void): (() => void) => {
  const ref = new WeakRef(redraw);
  REDRAWS.add(ref);
  return () => REDRAWS.delete(ref);
};

/** English's forms for one, where they differ from the message (the `other` form). */
const ENGLISH_ONE: Partial<Record<PluralMessage, string>> = { points: 'point', '$ NFTs': '$ NFT' };

/**
 * Adds a language's catalogue: what `repkit/locales/<lang>` and `dist/locales/<lang>.js` do
 * when they load. A page may register its own (`registerLocale('nl', { … })`); the messages it
 * lacks are said in English. The first catalogue of a language also serves its other regions
 * (`pt-BR` serves `pt` and `pt-PT` until one of those is registered). Widgets already mounted
 * in that language render again in it.
 */
export const registerLocale = (tag: string, catalogue: Catalogue): void => {
  const key = tag.toLowerCase();
  const language = key.split('-')[0];
  LOCALES[language] ??= catalogue;
  LOCALES[key] = catalogue;
  for (const ref of REDRAWS) ref.deref()?.(language);
};

/** Whether a catalogue is registered for exactly `tag` (case aside). */
export const hasLocale = (tag: string): boolean => !!ownValue(LOCALES, tag.toLowerCase());

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
 * element (the mount point's own or an ancestor's, up to the page's, out of any shadow root it is
 * in: a `<repkit-widget>` keeps its widget in its own), then the browser's.
 */
export const localeOf = (option: string | undefined, element?: Element): string => {
  if (option != 'auto' && option) return option;
  let marked: Element | null | undefined;
  while (element && !(marked = element.closest('[lang]:not([lang=""])'))) element = (element.getRootNode() as ShadowRoot).host;
  return known(marked?.getAttribute('lang')) || globalThis.navigator?.language || 'en';
};

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
  const catalogue: Catalogue = { ...(LOCALES[tag] ?? LOCALES[tag.split('-')[0]]), ...overrides };
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
