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

/** A consumer of the shipped catalogues: each module's default export is a typed catalogue. */
const LOCALE_USAGE = `import de from 'repkit/locales/de';
import ar from 'repkit/locales/ar';
import zh from 'repkit/locales/zh-CN';
import { registerLocale, type Catalogue, type Locale, type Message, type Messages, type Plural, type PluralMessage } from 'repkit';

const catalogue: Locale = de;
const swiss: Catalogue = { ...catalogue, 'Reputation score': 'Reputation' };
registerLocale('de-CH', swiss);
const all: Messages = zh;
const message: Message = 'Reputation score';
const plural: PluralMessage = 'points';
const points: Plural = de[plural];
const label: string = all[message];
const direction: 'ltr' | 'rtl' | undefined = ar.dir;
// @ts-expect-error a message is text
const wrong: number = de['Loading…'];
// @ts-expect-error messages are keyed by their English text
void de.reputationScore;
// @ts-expect-error no such language is shipped
import('repkit/locales/xx');
export const usedLocales = [label, direction, wrong, points];
`;
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
  // The locales are ES modules only (`import` condition), like repkit/batch: no .cts twin.
  writeFileSync(join(cwd, 'locales.ts'), LOCALE_USAGE);
  for (const [name, options] of Object.entries(PROJECTS)) {
    const tsconfig = { compilerOptions: { ...STRICT, ...options }, files: ['usage.ts', 'usage.cts', 'locales.ts'] };
    writeFileSync(join(cwd, `tsconfig.${name}.json`), JSON.stringify(tsconfig, null, 2));
  }
});

describe('a TypeScript consumer', () => {
  it("uses every export of repkit and repkit/embed (the catalogue's with the locales)", () => {
    const installed = join(cwd, 'node_modules/repkit/dist');
    const names = new Set<string>();
    for (const file of ['repkit.d.ts', 'repkit.d.mts', 'repkit.embed.d.ts', 'repkit.embed.d.mts']) {
      const { values, types } = declaredExports(join(installed, file));
      expect(values.length, file).toBeGreaterThan(10);
      for (const n of [...values, ...types]) names.add(n);
    }
    const unused = [...names].filter((n) => !new RegExp(`\\b${n}\\b`).test(USAGE + LOCALE_USAGE));
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
    expect(resolved('locales.ts', 'repkit/locales/de')).toMatch(/dist\/locales\/de\.d\.mts$/);
  });
});
