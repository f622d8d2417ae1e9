/**
 * The share card's drawing options. Internal until the share routes are served (issue 43): then
 * they become the proxy's option `card`, checked by ./../options.ts.
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

/** How the card is drawn: what the proxy's option `card` will take. */
export interface CardOptions {
  /**
   * The rasteriser, for runtimes where the proxy cannot import a package by name (Cloudflare
   * Workers, Vercel Edge, Deno): `import * as resvg from '@resvg/resvg-wasm'`, with `wasm`.
   * @default import('@resvg/resvg-js')
   */
  resvg?: ResvgModule;
  /**
   * `@resvg/resvg-wasm`'s WebAssembly, as the runtime loads it (`import wasm from
   * '@resvg/resvg-wasm/index_bg.wasm'` on Workers), passed to its `initWasm` once.
   */
  wasm?: WebAssembly.Module | BufferSource | Response;
  /**
   * A TrueType or OpenType font file (its bytes) to draw the card's text with, instead of the
   * shipped Noto Sans Regular (Latin, Greek, Cyrillic). Text in a script the font has no glyphs
   * for is never drawn as boxes: the catalogue's English words stand in, or the item is left out.
   */
  font?: Uint8Array;
  /**
   * Cards drawn at once by one instance (drawing takes tens of ms of CPU); a further new card
   * gets 503 with `Retry-After` (a card drawn before is served instead when there is one). 1 to 16.
   * @default 2
   */
  maxRenders?: number;
}
