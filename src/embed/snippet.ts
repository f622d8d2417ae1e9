import { escapeHtml } from '../render/html';
import { createWidget } from '../widgets/create-widget';
import type { WidgetConfig } from '../widgets/types';
import { attributeName } from './attributes';
import { VERSION } from '../version';

/** Options of {@link snippet}. */
export interface SnippetOptions {
  /** Where the page loads repkit from. Default: this version's UMD build on unpkg. */
  scriptUrl?: string;
}

/** The UMD build of this version on a public CDN. */
export const DEFAULT_SCRIPT_URL = `https://unpkg.com/repkit@${VERSION}/dist/repkit.umd.js`;

/**
 * The copy-paste HTML for a widget: an element whose `data-*` attributes carry the config,
 * and the script tag that mounts it. Needs no JavaScript from the host page.
 * @throws TypeError, as `createWidget` does, for a config that would not work.
 */
export const snippet = (config: WidgetConfig, options: SnippetOptions = {}): string => {
  createWidget(config); // validates; the widget is never mounted
  const attributes = Object.entries(config)
    .filter(([key, value]) => key != 'type' && value !== undefined && typeof value != 'function')
    .map(([key, value]) => ` data-${attributeName(key)}="${escapeHtml(String(value))}"`)
    .join('');
  const nonce = config.nonce ? ` nonce="${escapeHtml(config.nonce)}"` : '';
  return `<div data-repkit="${escapeHtml(config.type)}"${attributes}></div>\n<script src="${escapeHtml(options.scriptUrl ?? DEFAULT_SCRIPT_URL)}" async${nonce}></script>`;
};
