/**
 * dist/repkit.annotate.js, for a script tag: annotates the page by itself when the tag carries
 * `data-base-url` (with the other options as `data-*` attributes), and adds `annotate` to the
 * global `RepKit` (beside what a repkit script put there) for pages that call it themselves.
 */
import { OptionError } from '../errors';
import type { ServiceClient } from '../client/service-client';
import { registerLocale } from '../i18n/locale';
import { setDefaultNonce } from '../widgets/styles';
import { readScriptOptions } from './attributes';
import { annotateWith } from './begin';
import type { AnnotateHandle, CardModule } from './annotator';
import type { AnnotateOptions } from './options';

interface RepKitGlobal {
  annotate?: typeof annotate;
  // The widget scripts' own RepKit.ServiceClient, when one is on the page.
  ServiceClient?: typeof ServiceClient;
  registerLocale?: typeof registerLocale;
}
const global = globalThis as typeof globalThis & { RepKit?: RepKitGlobal };

/**
 * `annotate()` as the module's, with the client of the repkit script loaded before this one when
 * there is one (its cache and requests are the widgets'), else this script's own.
 */
const annotate = (root?: Element | Document | null, options?: AnnotateOptions): AnnotateHandle =>
  annotateWith(loadClient, loadCard, root, options);

/** This script's tag, and its URL, read while it runs (`document.currentScript` is only set then). */
const script = typeof document != 'undefined' ? (document.currentScript as HTMLScriptElement | null) : null;
const scriptUrl = script?.src;

/** Loads `file` from beside this script. An inline copy of the script has no URL: it rejects. */
const besideScript = async <T>(file: string): Promise<T> =>
  (await import(/* @vite-ignore */ new URL(file, scriptUrl || undefined).href)) as T;

/**
 * The client: that of the repkit script loaded before this one, when there is one (the chips then
 * share its cache and requests with the widgets), else dist/repkit.annotate-client.js.
 */
const loadClient = async (): Promise<typeof ServiceClient> =>
  global.RepKit?.ServiceClient ?? (await besideScript<typeof import('./client-chunk')>('repkit.annotate-client.js')).ServiceClient;

/**
 * The card's code: dist/repkit.annotate-card.js, beside this script, loaded on the first hover or
 * focus. An inline copy of the script has no URL: it rejects, and chips open no card.
 */
const loadCard = (): Promise<CardModule> => besideScript('repkit.annotate-card.js');

if (script) {
  setDefaultNonce(script.nonce);
  if (script.hasAttribute('data-base-url')) {
    const start = (): void => {
      try {
        annotate(document.body, readScriptOptions(script));
      } catch (error) {
        // Nothing is thrown into the page: its scripts can hear why (`repkit:error`, as a widget's).
        const detail = { error: error instanceof Error ? error : new OptionError('script', String(error)) };
        script.dispatchEvent(new CustomEvent('repkit:error', { bubbles: true, composed: true, detail }));
      }
    };
    // Content parsed after the tag is annotated as it arrives (the annotator watches for it).
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start, { once: true });
  }
}

const repkit = (global.RepKit ??= {});
repkit.annotate = annotate;
// A locale script (dist/locales/<tag>.js) registers with RepKit.registerLocale: with this one too,
// so that chips speak the language as the widgets do.
const widgetsRegister = repkit.registerLocale;
repkit.registerLocale = (tag, catalogue) => {
  widgetsRegister?.(tag, catalogue);
  registerLocale(tag, catalogue);
};
