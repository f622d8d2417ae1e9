/**
 * The "build" of a page with no bundler: copies it into dist/ with repkit's two ES modules
 * (and their chunks) next to it, and writes the service to use into its attributes (REPKIT_BASE_URL and
 * REPKIT_API_KEY; by default the repository's sandbox, `npm start` at its root).
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const BASE_URL = process.env.REPKIT_BASE_URL ?? 'http://127.0.0.1:8080';
const API_KEY = process.env.REPKIT_API_KEY ?? 'demo-key';
const attribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist/vendor', { recursive: true });
// The two entries, the chunks that some options load (`repkit.chunk-<name>.mjs`: batching through a
// proxy, `cache`, `loading: 'lazy'`) and any chunk of code the entries share (`repkit-<hash>.mjs`).
const modules = readdirSync('node_modules/repkit/dist').filter((f) => /^repkit(\.embed|\.chunk-[\w-]+|-[\w-]+)?\.mjs$/.test(f));
for (const file of modules) copyFileSync(`node_modules/repkit/dist/${file}`, `dist/vendor/${file}`);
copyFileSync('main.js', 'dist/main.js');
const html = readFileSync('index.html', 'utf8').replaceAll('%REPKIT_BASE_URL%', attribute(BASE_URL)).replaceAll('%REPKIT_API_KEY%', attribute(API_KEY));
writeFileSync('dist/index.html', html);
