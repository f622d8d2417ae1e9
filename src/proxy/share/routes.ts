import { ADDRESS_RE, decode } from '../routes';

/**
 * The share routes' paths (docs/share-links.md): the page `{base}/u/{address}`, its card
 * `{base}/card/{address}.png` and `{base}/oembed`, with the same mount rule as the API routes
 * (exactly after `basePath` when it is set, else after any prefix).
 */

/** One of the three share routes; `base` is the mount path the request came through, for the URLs a page names. */
export type ShareRoute =
  | { kind: 'page'; base: string; address: string; invalidAddress: boolean }
  | { kind: 'card'; base: string; address: string; invalidAddress: boolean }
  | { kind: 'oembed'; base: string };

const PAGE = /^(.*?)\/u\/([^/]+)$/;
const CARD = /^(.*?)\/card\/([^/]+)\.png$/;
const OEMBED = /^(.*?)\/oembed$/;

/** The share route of a request path (percent-encoded, as `URL.pathname` gives it), or undefined. */
export const shareRouteOf = (pathname: string, basePath: string | undefined): ShareRoute | undefined => {
  const mounted = (base: string): boolean => basePath === undefined || base === basePath;
  const oembed = OEMBED.exec(pathname);
  if (oembed && mounted(oembed[1])) return { kind: 'oembed', base: oembed[1] };
  for (const [kind, re] of [
    ['page', PAGE],
    ['card', CARD],
  ] as const) {
    const match = re.exec(pathname);
    if (!match || !mounted(match[1])) continue;
    const address = decode(match[2]) ?? '';
    return { kind, base: match[1], address, invalidAddress: !ADDRESS_RE.test(address) };
  }
  return undefined;
};

/** The path of an address's share page under `base`. */
export const pagePath = (base: string, address: string): string => `${base}/u/${encodeURIComponent(address)}`;

/** The path of an address's card under `base`. */
export const cardPath = (base: string, address: string): string => `${base}/card/${encodeURIComponent(address)}.png`;

/** The path of the oEmbed endpoint under `base`. */
export const oembedPath = (base: string): string => `${base}/oembed`;
