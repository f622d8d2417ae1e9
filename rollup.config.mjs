// @ts-check
// The build: entries and the maintained plugins that make them. The ES module entries are one
// build, so code they share (the error classes, the client) is one `repkit-<hash>.mjs` chunk and
// `instanceof` holds across entries. Scripts (UMD, IIFE) share no chunks: each is a build of its own.
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
import { CARD_FONT_ID, cardFontModule } from './scripts/card-font.mjs';

/** @typedef {import('rollup').RollupOptions} Build @typedef {import('rollup').OutputOptions} Output @typedef {import('rollup').Plugin[]} Plugins */
const json = (/** @type {string} */ file) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const file = (/** @type {string} */ path) => JSON.stringify(resolve(path));
const names = (/** @type {string} */ dir, /** @type {(e: import('node:fs').Dirent) => string} */ keep) =>
  readdirSync(dir, { withFileTypes: true }).map(keep).filter(Boolean);
/** Each kind folder (src/widgets/kinds/<kind>/) gets a script, dist/repkit.<kind>.umd.js; each locale but English, two files. */
const KINDS = names('src/widgets/kinds', (e) => (e.isDirectory() ? e.name : ''));
const LOCALES = names('src/locales', (e) => (e.name.endsWith('.ts') ? e.name.slice(0, -3) : ''));

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

// Code only pages whose options use it load (src/chunks), one line each: the ES modules split it
// off by its `import()` (repkit.chunk-<name>.mjs), scripts load repkit.chunk-<name>.js from beside
// themselves (src/chunks/loaders.script.ts).
const CHUNKS = {
  batch: 'src/client/batch.ts',
  cache: 'src/widgets/storage-area.ts',
  lazy: 'src/widgets/visibility.ts',
  probe: 'src/client/probe.ts',
  key: 'src/widgets/key-suggestion.ts',
  wait: 'src/client/rate-limit.ts',
  failure: 'src/widgets/messages.ts',
};
// The words of a client's failure: a chunk of the ES modules only, as the scripts' failure chunk carries them (src/chunks/loaders.script.ts).
const MODULE_CHUNKS = { message: 'src/client/failure-message.ts' };
const CHUNK_NAMES = new Map(Object.entries({ ...CHUNKS, ...MODULE_CHUNKS }).map(([name, path]) => [resolve(path), name]));
/** An `import()`ed chunk by its name, code that entries share by its hash, and `named` modules by their own file name. */
const chunkNames =
  (/** @type {string} */ chunks, /** @type {string} */ shared, /** @type {Record<string, string>} */ named) =>
  (/** @type {import('rollup').PreRenderedChunk} */ { facadeModuleId: id }) =>
    (id && named[id]) || (id && CHUNK_NAMES.has(id) ? `${chunks}chunk-${CHUNK_NAMES.get(id)}.mjs` : `${shared}[hash].mjs`);

/** `repkit/batch` used to turn batching on; it is built in now, and the files stay, doing nothing. */
const BATCH_NOTE = '// repkit/batch: batching is built in now (docs/proxy.md, "One request for a page of widgets"); it does nothing.\n';
const BATCH_MODULE = `${BATCH_NOTE}export {};\n`;

/**
 * Files written as they are (`{ fileName: text }`): declarations that re-export others, the no-op
 * repkit/batch. This is rollup's own `emitFile`; the plugins around it copy files from disk.
 * @returns {import('rollup').Plugin}
 */
const files = (/** @type {Record<string, string>} */ assets) => ({
  name: 'files',
  generateBundle() {
    for (const [fileName, source] of Object.entries(assets)) this.emitFile({ type: 'asset', fileName, source });
  },
});

// `import css from '../styles/x.css?raw'` (Vite's syntax, so the tests' too) is the stylesheet's
// text, minified by lightningcss for the oldest browsers docs/reference.md supports, with neither
// a light-dark() polyfill (none is used) nor :dir() as :lang() (a card's direction is its dir).
const CSS_TARGETS = { chrome: 93 << 16, firefox: 92 << 16, safari: (15 << 16) | (4 << 8) };
const CSS_EXCLUDE = Features.LightDark | Features.DirSelector;
const css = () => lightningcss({ asString: true, options: { minify: true, targets: CSS_TARGETS, exclude: CSS_EXCLUDE } });
/** `?raw` dropped; `loaders`: chunks come from files beside a script, or beside an ES module file a script loads. */
const RAW_CSS = { find: /^(.*\.css)\?raw$/, replacement: '$1' };
const aliases = (/** @type {'script' | 'umd' | 'module' | undefined} */ loaders) =>
  alias({ entries: [RAW_CSS, ...(loaders ? [{ find: /^(.*\/chunks\/loaders)$/, replacement: `$1.${loaders}` }] : [])] });

