/**
 * The files README.md, CONTRIBUTING.md and docs/ name under `dist/` are files the build makes:
 * a page that tells a reader to serve `dist/repkit-<hash>.mjs` when the build writes no such file
 * sends them looking for nothing. `<name>`, `<tag>`, `<kind>`, `<hash>` and `*` stand for any
 * part of a file name. Needs `npm run build` first (`npm test` builds before this suite).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `docs/${n}`),
];

/** Every file under dist/, as `dist/…` paths. */
const built = (): string[] =>
  (readdirSync(join(ROOT, 'dist'), { recursive: true }) as string[]).map((file) =>
    relative(ROOT, join(ROOT, 'dist', file)).replace(/\\/g, '/'),
  );

/** A named path as a pattern: placeholders match any run of file-name characters. */
const pattern = (named: string): RegExp => new RegExp(`^${named.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/<[a-z]+>|\*/g, '[^/]+')}$`);

/** The `dist/…` file names a page mentions (a bare `dist/` folder aside). */
const named = (page: string): string[] =>
  [...readFileSync(join(ROOT, page), 'utf8').matchAll(/\bdist\/[\w.<>*/-]*[\w>*]/g)].map((m) => m[0]).filter((p) => /\.[a-z]+$/.test(p));

describe('the dist/ files the documentation names', () => {
  it('are built', () => {
    expect(existsSync(join(ROOT, 'dist/repkit.umd.js')), 'run `npm run build` before this test').toBe(true);
    const files = built();
    const missing = PAGES.flatMap((page) =>
      named(page)
        .filter((path) => !files.some((file) => pattern(path).test(file)))
        .map((path) => `${page}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('reads placeholders as any file name part, and sees a name the build does not make', () => {
    expect(pattern('dist/locales/<tag>.js').test('dist/locales/de.js')).toBe(true);
    expect(pattern('dist/repkit.chunk-<name>.mjs').test('dist/repkit.chunk-batch.mjs')).toBe(true);
    expect(['dist/repkit.mjs', 'dist/repkit.chunk-batch.mjs'].some((f) => pattern('dist/repkit-<hash>.mjs').test(f))).toBe(false);
  });
});
