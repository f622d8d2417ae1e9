#!/usr/bin/env node
// @ts-check
/**
 * `npm run size`: the size budgets of package.json ("size-limit"), checked with size-limit's own
 * plugins through its programmatic API, in gzip (what the budgets are in) and brotli (what CDNs
 * serve), both at their highest levels.
 *
 * An entry with `import` is measured as a bundler ships that import: esbuild bundles and minifies
 * it, and leaves out what its `ignore` marks external (the `import()` chunks, measured by entries
 * of their own). An entry with only a `path` is a file as visitors download it: size-limit's
 * file plugin alone, since the size-limit command would bundle and minify an already minified
 * script a second time through esbuild (and it accepts no option to skip that for one entry).
 * Exits with 1 when an entry is over its budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import esbuildPlugin from '@size-limit/esbuild';
import filePlugin from '@size-limit/file';
import sizeLimitApi from 'size-limit';

/**
 * size-limit's API as its code is (node_modules/size-limit/index.js): plugin objects in, one
 * result per check out. Its declarations say functions and one object.
 */
const sizeLimit = /** @type {(plugins: object[], config: { checks: object[] }) => Promise<{ size?: number }[]>} */ (
  /** @type {unknown} */ (sizeLimitApi)
);

/**
 * @typedef {{ name: string, path: string, limit: string, import?: string, ignore?: string[], gzip?: boolean }} Entry
 * @typedef {{ name: string, gzip: number, brotli: number, budget: number }} Measured
 */

const root = process.cwd();

/** A budget as package.json writes it ("22.1 kB", "900 B"), in bytes (kB of 1000 B, as size-limit reads it). */
const bytesOf = (/** @type {string} */ limit) => {
  const match = /^([\d.]+)\s*(kB|B)$/.exec(limit.trim());
  if (!match) throw new Error(`size: a limit is "<number> kB" or "<number> B", not ${JSON.stringify(limit)}`);
  return Number(match[1]) * (match[2] == 'kB' ? 1000 : 1);
};

/**
 * Bundled as an ES module, as bundlers ship code that loads chunks with `import()`: as a classic
 * script (size-limit's default), esbuild would add its CommonJS interop helpers around each
 * `import()` of a file marked external, which no bundler's real output carries.
 */
const asModule = (/** @type {import('esbuild').BuildOptions} */ config) => ({ ...config, format: /** @type {const} */ ('esm') });

/** One entry's size with `compression` (gzip, or brotli), as size-limit's plugins measure it. */
const measure = async (/** @type {Entry} */ entry, /** @type {'gzip' | 'brotli'} */ compression) => {
  const file = resolve(root, entry.path);
  const check = {
    files: [file],
    ...(entry.import && { import: { [file]: entry.import }, ignore: entry.ignore ?? [], modifyEsbuildConfig: asModule }),
    ...(compression == 'gzip' ? { gzip: true } : { gzip: false, brotli: true }),
  };
  const plugins = entry.import ? [...esbuildPlugin, ...filePlugin] : filePlugin;
  const [result] = await sizeLimit(plugins, { checks: [check] });
  return /** @type {number} */ (result?.size);
};

const budgets = /** @type {Entry[]} */ (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'))['size-limit']);

/**
 * Every kind folder's script is measured: a kind added without a budget of its own (its folder,
 * stylesheet and registry line are all it takes) is held to the largest one-kind budget until
 * package.json gives it one.
 */
const kindScripts = readdirSync(resolve(root, 'src/widgets/kinds'), { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory() ? [`dist/repkit.${entry.name}.umd.js`] : [],
);
const oneKind = budgets.filter((entry) => kindScripts.includes(entry.path));
const largestOneKind = oneKind.reduce((a, b) => (bytesOf(b.limit) > bytesOf(a.limit) ? b : a)).limit;
const entries = [
  ...budgets,
  ...kindScripts
    .filter((path) => !oneKind.some((entry) => entry.path == path))
    .map((path) => ({ name: `${path} (one kind; no budget of its own)`, path, limit: largestOneKind })),
];

/** @type {Measured[]} */
const measured = [];
for (const entry of entries) {
  measured.push({
    name: entry.name,
    gzip: await measure(entry, 'gzip'),
    brotli: await measure(entry, 'brotli'),
    budget: bytesOf(entry.limit),
  });
}

const kB = (/** @type {number} */ n) => `${(n / 1000).toFixed(2)} kB`;
const width = Math.max(...measured.map((m) => m.name.length));
console.log(`${'entry'.padEnd(width)}  ${'gzip'.padStart(9)}  ${'brotli'.padStart(9)}  ${'budget'.padStart(9)} (gzip)`);
for (const m of measured) {
  const verdict = m.gzip <= m.budget ? '' : `  OVER by ${Math.round(m.gzip - m.budget)} B`;
  console.log(`${m.name.padEnd(width)}  ${kB(m.gzip).padStart(9)}  ${kB(m.brotli).padStart(9)}  ${kB(m.budget).padStart(9)}${verdict}`);
}
const over = measured.filter((m) => m.gzip > m.budget);
if (over.length) {
  console.error(`\nsize: ${over.length} entr${over.length == 1 ? 'y is' : 'ies are'} over budget: ${over.map((m) => m.name).join(', ')}`);
  process.exitCode = 1;
}
if (process.argv.includes('--json')) console.log(JSON.stringify(measured));
