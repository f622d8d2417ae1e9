/**
 * Hostile data through the one escaping path: every string of ./corpus.ts
 * goes straight through the helpers every template uses (src/render/html.ts: `html`,
 * `escapeHtml`, `renderInto`, `safeUrl`, `linkUrl`), in text, in quoted attributes, nested
 * and in arrays, and as a URL. Widgets cannot write markup any other way (the tag refuses
 * unquoted attributes and plain strings in href/src), so the whole-widget suites
 * (./hostile-data.test.ts, ./hostile-config.test.ts) need only one render per kind per string.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, html, linkUrl, renderInto, safeUrl } from '../../src/render/html';
import { answer, hostileRecords } from './records';
import { CORPUS, htmlParsing, SAMPLE } from './corpus';

const { text: parsedText, attribute: parsedAttribute } = htmlParsing(document);

/** An absolute http(s) URL as the URL parser writes it, or undefined: what may reach href/src. */
const httpHref = (value: string): string | undefined => {
  try {
    const url = new URL(value.trim());
    return url.protocol == 'http:' || url.protocol == 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

const EMAIL = /^[\w.+-]+@[a-z\d-]+(\.[a-z\d-]+)+$/i;

const rendered = (content: Parameters<typeof renderInto>[1]): HTMLElement => {
  const div = document.createElement('div');
  renderInto(div, content);
  return div;
};

describe('the corpus', () => {
  it('has at least 50 strings, each with its own label, and covers every kind of hostile text', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(CORPUS.map((e) => e.label)).size).toBe(CORPUS.length);
    const values = CORPUS.map((e) => e.value);
    for (const pattern of [
      /<script/i,
      /<svg/i,
      /\son\w+=/i,
      /^"/,
      /^'/,
      /`/,
      /^javascript:/,
      /^JaVaScRiPt:/,
      /^\s+javascript:/,
      /^\0/,
      /&#106;/,
      /^data:/i,
      /^vbscript:/i,
      /^\/\//,
      /^\.\.\//,
      /<\/style>/,
      /expression\(/,
      /url\(/,
      /\u202E/,
      /\u200B/,
      /\u0301/,
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/,
      /^__proto__$/,
      /^constructor$/,
    ]) {
      expect(
        values.some((v) => pattern.test(v)),
        String(pattern),
      ).toBe(true);
    }
    expect(values.filter((v) => v.length == 10_000).length).toBeGreaterThanOrEqual(3);
  });

  it('has a sample with strings of every group, for the suites that mount a widget per string', () => {
    expect(new Set(SAMPLE.map((e) => e.label)).size).toBe(SAMPLE.length);
    const values = SAMPLE.map((e) => e.value);
    for (const pattern of [
      /<script/i,
      /^"/,
      /^'/,
      /^javascript:/,
      /^\0/,
      /^https:/,
      /@/,
      /^\d{4}-\d\d-\d\dT/,
      /\u202E/,
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/,
      /^__proto__$/,
      /^\s+$/,
      /\r/,
    ]) {
      expect(
        values.some((v) => pattern.test(v)),
        String(pattern),
      ).toBe(true);
    }
    expect(values.some((v) => v.length == 10_000)).toBe(true);
  });

  it('builds records in which every string field holds the hostile string', () => {
    const s = '\u202E<img src=x onerror=alert(1)>';
    const strings: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value == 'string') strings.push(value);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value == 'object') for (const v of Object.values(value)) walk(v);
    };
    const records = hostileRecords(s);
    walk(records);
    // Every string is the hostile one but `source` (an enum) and the one KnownGood judgement.
    expect(new Set(strings)).toEqual(new Set([s, 'api', 'KnownGood']));
    // Map keys are hostile too: the categories map and socialLinks carry the string as a key.
    expect(Object.keys(records.scores.categories!)).toContain(s);
    expect(Object.keys(records.profile.socialLinks!)).toContain(s);
    expect(Object.keys(records.profileFromIdentities.socialLinks!)).toEqual([s]);
    // __proto__ stays an own key through JSON, as the service would send it.
    const proto = JSON.parse(answer('__proto__', 'scores/x').body).data;
    expect(Object.keys(proto.categories)).toEqual(['__proto__', 'longevity']);
  });
});

describe.each(CORPUS)('$label', ({ value: s }) => {
  it('escapeHtml leaves no character that could open a tag, end an attribute or be rewritten', () => {
    expect(escapeHtml(s)).not.toMatch(/[<>"'`\r]/);
    // Every & it leaves starts an entity it wrote: nothing of the input is read as a reference.
    expect(escapeHtml(s).replace(/&(amp|lt|gt|quot|#39|#96|#13);/g, '')).not.toContain('&');
  });

  it('html writes it as text and as quoted attribute values, literally, adding no element or attribute', () => {
    const nested = html`<b title="${s}">${s}</b>`;
    const view = rendered(html`<p class="rk-x" title="${s}" data-x="${s}">${s}</p><span>${[s, nested, [s]]}</span>`);
    expect(Array.from(view.children, (e) => e.tagName)).toEqual(['P', 'SPAN']);
    const [p, span] = Array.from(view.children) as [HTMLElement, HTMLElement];
    expect(p.getAttributeNames()).toEqual(['class', 'title', 'data-x']);
    expect(p.getAttribute('class')).toBe('rk-x');
    expect(p.getAttribute('title')).toBe(parsedAttribute(s));
    expect(p.getAttribute('data-x')).toBe(parsedAttribute(s));
    expect(p.children).toHaveLength(0);
    expect(p.textContent).toBe(parsedText(s));
    expect(Array.from(span.children, (e) => e.tagName)).toEqual(['B']);
    expect(span.firstElementChild!.getAttributeNames()).toEqual(['title']);
    expect(span.firstElementChild!.getAttribute('title')).toBe(parsedAttribute(s));
    expect(span.textContent).toBe(parsedText(s).repeat(3));
  });

  it('safeUrl passes it only as an absolute http(s) URL, normalised, which an href then holds exactly', () => {
    const expected = httpHref(s);
    const url = safeUrl(s);
    expect(url?.href).toBe(expected);
    if (!url) return;
    const a = rendered(html`<a href="${url}" rel="noopener">x</a>`).firstElementChild!;
    expect(a.getAttributeNames()).toEqual(['href', 'rel']);
    expect(a.getAttribute('href')).toBe(expected);
  });

  it('linkUrl gives an http(s) URL, a mailto: with a plain address, or nothing', () => {
    const link = linkUrl(s)?.href;
    if (/^mailto:/i.test(s)) expect(link).toBe(EMAIL.test(s.slice(7)) ? `mailto:${s.slice(7)}` : undefined);
    else expect(link).toBe(httpHref(s));
    expect(linkUrl(`mailto:${s}`)?.href).toBe(EMAIL.test(s) ? `mailto:${s}` : undefined);
  });

  it('the tag refuses it in an unquoted attribute, and as a plain string in href or src', () => {
    expect(() => html`<p title=${s}>x</p>`).toThrow(TypeError);
    expect(() => html`<a href="${s as never}">x</a>`).toThrow(TypeError);
    expect(() => html`<img src="${s as never}">`).toThrow(TypeError);
  });
});