// inlineSources: the maps carry the TypeScript (src/ is not in the package). allowJs off: tsconfig
// has it for checking the .mjs scripts; with it, the plugin would write JavaScript outside dist/.
const TS = { tsconfig: './tsconfig.json', include: ['src/**/*.ts'], declaration: false, sourceMap: true, inlineSources: true };
const ts = () => typescript({ ...TS, allowJs: false, checkJs: false });

// The views' `html` templates lose indentation (white space runs become one space, never none);
// closing slashes (an SVG-only template would nest each rect in the last), empty attributes and
// entities stay. The proxy's pages are left as written.
const HTML_MINIFY = { caseSensitive: true, collapseWhitespace: true, conservativeCollapse: true, removeComments: true };
const HTML_KEEP = { keepClosingSlash: true, decodeEntities: false, removeEmptyAttributes: false, removeAttributeQuotes: false };
const HTML_OPTIONS = { shouldMinifyCSS: () => false, minifyOptions: { ...HTML_MINIFY, ...HTML_KEEP, minifyCSS: false, minifyJS: false } };
const html = () => minifyHtmlLiterals({ include: ['src/**/*.ts'], exclude: ['src/proxy/**'], failOnError: true, options: HTML_OPTIONS });

// Minified output. `@__PURE__` marks go first, from written chunks only (left in, they stop terser
// unwrapping the `(() => …)()` they mark; modules, by absolute path, keep theirs for tree-shaking).
// `$` properties (as Preact's `_` ones) get mangle.json's names, the same in every build, so an
// object may cross from a script to a chunk (test/widgets/mangle.test.ts keeps the map complete).
// inline: 1, as inlining one-use functions with parameters gzips worse; `script` keeps `var RepKit`.
const UNMARKED = { '/* @__PURE__ */': '', '/*#__PURE__*/': '' };
const MANGLE = { properties: { regex: /^\$[A-Za-z]/, keep_quoted: true } };
const TERSER = /** @type {const} */ ({
  ecma: 2022,
  compress: { passes: 3, inline: 1, hoist_funs: true, unsafe_proto: true },
  mangle: MANGLE,
});
// A script's functions nearly all run as it loads (it mounts the page's widgets, or finds its
// addresses): V8's explicit compile hint, the script's first line, has Chromium compile them
// all while it streams the file, off the main thread, where each would otherwise be compiled on
// the main thread at its first call, in the page's first tasks (test/bench/README.md, issue 39).
// Chunks, small and loaded later, go without.
const COMPILE_ALL = '//# allFunctionsCalledOnLoad';
const minified = ({ script = false, compileAll = false } = {}) => [
  replace({ include: /^(?!\/|[A-Za-z]:).*\.js$/, delimiters: ['', ''], preventAssignment: false, values: UNMARKED }),
  // A fresh name cache for each build: terser adds the build's own top-level names to it.
  terser({
    ...TERSER,
    module: !script,
    nameCache: json('./mangle.json'),
    format: { comments: false, ...(compileAll && { preamble: COMPILE_ALL }) },
  }),
];

const VERSION = { __REPKIT_VERSION__: JSON.stringify(json('./package.json').version) };
const versioned = () => replace({ preventAssignment: true, values: VERSION });
/** What the ES modules and scripts are made with; scripts are minified and load chunks from beside themselves (repkit.umd.js also under Node's require). @param {'script' | 'umd' | 'module'} [loaders] */
const sourcePlugins = (loaders) => [aliases(loaders), css(), versioned(), nodeResolve(), ts(), html()];
const scriptPlugins = (/** @type {{ script?: boolean, loaders?: 'script' | 'umd' }} */ { loaders = 'script', ...options } = {}) => [
  ...sourcePlugins(loaders),
  ...minified({ ...options, compileAll: true }),
];
const declarations = () => dts({ tsconfig: './tsconfig.json' });
/** A catalogue is an object literal under a type: sucrase strips the type without a TypeScript program per locale build. */
const catalogues = () => sucrase({ include: ['src/locales/*.ts'], transforms: ['typescript'] });

