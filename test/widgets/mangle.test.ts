/**
 * Internal property names start with `$` and terser shortens them to the names mangle.json gives
 * (rollup.config.mjs), the same in every build: a script and a chunk built apart agree on them.
 * A `$` name missing from the map would get whatever name terser picks for that build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const map = JSON.parse(readFileSync(join(ROOT, 'mangle.json'), 'utf8')) as { props: { props: Record<string, string> } };
/** terser's name cache keys a property by its name with one more `$`. */
const mapped = Object.keys(map.props.props).map((key) => key.slice(1));

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** Every `$name` property the source writes or reads (`{ $kinds: … }`, `set.$byType`, `{ $prefix }`). */
const used = [
  ...new Set(
    sources(join(ROOT, 'src')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/(?<![\w$'"`])\$[A-Za-z]\w*/g)].map((m) => m[0])),
  ),
].sort();

describe('mangle.json, the short names of internal properties', () => {
  it('names every $ property of src/, and none that is gone', () => {
    expect(used.length).toBeGreaterThan(0);
    expect([...mapped].sort()).toEqual(used);
  });

  it('gives each a different short name', () => {
    const names = Object.values(map.props.props);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z_][\w]*$/);
  });
});
