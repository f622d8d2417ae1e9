// @ts-check
/**
 * The build: a list of entries and the maintained plugins that make them. Every ES module entry is
 * one build, so code two entries use (the error classes, the client) is one shared module, a
 * `repkit-<hash>.mjs` chunk, and `instanceof` holds across `repkit`, `repkit/server` and
 * `repkit/proxy`. Scripts (UMD, IIFE) cannot share chunks: each is a build of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import alias from '@rollup/plugin-alias';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import sucrase from '@rollup/plugin-sucrase';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import virtual from '@rollup/plugin-virtual';
import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import { Features } from 'lightningcss';
import { dts } from 'rollup-plugin-dts';
import lightningcss from 'unplugin-lightningcss/rollup';
import { cardFont, isCardFont } from './scripts/card-font.mjs';

const json = (/** @type {string} */ file) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const { version } = json('./package.json');
const file = (/** @type {string} */ path) => JSON.stringify(resolve(path));

/** Every kind folder (src/widgets/kinds/<kind>/) gets a script of its own, dist/repkit.<kind>.umd.js. */
const KINDS = readdirSync('src/widgets/kinds', { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));
/** The shipped catalogues other than English (src/locales/<tag>.ts). */
const LOCALES = readdirSync('src/locales').flatMap((name) => (name.endsWith('.ts') ? [name.slice(0, -3)] : []));

/** The ES module entries: the package's `exports`, each `dist/<name>.mjs` with `dist/<name>.d.ts`. */
const ESM_ENTRIES = {
  repkit: 'src/index.ts',
  'repkit.embed': 'src/embed.ts',
  'repkit.server': 'src/server.ts',
  'repkit.proxy': 'src/proxy/index.ts',
  'repkit.proxy.node': 'src/proxy/node.ts',
  'repkit.proxy.redis': 'src/proxy/redis.ts',
  'repkit.proxy.workers': 'src/proxy/workers.ts',
};

/**
 * Code only pages whose options use it load (src/chunks). The ES modules split each off by its
 * `import()` (dist/repkit.chunk-<name>.mjs); scripts load dist/repkit.chunk-<name>.js from beside
 * themselves, built below and given what they need by the script (src/chunks/loaders.script.ts).
 */
const CHUNKS = {
  batch: 'src/client/batch.ts',
  cache: 'src/widgets/storage-area.ts',
  lazy: 'src/widgets/visibility.ts',
  probe: 'src/client/probe.ts',
  key: 'src/widgets/key-suggestion.ts',
  wait: 'src/client/rate-limit.ts',
  failure: 'src/widgets/messages.ts',
};
const CHUNK_NAMES = new Map(Object.entries(CHUNKS).map(([name, path]) => [resolve(path), name]));
/** An `import()`ed chunk by its name, code that entries share by its hash. */
const esmChunkName = (/** @type {import('rollup').PreRenderedChunk} */ { facadeModuleId: id }) =>
  isCardFont(id) ? 'repkit.card-font.mjs' : id && CHUNK_NAMES.has(id) ? `repkit.chunk-${CHUNK_NAMES.get(id)}.mjs` : 'repkit-[hash].mjs';

/** `repkit/batch` used to turn batching on; it is built in now, and the files stay, doing nothing. */
const BATCH_NOTE = '// repkit/batch: batching is built in now (docs/proxy.md, "One request for a page of widgets"); it does nothing.\n';
const BATCH_MODULE = `${BATCH_NOTE}export {};\n`;

/**
 * Files written as they are (`{ fileName: text }`): declarations that re-export others and the
 * no-op `repkit/batch`. Emitting an asset is rollup's own API; no plugin exists for so little.
 * @returns {import('rollup').Plugin}
 */
const files = (/** @type {Record<string, string>} */ assets) => ({
  name: 'files',
  generateBundle() {
    for (const [fileName, source] of Object.entries(assets)) this.emitFile({ type: 'asset', fileName, source });
  },
});

/**
 * `import css from '../styles/x.css?raw'` (the syntax Vite, and so the tests, understand) is the
 * stylesheet's text, minified by lightningcss for the oldest browsers docs/reference.md supports
 * (Chrome 93, Firefox 92, Safari 15.4), without a light-dark() polyfill (the stylesheets use none)
 * nor :dir() as :lang() lists (a card is right to left by its dir, not by a language).
 */
