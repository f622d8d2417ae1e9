import { invalid } from '../client/option-error';
import { html, safePath, safeUrl, type Html } from '../render/html';
import { ownValue } from '../util/values';
import { ALL_KINDS, createWidget } from '../widgets/create-widget';
import type { WidgetConfig } from '../widgets/types';
import { attributeName } from './attributes';

/** Options of {@link snippet}. */
export interface SnippetOptions {
  /**
   * Where the page loads repkit's script (`repkit.umd.js`) from: an absolute http(s) URL, or a
   * path on the page's origin (`/assets/repkit.umd.js`). Required: repkit is not on a public
   * CDN, so there is no address every page could use.
   */
  scriptUrl: string;
}

/**
 * The copy-paste HTML for a widget: an element whose `data-*` attributes carry the config,
 * and the script tag that mounts it. Needs no JavaScript from the host page. Callbacks have
 * no attribute and are left out.
 * @throws OptionError (a TypeError), as `createWidget` does, for a config that would not
 * work, for an option name the kind does not have, and for a missing or unusable `scriptUrl`.
 */
export const snippet = (config: WidgetConfig, options: SnippetOptions): string => {
  // Validates (the widget is never mounted). A path `baseUrl` is resolved by the page the snippet
  // is pasted into, not where snippet() runs (often a server): check it as on some page's origin.
  const path = typeof config.baseUrl == 'string' && /^\/(?!\/)/.test(config.baseUrl);
  createWidget(path ? { ...config, baseUrl: `https://page.invalid${config.baseUrl}` } : config);
  const table = ALL_KINDS.$byType[config.type].kind.options;
  const attributes: Html[] = [];
  const entries: [string, unknown][] = Object.entries(config);
  for (const [name, value] of entries) {
    if (name == 'type' || value === undefined) continue;
    const option = ownValue(table, name) ?? invalid(name, `an option of the ${config.type} widget`, name);
    // `messages` is an object: its attribute is JSON, as the snippet reads it.
    if (option.parse)
      attributes.push(html`data-${attributeName(name)}="${typeof value == 'object' ? JSON.stringify(value) : String(value)}"`);
  }
  const scriptUrl: unknown = options?.scriptUrl;
  const src =
    (typeof scriptUrl == 'string' && (safeUrl(scriptUrl) ?? safePath(scriptUrl))) ||
    invalid('scriptUrl', 'where the page loads repkit\'s script from: an absolute http(s) URL or a path starting with "/"', scriptUrl);
  const nonce = config.nonce && html` nonce="${config.nonce}"`;
  // One space written between attributes, none at their ends: the build's HTML minifier keeps a
  // written space and adds one of its own before a placeholder that follows a quoted value.
  const spaced = attributes.flatMap((attribute, i) => (i ? [' ', attribute] : [attribute]));
  return html`<div data-repkit="${config.type}" ${spaced}></div>
<script src="${src}" async${nonce}></script>`.markup;
};
