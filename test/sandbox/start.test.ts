// @vitest-environment node
/**
 * `npm start` (scripts/start.mjs) rebuilds dist/ only when a built file is missing or older than a
 * source: its decision, on files whose modification times the test sets.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtFiles, distStatus, SOURCES } from '../../scripts/start.mjs';

const BUILT = ['dist/repkit.mjs', 'dist/repkit.umd.js'];
const SOURCE_FILES = ['src/index.ts', 'src/widgets/kinds/badge/view.ts', 'styles/widget.css', 'rollup.config.mjs', 'package.json'];

let root: string;
/** Writes `file` under the temporary root, modified `minutes` after an arbitrary start. */
const write = (file: string, minutes: number) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  const time = new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
  utimesSync(full, time, time);
};

/** Every source written at minute 0, and the built files at the minutes given (none: not there). */
const checkout = (built: Record<string, number>) => {
  for (const file of SOURCE_FILES) write(file, 0);
  for (const [file, minutes] of Object.entries(built)) write(file, minutes);
};
const status = () => distStatus(root, SOURCES, BUILT);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'repkit-start-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm start's build decision", () => {
  it('serves dist/ as it is when every built file is newer than every source', () => {
    checkout({ 'dist/repkit.mjs': 2, 'dist/repkit.umd.js': 1 });
    write('src/index.ts', 0.5);
    expect(status()).toEqual({ fresh: true, reason: 'dist/repkit.umd.js is newer than every source, the newest of which is src/index.ts' });
  });

  it('builds when a built file is missing', () => {
    checkout({ 'dist/repkit.mjs': 1 });
    expect(status()).toEqual({ fresh: false, reason: 'dist/repkit.umd.js is missing' });
  });

  it('builds when any source, however deep, is newer than the oldest built file', () => {
    checkout({ 'dist/repkit.mjs': 3, 'dist/repkit.umd.js': 1 });
    write('src/widgets/kinds/badge/view.ts', 2);
    expect(status()).toEqual({ fresh: false, reason: 'src/widgets/kinds/badge/view.ts is newer than dist/repkit.umd.js' });
    for (const file of ['styles/widget.css', 'package.json', 'rollup.config.mjs']) {
      write('src/widgets/kinds/badge/view.ts', 0);
      write(file, 2);
      expect(status().fresh, file).toBe(false);
      write(file, 0);
    }
    expect(status().fresh).toBe(true);
  });

  it('checks the ES module, the script tags of every kind and the proxy the demo server loads', () => {
    for (const kind of ['badge', 'reputation']) mkdirSync(path.join(root, 'src/widgets/kinds', kind), { recursive: true });
    write('src/widgets/kinds/README.md', 0);
    expect(builtFiles(root).sort()).toEqual(
      [
        'dist/repkit.mjs',
        'dist/repkit.umd.js',
        'dist/repkit.badge.umd.js',
        'dist/repkit.reputation.umd.js',
        'dist/repkit.proxy.mjs',
        'dist/repkit.proxy.node.mjs',
      ].sort(),
    );
  });
});
