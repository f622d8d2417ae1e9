/**
 * A widget kind is a folder under src/widgets/kinds/ plus its stylesheet: everything else that
 * lists the kinds (createWidget's types, the element, the per-kind scripts, the size budgets)
 * follows the KINDS map or the folders, so none of them can miss a kind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/widgets/kinds';
import { WIDGET_TYPES } from '../../src/index';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = readdirSync(join(ROOT, 'src/widgets/kinds'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { 'size-limit': { name: string; path: string }[] };

describe('a kind is a folder', () => {
  it('every folder is a kind of the map, and every kind of the map (but aliases) a folder', () => {
    const named = [...new Set(Object.values(KINDS).map((entry) => entry.widget))].length;
    expect(FOLDERS.length).toBe(named);
    for (const folder of FOLDERS) expect(Object.keys(KINDS), folder).toContain(folder);
    expect(WIDGET_TYPES).toEqual(Object.keys(KINDS));
  });

  it.each(FOLDERS)('%s: options, view, placeholder, widget and script in its folder, its CSS in styles/', (kind) => {
    for (const file of ['options.ts', 'view.ts', 'placeholder.ts', 'widget.ts', 'script.ts', 'index.ts']) {
      expect(existsSync(join(ROOT, 'src/widgets/kinds', kind, file)), file).toBe(true);
    }
    expect(existsSync(join(ROOT, 'styles', `${kind}.css`))).toBe(true);
  });

  it.each(FOLDERS)('%s: its script has a size budget', (kind) => {
    expect(pkg['size-limit'].map((entry) => entry.path)).toContain(`dist/repkit.${kind}.umd.js`);
  });
});
