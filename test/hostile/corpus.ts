/**
 * Hostile strings. Every one of them is fed through every string
 * field of every record (see ./records.ts) and through the config values an embed reads
 * (className, theme, locale, address, badgeKey, categoryKey). Not a test file itself.
 *
 * Groups: markup (HTML, SVG, MathML, mutation-XSS shapes), attribute breakouts (double quote,
 * single quote, backtick, unquoted, entity-encoded quotes), URL schemes (`javascript:`,
 * `data:`, `vbscript:`, mixed case, control-character and whitespace prefixes, entity and
 * percent encoding, protocol-relative, relative, backslash), CSS injection, Unicode (bidi
 * overrides and isolates, zero-width, combining marks, lone surrogates, emoji sequences),
 * size (10,000 characters), prototype names, and a few valid-looking values (a domain, an
 * email, a handle, a date, http(s) URLs) so that the branches that build links, images and
 * dates are exercised with the same record generator.
 */

export interface HostileString {
  /** Short, unique name used in test titles. */
  label: string;
  value: string;
}

const TEN_THOUSAND = 10_000;

/** `text` repeated (and cut) to exactly 10,000 UTF-16 code units. */
const tenThousand = (text: string): string => text.repeat(Math.ceil(TEN_THOUSAND / text.length)).slice(0, TEN_THOUSAND);

