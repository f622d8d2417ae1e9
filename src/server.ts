/**
 * `repkit/server`: widgets rendered to HTML on a server (Node, workerd, Deno, Bun), readable
 * with JavaScript off, and adopted by `<repkit-widget>` when repkit runs in the browser.
 *
 * The markup is the browser widget's own: the same view templates and stylesheets, inside
 * declarative shadow roots (`<template shadowrootmode="open">`). Nothing here touches
 * `document`, `window` or `HTMLElement`, at import or when called.
 */
import { invalid } from './client/option-error';
import { isServiceError, ServiceError } from './errors';
import { WIDGET_PARTS, ELEMENT_CSS } from './embed/element';
import { attributeName } from './embed/attributes';
import { escapeHtml } from './render/html';
import { isRecord, ownValue } from './util/values';
import { clientOf, type BaseWidgetOptions, type CommonSettings } from './widgets/common-options';
import type { Kind, Localized } from './widgets/descriptor';
import { wordsFor } from './i18n/locale';
import { registerShippedLocales } from './i18n/shipped';
import { WIDGET_CLASSES, type WidgetByType, type WidgetConfig, type WidgetType } from './widgets/kinds';
import { failureView } from './widgets/failure-view';
import { describeFailure } from './widgets/messages';
import { resolveSettings } from './widgets/settings';
import { storedText } from './widgets/storage';
import type { WidgetState } from './widgets/types';
import baseCss from '../styles/base.css?raw';

/** What a widget of each `type` loads: what its `repkit:load` event carries as `detail.data`. */
export type WidgetDataByType = { [K in WidgetType]: Exclude<WidgetByType[K]['data'], undefined> };

/** Any kind, as the renderer uses it (each kind's own types are checked where it is defined). */
type AnyKind = Kind<BaseWidgetOptions, CommonSettings, unknown>;

/**
 * Every kind's descriptor by `type`, from the registry (src/widgets/kinds/index.ts). A kind's
 * settings type is its own, so no kind is an `AnyKind` to tsc; `resolve` below gives each kind
 * the settings its own option table checked, which is what makes the one assertion true.
 */
const KINDS: Readonly<Record<string, AnyKind>> = Object.fromEntries(
  WIDGET_CLASSES.flatMap(({ kind }) => [kind.name, ...(kind.aliases ?? [])].map((type) => [type, kind as AnyKind])),
);

/** The config's kind and its settings (defaults filled in), checked as the widget checks them. */
const resolve = (config: WidgetConfig): { kind: AnyKind; settings: CommonSettings & Localized } => {
  // From JavaScript, anything may come: only an object's own `type` is read.
  const type: unknown = isRecord(config) ? config.type : undefined;
  const kind = typeof type == 'string' ? ownValue(KINDS, type) : undefined;
  if (!kind)
    return invalid(
      'type',
      `one of ${Object.keys(KINDS)
        .map((k) => `"${k}"`)
        .join(', ')}`,
      type,
    );
  const settings = resolveSettings<CommonSettings>(kind, undefined, config);
  // A server does not know the visitor's language: `'auto'` is English here (pass the visitor's
  // locale, from Accept-Language, to render theirs), and the browser re-renders in its own.
  // Every shipped language is at hand, without an import of its locale module.
  registerShippedLocales();
  const locale = settings.locale == 'auto' ? 'en' : settings.locale;
  return { kind, settings: { ...settings, ...wordsFor(locale, settings.messages) } };
};

/** The codes of Node's `fetch` rejection (its `cause`) for a host or port where nothing answers. */
const NOTHING_LISTENS = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/;

/**
 * A network failure with no answer at all, told apart as a page tells it (./client/probe): on a
 * server, `fetch` says why (nothing listens at baseUrl's host and port, or the host is unknown),
 * so the view says "check baseUrl (host, port)" here too. Kept out of the client: a page's
 * rejection carries no such code, and the scripts need not carry this.
 */
const nothingListens = (error: unknown): unknown => {
  if (!isServiceError(error) || error.kind != 'network') return error;
  const inner: unknown = isRecord(error.cause) ? error.cause.cause : undefined;
  const code = isRecord(inner) ? inner.code : undefined;
  if (typeof code != 'string' || !NOTHING_LISTENS.test(code)) return error;
  const request = /^GET \S+/.exec(error.message)?.[0] ?? 'GET';
  return new ServiceError(0, `${request}: could not reach the service: check baseUrl (host, port)`, {
    kind: 'unreachable',
    cause: error.cause,
  });
};

/** Our own stylesheet text in a `<style>` (with the config's CSP nonce). */
const styleElement = (css: string, nonce: string | undefined): string =>
  `<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>${css.replace(/<\/style/gi, '<\\/style')}</style>`;