const CSS_TARGETS = { chrome: 93 << 16, firefox: 92 << 16, safari: (15 << 16) | (4 << 8) };
const css = () =>
  lightningcss({ asString: true, options: { minify: true, targets: CSS_TARGETS, exclude: Features.LightDark | Features.DirSelector } });

/**
 * `?raw` dropped (the file is the stylesheet); `loaders`: where chunks come from, when not by
 * `import()`: files beside a script (`script`, loaders.script.ts) or beside an ES module file
 * that a script loads (`module`, loaders.module.ts, by `import.meta.url`).
 */
const RAW_CSS = { find: /^(.*\.css)\?raw$/, replacement: '$1' };
const aliases = (/** @type {'script' | 'module' | undefined} */ loaders) =>
  alias({ entries: [RAW_CSS, ...(loaders ? [{ find: /^(.*\/chunks\/loaders)$/, replacement: `$1.${loaders}` }] : [])] });

// inlineSources: the maps carry the TypeScript (src/ is not in the package). allowJs off: tsconfig
// has it for checking the .mjs scripts; with it, the plugin would write JavaScript outside dist/.
const TS = { tsconfig: './tsconfig.json', include: ['src/**/*.ts'], declaration: false, sourceMap: true, inlineSources: true };
const ts = () => typescript({ ...TS, allowJs: false, checkJs: false });

/**
 * The views' `html` templates lose their indentation: runs of white space become one space (never
 * none). Closing slashes stay (an SVG-only template would otherwise nest each rect in the last),
 * as do empty attributes and entities. The proxy's pages are left as written.
 */
const HTML_MINIFY = { caseSensitive: true, collapseWhitespace: true, conservativeCollapse: true, removeComments: true };
const HTML_KEEP = { keepClosingSlash: true, decodeEntities: false, removeEmptyAttributes: false, removeAttributeQuotes: false };
const HTML_OPTIONS = { shouldMinifyCSS: () => false, minifyOptions: { ...HTML_MINIFY, ...HTML_KEEP, minifyCSS: false, minifyJS: false } };
const html = () => minifyHtmlLiterals({ include: ['src/**/*.ts'], exclude: ['src/proxy/**'], failOnError: true, options: HTML_OPTIONS });

const versioned = () => replace({ preventAssignment: true, values: { __REPKIT_VERSION__: JSON.stringify(version) } });

/**
 * Minified output: `@__PURE__` marks are dropped first (rollup has tree-shaken by then; left in,
 * they stop terser unwrapping the `(() => …)()` they mark), only in the written chunks (`.js`).
 * The filter also meets modules being transformed, by absolute path: those keep their marks (a
 * dependency's, such as @noble/hashes', are what lets rollup leave out what is not used).
 */
const unmarked = () =>
  replace({
    include: /^(?!\/|[A-Za-z]:).*\.js$/,
    delimiters: ['', ''],
    preventAssignment: false,
    values: { '/* @__PURE__ */': '', '/*#__PURE__*/': '' },
  });

/**
 * Internal property names start with `$` (`$prefix`, `$kinds`), as Preact's start with `_`, and
 * terser shortens them to the names in mangle.json: the same in every build, so an object may
 * cross from a script to a chunk it loads. test/widgets/mangle.test.ts keeps the map complete.
 * inline: 1, since moving one-use functions with parameters into their caller gzips worse;
 * `script`: the output defines a global (`var RepKit`), which terser keeps.
 */
const minified = ({ script = false } = {}) => [
  unmarked(),
  terser({
    ecma: 2022,
    module: !script,
    compress: { passes: 3, inline: 1, hoist_funs: true, unsafe_proto: true },
    mangle: { properties: { regex: /^\$[A-Za-z]/, keep_quoted: true } },
    nameCache: json('./mangle.json'),
    format: { comments: false },
  }),
];

/** What the ES modules and scripts are made with; scripts are minified and load chunks from beside themselves. */
const sourcePlugins = (/** @type {'script' | 'module' | undefined} */ loaders = undefined) => [
  aliases(loaders),
  css(),
  versioned(),
  nodeResolve(),
  ts(),
  html(),
];
const scriptPlugins = (/** @type {{ script?: boolean }} */ options = {}) => [...sourcePlugins('script'), ...minified(options)];

