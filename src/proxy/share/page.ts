import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { BadgeDefinition, UserBadge, UserScores } from '../../client/types';
import { shortAddress } from '../../render/address';
import { escapeHtml } from '../../render/html';
import { renderToString } from '../../server';
import { PALETTES, type SvgTheme } from '../svg';
import { svgWords } from '../words';
import { toBase64 } from './base64';
import { CARD_HEIGHT, CARD_WIDTH } from './card';
import { shareDescription, shareFacts, shareTitle } from './summary';

/**
 * The share page (`{base}/u/{address}`) and its embed view (`?embed`): the reputation and badge
 * widgets rendered by `repkit/server` (readable with JavaScript off, and no script at all), and in
 * its head what unfurlers read: Open Graph and Twitter Card tags, the canonical link and the oEmbed
 * discovery link. Every text from the service is escaped for HTML by the widgets' one escaping
 * function; the page's policy allows no script and only the styles it carries, by hash.
 */

/** What a share page shows: the data when there is some, else why there is none. */
export type PageContent =
  | {
      kind: 'data';
      scores: UserScores;
      badges: readonly UserBadge[];
      definitions: ReadonlyMap<string, BadgeDefinition>;
      loadedAt: number;
    }
  | { kind: 'invalid' | 'no data' | 'unavailable' };

/** The absolute URLs a page names, made by the handler from the request's origin and mount path. */
export interface PageUrls {
  /** The proxy's mount point: the widgets' `baseUrl`, should their script ever run on the page's HTML elsewhere. */
  proxy: string;
  canonical: string;
  card: string;
  oembed: string;
}

/** How a page is drawn: its language (a canonical tag), theme and whether it is the embed view. */
export interface PageLook {
  locale: string;
  theme: SvgTheme;
  embed: boolean;
}

/** A drawn page and the policy that lets its styles, and nothing else, apply. */
export interface SharePage {
  html: string;
  csp: string;
}

/** The page's own stylesheet: the widgets bring theirs. */
const PAGE_CSS = {
  light: 'body{background:#f6f8fa;color:#1f2328}',
  dark: 'body{background:#0d1117;color:#e6edf3}',
  common:
    'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}' +
    'main{max-width:42rem;margin:0 auto;padding:1.5rem 1rem;display:grid;gap:1rem}' +
    'h1{font-size:1.4rem;margin:0}.address{font-family:ui-monospace,monospace;font-size:.85rem;overflow-wrap:anywhere;margin:0;opacity:.8}' +
    '.embed main{padding:.5rem;gap:.5rem}.embed h1{font-size:1rem}footer{text-align:center;font-size:.8rem;opacity:.7;padding:1rem}',
} as const;

/** A CSP source for an inline style or style attribute: its SHA-256, in base64 (CSP Level 2). */
const hashSource = (text: string): string => `'sha256-${toBase64(sha256(utf8ToBytes(text)))}'`;

/**
 * The page's policy: no script, no connection, no frame, no form; images from https only (the
 * badge widget's art, which it shows only for an http(s) URL, as it does on any page); the page's and widgets' `<style>`
 * elements and the bars' `style` attributes by their hashes. The embed view may be framed by any
 * site (no `frame-ancestors`); the page itself by none.
 */
const policyOf = (page: string, embed: boolean): string => {
  const styles = new Set<string>();
  for (const [, css] of page.matchAll(/<style>([\s\S]*?)<\/style>/g)) styles.add(hashSource(css));
  const attributes = new Set<string>();
  for (const [, css] of page.matchAll(/ style="([^"]*)"/g)) attributes.add(hashSource(css));
  const styleSources = [...styles, ...(attributes.size ? ["'unsafe-hashes'", ...attributes] : [])];
  return [
    "default-src 'none'",
    `style-src ${styleSources.join(' ')}`,
    'img-src http: https:',
    "base-uri 'none'",
    "form-action 'none'",
    ...(embed ? [] : ["frame-ancestors 'none'"]),
  ].join('; ');
};

