/**
 * The one escaping path. Widgets build markup only with the `html` tag: every interpolated
 * value is escaped unless it is itself the result of an `html` template, so untrusted text
 * cannot become markup by accident. Attribute values in templates are always double-quoted.
 */

/** Markup built by {@link html}; the only thing {@link renderInto} accepts. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** What a template may interpolate. `null`, `undefined` and `false` render nothing. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

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
export const escapeHtml = (text: string): string => text.replace(/[&<>"'`\r]/g, (c) => ENTITIES[c]!);

const fragment = (value: HtmlValue): string =>
  value instanceof Html
    ? value.markup
    : Array.isArray(value)
      ? value.map(fragment).join('')
      : value == null || value === false
        ? ''
        : escapeHtml(String(value));

/** Tagged template that escapes every value it is given. */
export const html = (strings: TemplateStringsArray, ...values: HtmlValue[]): Html => {
  let markup = strings[0]!;
  values.forEach((value, i) => (markup += fragment(value) + strings[i + 1]));
  return new Html(markup);
};

/** Replaces an element's content with escaped markup. The only place markup is assigned. */
export const renderInto = (element: Element | ShadowRoot, content: Html): void => {
  element.innerHTML = content.markup;
};

/**
 * An absolute http(s) URL, normalised by the URL parser, or undefined for anything else:
 * `javascript:`, `data:`, relative and protocol-relative URLs never reach an `href` or `src`.
 */
export const safeUrl = (value: unknown): string | undefined => {
  if (typeof value != 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol == 'https:' || url.protocol == 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};
