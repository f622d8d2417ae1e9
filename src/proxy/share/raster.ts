import type { CardOptions, ResvgModule } from './options';
import { fromBase64 } from './base64';
import { coverageOf, type Coverage } from './coverage';

/**
 * The card's rasteriser: resvg (a maintained SVG renderer, no browser), loaded the first time a
 * card is asked for and only then, with the font every card is drawn with. `@resvg/resvg-js` on
 * Node is imported by name; elsewhere the operator passes `@resvg/resvg-wasm` and its wasm
 * (option `card`), since a bundled worker cannot import a package by name at run time.
 */

/** The family name the card's SVG asks for; resvg falls back to the one font it is given anyway. */
export const CARD_FONT_FAMILY = 'Noto Sans';

/** The package a Node proxy imports, named in the 501 when it is missing. */
export const RESVG_PACKAGE = '@resvg/resvg-js';

/** A loaded rasteriser: SVG in, PNG out, and which characters its font draws. */
export interface Rasterizer {
  png(svg: string, width: number): Uint8Array;
  coverage: Coverage;
}

/** Loading the rasteriser came to this: ready, or the sentence a 501 says. */
export type RasterLoad = { ok: true; rasterizer: Rasterizer } | { ok: false; message: string };

/** Imports a package by a name bundlers leave alone: it is the operator's, installed or not. */
const importByName = (name: string): Promise<unknown> => import(/* @vite-ignore */ /* webpackIgnore: true */ name);

const resvgOf = (module: unknown): ResvgModule | undefined => {
  const m = module as Partial<ResvgModule> & { default?: Partial<ResvgModule> };
  const found = typeof m?.Resvg == 'function' ? m : m?.default;
  return typeof found?.Resvg == 'function' ? (found as ResvgModule) : undefined;
};

const shippedFont = async (): Promise<Uint8Array> => fromBase64((await import('virtual:repkit-card-font')).default);

const load = async (card: CardOptions): Promise<RasterLoad> => {
  let resvg = card.resvg;
  if (!resvg) {
    resvg = resvgOf(await importByName(RESVG_PACKAGE).catch(() => undefined));
    if (!resvg) {
      return {
        ok: false,
        message: `repkit proxy: the card image needs ${RESVG_PACKAGE} (npm install ${RESVG_PACKAGE}); on Workers, Vercel Edge and Deno, pass @resvg/resvg-wasm and its wasm as the option card`,
      };
    }
  }
  if (card.wasm !== undefined) {
    if (typeof resvg.initWasm != 'function')
      return { ok: false, message: 'repkit proxy: card.wasm was given, but card.resvg is not @resvg/resvg-wasm' };
    try {
      await resvg.initWasm(card.wasm);
    } catch (error) {
      // Initialised already (another proxy in this isolate did it): resvg-wasm says so and works on.
      if (!/already/i.test(String(error)))
        return { ok: false, message: 'repkit proxy: @resvg/resvg-wasm could not start its wasm (card.wasm)' };
    }
  }
  const font = card.font ?? (await shippedFont());
  const { Resvg } = resvg;
  return {
    ok: true,
    rasterizer: {
      coverage: coverageOf(font),
      png: (svg, width) =>
        new Resvg(svg, {
          fitTo: { mode: 'width', value: width },
          font: { fontBuffers: [font], loadSystemFonts: false, defaultFontFamily: CARD_FONT_FAMILY },
        })
          .render()
          .asPng(),
    },
  };
};

/** The rasteriser of one proxy, loaded once on first use; a failed load is tried again later. */
export const rasterizerLoader = (card: CardOptions): (() => Promise<RasterLoad>) => {
  let loading: Promise<RasterLoad> | undefined;
  return () => {
    loading ??= load(card).then((result) => {
      if (!result.ok) loading = undefined;
      return result;
    });
    return loading;
  };
};
