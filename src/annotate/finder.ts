import { ss58Prefix } from './ss58';

/**
 * Where addresses are on a page: in text nodes, and in links to an address on the common
 * explorers. Read only: ./placement changes the page.
 */

/**
 * Elements whose text is never annotated: form fields and editable content (the visitor's own
 * text), code and templates, what the page marks with `data-repkit-ignore`, and repkit's own
 * elements (chips, widget hosts and snippets). `code` and `pre` are added unless `includeCode`.
 */
const ALWAYS_IGNORED =
  'input,textarea,select,option,script,style,template,noscript,iframe,svg,math,[contenteditable]:not([contenteditable="false" i]),[data-repkit-ignore],[data-repkit-chip],[data-repkit],repkit-widget,.repkit';

/** The selector of ignored elements for these options. */
export const ignoredSelector = (includeCode: boolean): string => (includeCode ? ALWAYS_IGNORED : ALWAYS_IGNORED + ',code,pre');

/**
 * An address's interactive ancestor: its chip (a button) goes after it, since a button
 * inside a link or another button is neither valid nor usable.
 */
export const INTERACTIVE = 'a[href],button,summary,label';

/**
 * A run of 47 or more letters and digits: an address candidate when it is 47 or 48 base58
 * characters (a 32-byte account under a one- or two-byte prefix). Matching whole runs keeps a
 * longer word from yielding an address out of its middle, without lookbehind (Safari 15).
 */
const RUN = /[0-9A-Za-z]{47,}/g;
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{47,48}$/;

/** Decides whether a string is an address of an accepted network, remembering each answer. */
export const addressChecker = (accepts: (prefix: number) => boolean): ((candidate: string) => boolean) => {
  const known = new Map<string, boolean>();
  return (candidate) => {
    let ok = known.get(candidate);
    if (ok === undefined) {
      const prefix = BASE58_ADDRESS.test(candidate) ? ss58Prefix(candidate) : undefined;
      ok = prefix !== undefined && accepts(prefix);
      // A page repeats its addresses; the bound only stops a page of random words growing it forever.
      if (known.size > 10000) known.clear();
      known.set(candidate, ok);
    }
    return ok;
  };
};

/** The first address in `text` from `from` on, with where it ends, or undefined. */
export const firstAddress = (
  text: string,
  isAddress: (candidate: string) => boolean,
  from = 0,
): { address: string; end: number } | undefined => {
  RUN.lastIndex = from;
  for (let match; (match = RUN.exec(text)); ) {
    if (isAddress(match[0])) return { address: match[0], end: RUN.lastIndex };
  }
  return undefined;
};

/** Explorers whose account pages carry the address in their URL: the host, or a subdomain of it. */
const EXPLORER_HOSTS = ['subscan.io', 'statescan.io', 'polkadot.js.org'];

/** The address a link to an explorer points at (Subscan's `/account/…`, Statescan's and Polkadot.js apps' `#/…`), or undefined. */
export const linkedAddress = (link: HTMLAnchorElement, isAddress: (candidate: string) => boolean): string | undefined => {
  const { hostname, protocol } = link;
  if (!/^https?:$/.test(protocol) || !EXPLORER_HOSTS.some((host) => hostname == host || hostname.endsWith('.' + host))) return undefined;
  // The path and fragment, split at anything that is not a letter or digit.
  return firstAddress(link.pathname + ' ' + link.hash, isAddress)?.address;
};
