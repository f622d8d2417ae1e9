import { invalid, refuseNearMiss } from '../../client/option-error';
import { isRecord, ownValue } from '../../util/values';

/**
 * The share card's drawing options: the proxy's option `card` (docs/proxy.md, "Card options"),
 * checked here for ../options.ts.
 */

/** Where resvg finds fonts: bytes for `@resvg/resvg-wasm`, files for `@resvg/resvg-js` (which has no fontBuffers). */
export type ResvgFontOptions = { fontBuffers: Uint8Array[]; fontFiles?: never } | { fontFiles: string[]; fontBuffers?: never };

/** The part of a resvg module (`@resvg/resvg-js` or `@resvg/resvg-wasm`) the card uses. */
export interface ResvgModule {
  Resvg: new (
    svg: string,
    options?: {
      fitTo?: { mode: 'width'; value: number };
      font?: ResvgFontOptions & { loadSystemFonts?: boolean; defaultFontFamily?: string };
    },
  ) => { render(): { asPng(): Uint8Array; free?(): void }; free?(): void };
  /** `@resvg/resvg-wasm` only: compiles its WebAssembly (once per isolate). */
  initWasm?: (module: WebAssembly.Module | BufferSource | Response | Promise<Response>) => Promise<void>;
}

/** Whether `v` has a `Resvg` class, as both resvg packages' namespaces do (all the card uses is checked where it is called). */
export const isResvgModule = (v: unknown): v is ResvgModule => isRecord(v) && typeof v.Resvg == 'function';

/** How the share card is drawn: the proxy's option `card`. */
export interface CardOptions {
  /**
   * The rasteriser, for runtimes where the proxy cannot import a package by name (Cloudflare
   * Workers, Vercel Edge, Deno): the module `@resvg/resvg-wasm` (its namespace, `import * as
   * resvg`), with `wasm`.
   * @default @resvg/resvg-js, imported by name on first use
   */
  resvg?: ResvgModule;
  /**
   * `@resvg/resvg-wasm`'s WebAssembly, of the same version as `resvg`, passed to its `initWasm`
   * once: a module where the runtime compiles no wasm from bytes (`import wasm from
   * '@resvg/resvg-wasm/index_bg.wasm'` on Workers, the same with `?module` on Vercel Edge), the
   * file's bytes where it does (Deno, Node).
   */
  wasm?: WebAssembly.Module | BufferSource | Response;
  /**
   * A TrueType or OpenType font file (its bytes) to draw the card's text with, instead of the
   * shipped Noto Sans Regular (Latin, Greek, Cyrillic). Text in a script the font has no glyphs
   * for is never drawn as boxes: the catalogue's English words stand in, or the item is left out.
   */
  font?: Uint8Array;
  /**
   * Cards one instance draws or holds waiting to be drawn at once. They are drawn one after
   * another, each taking tens of ms of CPU, with other requests served in between; a further new
   * card gets 503 with `Retry-After` (a card drawn before is served instead when there is one).
   * 1 to 16.
   * @default 2
   */
  maxRenders?: number;
}

/** The card options after defaults and checks. */
export interface ResolvedCardOptions extends CardOptions {
  maxRenders: number;
}

/** Each option of {@link CardOptions} with the default it applies (docs/proxy.md's table is checked against it). */
export const CARD_OPTIONS = {
  resvg: {},
  wasm: {},
  font: {},
  maxRenders: { default: 2 },
} satisfies { readonly [K in keyof CardOptions]-?: { readonly default?: unknown } };

/** The option `card` checked: an object of {@link CardOptions}, every field optional. */
export const checkCard = (v: unknown, name: string): ResolvedCardOptions => {
  if (v === undefined) return { maxRenders: CARD_OPTIONS.maxRenders.default };
  if (!isRecord(v)) return invalid(name, 'an object such as { resvg, wasm, font, maxRenders }', v);
  for (const key of Object.keys(v)) refuseNearMiss(key, Object.keys(CARD_OPTIONS), `option of ${name}`);
  const resvg = ownValue(v, 'resvg');
  const font = ownValue(v, 'font');
  const maxRenders = ownValue(v, 'maxRenders') ?? CARD_OPTIONS.maxRenders.default;
  if (resvg !== undefined && !isResvgModule(resvg))
    invalid(`${name}.resvg`, 'a resvg module with a Resvg class (the namespace of @resvg/resvg-wasm)', resvg);
  if (font !== undefined && !(font instanceof Uint8Array))
    invalid(`${name}.font`, 'the bytes of a TrueType or OpenType font (a Uint8Array)', font);
  if (!(typeof maxRenders == 'number' && Number.isInteger(maxRenders) && maxRenders >= 1 && maxRenders <= 16))
    return invalid(`${name}.maxRenders`, 'a whole number from 1 to 16', maxRenders);
  // `wasm` is judged where it is compiled (./raster.ts), which names what is wrong with it.
  return { ...(v as CardOptions), maxRenders };
};
