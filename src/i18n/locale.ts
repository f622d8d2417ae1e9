import { EN } from './en';
import type { MessageOverrides, Messages } from './messages';

/** Catalogues registered by the locale modules (src/locales/), by lower-case tag. */
const LOCALES: Record<string, MessageOverrides> = {};

/**
 * Adds a language's catalogue: what `repkit/locales/<lang>` and `dist/locales/<lang>.js` call
 * when they load. A page may register its own (`registerLocale('nl', { … })`); messages it lacks
 * fall back to English. Widgets mounted before it use it from their next render.
 */
export const registerLocale = (tag: string, messages: MessageOverrides): void => {
  LOCALES[tag.toLowerCase()] = messages;
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
 * The locale in force: the `locale` option, or for `'auto'` the nearest `lang` of the element
 * (the mount point's own, then the page's), then the browser's.
 */
export const localeOf = (option: string | undefined, element?: Element): string =>
  (option != 'auto' && option) ||
  known(element?.closest('[lang]:not([lang=""])')?.getAttribute('lang')) ||
  known(element?.ownerDocument.documentElement.lang) ||
  globalThis.navigator?.language ||
  'en';

/**
 * The catalogue for `locale`: its own (`pt-BR`), else its language's (`pt`), else any registered
 * for the same language (`zh` finds `zh-CN`), over English; then the page's `overrides`.
 */
export const messagesFor = (locale: string, overrides?: MessageOverrides): Messages => {
  const tag = locale.toLowerCase();
  const language = tag.split('-')[0]!;
  const found = LOCALES[tag] ?? LOCALES[language] ?? LOCALES[Object.keys(LOCALES).find((key) => key.split('-')[0] == language)!];
  return { ...EN, ...found, ...overrides, categories: { ...found?.categories, ...overrides?.categories } };
};
