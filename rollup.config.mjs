// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import { Features, transform } from 'lightningcss';
import { dts } from 'rollup-plugin-dts';
import ts from 'typescript';

/**
 * The oldest browsers docs/reference.md's "Browser support" table names (Chrome 93, Firefox 92, Safari 15.4),
 * in lightningcss's encoding (major << 16 | minor << 8): the minifier keeps or lowers syntax for them.
 */
const CSS_TARGETS = { chrome: 93 << 16, firefox: 92 << 16, safari: (15 << 16) | (4 << 8) };

/**
 * `import css from '../styles/x.css?raw'` becomes the file's text, minified by lightningcss.
 * Vite (and so the tests) understands the same import natively, so source and tests share one
 * syntax.
 * @returns {import('rollup').Plugin}
 */
function cssText() {
  const SUFFIX = '?raw';
  return {
    name: 'css-text',
    resolveId(source, importer) {
      if (!source.endsWith('.css' + SUFFIX) || !importer) return null;
      return resolve(dirname(importer), source.slice(0, -SUFFIX.length)) + SUFFIX;
    },
    load(id) {
      if (!id.endsWith('.css' + SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      // No light-dark() polyfill: the stylesheets use none, and it would add two custom properties to every theme.
      const { code, warnings } = transform({
        filename: file,
        code: readFileSync(file),
        minify: true,
        targets: CSS_TARGETS,
        // Nor :dir() as :lang() lists: a card is right to left by its dir (the page's, inherited, or
        // a catalogue's), not by a language; where :dir() is missing the rule is simply skipped.
        exclude: Features.LightDark | Features.DirSelector,
      });
      for (const warning of warnings) this.warn(`${file}: ${warning.message}`);
      const css = code.toString();
      return { code: `export default ${JSON.stringify(css)};`, map: { mappings: '' } };
    },
  };
}

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** Writes the package version in place of `__REPKIT_VERSION__` (src/version.ts). */
const packageVersion = () => replace({ preventAssignment: true, values: { __REPKIT_VERSION__: JSON.stringify(version) } });

/**
 * With no "type" in package.json, `.d.ts` files describe CommonJS: right for the UMD that
 * `require` loads, wrong for the `.mjs` files. Each `.d.mts` re-exports its `.d.ts`, so one set of
 * declarations (one `HTMLElementTagNameMap` entry) serves both conditions (publint, attw).
 * @returns {import('rollup').Plugin}
 */
function esmDeclarations(names = ['repkit', 'repkit.embed']) {
  return {
    name: 'esm-declarations',
    generateBundle() {
      for (const name of names) {
        this.emitFile({ type: 'asset', fileName: `${name}.d.mts`, source: `export * from './${name}.js';\n` });
      }
    },
  };
}

// inlineSources: the maps carry the TypeScript they point at (`sourcesContent`), since src/ is
// not in the package. allowJs off: tsconfig.json has it for checking the .mjs scripts, and src/ is
// all TypeScript (with it, the plugin writes JavaScript to a temporary outDir outside dist/).
const typescriptPlugin = () =>
  typescript({
    tsconfig: './tsconfig.json',
    include: ['src/**/*.ts'],
    declaration: false,
    sourceMap: true,
    inlineSources: true,
    allowJs: false,
    checkJs: false,
  });

/**
 * The views' `html` templates lose the indentation and line breaks they are written with: runs of
 * white space become one space (never none, so text between inline elements keeps its gap).
 * Empty attributes (`alt=""` on decorative images), entities and self-closing slashes stay as written.
 */
const htmlTemplatesPlugin = () =>
  minifyHtmlLiterals({
    include: ['src/**/*.ts'],
    failOnError: true,
    options: {
      shouldMinifyCSS: () => false,
      minifyOptions: {
        caseSensitive: true,
        collapseWhitespace: true,
        conservativeCollapse: true,
        removeComments: true,
        // A template holding only SVG children (the identicon's cells) reads as HTML to the
        // minifier, which would drop their `/>`: parsed as HTML, each rect then nests in the last.
        keepClosingSlash: true,
        decodeEntities: false,
        removeEmptyAttributes: false,
        removeAttributeQuotes: false,
        minifyCSS: false,
        minifyJS: false,
      },
    },
  });

/**
 * Blanks the `@__PURE__` annotations of a bundle before terser minifies it. They are there for
 * tree shaking, which rollup has done by then; left in, they stop terser from unwrapping the
 * `(() => …)()` they mark. Spaces of the same length keep every position, so the source map holds.
 * @returns {import('rollup').Plugin}
 */
function dropPureAnnotations() {
  return {
    name: 'drop-pure-annotations',
    renderChunk: (code) => ({ code: code.replace(/\/\*\s*[#@]__PURE__\s*\*\//g, (c) => ' '.repeat(c.length)), map: null }),
  };
}

// inline: 1 inlines only simple functions: at the default (3) terser also moves one-use functions
// with parameters into their caller, each parameter a `var` there, which gzips worse. hoist_funs puts function
// declarations first (the wrapper's `function(exports)` then needs no `var`s). unsafe_proto writes
// `Object.prototype.x` as `{}.x`, the same function.
/**
 * Internal property names start with `$` (`$prefix`, `$kinds`), as Preact's start with `_`: terser
 * shortens them, so the source names things and the scripts stay small. No name the service sends
 * (it sends `_id`), no public option or DOM property starts with `$`, and the catalogues' keys that
 * do (`'$ pts'`) are quoted and have a space. Each file is mangled on its own: an object that
 * crosses between files built apart (what a script passes to a chunk it loads, a locale script's
 * catalogue) must not carry `$` names.
 */
const INTERNAL_PROPERTY = /^\$[A-Za-z]/;

/** `script`: the output defines a global (`var RepKit`), which terser must keep (as module code, it would drop it). */
const terserPlugin = ({ script = false } = {}) =>
  terser({
    ecma: 2022,
    module: !script,
    compress: { passes: 3, inline: 1, hoist_funs: true, unsafe_proto: true },
    mangle: { properties: { regex: INTERNAL_PROPERTY, keep_quoted: true } },
    format: { comments: false },
  });

/**
 * In the type-only entries, `import … from './index'` stays an import, of 'repkit'.
 * @returns {import('rollup').Plugin}
 */
function mainEntryAsPackage() {
  return {
    name: 'main-entry-as-package',
    resolveId: (source, importer) =>
      source == './index' && /[\\/]src[\\/](react|preact)\.ts$/.test(importer ?? '') ? { id: 'repkit', external: true } : null,
  };
}

/** Every kind folder has a script of its own, dist/repkit.<kind>.umd.js (see {@link kindScripts}). */
const WIDGET_KINDS = readdirSync('src/widgets/kinds', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * `kind-script:<kind>`: the entry of a kind's script, written here rather than once per folder.
 * It exports what every script shares (src/umd/common.ts), the kind's class (`<Kind>Widget`
 * from its view.ts, as test/widgets/kinds.test.ts checks) and createWidget, mountAll,
 * autoMount and WIDGET_TYPES for that kind alone (src/umd/kind-script.ts).
 * @returns {import('rollup').Plugin}
 */
function kindScripts() {
  const PREFIX = 'kind-script:';
  return {
    name: 'kind-scripts',
    resolveId: (source) => (source.startsWith(PREFIX) ? '\0' + source : null),
    load(id) {
      if (!id.startsWith('\0' + PREFIX)) return null;
      const kind = id.slice(PREFIX.length + 1);
      const widgetClass = `${kind[0].toUpperCase()}${kind.slice(1)}Widget`;
      const file = (/** @type {string} */ path) => JSON.stringify(resolve(path));
      return `export * from ${file('src/umd/common.ts')};
import { kindScript } from ${file('src/umd/kind-script.ts')};
import { ${widgetClass} } from ${file(`src/widgets/kinds/${kind}/view.ts`)};
export { ${widgetClass} };
export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript(${widgetClass});`;
    },
  };
}

/** The shipped catalogues other than English (src/locales/<tag>.ts), by tag. */
const LOCALES = readdirSync('src/locales')
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -'.ts'.length));

/**
 * Each locale's entry points, generated rather than written out nine times: `locale-esm:<tag>`
 * (for `repkit/locales/<tag>`) registers the catalogue with the `registerLocale` of the main ES
 * module, external, so a bundler's `repkit` and this file share one registry; `locale-script:<tag>`
 * (for dist/locales/<tag>.js) registers it with the global `RepKit` a repkit script defined, and
 * says which script to load first when there is none.
 * @returns {import('rollup').Plugin}
 */
function localeEntries() {
  const PREFIX = /^locale-(esm|script):(.+)$/;
  return {
    name: 'locale-entries',
    resolveId: (source) => (PREFIX.test(source) ? '\0' + source : null),
    load(id) {
      const [, form, tag] = PREFIX.exec(id.slice(1)) ?? [];
      if (!form || !tag) return null;
      const catalogue = JSON.stringify(resolve(`src/locales/${tag}.ts`));
      const name = JSON.stringify(tag);
      return form == 'esm'
        ? `import { registerLocale } from 'repkit';
import messages from ${catalogue};
registerLocale(${name}, messages);
export default messages;`
        : `import messages from ${catalogue};
const repkit = globalThis.RepKit;
if (!repkit || typeof repkit.registerLocale != 'function') {
  throw new Error('repkit/locales/' + ${name} + ': load repkit.umd.js or a repkit.<kind>.umd.js before this script');
}
repkit.registerLocale(${name}, messages);`;
    },
  };
}

/**
 * A catalogue is an object literal under a type annotation: TypeScript's one-file transpiler strips
 * the type in milliseconds, where the full plugin would build a program for each of the ten
 * locale builds (`npm run typecheck` checks the catalogues against `Messages`).
 * @returns {import('rollup').Plugin}
 */
function catalogueTypesStripped() {
  return {
    name: 'catalogue-types-stripped',
    transform(code, id) {
      if (!/[\\/]src[\\/]locales[\\/][^\\/]+\.ts$/.test(id)) return null;
      const { outputText, sourceMapText } = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, sourceMap: true, inlineSources: true },
      });
      return { code: outputText.replace(/\n\/\/# sourceMappingURL=.*$/, ''), map: sourceMapText };
    },
  };
}

/**
 * A locale's declarations, the same for both conditions (`.d.ts` for typesVersions, `.d.mts`
 * for `import`): its default export is a catalogue, typed by the main entry's declarations.
 * @returns {import('rollup').Plugin}
 */
function localeDeclarations() {
  return {
    name: 'locale-declarations',
    generateBundle() {
      for (const tag of LOCALES) {
        for (const [extension, main] of [
          ['d.ts', '../repkit.js'],
          ['d.mts', '../repkit.mjs'],
        ]) {
          this.emitFile({
            type: 'asset',
            fileName: `${tag}.${extension}`,
            source: `import type { Locale } from '${main}';\n\n/** The catalogue; importing this module registers it under '${tag}'. */\ndeclare const messages: Locale;\nexport default messages;\n`,
          });
        }
      }
    },
  };
}

/**
 * The chunks (src/chunks): code that only pages whose options use it load. The ES modules split
 * each off by its `import()` (dist/repkit.chunk-<name>.mjs); the script-tag builds, which cannot
 * split code, load dist/repkit.chunk-<name>.js from beside the script, built here on its own.
 */
const CHUNKS = {
  batch: 'src/client/batch.ts',
  cache: 'src/widgets/storage-area.ts',
  lazy: 'src/widgets/visibility.ts',
  probe: 'src/client/probe.ts',
};
const CHUNK_OF_MODULE = new Map(Object.entries(CHUNKS).map(([name, file]) => [resolve(file), name]));

/** The ES build's file names: a chunk by its name, the code the entries share by its hash. */
const esmChunkFileNames = (/** @type {import('rollup').PreRenderedChunk} */ info) => {
  const name = info.isDynamicEntry && info.facadeModuleId ? CHUNK_OF_MODULE.get(info.facadeModuleId) : undefined;
  return name ? `repkit.chunk-${name}.mjs` : 'repkit-[hash].mjs';
};

/**
 * In the script-tag builds, src/chunks/loaders.script.ts takes the place of src/chunks/loaders.ts:
 * chunks come from files beside the script instead of `import()`s that rollup would have to split.
 * @returns {import('rollup').Plugin}
 */
function chunksBesideScript() {
  const esm = resolve('src/chunks/loaders.ts');
  return {
    name: 'chunks-beside-script',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/chunks/loaders')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id == esm ? resolve('src/chunks/loaders.script.ts') : resolved;
    },
  };
}

/**
 * A chunk's script-tag file must carry no copy of the code the script that loads it has: what it
 * needs is passed in (src/chunks/loaders.script.ts). Any import other than of types fails the build.
 * @returns {import('rollup').Plugin}
 */
function importsNothing() {
  return {
    name: 'imports-nothing',
    resolveId(source, importer) {
      if (importer) this.error(`${importer} imports ${source}: a chunk gets what it needs from the script that loads it`);
      return null;
    },
  };
}

/**
 * `repkit/batch` and dist/repkit.batch.js were the add-on that turned batching on; it is built in
 * now (src/client/send.ts). Both stay, doing nothing, so that pages and bundles that load them keep
 * working; they are written as they are rather than built from an empty module (an empty chunk).
 * @param {'code' | 'types'} form
 * @returns {import('rollup').Plugin}
 */
function batchNoOp(form) {
  const note = '// repkit/batch: batching is built in now (docs/proxy.md, "One request for a page of widgets"); this file does nothing.\n';
  const files =
    form == 'code'
      ? { 'repkit.batch.mjs': `${note}export {};\n`, 'repkit.batch.js': note }
      : { 'repkit.batch.d.ts': `${note}export {};\n`, 'repkit.batch.d.mts': `${note}export {};\n` };
  return {
    name: 'batch-no-op',
    generateBundle() {
      for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/** The proxy's two entries: `repkit/proxy` and `repkit/proxy/node`. */
const PROXY_INPUT = { 'repkit.proxy': 'src/proxy/index.ts', 'repkit.proxy.node': 'src/proxy/node.ts' };

/** The proxy's shared stores: `repkit/proxy/redis` and `repkit/proxy/workers`. */
const PROXY_STORE_INPUT = { 'repkit.proxy.redis': 'src/proxy/redis.ts', 'repkit.proxy.workers': 'src/proxy/workers.ts' };

/**
 * The plugins of the script-tag builds (dist/repkit.umd.js and each kind's script): minified, with
 * the chunks loaded from beside the script.
 * @param {{ script?: boolean }} [options] for terserPlugin
 */
const scriptPlugins = (options) => [
  cssText(),
  packageVersion(),
  chunksBesideScript(),
  nodeResolve(),
  typescriptPlugin(),
  htmlTemplatesPlugin(),
  dropPureAnnotations(),
  terserPlugin(options),
];

// ---------------------------------------------------------------------------------------------
// repkit/annotate (src/annotate): reputation next to every address on a page.
// ---------------------------------------------------------------------------------------------

/**
 * `repkit/annotate` (dist/repkit.annotate.mjs): an ES module of its own, built apart from the main
 * entry so that neither's files change with the other (built together, rollup would move the code
 * they share into a chunk of its own). It holds its own copy of the client and of the locale
 * registry; its card is an `import()` chunk (dist/repkit.annotate-card.mjs), loaded on the first
 * hover or focus.
 */
const ANNOTATE_ESM_INPUT = { 'repkit.annotate': 'src/annotate/index.ts' };

/**
 * The annotate build's file names, none of them a main entry's file: the card's, and the chunks
 * it shares with the main entry (batching, the probe) under names of their own.
 */
const annotateChunkFileNames = (/** @type {import('rollup').PreRenderedChunk} */ info) => {
  if (info.facadeModuleId == resolve('src/annotate/card.ts')) return 'repkit.annotate-card.mjs';
  const name = info.isDynamicEntry && info.facadeModuleId ? CHUNK_OF_MODULE.get(info.facadeModuleId) : undefined;
  return name ? `repkit.annotate-chunk-${name}.mjs` : 'repkit.annotate-[hash].mjs';
};

/**
 * In dist/repkit.annotate-client.js, src/chunks/loaders.module.ts takes the place of
 * src/chunks/loaders.ts: an ES module loaded by a script finds the chunk files beside it by its
 * own URL (`import.meta.url`), not by `document.currentScript`.
 * @returns {import('rollup').Plugin}
 */
function chunksBesideModule() {
  const esm = resolve('src/chunks/loaders.ts');
  return {
    name: 'chunks-beside-module',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/chunks/loaders')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id == esm ? resolve('src/chunks/loaders.module.ts') : resolved;
    },
  };
}

/**
 * dist/repkit.annotate.js for a script tag: a plain script with its own copy of what it needs,
 * which adds `annotate` to the global `RepKit` and annotates the page when its tag says where to
 * ask (`data-base-url`). From beside itself it loads, as ES modules, its client
 * (dist/repkit.annotate-client.js, unless a repkit script on the page has one: it uses that) and
 * its card (dist/repkit.annotate-card.js, with its own copies of the few stateless helpers it uses).
 */
const annotateBuilds = [
  {
    input: ANNOTATE_ESM_INPUT,
    output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].mjs', chunkFileNames: annotateChunkFileNames },
    plugins: [cssText(), packageVersion(), nodeResolve(), typescriptPlugin(), htmlTemplatesPlugin()],
  },
  {
    input: 'src/annotate/script.ts',
    output: { file: 'dist/repkit.annotate.js', format: 'iife', sourcemap: true },
    plugins: scriptPlugins({ script: true }),
  },
  {
    input: 'src/annotate/client-chunk.ts',
    output: { file: 'dist/repkit.annotate-client.js', format: 'es', sourcemap: true },
    plugins: [chunksBesideModule(), nodeResolve(), typescriptPlugin(), dropPureAnnotations(), terserPlugin()],
  },
  {
    input: 'src/annotate/card.ts',
    output: { file: 'dist/repkit.annotate-card.js', format: 'es', sourcemap: true },
    plugins: [cssText(), nodeResolve(), typescriptPlugin(), htmlTemplatesPlugin(), dropPureAnnotations(), terserPlugin()],
  },
  {
    input: ANNOTATE_ESM_INPUT,
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts' },
    plugins: [dts({ tsconfig: './tsconfig.json' }), esmDeclarations(Object.keys(ANNOTATE_ESM_INPUT))],
    external: [/\.css\?raw$/],
  },
];

export default [
  {
    // The ES modules: `repkit` (pure, no side effects, readable; bundlers minify it) and
    // `repkit/embed` (auto-mounting). One build, so the embed entry imports the pure one's code (in a
    // shared chunk) and a page that loads both runs one copy of it; the chunks split off by import().
    input: { repkit: 'src/index.ts', 'repkit.embed': 'src/embed.ts' },
    output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].mjs', chunkFileNames: esmChunkFileNames },
    plugins: [cssText(), packageVersion(), nodeResolve(), typescriptPlugin(), htmlTemplatesPlugin(), batchNoOp('code')],
  },
  {
    // The script-tag build: everything, under the global RepKit, auto-mounting, minified.
    input: 'src/umd.ts',
    output: { file: 'dist/repkit.umd.js', format: 'umd', name: 'RepKit', sourcemap: true, exports: 'named' },
    plugins: scriptPlugins(),
  },
  // One script per kind (`repkit.reputation.umd.js` …): the same global and snippet for a page
  // that shows one kind, without the other kinds' code. A plain script (IIFE) rather than UMD: the
  // package exports none of them to `require` or `import` (package.json "exports"), so only a
  // script tag loads them, and the UMD wrapper cost each of them 60-72 B gzip.
  ...WIDGET_KINDS.map((kind) => ({
    input: `kind-script:${kind}`,
    output: { file: `dist/repkit.${kind}.umd.js`, format: 'iife', name: 'RepKit', sourcemap: true, exports: 'named' },
    plugins: [kindScripts(), ...scriptPlugins({ script: true })],
  })),
  // The chunks of the scripts above (dist/repkit.chunk-<name>.js): ES modules, which the scripts
  // load with import() from beside themselves.
  ...Object.entries(CHUNKS).map(([name, input]) => ({
    input,
    output: { file: `dist/repkit.chunk-${name}.js`, format: 'es', sourcemap: true },
    plugins: [importsNothing(), typescriptPlugin(), dropPureAnnotations(), terserPlugin()],
  })),
  {
    input: { repkit: 'src/index.ts', 'repkit.embed': 'src/embed.ts' },
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'repkit-[hash].d.ts' },
    plugins: [dts({ tsconfig: './tsconfig.json' }), esmDeclarations(['repkit', 'repkit.embed']), batchNoOp('types')],
    external: [/\.css\?raw$/],
  },
  // repkit/react and repkit/preact: declarations only, adding <repkit-widget> to that library's
  // JSX. They import the main entry's types from 'repkit' itself (one copy of each type), and
  // react / preact from the consumer, which is why they are entries of their own.
  {
    input: { 'repkit.react': 'src/react.ts', 'repkit.preact': 'src/preact.ts' },
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts' },
    external: ['react', 'preact'],
    plugins: [mainEntryAsPackage(), dts({ tsconfig: './tsconfig.json' })],
  },
  // repkit/proxy (the edge handler: standard fetch API only) and repkit/proxy/node (its
  // node:http adapter). Server code: ES modules only, built apart from the browser bundles
  // above so that neither ever pulls in the other.
  {
    input: PROXY_INPUT,
    output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].mjs', chunkFileNames: 'repkit.proxy-[hash].mjs' },
    external: [/^node:/],
    plugins: [typescriptPlugin()],
  },
  {
    input: PROXY_INPUT,
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'repkit.proxy-[hash].d.ts' },
    external: [/^node:/],
    plugins: [dts({ tsconfig: './tsconfig.json' }), esmDeclarations(Object.keys(PROXY_INPUT))],
  },
  // repkit/proxy/redis and repkit/proxy/workers: the shared stores, each one file of its own (no
  // chunk shared with repkit/proxy), so that a worker bundles one module and the edge entry
  // never imports the Redis client. ioredis stays the user's (an optional peer dependency).
  ...Object.entries(PROXY_STORE_INPUT).flatMap(([name, input]) => [
    {
      input: { [name]: input },
      output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].mjs' },
      external: ['ioredis'],
      plugins: [typescriptPlugin()],
    },
    {
      input: { [name]: input },
      output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts' },
      external: ['ioredis'],
      plugins: [dts({ tsconfig: './tsconfig.json' }), esmDeclarations([name])],
    },
  ]),
  // repkit/server: widgets rendered to HTML on a server. The views' templates are minified as in
  // the browser bundles, so the markup is the same; built apart from them, like the proxy.
  {
    input: { 'repkit.server': 'src/server.ts' },
    output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].mjs', chunkFileNames: 'repkit.server-[hash].mjs' },
    plugins: [cssText(), packageVersion(), nodeResolve(), typescriptPlugin(), htmlTemplatesPlugin()],
  },
  {
    input: { 'repkit.server': 'src/server.ts' },
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'repkit.server-[hash].d.ts' },
    plugins: [dts({ tsconfig: './tsconfig.json' }), esmDeclarations(['repkit.server'])],
    external: [/\.css\?raw$/],
  },
  // The other languages (src/locales/): modules of their own, which no other bundle imports, so
  // a page pays for a language only when it loads it. dist/locales/<tag>.mjs (with its
  // declarations) for `import 'repkit/locales/<tag>'`, dist/locales/<tag>.js for a script tag.
  {
    input: Object.fromEntries(LOCALES.map((tag) => [tag, `locale-esm:${tag}`])),
    // `repkit` is the file beside the main entry, the one a bundler's `import … from 'repkit'` gets.
    output: { dir: 'dist/locales', format: 'es', sourcemap: true, entryFileNames: '[name].mjs', paths: { repkit: '../repkit.mjs' } },
    external: ['repkit'],
    plugins: [localeEntries(), catalogueTypesStripped(), localeDeclarations()],
  },
  ...LOCALES.map((tag) => ({
    input: `locale-script:${tag}`,
    output: { file: `dist/locales/${tag}.js`, format: 'iife', sourcemap: true },
    plugins: [localeEntries(), catalogueTypesStripped(), terserPlugin()],
  })),
  // repkit/annotate: its script and declarations (the ES module is in the first build).
  ...annotateBuilds,
];
