/**
 * The one escaping path. Widgets and `snippet()` build markup only with the `html` tag: every
 * interpolated value is escaped unless it is itself the result of an `html` template, so
 * untrusted text cannot become markup by accident. Misuse fails loudly instead of quietly:
 * only a real template literal is accepted, attribute values must be double-quoted, and an
 * `href` or `src` takes nothing but a {@link SafeUrl}.
 */

/** Only this module creates Html and SafeUrl values. */
const TOKEN = /* @__PURE__ */ Symbol('repkit.html');

/** The TypeError every misuse throws: repkit's own code is wrong, never the data. */
const misuse = (what: string): TypeError => new TypeError(`repkit: ${what}`);

/**
 * A string only this module can vouch for. Construction takes the module's private token, so
 * code outside it cannot pass its own text off as markup or as a checked URL.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
abstract class Sealed {
  readonly #value: string;
  /** @internal built by {@link html}, {@link safeUrl} and their siblings only. */
  constructor(token: symbol, value: string) {
    if (token !== TOKEN) throw misuse('html() and safeUrl() only');
    this.#value = value;
  }
  toString(): string {
    return this.#value;
  }
}

/**
 * Markup built by {@link html}; the only thing {@link renderInto} accepts.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export class Html extends Sealed {
  get markup(): string {
    return this.toString();
  }
}

/**
 * An absolute http(s) URL that passed {@link safeUrl}: the only value an `href` or `src` takes.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
export class SafeUrl extends Sealed {
  get href(): string {
    return this.toString();
  }
}

/** What a template may interpolate. `null`, `undefined` and booleans render nothing. */
export type HtmlValue = Html | SafeUrl | string | number | boolean | null | undefined | readonly HtmlValue[];

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  // A carriage return in an attribute would come back as a line feed.
  '\r': '&#13;',
};

/** Escapes text for use as element content or a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"'`\r]/g, (c) => ENTITIES[c]);

const fragment = (value: HtmlValue): string =>
  value instanceof Html
    ? value.markup
    : value instanceof SafeUrl
      ? escapeHtml(value.href)
      : Array.isArray(value)
        ? value.map(fragment).join('')
        : value == null || typeof value == 'boolean'
          ? ''
          : escapeHtml(String(value));

/** A template's strings array: frozen, with `raw`. A plain array is not one. */
const isTemplate = (strings: unknown): strings is TemplateStringsArray =>
  Array.isArray(strings) && Object.isFrozen(strings) && Array.isArray((strings as { raw?: unknown }).raw);

/**
 * Tagged template that escapes every value it is given.
 * @throws TypeError when called with something other than a template literal, when a value
 * follows an unquoted `attr=`, or when an `href`/`src` value is not a {@link SafeUrl}.
 */
export const html = (strings: TemplateStringsArray, ...values: HtmlValue[]): Html => {
  if (!isTemplate(strings)) throw misuse('html is a template tag');
  let markup = strings[0];
  values.forEach((value, i) => {
    const before = strings[i];
    if (/=\s*$/.test(before)) throw misuse(`quote attribute values (near ${JSON.stringify(before.slice(-20))})`);
    if (/\s(href|src)="$/i.test(before) && !(value instanceof SafeUrl)) {
      throw misuse('href and src take a SafeUrl only');
    }
    markup += fragment(value) + strings[i + 1];
  });
  return new Html(TOKEN, markup);
};

/**
 * Markup given more than once, parsed into a template (`null`: seen once). Widgets of one kind
 * and options draw the same skeleton, and those of one address the same view: parsing HTML is
 * the costly part of a render, copying parsed nodes is not (`importNode` copies them into any
 * document). Held weakly: the page keeps what a burst of widgets shares, and a collection
 * gives the nodes back (a template is parsed again after). Bounded, as a page may show any
 * number of addresses.
 */
const parsed = new Map<string, WeakRef<HTMLTemplateElement> | null>();

/** Markups kept, at most. */
const PARSED_MAX = 64;

/**
 * Replaces an element's content with escaped markup. The only place markup is assigned: parsed
 * the first time, copied from a template after that.
 */
export const renderInto = (element: Element | ShadowRoot, content: Html): void => {
  if (!(content instanceof Html)) throw misuse('renderInto takes html() markup only');
  const { markup } = content;
  const doc = element.ownerDocument;
  const known = parsed.get(markup);
  if (known === undefined) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(markup, null);
    element.innerHTML = markup;
    return;
  }
  let template = known?.deref();
  if (!template) {
    parsed.set(markup, new WeakRef((template = doc.createElement('template'))));
    template.innerHTML = markup;
  }
  element.replaceChildren(doc.importNode(template.content, true));
};

/**
 * What the URL parser reads as an http(s) URL starts so, once it has dropped what it ignores
 * (C0 controls and spaces in front, tabs and newlines anywhere): the scheme is read from the
 * start up to the first colon.
 */
const HTTP_SCHEME = /^[\0- ]*https?:/i;

/**
 * An absolute http(s) URL, normalised by the URL parser, or undefined for anything else:
 * `javascript:`, `data:`, relative and protocol-relative URLs never reach an `href` or `src`.
 */
export const safeUrl = (value: unknown): SafeUrl | undefined => {
  if (typeof value != 'string') return undefined;
  const text = value.trim();
  // Text that cannot be an http(s) URL (a handle, a bare domain) is not parsed at all: the
  // TypeError of a failed `new URL()` costs 0.2-0.6 ms in Chromium, paid for every such link
  // of a profile (test/bench/README.md, "Seventh pass").
  if (!HTTP_SCHEME.test(text.replace(/[\t\n\r]/g, ''))) return undefined;
  try {
    const url = new URL(text);
    return url.protocol == 'https:' || url.protocol == 'http:' ? new SafeUrl(TOKEN, url.href) : undefined;
  } catch {
    return undefined;
  }
};

/** A `mailto:` link for an address already checked by the caller's pattern. */
export const mailtoUrl = (address: string): SafeUrl | undefined =>
  /^[\w.+-]+@[a-z\d-]+(\.[a-z\d-]+)+$/i.test(address) ? new SafeUrl(TOKEN, `mailto:${address}`) : undefined;

/** A link target from data: an http(s) URL, or a `mailto:` with a plain address. */
export const linkUrl = (value: string): SafeUrl | undefined => (/^mailto:/i.test(value) ? mailtoUrl(value.slice(7)) : safeUrl(value));

/** A path on the page's own origin (`/dist/repkit.umd.js`), for markup the page's author copies. */
export const safePath = (value: string): SafeUrl | undefined => {
  if (!/^\/(?![/\\])/.test(value) || /[\s\\]/.test(value)) return undefined;
  const url = new URL(value, 'https://page.invalid');
  return url.host == 'page.invalid' ? new SafeUrl(TOKEN, url.pathname + url.search + url.hash) : undefined;
};
