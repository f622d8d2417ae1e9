import { isResvgModule, type CardOptions, type ResvgFontOptions, type ResvgModule } from './options';
import { isRecord } from '../../util/values';
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

/** The package other runtimes pass as `card.resvg`, named in the 501 when it or its wasm is wrong. */
export const RESVG_WASM_PACKAGE = '@resvg/resvg-wasm';

/** How an operator's bundle gets the wasm as a module (wrangler's default rule for `.wasm`). */
const WASM_IMPORT = `import wasm from '${RESVG_WASM_PACKAGE}/index_bg.wasm'`;

/**
 * The 501 sentences of a rasteriser that cannot start: what the operator gave, and what to give
 * instead (the route puts `repkit proxy: ` before them, ./serve.ts).
 */
export const RASTER_ERRORS = {
  missing: `the card image needs ${RESVG_PACKAGE} (npm install ${RESVG_PACKAGE}); on Workers, Vercel Edge and Deno, pass ${RESVG_WASM_PACKAGE} and its wasm as the option card`,
  notWasm: `card.wasm was given, but card.resvg is not ${RESVG_WASM_PACKAGE} (import * as resvg from '${RESVG_WASM_PACKAGE}')`,
  noWasm: `card.resvg is ${RESVG_WASM_PACKAGE}, which needs its wasm as card.wasm (${WASM_IMPORT})`,
  bytes: `this runtime cannot compile WebAssembly from bytes: pass card.wasm as the module your bundler makes of ${RESVG_WASM_PACKAGE}'s wasm (${WASM_IMPORT} on Workers, with ?module on Vercel Edge)`,
  wrongWasm: `card.wasm is not the index_bg.wasm of the ${RESVG_WASM_PACKAGE} given as card.resvg (both must come from the same version of the package)`,
  fontFile: `${RESVG_PACKAGE} reads fonts from files only, and the card's font could not be written under the temporary folder (os.tmpdir(), TMPDIR)`,
} as const;

/** An SVG every resvg draws: resvg-wasm that cannot is told apart from one that can before a card is asked of it. */
const PROBE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

/** A loaded rasteriser: SVG in, PNG out, and which characters its font draws. */
export interface Rasterizer {
  png(svg: string, width: number): Uint8Array;
  coverage: Coverage;
}

/** Loading the rasteriser came to this: ready, or the sentence a 501 says. */
export type RasterLoad = { ok: true; rasterizer: Rasterizer } | { ok: false; message: string };

/** Imports a package by a name bundlers leave alone: it is the operator's, installed or not. */
const importByName = <M = unknown>(name: string): Promise<M> => import(/* @vite-ignore */ /* webpackIgnore: true */ name);

/** The module's resvg: the namespace itself, or its default export (a CommonJS package imported as ESM). */
const resvgOf = (module: unknown): ResvgModule | undefined =>
  isResvgModule(module) ? module : isRecord(module) && isResvgModule(module.default) ? module.default : undefined;

/**
 * Why resvg-wasm's `initWasm` refused `card.wasm`: bytes where the runtime compiles no wasm at run
 * time (workerd: "Wasm code generation disallowed by embedder"; Vercel's edge runtime says the
 * code generation is "not allowed", with an error of its own class), or wasm that is not this version's.
 */
const wasmFailure = (error: unknown): string =>
  /code generation|disallowed|not allowed/i.test(String(error)) ? RASTER_ERRORS.bytes : RASTER_ERRORS.wrongWasm;

/**
 * The font as a file for resvg-js, in a folder of its own under the system's temporary folder
 * (created private by mkdtemp), on the runtimes resvg-js runs on (Node, Bun, Deno), whose modules
 * are imported by name so that no bundler for an edge runtime looks for them. One file per font
 * per process: every proxy of the process that draws with the shipped font shares it.
 */
const writeFontFile = async (font: Uint8Array): Promise<string> => {
  const [fs, os, path] = await Promise.all([
    importByName<typeof import('node:fs/promises')>('node:fs/promises'),
    importByName<typeof import('node:os')>('node:os'),
    importByName<typeof import('node:path')>('node:path'),
  ]);
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'repkit-card-')), 'card-font.ttf');
  await fs.writeFile(file, font);
  return file;
};

const fontFiles = new WeakMap<Uint8Array, Promise<string>>();
const fontFile = (font: Uint8Array): Promise<string> => {
  let file = fontFiles.get(font);
  if (!file) {
    file = writeFontFile(font);
    fontFiles.set(font, file);
    // A failed write is tried again by the next load.
    file.catch(() => fontFiles.delete(font));
  }
  return file;
};

/** The shipped font, decoded once per process (half a megabyte, the same for every proxy). */
let shipped: Promise<Uint8Array> | undefined;
const shippedFont = (): Promise<Uint8Array> => {
  shipped ??= import('virtual:repkit-card-font').then((module) => fromBase64(module.default));
  // A chunk that failed to load is asked for again next time.
  shipped.catch(() => (shipped = undefined));
  return shipped;
};

const load = async (card: CardOptions): Promise<RasterLoad> => {
  let resvg = card.resvg;
  if (!resvg) {
    resvg = resvgOf(await importByName(RESVG_PACKAGE).catch(() => undefined));
    if (!resvg) return { ok: false, message: RASTER_ERRORS.missing };
  }
  if (card.wasm !== undefined) {
    if (typeof resvg.initWasm != 'function') return { ok: false, message: RASTER_ERRORS.notWasm };
    try {
      await resvg.initWasm(card.wasm);
    } catch (error) {
      // Initialised already (another proxy in this isolate did it): resvg-wasm says so and works on.
      if (!/already/i.test(String(error))) return { ok: false, message: wasmFailure(error) };
    }
  }
  const { Resvg } = resvg;
  const draw = (svg: string, options?: ConstructorParameters<ResvgModule['Resvg']>[1]): Uint8Array => {
    const drawer = new Resvg(svg, options);
    const image = drawer.render();
    try {
      return image.asPng();
    } finally {
      // resvg-wasm's objects hold wasm memory until freed; resvg-js's have no free and are collected.
      image.free?.();
      drawer.free?.();
    }
  };
  // resvg-wasm without its wasm, or started with some other wasm, fails on its first call: found out
  // here, not on a visitor's card. (resvg-js, a native addon, has nothing to start.)
  if (typeof resvg.initWasm == 'function') {
    try {
      draw(PROBE_SVG);
    } catch (error) {
      return { ok: false, message: /initiali[sz]ed/i.test(String(error)) ? RASTER_ERRORS.noWasm : RASTER_ERRORS.wrongWasm };
    }
  }
  const font = card.font ?? (await shippedFont());
  // resvg-wasm takes the font's bytes; resvg-js (native) ignores fontBuffers and reads font files only.
  let fonts: ResvgFontOptions = { fontBuffers: [font] };
  if (typeof resvg.initWasm != 'function') {
    const file = await fontFile(font).catch(() => undefined);
    if (!file) return { ok: false, message: RASTER_ERRORS.fontFile };
    fonts = { fontFiles: [file] };
  }
  return {
    ok: true,
    rasterizer: {
      coverage: coverageOf(font),
      png: (svg, width) =>
        draw(svg, {
          fitTo: { mode: 'width', value: width },
          font: { ...fonts, loadSystemFonts: false, defaultFontFamily: CARD_FONT_FAMILY },
        }),
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