/** A kind's script: what every script shares, its class, and createWidget, mountAll and autoMount for it alone. */
const kindEntry = (/** @type {string} */ kind) => {
  const widgetClass = `${kind[0].toUpperCase()}${kind.slice(1)}Widget`;
  return `export * from ${file('src/umd/common.ts')};
import { kindScript } from ${file('src/umd/kind-script.ts')};
import { ${widgetClass} } from ${file(`src/widgets/kinds/${kind}/view.ts`)};
export { ${widgetClass} };
export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript(${widgetClass});`;
};

/** A locale as a module (registers with the main entry's registry, so a bundler's `repkit` and it share one) or as a script (with the global `RepKit`). */
const localeEntry = (/** @type {string} */ tag, /** @type {boolean} */ script) =>
  script
    ? `import messages from ${file(`src/locales/${tag}.ts`)};
const repkit = globalThis.RepKit;
if (!repkit || typeof repkit.registerLocale != 'function') throw new Error('repkit/locales/${tag}: load repkit.umd.js or a repkit.<kind>.umd.js before this script');
repkit.registerLocale('${tag}', messages);`
    : `import { registerLocale } from 'repkit';
import messages from ${file(`src/locales/${tag}.ts`)};
registerLocale('${tag}', messages);
export default messages;`;

/** A locale's declarations, for both conditions: its default export is a catalogue, typed by the main entry's. */
const localeDeclarations = (/** @type {string} */ tag) =>
  Object.entries({ 'd.ts': '../repkit.js', 'd.mts': '../repkit.mjs' }).map(([extension, main]) => [
    `${tag}.${extension}`,
    `import type { Locale } from '${main}';\n\n/** The catalogue; importing this module registers it under '${tag}'. */\ndeclare const messages: Locale;\nexport default messages;\n`,
  ]);

/** A catalogue is an object literal under a type: sucrase strips the type without a TypeScript program per locale build. */
const catalogues = () => sucrase({ include: ['src/locales/*.ts'], transforms: ['typescript'] });

/** With no "type" in package.json, `.d.ts` describes CommonJS: each `.d.mts` re-exports its `.d.ts` (one `HTMLElementTagNameMap` entry). */
const esmShims = Object.fromEntries(Object.keys(ESM_ENTRIES).map((name) => [`${name}.d.mts`, `export * from './${name}.js';\n`]));

const localeEntries = (/** @type {boolean} */ script) =>
  virtual(Object.fromEntries(LOCALES.map((tag) => [`locale:${tag}`, localeEntry(tag, script)])));
const localeTypes = Object.fromEntries(LOCALES.flatMap((tag) => localeDeclarations(tag)));
const declarations = () => dts({ tsconfig: './tsconfig.json' });
const SERVER_ONLY = [/^node:/, 'ioredis'];
const IIFE = /** @type {const} */ ('iife');

/** The stylesheets become strings, which have no source map to give: the warning that they lack one is dropped. */
const onwarn = (/** @type {import('rollup').RollupLog} */ log, /** @type {import('rollup').LoggingFunction} */ warn) =>
  log.code == 'SOURCEMAP_BROKEN' && log.plugin == 'unplugin-lightningcss' ? undefined : warn(log);

