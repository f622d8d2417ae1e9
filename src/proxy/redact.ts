/**
 * Hides the API key in text the proxy passes on (a body it serves, a message for `onEvent`) in
 * every form an upstream or a library can give it: as it is, JSON-escaped (`\/`, `\"`, `\\`,
 * `\u0064`, one character at a time or all of them) and URL-encoded (`%2F`, `+` for a space).
 */

/** What stands for the key. */
export const REDACTED = '[redacted]';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const hex = (code: number, digits: number): string => code.toString(16).padStart(digits, '0');

/** The ways one character of the key can be written in a JSON string or a URL, as alternatives of a pattern. */
const formsOf = (char: string): string => {
  const forms = new Set<string>([escapeRegExp(char)]);
  // JSON: \uXXXX for each UTF-16 unit (the `i` flag takes either case of the hex digits).
  forms.add([...Array(char.length).keys()].map((i) => `\\\\u${hex(char.charCodeAt(i), 4)}`).join(''));
  const short: Record<string, string> = { '/': '\\\\/', '"': '\\\\"', '\\': '\\\\\\\\', '\n': '\\\\n', '\t': '\\\\t', '\r': '\\\\r' };
  if (short[char]) forms.add(short[char]);
  // URL: %XX for each UTF-8 byte, and `+` for a space in a query.
  forms.add([...new TextEncoder().encode(char)].map((b) => `%${hex(b, 2)}`).join(''));
  if (char == ' ') forms.add('\\+');
  return `(?:${[...forms].join('|')})`;
};

/** The pattern of each key seen: built once, since it costs something to make. */
const patterns = new Map<string, RegExp>();

/** `text` with every form of `key` in it replaced by {@link REDACTED}. */
export const redact = (text: string, key: string): string => {
  if (!key) return text;
  let pattern = patterns.get(key);
  if (!pattern) {
    pattern = new RegExp([...key].map(formsOf).join(''), 'gi');
    patterns.set(key, pattern);
  }
  return text.replace(pattern, REDACTED);
};
