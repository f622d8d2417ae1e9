// @ts-check
/**
 * The share card's font as a module: `import('virtual:repkit-card-font')` is Noto Sans Regular
 * (from the devDependency @expo-google-fonts/noto-sans) as base64 text, so that every runtime the
 * proxy supports reads the same bytes without a file system or a fetch. rollup.config.mjs makes it a
 * virtual module (@rollup/plugin-virtual) with a chunk of its own (dist/repkit.card-font.mjs), loaded the first time a card is drawn.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const CARD_FONT_ID = 'virtual:repkit-card-font';

const require = createRequire(import.meta.url);
const FONT = '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';
const LICENSE = '@expo-google-fonts/noto-sans/LICENSE_FONT';

/** The module's text: the font's licence notice (the SIL OFL asks that it travel with the font), then the bytes. */
export const cardFontModule = () => {
  const notice = readFileSync(require.resolve(LICENSE), 'utf8').split('\n').slice(0, 3).join(' ').trim();
  const base64 = readFileSync(require.resolve(FONT)).toString('base64');
  return `/* Noto Sans Regular. ${notice.replace(/\*\//g, '')} SIL Open Font License 1.1: https://openfontlicense.org */\nexport default ${JSON.stringify(base64)};\n`;
};

/** The shipped font file, whose bytes the module holds. */
export const CARD_FONT_FILE = require.resolve(FONT);

/**
 * The same module for esbuild, the bundler wrangler runs on a worker (test/proxy/card-workers.test.ts
 * builds its worker so).
 * @returns {import('esbuild').Plugin}
 */
export const cardFontEsbuild = () => ({
  name: 'repkit-card-font',
  setup(build) {
    build.onResolve({ filter: /^virtual:repkit-card-font$/ }, () => ({ path: CARD_FONT_ID, namespace: 'repkit-card-font' }));
    build.onLoad({ filter: /.*/, namespace: 'repkit-card-font' }, () => ({ contents: cardFontModule(), loader: 'js' }));
  },
});
