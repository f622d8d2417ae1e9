import { invalid } from '../client/option-error';
import { html, safePath, safeUrl, type Html } from '../render/html';
import { ownValue } from '../util/values';
import { ALL_KINDS, createWidget } from '../widgets/create-widget';
import type { WidgetConfig } from '../widgets/types';
import { attributeName } from './attributes';
import { VERSION } from '../version';

/** Options of {@link snippet}. */
export interface SnippetOptions {
  /** Where the page loads repkit from: an absolute http(s) URL or a path on the page's origin. Default: this version's UMD build on unpkg. */
  scriptUrl?: string;
}

/** The UMD build of this version on a public CDN. */
export const DEFAULT_SCRIPT_URL: string = /* @__PURE__ */ (() => `https://unpkg.com/repkit@${VERSION}/dist/repkit.umd.js`)();

/**
 * The copy-paste HTML for a widget: an element whose `data-*` attributes carry the config,
 * and the script tag that mounts it. Needs no JavaScript from the host page. Callbacks have
 * no attribute and are left out.
 * @throws OptionError (a TypeError), as `createWidget` does, for a config that would not
 * work, and for an option name the kind does not have.
 */
export const snippet = (config: WidgetConfig, options: SnippetOptions = {}): string => {
  createWidget(config); // validates; the widget is never mounted
  const table = ALL_KINDS.$byType[config.type].kind.options;
  const attributes: Html[] = [];
  const entries: [string, unknown][] = Object.entries(config);
  for (const [name, value] of entries) {
    if (name == 'type' || value === undefined) continue;
    const option = ownValue(table, name) ?? invalid(name, `an option of the ${config.type} widget`, name);
    // `messages` is an object: its attribute is JSON, as the snippet reads it.
    if (option.parse)
      attributes.push(html` data-${attributeName(name)}="${typeof value == 'object' ? JSON.stringify(value) : String(value)}"`);
  }
  const scriptUrl = options.scriptUrl ?? DEFAULT_SCRIPT_URL;
  const src =
    safeUrl(scriptUrl) ?? safePath(scriptUrl) ?? invalid('scriptUrl', 'an absolute http(s) URL or a path starting with "/"', scriptUrl);
  const nonce = config.nonce && html` nonce="${config.nonce}"`;
  return html`<div data-repkit="${config.type}"${attributes}></div>
<script src="${src}" async${nonce}></script>`.markup;
};
