/**
 * A widget kind is a folder under src/widgets/kinds/, its stylesheet and its entry in the
 * registry (src/widgets/kinds/index.ts): everything else that lists the kinds (createWidget's
 * types, the element, the snippet, the server renderer, the per-kind scripts) follows the
 * registry, and what cannot follow it is checked here, so none of them can miss a kind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WIDGET_CLASSES } from '../../src/widgets/kinds';
import * as entry from '../../src/index';
import { WIDGET_PARTS } from '../../src/embed/element';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const KINDS_DIR = join(ROOT, 'src/widgets/kinds');
const FOLDERS = readdirSync(KINDS_DIR, { withFileTypes: true })
  .filter((dirent) => dirent.isDirectory())
  .map((dirent) => dirent.name)
  .sort();
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { 'size-limit': { name: string; path: string }[] };
const capitalized = (kind: string): string => kind[0]!.toUpperCase() + kind.slice(1);

/** Every file below `dir`, recursively. */
const filesBelow = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((dirent) =>
    dirent.isDirectory() ? filesBelow(join(dir, dirent.name)) : [join(dir, dirent.name)],
  );

describe('a kind is a folder, a stylesheet and a registry entry', () => {
  it('every folder is a kind of the registry, and every kind of the registry a folder', () => {
    expect(WIDGET_CLASSES.map((widgetClass) => widgetClass.kind.name).sort()).toEqual(FOLDERS);
  });

  it('WIDGET_TYPES lists each kind, then its aliases, in the registry order', () => {
    expect(entry.WIDGET_TYPES).toEqual(WIDGET_CLASSES.flatMap(({ kind }) => [kind.name, ...(kind.aliases ?? [])]));
  });

  it.each(FOLDERS)('%s: options, view and placeholder in its folder, its stylesheet in styles/', (kind) => {
    expect(readdirSync(join(KINDS_DIR, kind)).sort()).toEqual(['options.ts', 'placeholder.ts', 'view.ts']);
    expect(existsSync(join(ROOT, 'styles', `${kind}.css`))).toBe(true);
  });

  it.each(FOLDERS)('%s: the repkit entry exports its class, and its options type', async (kind) => {
    const view = (await import(join(KINDS_DIR, kind, 'view.ts'))) as Record<string, unknown>;
    const className = `${capitalized(kind)}Widget`;
    // rollup.config.mjs names the class a per-kind script exports by this rule.
    expect(view[className]).toBeDefined();
    expect(WIDGET_CLASSES).toContain(view[className]);
    expect((entry as Record<string, unknown>)[className]).toBe(view[className]);
    expect(readFileSync(join(ROOT, 'src/widgets/types.ts'), 'utf8')).toContain(`${capitalized(kind)}WidgetOptions`);
  });

  it.each(FOLDERS)('%s: its script has a size budget', (kind) => {
    expect(pkg['size-limit'].map((limit) => limit.path)).toContain(`dist/repkit.${kind}.umd.js`);
  });

  it('the element forwards every part a view draws (repkit-widget::part(name))', () => {
    const drawn = new Set(
      filesBelow(join(ROOT, 'src'))
        .filter((file) => file.endsWith('.ts'))
        .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bpart="([a-z-]+)"/g)].map((match) => match[1]!)),
    );
    expect(drawn.size).toBeGreaterThan(10);
    expect([...drawn].filter((part) => !WIDGET_PARTS.includes(part)).sort()).toEqual([]);
  });
});