/**
 * JSON that no record can end early inside a `<script>` in a `<template>`: `<`, `>` and `&` (so
 * no `</script>` or `<!--`) and the line separators are written as `\u` escapes, which only
 * occur inside JSON strings and read back as the same characters.
 */
export const scriptSafeJson = (json: string): string =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The element: its attributes (the options the config gave that an attribute carries) and its
 * shadow root, holding the widget's host as the browser builds it, `view` inside, and the data
 * (when ready) for the element to adopt.
 */
const renderElement = (
  config: WidgetConfig,
  kind: AnyKind,
  settings: CommonSettings & Localized,
  state: WidgetState,
  view: string,
  data?: { value: unknown; at: number },
): string => {
  let attributes = ` type="${escapeHtml(config.type)}"`;
  for (const [name, value] of Object.entries(config)) {
    if (name != 'type' && value !== undefined && ownValue(kind.options, name)?.parse) {
      // `messages` is an object: its attribute is JSON, as the element reads it.
      attributes += ` ${attributeName(name)}="${escapeHtml(typeof value == 'object' ? JSON.stringify(value) : String(value))}"`;
    }
  }
  const { theme, className, nonce } = settings;
  // `auto` follows the reader's system once the script runs; until then the light theme shows.
  const themeAttribute = theme == 'auto' ? '' : ` data-theme="${theme}"`;
  // Bar widths: the browser sets them through CSSOM (a strict CSP forbids style attributes); here
  // an attribute is all there is. Where a CSP refuses it, the bars are empty until the script runs.
  const styled = view.replace(/ data-share="([\d.]+)"/g, '$& style="--rk-share:$1"');
  const script = data ? `<script type="application/json">${scriptSafeJson(storedText(data.value, data.at))}</script>` : '';
  const host =
    `<div class="${escapeHtml(`repkit ${className}`.trim())}" data-type="${kind.name}"${themeAttribute} data-state="${state}"` +
    ` exportparts="${WIDGET_PARTS.join(', ')}"><template shadowrootmode="open">` +
    styleElement(kind.css ? `${baseCss}\n${kind.css}` : baseCss, nonce) +
    `<div part="widget" class="rk rk--${kind.name}" lang="${escapeHtml(settings.locale)}"${settings.dir ? ` dir="${settings.dir}"` : ''} aria-busy="false">${styled}</div></template></div>`;
  return `<repkit-widget${attributes}><template shadowrootmode="open">${styleElement(ELEMENT_CSS, nonce)}${script}<div>${host}</div></template></repkit-widget>`;
};

/**
 * The HTML of a `<repkit-widget>` showing `data` (what the widget's `repkit:load` event carries
 * for this `type`), readable with JavaScript off. When repkit's script runs, the element adopts
 * it: no request until the data is older than `cacheTtlMs`, and nothing moves.
 *
 * Every option in `config` an attribute can carry becomes an attribute, `apiKey` included: on a
 * public page, give a proxy's `baseUrl` instead of a key.
 * @param loadedAt when `data` was loaded (ms since the epoch), for the element's `cacheTtlMs`.
 * @throws OptionError naming the option when the config is invalid, as `createWidget` does.
 */
export function renderToString<C extends WidgetConfig>(config: C, data: WidgetDataByType[C['type']], loadedAt = Date.now()): string {
  const { kind, settings } = resolve(config);
  return renderElement(config, kind, settings, 'ready', kind.views.ready(data, settings).markup, { value: data, at: loadedAt });
}

/**
 * Loads the config's data with the client (its `apiKey`, or a proxy's `baseUrl`) and renders it
 * as {@link renderToString} does; a failure renders the widget's error view instead (the element
 * then loads again in the browser). Never rejects for a failure of the service.
 * @throws OptionError naming the option when the config is invalid.
 */
export async function fetchAndRender(config: WidgetConfig, options: { signal?: AbortSignal } = {}): Promise<string> {
  const { kind, settings } = resolve(config);
  try {
    const data = await kind.load(clientOf(settings), settings, { signal: options.signal });
    const at = Date.now();
    return renderElement(config, kind, settings, 'ready', kind.views.ready(data, settings).markup, { value: data, at });
  } catch (thrown) {
    const error = nothingListens(thrown);
    const view = failureView(describeFailure(error, kind.views.notFound(settings, error), settings), settings).markup;
    return renderElement(config, kind, settings, 'error', view);
  }
}

export type { WidgetConfig, WidgetType } from './widgets/kinds';
export { RepkitError, ServiceError, OptionError, MountError, isRepkitError } from './errors';
export { registerLocale } from './i18n/locale';
export { VERSION } from './version';
