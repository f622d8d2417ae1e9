import { wordsFor } from '../i18n/locale';
import type { Catalogue, Locale, Words } from '../i18n/messages';
import ar from '../locales/ar';
import de from '../locales/de';
import es from '../locales/es';
import fr from '../locales/fr';
import he from '../locales/he';
import ja from '../locales/ja';
import ko from '../locales/ko';
import ptBR from '../locales/pt-BR';
import zhCN from '../locales/zh-CN';

/**
 * The words of the proxy's SVG badges: the widgets' catalogue (src/locales/), every shipped
 * language bundled, since a server answers any `locale=` a README asks for. The proxy keeps
 * its own table rather than the widgets' registry (`registerLocale`), so that importing it
 * registers nothing.
 */

/** The shipped catalogues, by lower-case tag; a language alone finds its one region (`pt` → `pt-BR`). */
const SHIPPED: Readonly<Record<string, Locale>> = { ar, de, es, fr, he, ja, ko, 'pt-br': ptBR, 'zh-cn': zhCN, pt: ptBR, zh: zhCN };

/** English's form for one where it differs from the message, which the widgets' English does not need. */
const ENGLISH: Catalogue = { '$ badges earned by $': { one: '$ badge earned by $', other: '$ badges earned by $' } };

/** The catalogue of `locale` (a canonical tag): its own, else its language's, else none (English). */
export const catalogueOf = (locale: string): Locale | undefined => {
  const tag = locale.toLowerCase();
  return SHIPPED[tag] ?? SHIPPED[tag.split('-')[0]];
};

/** The words a badge in `locale` says: its catalogue over English. */
export const svgWords = (locale: string): Words => wordsFor(locale, { ...ENGLISH, ...catalogueOf(locale) });

/** `text` with each `$` replaced by the next of `values`, in order (messages of two values). */
export const fill = (text: string, ...values: string[]): string => {
  let i = 0;
  return text.replace(/\$/g, () => values[i++] ?? '$');
};