/** @type {import('rollup').RollupOptions[]} */
const builds = [
  {
    // Every ES module: `repkit` (pure and readable; bundlers minify it), `repkit/embed`, the server
    // renderer, the proxy and its stores. Code that several use is a shared chunk.
    input: ESM_ENTRIES,
    output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].mjs', chunkFileNames: esmChunkName },
    external: SERVER_ONLY,
    // cardFont: the share card's font, a chunk of its own that only a proxy drawing a card loads.
    plugins: [cardFont(), ...sourcePlugins(), files({ 'repkit.batch.mjs': BATCH_MODULE, 'repkit.batch.js': BATCH_NOTE })],
  },
  {
    // Everything, under the global RepKit, auto-mounting, minified.
    input: 'src/umd.ts',
    output: { file: 'dist/repkit.umd.js', format: 'umd', name: 'RepKit', sourcemap: true, exports: 'named' },
    plugins: scriptPlugins(),
  },
  // One script per kind, for a page that shows one kind: a plain script (IIFE), since only a script
  // tag loads it, and the UMD wrapper cost each 60-72 B gzip.
  ...KINDS.map((kind) => ({
    input: `kind:${kind}`,
    output: { file: `dist/repkit.${kind}.umd.js`, format: IIFE, name: 'RepKit', sourcemap: true, exports: /** @type {const} */ ('named') },
    plugins: [virtual({ [`kind:${kind}`]: kindEntry(kind) }), ...scriptPlugins({ script: true })],
  })),
  {
    // The scripts' chunks, which import nothing (test/widgets/mangle.test.ts checks the files).
    input: CHUNKS,
    output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: 'repkit.chunk-[name].js' },
    plugins: [ts(), ...minified()],
  },
  {
    input: ESM_ENTRIES,
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'repkit-[hash].d.ts' },
    external: [/\.css\?raw$/, ...SERVER_ONLY],
    plugins: [declarations(), files({ ...esmShims, 'repkit.batch.d.ts': BATCH_MODULE, 'repkit.batch.d.mts': BATCH_MODULE })],
  },
  {
    // repkit/react and repkit/preact: declarations adding <repkit-widget> to that library's JSX,
    // importing repkit's types from 'repkit' itself (one copy of each type).
    input: { 'repkit.react': 'src/react.ts', 'repkit.preact': 'src/preact.ts' },
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts' },
    external: ['react', 'preact', 'repkit'],
    plugins: [alias({ entries: [{ find: /^\.\/index$/, replacement: 'repkit' }] }), declarations()],
  },
  {
    // dist/locales/<tag>.mjs: `import 'repkit/locales/<tag>'`, registering with the `repkit` beside it.
    input: Object.fromEntries(LOCALES.map((tag) => [tag, `locale:${tag}`])),
    output: { dir: 'dist/locales', format: 'es', sourcemap: true, entryFileNames: '[name].mjs', paths: { repkit: '../repkit.mjs' } },
    external: ['repkit'],
    plugins: [localeEntries(false), catalogues(), files(localeTypes)],
  },
  // dist/locales/<tag>.js: a language for a page that loads repkit by script tag.
  ...LOCALES.map((tag) => ({
    input: `locale:${tag}`,
    output: { file: `dist/locales/${tag}.js`, format: IIFE, sourcemap: true },
    plugins: [localeEntries(true), catalogues(), ...minified()],
  })),
];

// repkit/annotate (src/annotate): reputation next to every address on a page. Built apart from the
// main entries, so neither's files change with the other (built together, rollup would move the
// code they share into chunks of their own): it has its own copy of the client and the locale
// registry, and its card is an `import()` chunk loaded on the first hover or focus.
const ANNOTATE_ENTRY = { 'repkit.annotate': 'src/annotate/index.ts' };
const ANNOTATE_CARD = resolve('src/annotate/card.ts');
/** The card by its name; the chunks it shares with the main entry (batching, the probe) under names of their own. */
const annotateChunkName = (/** @type {import('rollup').PreRenderedChunk} */ { facadeModuleId: id }) =>
  id == ANNOTATE_CARD
    ? 'repkit.annotate-card.mjs'
    : id && CHUNK_NAMES.has(id)
      ? `repkit.annotate-chunk-${CHUNK_NAMES.get(id)}.mjs`
      : 'repkit.annotate-[hash].mjs';

const annotateBuilds = [
  {
    input: ANNOTATE_ENTRY,
    output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].mjs', chunkFileNames: annotateChunkName },
    plugins: sourcePlugins(),
  },
  {
    // dist/repkit.annotate.js: a plain script, adding `annotate` to the global RepKit and annotating
    // the page when its tag says where to ask (`data-base-url`).
    input: 'src/annotate/script.ts',
    output: { file: 'dist/repkit.annotate.js', format: IIFE, sourcemap: true },
    plugins: scriptPlugins({ script: true }),
  },
  {
    // Its client, loaded from beside it when no repkit script on the page has one.
    input: 'src/annotate/client-chunk.ts',
    output: { file: 'dist/repkit.annotate-client.js', format: 'es', sourcemap: true },
    plugins: [...sourcePlugins('module'), ...minified()],
  },
  {
    input: 'src/annotate/card.ts',
    output: { file: 'dist/repkit.annotate-card.js', format: 'es', sourcemap: true },
    plugins: [...sourcePlugins(), ...minified()],
  },
  {
    input: ANNOTATE_ENTRY,
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts' },
    external: [/\.css\?raw$/],
    plugins: [declarations(), files({ 'repkit.annotate.d.mts': "export * from './repkit.annotate.js';\n" })],
  },
];

export default [...builds, ...annotateBuilds].map((build) => ({ onwarn, ...build }));
