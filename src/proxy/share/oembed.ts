import { escapeHtml } from '../../render/html';
import { scriptSafeJson } from '../../server';
import { CARD_HEIGHT, CARD_WIDTH } from './card';

/**
 * The oEmbed 1.0 answer (https://oembed.com, "2.3.4 Response parameters") for a share page: a
 * `rich` embed whose `html` is an `<iframe>` of the page's embed view, and the card as its
 * thumbnail. Written so that no `<`, `>` or `&` appears in the JSON text at all: a consumer that
 * pastes a field into a page unescaped still gets no markup from the data.
 */

/** The embed view's size when the consumer sets no bound: room for the reputation and badge widgets. */
export const EMBED_SIZE = { width: 480, height: 560 } as const;

/** The smallest frame worth showing; a smaller `maxwidth` or `maxheight` still gets this. */
const MIN_SIZE = { width: 240, height: 200 } as const;

/** A `maxwidth`/`maxheight` query value as a whole number of pixels, or undefined when absent or not one. */
export const boundOf = (value: string | null): number | undefined => {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export interface OembedInput {
  /** The page's title (its `og:title`). */
  title: string;
  /** The embed view's absolute URL. */
  embedUrl: string;
  /** The card's absolute URL. */
  cardUrl: string;
  /** The provider's URL: the proxy's mount point. */
  providerUrl: string;
  /** Seconds the answer may be cached (the data's TTL left). */
  cacheAge: number;
  maxwidth?: number;
  maxheight?: number;
}

/** The JSON text of the answer. */
export const oembedJson = (input: OembedInput): string => {
  const width = Math.max(MIN_SIZE.width, Math.min(EMBED_SIZE.width, input.maxwidth ?? EMBED_SIZE.width));
  const height = Math.max(MIN_SIZE.height, Math.min(EMBED_SIZE.height, input.maxheight ?? EMBED_SIZE.height));
  const title = escapeHtml(input.title);
  const iframe =
    `<iframe src="${escapeHtml(input.embedUrl)}" width="${width}" height="${height}" title="${title}"` +
    ` loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox" style="border:0;max-width:100%"></iframe>`;
  return scriptSafeJson(
    JSON.stringify({
      version: '1.0',
      type: 'rich',
      provider_name: 'repkit',
      provider_url: input.providerUrl,
      title: input.title,
      html: iframe,
      width,
      height,
      cache_age: input.cacheAge,
      thumbnail_url: input.cardUrl,
      thumbnail_width: CARD_WIDTH,
      thumbnail_height: CARD_HEIGHT,
    }),
  );
};
