/**
 * A TypeScript consumer of the packed tarball: type-checks test/package/usage.ts, which uses
 * every export, as an ES module (`usage.ts`) and as CommonJS (`usage.cts`), under
 * `moduleResolution` `bundler`, `node16` and `nodenext`, with the repository's TypeScript and
 * the strictest settings a consumer might use (`skipLibCheck` off, so the declarations
 * themselves are checked too).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { USAGE } from './usage';
import { declaredExports, pack, ROOT, run } from './util';

const cwd = join(pack().dir, 'ts');
const TSC = `${ROOT}node_modules/typescript/bin/tsc`;

/** Settings every consumer project shares: as strict as a consumer is likely to be. */
const STRICT = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
};

/** One tsconfig per resolution mode; `module: preserve` is how bundler users describe CommonJS too. */
const PROJECTS = {
  bundler: { module: 'preserve', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
} as const;

beforeAll(() => {
  writeFileSync(join(cwd, 'usage.ts'), USAGE);
  writeFileSync(join(cwd, 'usage.cts'), USAGE);
  for (const [name, options] of Object.entries(PROJECTS)) {
    const tsconfig = { compilerOptions: { ...STRICT, ...options }, files: ['usage.ts', 'usage.cts'] };
    writeFileSync(join(cwd, `tsconfig.${name}.json`), JSON.stringify(tsconfig, null, 2));
  }
});

describe('a TypeScript consumer', () => {
  it('uses every export of repkit and repkit/embed', () => {
    const installed = join(cwd, 'node_modules/repkit/dist');
    const names = new Set<string>();
    for (const file of ['repkit.d.ts', 'repkit.d.mts', 'repkit.embed.d.ts', 'repkit.embed.d.mts']) {
      const { values, types } = declaredExports(join(installed, file));
      expect(values.length, file).toBeGreaterThan(10);
      for (const n of [...values, ...types]) names.add(n);
    }
    const unused = [...names].filter((n) => !new RegExp(`\\b${n}\\b`).test(USAGE));
    expect(unused).toEqual([]);
  });

  // The three compilations run at once; each test then reads its own outcome.
  const outcomes = new Map<string, Promise<string>>();
  const outcome = (name: string): Promise<string> => {
    if (!outcomes.has(name)) {
      for (const n of Object.keys(PROJECTS)) {
        outcomes.set(
          n,
          run(process.execPath, [TSC, '-p', `tsconfig.${n}.json`, '--pretty', 'false'], cwd, 90000).then(
            () => 'ok',
            (e: Error) => e.message,
          ),
        );
      }
    }
    return outcomes.get(name)!;
  };

  for (const name of Object.keys(PROJECTS)) {
    it(`type-checks as ESM and CommonJS under moduleResolution ${name}`, async () => {
      expect(await outcome(name)).toBe('ok');
    });
  }

  it('resolves the ESM and CommonJS declarations of each entry under node16', async () => {
    const out = await run(process.execPath, [TSC, '-p', 'tsconfig.node16.json', '--traceResolution'], cwd, 90000);
    const resolved = (from: string, spec: string): string | undefined =>
      new RegExp(`Module name '${spec}' was successfully resolved to '([^']+)'`).exec(
        out.split(`======== Resolving module '${spec}' from '${join(cwd, from)}'`)[1] ?? '',
      )?.[1];
    expect(resolved('usage.ts', 'repkit')).toMatch(/dist\/repkit\.d\.mts$/);
    expect(resolved('usage.ts', 'repkit/embed')).toMatch(/dist\/repkit\.embed\.d\.mts$/);
    expect(resolved('usage.cts', 'repkit')).toMatch(/dist\/repkit\.d\.ts$/);
    expect(resolved('usage.cts', 'repkit/embed')).toMatch(/dist\/repkit\.embed\.d\.ts$/);
  });
});