const entries: [label: string, value: string][] = [
  // --- Markup: HTML, SVG, MathML ---------------------------------------------------------
  ['script tag', '<script>alert(1)</script>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['svg animate href', '<svg><a><animate attributeName=href values=javascript:alert(1) /><text y=20>x</text></a></svg>'],
  ['math mutation XSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['noscript mutation XSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['iframe javascript src', '<iframe src="javascript:alert(1)"></iframe>'],
  ['object data', '<object data="data:text/html,<script>alert(1)</script>"></object>'],
  ['template element', '<template><img src=x onerror=alert(1)></template>'],
  ['comment', '<!--<img src=x onerror=alert(1)>-->'],
  ['CDATA', '<![CDATA[<img src=x onerror=alert(1)>]]>'],
  ['closing tags', '</span></strong></p></li></ul></div><h1>injected</h1>'],
  ['textarea breakout', '</textarea><img src=x onerror=alert(1)>'],
  ['base href', '<base href="https://evil.example/">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['form action', '<form action="javascript:alert(1)"><button>go</button></form>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['input autofocus', '<input autofocus onfocus=alert(1)>'],
  ['nested script', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['unclosed tag', '<<script>alert(1)//<</script>'],
  ['custom element', '<repkit-widget type="reputation" address="x"></repkit-widget>'],
  // --- Attribute breakouts ---------------------------------------------------------------
  ['double-quote breakout', '" onmouseover="alert(1)'],
  ['single-quote breakout', "' onmouseover='alert(1)"],
  ['backtick breakout', '` onmouseover=`alert(1)`'],
  ['quote and tag', '"><img src=x onerror=alert(1)>'],
  ['single quote and tag', "'><svg onload=alert(1)>"],
  ['unquoted attribute breakout', 'x onmouseover=alert(1) y'],
  ['slash attribute breakout', '"/onmouseover="alert(1)'],
  ['entity-encoded quotes', '&quot; onmouseover=&quot;alert(1)&quot;'],
  ['all quote kinds', `'"\`\${alert(1)}\`"'`],
  ['template-engine payload', '{{constructor.constructor("alert(1)")()}}'],
  // --- URL schemes -----------------------------------------------------------------------
  ['javascript scheme', 'javascript:alert(1)'],
  ['mixed-case javascript', 'JaVaScRiPt:alert(document.domain)'],
  ['space-prefixed javascript', '   javascript:alert(1)'],
  ['tab-prefixed javascript', '\tjavascript:alert(1)'],
  ['NUL-prefixed javascript', '\u0000javascript:alert(1)'],
  ['control-prefixed javascript', '\u0001\u001Fjavascript:alert(1)'],
  ['tab inside javascript', 'java\tscript:alert(1)'],
  ['newline inside javascript', 'java\nscript:alert(1)'],
  ['decimal-entity javascript', '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)'],
  ['hex-entity javascript', '&#x6A;&#x61;&#x76;&#x61;script&colon;alert(1)'],
  ['percent-encoded javascript', '%6A%61%76%61%73%63%72%69%70%74:alert(1)'],
  ['data html base64', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ['data svg', 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
  ['upper-case data', 'DATA:text/html,<script>alert(1)</script>'],
  ['vbscript', 'vbscript:msgbox(1)'],
  ['mixed-case vbscript', 'VbScRiPt:MsgBox(1)'],
  ['file scheme', 'file:///etc/passwd'],
  ['protocol-relative', '//evil.example/x.png'],
  ['backslash protocol-relative', '/\\evil.example/x.png'],
  ['relative path', '../../../api/v2/metadata/badges'],
  ['relative file', 'avatar.png'],
  ['https with quote breakout', 'https://evil.example/"onerror="alert(1)'],
  ['http with markup', 'http://evil.example/?q=<script>alert(1)</script>'],
  ['https with credentials', 'https://user:pass@evil.example/'],
  ['mailto with markup', 'mailto:a@evil.example?subject=<script>alert(1)</script>'],
  // --- CSS injection ---------------------------------------------------------------------
  ['style breakout', '</style><img src=x onerror=alert(1)>'],
  ['style element', '<style>*{display:none}</style>'],
  ['css expression', 'expression(alert(1))'],
  ['css url', 'url(javascript:alert(1))'],
  ['css declaration', 'red;background:url(https://evil.example/x.png)'],
  ['css rule breakout', '}*{display:none!important}'],
  ['css custom property', '--rk-fg: red; --rk-share: 9'],
  // --- Unicode -----------------------------------------------------------------------------
  ['right-to-left override', '\u202Egnp.exe\u202C evil'],
  ['right-to-left isolate', '\u2067\u05E9\u05DC\u05D5\u05DD evil\u2069 and after'],
  ['directional marks', '\u200F\u200E\u061C marks'],
  ['unterminated embeddings', '\u202B\u202A\u202D\u202E\u2066\u2067\u2068'],
  ['zero-width characters', 'ad\u200Bmin\u200C\u200D\u2060\uFEFF'],
  ['combining marks', 'Z\u0351\u0352\u0353a\u0300\u0301\u0302l\u0316\u0317g\u0330\u0331o\u0334'],
  ['thousand combining marks', 'e' + '\u0301'.repeat(1000)],
  ['lone high surrogate', 'before \uD800 after'],
  ['lone low surrogate', 'x\uDC00y'],
  ['reversed surrogate pair', '\uDE00\uD83D'],
  ['emoji sequences', '👩‍💻🏳️‍🌈 emoji 😈'],
  ['fullwidth markup', '＜script＞alert(1)＜/script＞'],
  ['line breaks', 'line one\nline two\r\nline three\rend'],
  ['whitespace only', ' \t\n\u00A0\u3000 '],
  ['empty', ''],
  // --- Size ----------------------------------------------------------------------------------
  ['10,000 letters', tenThousand('W')],
  ['10,000 with markup and RLO', ('<script>alert("long")</script>\u202E' + 'W'.repeat(TEN_THOUSAND)).slice(0, TEN_THOUSAND)],
  ['10,000 angle brackets', tenThousand('<')],
  ['10,000 words', tenThousand('word ')],
  ['10,000 bidi', tenThousand('\u05D0\u202E')],
  // --- Prototype names and escapes -----------------------------------------------------------
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['hasOwnProperty', 'hasOwnProperty'],
  ['toString', 'toString'],
  ['prototype', 'prototype'],
  ['already escaped', '&lt;b&gt;already-escaped&lt;/b&gt; &amp;amp;'],
  ['percent-encoded markup', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
  ['backslash escapes', '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e'],
  ['path traversal', '../../metadata/badges'],
  ['dot segments', '..'],
  // --- Valid-looking values: the link, image and date branches ----------------------------
  ['bare domain', 'evil.example'],
  ['email address', 'a@evil.example'],
  ['handle', 'evil'],
  ['matrix id', '@evil:evil.example'],
  ['https URL', 'https://evil.example/https.png'],
  ['http URL', 'http://evil.example/http.png'],
  ['ISO date', '2024-01-01T00:00:00.000Z'],
];

/** At least 50 hostile strings, each with a short label. */
export const CORPUS: readonly HostileString[] = Object.freeze(entries.map(([label, value]) => Object.freeze({ label, value })));

/**
 * One or two strings of each group above: what the suites that mount whole widgets per
 * string (option variants, the attribute paths, the sandbox cross-check) run, while the
 * whole corpus goes through the escaping and URL helpers and one render per kind.
 */
export const SAMPLE_LABELS = [
  'script tag',
  'double-quote breakout',
  'single quote and tag',
  'javascript scheme',
  'NUL-prefixed javascript',
  'right-to-left override',
  'lone high surrogate',
  'line breaks',
  'whitespace only',
  '10,000 with markup and RLO',
  '__proto__',
  'email address',
  'https URL',
  'ISO date',
] as const;

/** The corpus entry with `label` (throws on a typo). */
export const hostile = (label: string): string => {
  const found = CORPUS.find((entry) => entry.label == label);
  if (!found) throw new Error(`no hostile string labelled ${JSON.stringify(label)}`);
  return found.value;
};

/** {@link SAMPLE_LABELS} with their index in {@link CORPUS}. */
export const SAMPLE: readonly (HostileString & { index: number })[] = SAMPLE_LABELS.map((label) => {
  const index = CORPUS.findIndex((entry) => entry.label == label);
  if (index < 0) throw new Error(`no hostile string labelled ${JSON.stringify(label)}`);
  return { ...CORPUS[index]!, index };
});

/**
 * What the HTML parser makes of `text` once escaped into markup: CR LF and lone CR become LF
 * (input stream preprocessing) and U+0000 is dropped in text content / replaced by U+FFFD in
 * attribute values. Everything else, lone surrogates included, comes out as it went in.
 */
export const parsedText = (text: string): string => text.replace(/\r\n?/g, '\n').replace(/\0/g, '');

/** {@link parsedText} for an attribute value. */
export const parsedAttribute = (text: string): string => text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');

/**
 * How `doc`'s HTML parser treats CR and NUL: Chromium follows the HTML standard
 * ({@link parsedText}, {@link parsedAttribute}); happy-dom keeps both characters as they
 * are. Found by parsing a probe, so each suite expects what its engine does.
 */
export const htmlParsing = (doc: Document): { text: (text: string) => string; attribute: (text: string) => string } => {
  const probe = doc.createElement('p');
  probe.innerHTML = '<span title="a\r\nb\rc\u0000">a\r\nb\rc\u0000d</span>';
  const span = probe.firstElementChild!;
  return {
    text: span.textContent == 'a\nb\ncd' ? parsedText : (text) => text,
    attribute: span.getAttribute('title') == 'a\nb\nc\uFFFD' ? parsedAttribute : (text) => text,
  };
};
