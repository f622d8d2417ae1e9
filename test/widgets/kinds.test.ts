/**
 * A widget kind is a folder under src/widgets/kinds/, its stylesheet and its line in the
 * registry (src/widgets/kinds/registry.ts): everything else that lists the kinds (createWidget's
 * types, the entry's exports, the element's parts, the snippet, the server renderer, the
 * per-kind scripts and their size check, the docs' tables) follows the registry; this checks
 * that the folders and the registry agree, and that the parts a view draws are forwarded.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WIDGET_CLASSES } from '../../src/widgets/kinds';
import * as entry from '../../src/index';
import { WIDGET_PARTS } from '../../src/embed/element';
import { COMMON_PARTS } from '../../src/widgets/views/parts';
import { SAMPLES } from '../helpers/kinds';

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

  it.each(FOLDERS)("%s: options, view, placeholder and the tests' sample in its folder, its stylesheet in styles/", (kind) => {
    expect(readdirSync(join(KINDS_DIR, kind)).sort()).toEqual(['options.ts', 'placeholder.ts', 'sample.ts', 'view.ts']);
    expect(existsSync(join(ROOT, 'styles', `${kind}.css`))).toBe(true);
  });

  it.each(FOLDERS)('%s: the registry names its class and options type, and the repkit entry exports the class', async (kind) => {
    const view = (await import(join(KINDS_DIR, kind, 'view.ts'))) as Record<string, unknown>;
    const className = `${capitalized(kind)}Widget`;
    // rollup.config.mjs names the class a per-kind script exports by this rule.
    expect(view[className]).toBeDefined();
    expect(WIDGET_CLASSES).toContain(view[className]);
    expect((entry as Record<string, unknown>)[className]).toBe(view[className]);
    expect(readFileSync(join(KINDS_DIR, 'registry.ts'), 'utf8')).toMatch(new RegExp(`type ${capitalized(kind)}WidgetOptions\\b`));
  });

  it('every kind script with a budget of its own is a kind of the registry', () => {
    const kindScripts = pkg['size-limit'].map((limit) => /^dist\/repkit\.(\w+)\.umd\.js$/.exec(limit.path)?.[1]).filter(Boolean);
    expect(kindScripts.filter((kind) => !FOLDERS.includes(kind!))).toEqual([]);
  });

  /** The parts the files below `dir` draw with a literal `part="name"`. */
  const drawnBelow = (dir: string): string[] =>
    filesBelow(dir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bpart="([a-z-]+)"/g)].map((match) => match[1]!));

  it.each(FOLDERS)('%s: its descriptor lists every part its view draws that is not a common one', (kind) => {
    const { parts } = WIDGET_CLASSES.find((widgetClass) => widgetClass.kind.name == kind)!.kind;
    expect(drawnBelow(join(KINDS_DIR, kind)).filter((part) => !parts.includes(part) && !COMMON_PARTS.includes(part))).toEqual([]);
  });

  it('the parts drawn outside the kinds are the common ones, and the element forwards every part', () => {
    // repkit/annotate draws elements of its own (its chips and card), not widgets.
    const own = [KINDS_DIR, join(ROOT, 'src/annotate')];
    const outside = filesBelow(join(ROOT, 'src')).filter((file) => !own.some((dir) => file.startsWith(dir)) && file.endsWith('.ts'));
    const drawn = new Set(outside.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bpart="([a-z-]+)"/g)].map((m) => m[1]!)));
    expect(drawn.size).toBeGreaterThan(3);
    expect([...drawn].filter((part) => !COMMON_PARTS.includes(part))).toEqual([]);
    expect([...WIDGET_PARTS].sort()).toEqual([...new Set([...COMMON_PARTS, ...WIDGET_CLASSES.flatMap(({ kind }) => kind.parts)])].sort());
    expect(new Set(WIDGET_PARTS).size).toBe(WIDGET_PARTS.length);
  });
});

describe("each kind carries its tests' sample", () => {
  it('every type of the registry, aliases too, has the sample of its kind', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...entry.WIDGET_TYPES].sort());
    for (const { kind } of WIDGET_CLASSES)
      for (const alias of kind.aliases ?? []) expect(SAMPLES[alias as keyof typeof SAMPLES]).toBe(SAMPLES[kind.name]);
  });

  it('nothing the library builds imports a sample or anything under test/ (a sample costs no byte in a bundle)', () => {
    const runtime = filesBelow(join(ROOT, 'src')).filter((file) => file.endsWith('.ts') && !file.endsWith('/sample.ts'));
    const importing = runtime.filter((file) => /from '[^']*(\/sample|\/test\/[^']*)'/.test(readFileSync(file, 'utf8')));
    expect(runtime.length).toBeGreaterThan(20);
    expect(importing).toEqual([]);
  });
});
