// @ts-check
/**
 * The share card's font as a module, `virtual:repkit-card-font` (declared in src/types.d.ts): Noto
 * Sans Regular (SIL Open Font License 1.1) from the devDependency @expo-google-fonts/noto-sans,
 * as base64 text inside the bundle. Text, not a binary asset, so that every runtime the proxy
 * runs on (Node, workerd, Deno, Vercel Edge) loads the same bytes the same way, with no file
 * system and no wasm or data-module rule in the operator's bundler.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CARD_FONT_ID = 'virtual:repkit-card-font';

/** The shipped font file. */
export const CARD_FONT_FILE = fileURLToPath(
  new URL('../node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', import.meta.url),
);

/** The module's source: `export default '<base64 of the font>'`. */
export const cardFontModule = () => `export default ${JSON.stringify(readFileSync(CARD_FONT_FILE).toString('base64'))};\n`;

/**
 * The module for rollup (and Vite, whose plugins are rollup's): resolves the id and loads it.
 * @returns {import('rollup').Plugin}
 */
export const cardFont = () => ({
  name: 'repkit-card-font',
  resolveId: (id) => (id == CARD_FONT_ID ? `\0${CARD_FONT_ID}` : null),
  load: (id) => (id == `\0${CARD_FONT_ID}` ? cardFontModule() : null),
});

/**
 * The module for esbuild (the bundler wrangler runs on a worker).
 * @returns {import('esbuild').Plugin}
 */
export const cardFontEsbuild = () => ({
  name: 'repkit-card-font',
  setup(build) {
    build.onResolve({ filter: /^virtual:repkit-card-font$/ }, () => ({ path: CARD_FONT_ID, namespace: 'repkit-card-font' }));
    build.onLoad({ filter: /.*/, namespace: 'repkit-card-font' }, () => ({ contents: cardFontModule(), loader: 'js' }));
  },
});