/** A kind's script: what every script shares, its class, and createWidget, mountAll and autoMount for it alone. */
const kindEntry = (/** @type {string} */ kind, widgetClass = `${kind[0].toUpperCase()}${kind.slice(1)}Widget`) => `
export * from ${file('src/umd/common.ts')};
import { kindScript } from ${file('src/umd/kind-script.ts')};
import { ${widgetClass} } from ${file(`src/widgets/kinds/${kind}/view.ts`)};
export { ${widgetClass} };
export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript(${widgetClass});`;

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
const locales = (/** @type {boolean} */ script) =>
  virtual(Object.fromEntries(LOCALES.map((tag) => [`locale:${tag}`, localeEntry(tag, script)])));

/** A locale's declarations, for both conditions: its default export is a catalogue, typed by the main entry's. */
const localeType = (/** @type {string} */ tag, /** @type {'ts' | 'mts'} */ ext) => [
  `${tag}.d.${ext}`,
  `import type { Locale } from '../repkit.${ext == 'ts' ? 'js' : 'mjs'}';\n\n/** The catalogue; importing this module registers it under '${tag}'. */\ndeclare const messages: Locale;\nexport default messages;\n`,
];
const localeTypes = Object.fromEntries(LOCALES.flatMap((tag) => [localeType(tag, 'ts'), localeType(tag, 'mts')]));

/** With no "type" in package.json, `.d.ts` describes CommonJS: each `.d.mts` re-exports its `.d.ts` (one `HTMLElementTagNameMap` entry). */
const esmShims = (/** @type {string[]} */ entries) =>
  Object.fromEntries(entries.map((name) => [`${name}.d.mts`, `export * from './${name}.js';\n`]));

/** The stylesheets become strings, which have no source map to give: the warning that they lack one is dropped. */
const onwarn = (/** @type {import('rollup').RollupLog} */ log, /** @type {import('rollup').LoggingFunction} */ warn) =>
  log.code == 'SOURCEMAP_BROKEN' && log.plugin == 'unplugin-lightningcss' ? undefined : warn(log);

