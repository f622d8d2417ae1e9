/**
 * The share card's drawing code as one module for test/proxy/card-workers.test.ts: the same
 * sources (../../src/proxy/share) bundled once by esbuild, as wrangler bundles a worker, with
 * the shipped font module (scripts/card-font.mjs), then run in Node and inside workerd. Until the
 * proxy serves `<base>/card/<address>.png`, this is how both runtimes are asked for one card.
 */
import type { BadgeDefinition, UserBadge, UserScores } from '../../src/client/types';
import { cardSvg, CARD_WIDTH } from '../../src/proxy/share/card';
import type { CardOptions } from '../../src/proxy/share/options';
import { rasterizerLoader } from '../../src/proxy/share/raster';
import { shareFacts, shareTitle } from '../../src/proxy/share/summary';
import type { SvgOptions } from '../../src/proxy/svg';
import { svgWords } from '../../src/proxy/words';
import { fromBase64 } from '../../src/proxy/share/base64';
import font from 'virtual:repkit-card-font';

/** The service's answers for one address, as the sandbox gives them. */
export interface CardData {
  address: string;
  scores: UserScores;
  badges: UserBadge[];
  definitions: BadgeDefinition[];
}

/** A drawn card, or the sentence its rasteriser failed with (the route's 501). */
export type Drawn = { ok: true; svg: string; png: Uint8Array } | { ok: false; message: string };

/** Draws the card of `data` with the rasteriser `card` gives (resvg-js by name when it gives none). */
export const drawCard = async (data: CardData, o: SvgOptions, card: CardOptions): Promise<Drawn> => {
  const loaded = await rasterizerLoader(card)();
  if (!loaded.ok) return loaded;
  const words = svgWords(o.locale);
  const facts = shareFacts(data.address, data.scores, data.badges, new Map(data.definitions.map((d) => [d.key, d])), words);
  const svg = cardSvg(facts, shareTitle(facts, words), o, loaded.rasterizer.coverage);
  return { ok: true, svg, png: loaded.rasterizer.png(svg, CARD_WIDTH) };
};

/** The SHA-256 (hex) of the font the bundle ships, as this runtime decodes it. */
export const shippedFontDigest = async (): Promise<string> => {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(fromBase64(font))));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
};