const meta = (attribute: 'property' | 'name', key: string, content: string): string =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The title, description and body of a page. */
const contentOf = (
  address: string,
  content: PageContent,
  look: PageLook,
  proxy: string,
): { title: string; description: string; body: string } => {
  const words = svgWords(look.locale);
  if (content.kind != 'data') {
    const sentence =
      content.kind == 'invalid'
        ? words.t('This is not a valid address.')
        : content.kind == 'no data'
          ? words.t('There is no reputation data for this address yet.')
          : words.t('The service is having trouble.');
    const title = content.kind == 'invalid' ? words.t('invalid address') : words.t('Reputation of $', shortAddress(address));
    return { title, description: sentence, body: `<p class="message">${escapeHtml(sentence)}</p>` };
  }
  const facts = shareFacts(address, content.scores, content.badges, content.definitions, words);
  const common = { address, baseUrl: proxy, locale: look.locale, theme: look.theme } as const;
  // The embed view fits an oEmbed frame (./oembed.ts, EMBED_SIZE): the top categories and badges only.
  const fewer = look.embed ? { maxCategories: 3 } : {};
  const reputation = renderToString({ type: 'reputation', ...common, ...fewer }, content.scores, content.loadedAt);
  const badges = renderToString(
    { type: 'badge', ...common, ...(look.embed ? { maxBadges: 4 } : {}) },
    { badges: [...content.badges], definitions: new Map(content.definitions) },
    content.loadedAt,
  );
  return { title: shareTitle(facts, words), description: shareDescription(facts, words), body: reputation + badges };
};

/** The share page of `address` (as asked for: a malformed one is shown only as the words "invalid address"). */
export const sharePage = (address: string, content: PageContent, look: PageLook, urls: PageUrls): SharePage => {
  const words = svgWords(look.locale);
  const { title, description, body } = contentOf(address, content, look, urls.proxy);
  const valid = content.kind != 'invalid';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    // Discord colours its preview's edge with it.
    meta('name', 'theme-color', PALETTES[look.theme].value),
    ...(valid
      ? [
          `<link rel="canonical" href="${escapeHtml(urls.canonical)}">`,
          `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(urls.oembed)}" title="${escapeHtml(title)}">`,
          meta('property', 'og:type', 'website'),
          meta('property', 'og:site_name', 'repkit'),
          meta('property', 'og:title', title),
          meta('property', 'og:description', description),
          meta('property', 'og:url', urls.canonical),
          meta('property', 'og:locale', look.locale.replace('-', '_')),
          meta('property', 'og:image', urls.card),
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', String(CARD_WIDTH)),
          meta('property', 'og:image:height', String(CARD_HEIGHT)),
          meta('property', 'og:image:alt', title),
          meta('name', 'twitter:card', 'summary_large_image'),
          meta('name', 'twitter:title', title),
          meta('name', 'twitter:description', description),
          meta('name', 'twitter:image', urls.card),
          meta('name', 'twitter:image:alt', title),
        ]
      : [meta('name', 'robots', 'noindex')]),
    `<style>${PAGE_CSS.common}${PAGE_CSS[look.theme]}</style>`,
  ];
  const heading = `<h1>${escapeHtml(title)}</h1>${valid ? `<p class="address">${escapeHtml(address)}</p>` : ''}`;
  const footer = look.embed ? '' : '<footer>repkit</footer>';
  const page =
    `<!doctype html><html lang="${escapeHtml(look.locale)}"${words.dir == 'rtl' ? ' dir="rtl"' : ''}>` +
    `<head>${head.join('')}</head>` +
    `<body${look.embed ? ' class="embed"' : ''}><main>${heading}${body}</main>${footer}</body></html>`;
  return { html: page, csp: policyOf(page, look.embed) };
};
