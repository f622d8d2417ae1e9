/**
 * The html tag, renderInto and safeUrl: the one escaping path and the one URL gate.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, html, Html, renderInto, SafeUrl, safeUrl } from '../../src/render/html';

describe('html escapes every interpolated value', () => {
  it('& < > " \' ` in element content', () => {
    expect(html`<p>${'& < > " \' `'}</p>`.markup).toBe('<p>&amp; &lt; &gt; &quot; &#39; &#96;</p>');
  });

  it('in attribute values: the value stays one attribute with the literal text', () => {
    const value = '" onmouseover="alert(1)" x=\'`';
    const markup = html`<span title="${value}" class="a">x</span>`.markup;
    expect(markup).not.toContain('" onmouseover="');
    const div = document.createElement('div');
    div.innerHTML = markup;
    const span = div.firstElementChild!;
    expect(span.getAttributeNames().sort()).toEqual(['class', 'title']);
    expect(span.getAttribute('title')).toBe(value);
  });

  it('markup in text is shown as text once rendered', () => {
    const div = document.createElement('div');
    renderInto(div, html`<p>${'<img src=x onerror=alert(1)><script>alert(1)</script>'}</p>`);
    expect(div.querySelectorAll('img, script')).toHaveLength(0);
    expect(div.textContent).toBe('<img src=x onerror=alert(1)><script>alert(1)</script>');
  });

  it('already-escaped text is escaped again, so it shows literally', () => {
    expect(escapeHtml('&lt;b&gt; &amp;amp;')).toBe('&amp;lt;b&amp;gt; &amp;amp;amp;');
    const div = document.createElement('div');
    renderInto(div, html`${'&lt;b&gt;'}`);
    expect(div.textContent).toBe('&lt;b&gt;');
  });

  it('numbers are written as text; booleans render nothing (a stray `cond && x` never prints "true")', () => {
    expect(html`${0}|${42}|${1.5}|${true}|${false}`.markup).toBe('0|42|1.5||');
  });
});

describe('nested html is not escaped twice', () => {
  it('a template inside a template keeps its markup and its own escaping', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(inner).toBeInstanceOf(Html);
    expect(html`<div>${inner}</div>`.markup).toBe('<div><b>&lt;i&gt;</b></div>');
    expect(html`${html`${html`${'&'}`}`}`.markup).toBe('&amp;');
  });

  it('an object that only looks like Html is escaped, not trusted', () => {
    const forged = { markup: '<img src=x onerror=alert(1)>', toString: () => '<img src=x onerror=alert(1)>' };
    expect(html`${forged as never}`.markup).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('arrays are joined without separators', () => {
  it('arrays of templates, strings and nested arrays', () => {
    expect(html`<ul>${['a', '<b>'].map((x) => html`<li>${x}</li>`)}</ul>`.markup).toBe('<ul><li>a</li><li>&lt;b&gt;</li></ul>');
    expect(html`${['x', '<', ['y', html`<br>`]]}`.markup).toBe('x&lt;y<br>');
    expect(html`[${[]}]`.markup).toBe('[]');
  });
});

describe('null, undefined and false render nothing', () => {
  it('as values and inside arrays', () => {
    expect(html`a${null}b${undefined}c${false}d`.markup).toBe('abcd');
    expect(html`${[null, 'x', undefined, false]}`.markup).toBe('x');
  });
});

describe('safeUrl lets only absolute http(s) URLs through', () => {
  it.each([
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://EXAMPLE.COM/X', 'https://example.com/X'],
    // What the URL parser ignores in front of the scheme or inside it, it ignores here too.
    [' \u00a0https://example.com/a ', 'https://example.com/a'],
    ['\u0001https://example.com/', 'https://example.com/'],
    ['ht\ttp\ns://example.com/', 'https://example.com/'],
    ['https:example.com', 'https://example.com/'],
  ])('accepts %j', (input, output) => {
    expect(safeUrl(input)?.href).toBe(output);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    ' JaVaScRiPt:alert(document.domain)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    '//evil.com',
    '//evil.example/x.png',
    '/relative',
    'relative/path',
    '#top',
    'mailto:x',
    'ftp://example.com/file',
    'file:///etc/passwd',
    '',
    '   ',
    '@alice',
    'alice.example',
    'https//example.com',
    'https ://example.com',
    'xhttps://example.com',
  ])('rejects %j', (input) => {
    expect(safeUrl(input)).toBeUndefined();
  });

  it.each([undefined, null, 5, {}, ['https://example.com'], new URL('javascript:alert(1)')])('rejects the non-string %s', (input) => {
    expect(safeUrl(input)).toBeUndefined();
  });

  it('a quote in an accepted URL is percent-encoded, so it cannot end an attribute', () => {
    const url = safeUrl('https://evil.example/"onmouseover="alert(1)')!;
    expect(url.href.startsWith('https://evil.example/')).toBe(true);
    expect(url).not.toContain('"');
  });
});

describe('the html tag is hard to misuse', () => {
  it('refuses a plain array posing as a template', () => {
    const fake = Object.assign(['<b>', '</b>'], { raw: ['<b>', '</b>'] }) as unknown as TemplateStringsArray;
    expect(() => html(fake, '<i>')).toThrow(TypeError);
  });
  it('refuses an unquoted attribute value', () => {
    const value = 'x onmouseover=alert(1)';
    expect(() => html`<p title=${value}>`).toThrow(/quote attribute values/);
  });
  it('refuses a plain string in href or src: only a SafeUrl from safeUrl() goes there', () => {
    const url = 'javascript:alert(1)';
    expect(() => html`<a href="${url}">x</a>`).toThrow(/SafeUrl/);
    expect(() => html`<img src="${url}">`).toThrow(/SafeUrl/);
    expect(html`<a href="${safeUrl('https://example.com/a"b')}">x</a>`.markup).toBe('<a href="https://example.com/a%22b">x</a>');
  });
  it('Html and SafeUrl cannot be built outside the module', () => {
    const Ctor = Html as unknown as new (token: symbol, markup: string) => Html;
    expect(() => new Ctor(Symbol('repkit.html'), '<script>')).toThrow(TypeError);
    const UrlCtor = SafeUrl as unknown as new (token: symbol, href: string) => SafeUrl;
    expect(() => new UrlCtor(Symbol('repkit.html'), 'javascript:alert(1)')).toThrow(TypeError);
  });
  it('renderInto takes only Html', () => {
    const div = document.createElement('div');
    expect(() => renderInto(div, { markup: '<img src=x onerror=alert(1)>' } as Html)).toThrow(TypeError);
    expect(div.innerHTML).toBe('');
  });
});

describe('renderInto parses a markup once, then copies it', () => {
  it('a markup drawn into five elements is parsed at most twice; each gets its own nodes', () => {
    // Every innerHTML setter: templates may have their own (happy-dom's do).
    const owners = [Element.prototype, HTMLTemplateElement.prototype].filter((proto) => Object.hasOwn(proto, 'innerHTML'));
    const descriptors = owners.map((proto) => Object.getOwnPropertyDescriptor(proto, 'innerHTML')!);
    let parses = 0;
    owners.forEach((proto, i) =>
      Object.defineProperty(proto, 'innerHTML', {
        ...descriptors[i],
        set(value: string) {
          parses++;
          descriptors[i].set!.call(this, value);
        },
      }),
    );
    try {
      // A markup no other test draws, as five widgets of one kind draw one skeleton.
      const markup = () => html`<p class="row">${'skeleton ' + 'once'}</p><span>${7}</span>`;
      const elements = Array.from({ length: 5 }, () => document.createElement('div'));
      for (const element of elements) renderInto(element, markup());
      // Once into the first element, once into the template the others are copied from.
      expect(parses).toBe(2);
      for (const element of elements) expect(element.innerHTML).toBe('<p class="row">skeleton once</p><span>7</span>');
      elements[0].querySelector('p')!.textContent = 'changed';
      expect(elements[1].querySelector('p')!.textContent).toBe('skeleton once');
    } finally {
      owners.forEach((proto, i) => Object.defineProperty(proto, 'innerHTML', descriptors[i]));
    }
  });
});