const SERVER_ONLY = [/^node:/, 'ioredis'];
const TYPES = [/\.css\?raw$/, ...SERVER_ONLY];
const ES_OUTPUT = /** @type {const} */ ({ dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].mjs' });
const DTS_OUTPUT = /** @type {const} */ ({ dir: 'dist', format: 'es', entryFileNames: '[name].d.ts' });
const [IIFE, NAMED] = /** @type {const} */ (['iife', 'named']);
/** One file, `dist/<out>`, with its source map. */
const single = (/** @type {string} */ input, /** @type {string} */ out, /** @type {Output} */ output, /** @type {Plugins} */ plugins) =>
  /** @type {Build} */ ({ input, output: { file: `dist/${out}`, sourcemap: true, ...output }, plugins });
/** ES modules of several entries, `dist/<name>.mjs`, and the chunks they share. */
const modules = (
  /** @type {Build['input']} */ input,
  /** @type {Plugins} */ plugins,
  /** @type {Output} */ output,
  external = SERVER_ONLY,
) => /** @type {Build} */ ({ input, output: { ...ES_OUTPUT, ...output }, external, plugins });
/** The declarations of `input`'s entries, `dist/<name>.d.ts` and a `.d.mts` for each, and `assets`. */
const types = (/** @type {Record<string, string>} */ input, /** @type {Output} */ output = {}, assets = {}) =>
  /** @type {Build} */ ({
    input,
    output: { ...DTS_OUTPUT, ...output },
    external: TYPES,
    plugins: [declarations(), files({ ...esmShims(Object.keys(input)), ...assets })],
  });

const LOCALE_ENTRIES = Object.fromEntries(LOCALES.map((tag) => [tag, `locale:${tag}`]));
const ANNOTATE = { 'repkit.annotate': 'src/annotate/index.ts' };
const CARD_FONT = { [CARD_FONT_ID]: cardFontModule() };
const ESM_NAMES = chunkNames('repkit.', 'repkit-', { [`\0virtual:${CARD_FONT_ID}`]: 'repkit.card-font.mjs' });
const ANNOTATE_NAMES = chunkNames('repkit.annotate-', 'repkit.annotate-', {
  [resolve('src/annotate/card.ts')]: 'repkit.annotate-card.mjs',
});
const BATCH_FILES = { 'repkit.batch.mjs': BATCH_MODULE, 'repkit.batch.js': BATCH_NOTE };
const BATCH_TYPES = { 'repkit.batch.d.ts': BATCH_MODULE, 'repkit.batch.d.mts': BATCH_MODULE };
const KIND_SCRIPT = { format: IIFE, name: 'RepKit', exports: NAMED };

export default [
  // Every ES module: `repkit` (pure and readable; bundlers minify it), `repkit/embed`, the server
  // renderer, the proxy and its stores; the share card's font is a chunk only a proxy drawing a card loads.
  modules(ESM_ENTRIES, [virtual(CARD_FONT), ...sourcePlugins(), files(BATCH_FILES)], { chunkFileNames: ESM_NAMES }),
  // Everything, under the global RepKit, auto-mounting, minified.
  single('src/umd.ts', 'repkit.umd.js', { format: 'umd', name: 'RepKit', exports: NAMED }, scriptPlugins({ loaders: 'umd' })),
  // One script per kind: a plain script (IIFE), as only a script tag loads it (UMD's wrapper cost 60-72 B gzip).
  ...KINDS.map((kind) =>
    single(`kind:${kind}`, `repkit.${kind}.umd.js`, KIND_SCRIPT, [
      virtual({ [`kind:${kind}`]: kindEntry(kind) }),
      ...scriptPlugins({ script: true }),
    ]),
  ),
  // The scripts' chunks, which import nothing (test/widgets/mangle.test.ts checks the files).
  modules(CHUNKS, [ts(), ...minified()], { entryFileNames: 'repkit.chunk-[name].js' }),
  types(ESM_ENTRIES, { chunkFileNames: 'repkit-[hash].d.ts' }, BATCH_TYPES),
  {
    // repkit/react and repkit/preact: <repkit-widget> in that library's JSX, with repkit's types from 'repkit' itself.
    input: { 'repkit.react': 'src/react.ts', 'repkit.preact': 'src/preact.ts' },
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts' },
    external: ['react', 'preact', 'repkit'],
    plugins: [alias({ entries: [{ find: /^\.\/index$/, replacement: 'repkit' }] }), declarations()],
  },
  // dist/locales/<tag>.mjs (`import 'repkit/locales/<tag>'`, registering with the `repkit` beside it) and <tag>.js (for a script tag).
  modules(LOCALE_ENTRIES, [locales(false), catalogues(), files(localeTypes)], { dir: 'dist/locales', paths: { repkit: '../repkit.mjs' } }, [
    'repkit',
  ]),
  ...LOCALES.map((tag) => single(`locale:${tag}`, `locales/${tag}.js`, { format: IIFE }, [locales(true), catalogues(), ...minified()])),

  // repkit/annotate: built apart from the main entries, so that neither's files change with the
  // other (built together, rollup would move what they share into chunks of their own). It has
  // its own client and locale registry; its card is an `import()` chunk loaded on first hover or focus.
  modules(ANNOTATE, sourcePlugins(), { chunkFileNames: ANNOTATE_NAMES }, []),
  // dist/repkit.annotate.js: a plain script adding `annotate` to the global RepKit, annotating the page when its tag says where to ask.
  single('src/annotate/script.ts', 'repkit.annotate.js', { format: IIFE }, scriptPlugins({ script: true })),
  // Its client, loaded from beside it when no repkit script on the page has one; its card.
  single('src/annotate/client-chunk.ts', 'repkit.annotate-client.js', { format: 'es' }, [...sourcePlugins('module'), ...minified()]),
  single('src/annotate/card.ts', 'repkit.annotate-card.js', { format: 'es' }, [...sourcePlugins(), ...minified()]),
  types(ANNOTATE),
].map((build) => ({ onwarn, ...build }));
