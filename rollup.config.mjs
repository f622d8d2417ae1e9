import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

/**
 * `import css from '../styles/x.css?raw'` becomes the file's text, minified. Vite (and so the
 * tests) understands the same import natively, so source and tests share one syntax.
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
      const css = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{}:;,>])\s*/g, '$1')
        .replace(/;}/g, '}')
        .trim();
      return { code: `export default ${JSON.stringify(css)};`, map: { mappings: '' } };
    },
  };
}

const typescriptPlugin = () =>
  typescript({ tsconfig: './tsconfig.json', include: ['src/**/*.ts'], declaration: false, sourceMap: true });

const terserPlugin = () =>
  terser({
    ecma: 2022,
    module: true,
    compress: { passes: 2 },
    format: { comments: false },
  });

export default [
  {
    // The pure ES module: no side effects, readable for debugging; bundlers minify it.
    input: 'src/index.ts',
    output: { file: 'dist/repkit.mjs', format: 'es', sourcemap: true },
    plugins: [cssText(), nodeResolve(), typescriptPlugin()],
  },
  {
    // The script-tag build: everything, under the global RepKit, minified.
    input: 'src/umd.ts',
    output: { file: 'dist/repkit.umd.js', format: 'umd', name: 'RepKit', sourcemap: true, exports: 'named' },
    plugins: [cssText(), nodeResolve(), typescriptPlugin(), terserPlugin()],
  },
  {
    input: 'src/index.ts',
    output: { file: 'dist/repkit.d.ts', format: 'es' },
    plugins: [dts({ tsconfig: './tsconfig.json' })],
    external: [/\.css\?raw$/],
  },
];
