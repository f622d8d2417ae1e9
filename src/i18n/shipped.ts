import ar from '../locales/ar';
import de from '../locales/de';
import es from '../locales/es';
import fr from '../locales/fr';
import he from '../locales/he';
import ja from '../locales/ja';
import ko from '../locales/ko';
import ptBR from '../locales/pt-BR';
import zhCN from '../locales/zh-CN';
import type { Catalogue } from './messages';
import { hasLocale, registerLocale } from './locale';

/**
 * Every catalogue repkit ships (src/locales/), by tag. Only `repkit/server` imports this: a
 * server renders whatever language a visitor asks for, while a page loads just its own.
 * test/i18n/shipped.test.ts checks it against the folder, so a new language cannot be left out.
 */
export const SHIPPED_LOCALES: Record<string, Catalogue> = {
  ar,
  de,
  es,
  fr,
  he,
  ja,
  ko,
  'pt-BR': ptBR,
  'zh-CN': zhCN,
};

/**
 * Registers every shipped catalogue (once), so `wordsFor` finds the visitor's language on a
 * server as `import 'repkit/locales/<tag>'` makes it find it in a browser. A catalogue already
 * registered for a tag (`registerLocale` from `repkit/server`, called earlier) keeps it.
 */
let registered = false;
export const registerShippedLocales = (): void => {
  if (registered) return;
  registered = true;
  for (const [tag, catalogue] of Object.entries(SHIPPED_LOCALES)) if (!hasLocale(tag)) registerLocale(tag, catalogue);
};
