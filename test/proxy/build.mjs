// @ts-check
/**
 * Builds the ES modules (dist/repkit.proxy.mjs and the other proxy entries among them, with their
 * declarations) with the repository's own rollup configuration when any file they were made from
 * has changed since. The workerd tests, the browser tests and the benchmarks run the built files, as
 * a deployment does; this lets each of them run on its own, without a full `npm run build`.
 *
 * What a built file was made from is read from the bundle itself: the source maps of the file and
 * of every chunk it imports list each module rollup bundled (src/client, src/util, src/i18n …), so
 * the check follows the module graph rather than a list of folders kept by hand.
 *
 * `node test/proxy/build.mjs` builds them unconditionally.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = `${ROOT}dist/`;
export const PROXY_DIST = `${DIST}repkit.proxy.mjs`;
export const PROXY_NODE_DIST = `${DIST}repkit.proxy.node.mjs`;
export const PROXY_REDIS_DIST = `${DIST}repkit.proxy.redis.mjs`;
export const PROXY_WORKERS_DIST = `${DIST}repkit.proxy.workers.mjs`;
const PROXY_ENTRIES = [PROXY_DIST, PROXY_NODE_DIST, PROXY_REDIS_DIST, PROXY_WORKERS_DIST];

/** Runs the configurations of rollup.config.mjs that build `source` (a file under src/), in a child process. */
const script = (/** @type {string} */ source) => `
const { rollup } = await import('rollup');
const { default: configs } = await import(${JSON.stringify(`${ROOT}rollup.config.mjs`)});
for (const config of configs.filter((c) => JSON.stringify(c.input).includes(${JSON.stringify(source)}))) {
  const bundle = await rollup({ ...config, onwarn: () => {} });
  await bundle.write(config.output);
  await bundle.close();
}
`;

const build = (/** @type {string} */ source) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script(source)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

/** Builds the ES module entries (the proxy's among them) now. */
export function buildProxy() {
  build('src/proxy/');
}

/** `import … from './x.mjs'`, `import './x.mjs'` and `import('./x.mjs')` of a built file: the other files of dist/ it loads. */
const RELATIVE_IMPORT = /\bimport\s*\(\s*['"](\.\/[^'"]+)['"]\s*\)|\b(?:from|import)\s*['"](\.\/[^'"]+)['"]/g;

/** `entry` and every file of dist/ it loads, statically or by `import()`, followed to the end. */
export function distGraph(/** @type {string} */ entry) {
  const seen = new Set([entry]);
  for (const file of seen) {
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) seen.add(resolve(dirname(file), match[1] ?? match[2] ?? ''));
  }
  return [...seen];
}

/** The files `outputs` were made from: every source their maps list, and the build's own configuration. */
export function builtFrom(/** @type {string[]} */ outputs) {
  const sources = outputs.flatMap((output) => {
    const map = /** @type {{ sources: string[] }} */ (JSON.parse(readFileSync(`${output}.map`, 'utf8')));
    return map.sources.map((source) => resolve(dirname(output), source));
  });
  return [...new Set([...sources, `${ROOT}rollup.config.mjs`, `${ROOT}package.json`])];
}

/**
 * Why `entries` must be built again: the built files missing, or each input changed (or gone)
 * since the oldest of them; empty when they are up to date.
 */
export function staleInputs(entries = PROXY_ENTRIES) {
  const outputs = [...new Set(entries.flatMap(distGraph))];
  const missing = outputs.filter((output) => !existsSync(output) || !existsSync(`${output}.map`));
  if (missing.length) return missing;
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return builtFrom(outputs).filter((input) => !existsSync(input) || statSync(input).mtimeMs > built);
}

/** Builds the proxy entries unless dist/ has them, newer than everything they bundle. */
export function ensureProxyBuild() {
  if (staleInputs().length) buildProxy();
  return PROXY_DIST;
}

/** Builds dist/repkit.server.mjs unless it is newer than everything it bundles. */
export function ensureServerBuild() {
  const entry = `${DIST}repkit.server.mjs`;
  if (staleInputs([entry]).length) build('src/server.ts');
  return entry;
}

/**
 * The modules Miniflare needs for a worker that imports built entries by their package name
 * (`{ 'repkit/proxy': PROXY_DIST }`): the built files each loads, at `<root>/dist/<file>`, and for
 * each name a module at `<root>/<name>` that re-exports its entry, so that a chunk two entries
 * share is one module, as under a bundler.
 * @param {string} root the worker's modulesRoot
 * @param {Record<string, string>} entries
 */
export function workerdModules(root, entries) {
  const files = [...new Set(Object.values(entries).flatMap(distGraph))];
  const inDist = (/** @type {string} */ file) => `dist/${file.slice(DIST.length)}`;
  const esModule = (/** @type {string} */ path, /** @type {string} */ contents) => ({
    type: /** @type {const} */ ('ESModule'),
    path,
    contents,
  });
  return [
    ...files.map((file) => esModule(`${root}/${inDist(file)}`, readFileSync(file, 'utf8'))),
    ...Object.entries(entries).map(([name, file]) =>
      esModule(`${root}/${name}`, `export * from '${'../'.repeat(name.split('/').length - 1)}${inDist(file)}';\n`),
    ),
  ];
}

/**
 * The modules of `@resvg/resvg-wasm` as wrangler uploads them beside a worker that imports the
 * package and its wasm (examples/proxy-worker/worker.mjs): the package's ES module, and its wasm as
 * a `CompiledWasm` module, which workerd compiles when it loads the worker.
 * @param {string} root the worker's modulesRoot
 */
export function resvgWasmModules(root) {
  const dir = `${ROOT}node_modules/@resvg/resvg-wasm`;
  return [
    { type: /** @type {const} */ ('ESModule'), path: `${root}/@resvg/resvg-wasm`, contents: readFileSync(`${dir}/index.mjs`, 'utf8') },
    {
      type: /** @type {const} */ ('CompiledWasm'),
      path: `${root}/@resvg/resvg-wasm/index_bg.wasm`,
      contents: readFileSync(`${dir}/index_bg.wasm`),
    },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildProxy();
