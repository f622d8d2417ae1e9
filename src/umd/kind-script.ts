/**
 * What every per-kind script (`repkit.<kind>.umd.js`) shares: the global `RepKit` of a page that
 * shows one kind of widget. It carries the client, that kind's class, `createWidget`,
 * `mountAll` and `autoMount` for that kind only, and mounts that kind's snippets on load. A
 * snippet of another kind shows an error naming its type and the script that shows it.
 * `<repkit-widget>` and `snippet()` need every kind: they are in `repkit.umd.js` only.
 */
import { createFrom, kindSet, type KindClass } from '../widgets/kind-set';
import type { WidgetByType, WidgetOptionsByType } from '../widgets/kinds';
import { snippetMounter, type SnippetMounter } from '../embed/mount-all';
import { setDefaultNonce } from '../widgets/styles';
import { afterEvaluation } from '../widgets/tasks';
import type { WidgetType } from '../widgets/types';

/** The global of a per-kind script, beside what every build exports. */
export interface KindScript<T extends WidgetType> extends SnippetMounter {
  /** The `type` values this script builds. */
  WIDGET_TYPES: T[];
  /**
   * Creates a widget of this script's kind.
   * @throws OptionError (a TypeError) naming `type` for another kind, or the option at fault.
   */
  createWidget<K extends T>(config: WidgetOptionsByType[K] & { type: K }): WidgetByType[K];
}

/**
 * Starts the script of one kind (its class, answering to the kind's name and aliases): mounts
 * its snippets now and as they are added. Does nothing on a server. rollup.config.mjs makes
 * each kind's script from this, its class and ./common.
 */
export const kindScript = <T extends WidgetType>(widgetClass: KindClass & { readonly kind: { readonly name: T } }): KindScript<T> => {
  const { name } = widgetClass.kind;
  const kinds = kindSet([widgetClass], `"${name}", the kind repkit.${name}.umd.js shows (repkit.umd.js shows every kind)`);
  const mounter = snippetMounter(kinds);
  if (typeof document != 'undefined') {
    setDefaultNonce(document.currentScript?.nonce);
    afterEvaluation();
    mounter.autoMount();
  }
  return {
    ...mounter,
    WIDGET_TYPES: Object.keys(kinds.$byType) as T[],
    createWidget: <K extends T>(config: WidgetOptionsByType[K] & { type: K }) => createFrom(kinds, config) as WidgetByType[K],
  };
};
