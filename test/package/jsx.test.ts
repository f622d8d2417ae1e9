/**
 * JSX consumers of the packed tarball: `<repkit-widget>` type-checks, with every attribute
 * typed, in React 19 and React 18 (automatic runtime through `React.JSX`, classic runtime
 * through the global `JSX`) with `repkit/react`, and in Preact 11 and 10 with `repkit/preact`.
 * The React and Preact types come from test/package/jsx/package-lock.json, installed with
 * `npm ci` into the suite's temporary directory (React itself is not needed: tsc only reads
 * types). Each project uses the strictest settings, as typescript.test.ts does.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREACT, REACT, REACT_CLASSIC } from './jsx-usage';
import { pack, ROOT, run } from './util';
import { STRICT_CONSUMER } from '../helpers/strict-consumer';

const cwd = join(pack().dir, 'jsx');
const TSC = `${ROOT}node_modules/typescript/bin/tsc`;

/** React 18 and Preact 10 are installed under aliases; `paths` makes them what 'react' / 'preact' mean. */
const react18 = { react: ['./node_modules/@types/react-18'], 'react/*': ['./node_modules/@types/react-18/*'] };
const preact10 = { preact: ['./node_modules/preact-10'], 'preact/*': ['./node_modules/preact-10/*'] };

const PROJECTS: Record<string, { file: string; options: Record<string, unknown> }> = {
  'React 19, automatic runtime (React.JSX)': { file: 'react.tsx', options: { jsx: 'react-jsx' } },
  'React 19, classic runtime': { file: 'classic.tsx', options: { jsx: 'react' } },
  'React 19, node16 resolution': { file: 'react.tsx', options: { jsx: 'react-jsx', module: 'node16', moduleResolution: 'node16' } },
  'React 18, automatic runtime': { file: 'react.tsx', options: { jsx: 'react-jsx', paths: react18 } },
  'React 18, classic runtime (global JSX)': { file: 'classic.tsx', options: { jsx: 'react', paths: react18 } },
  'Preact 11': { file: 'preact.tsx', options: { jsx: 'react-jsx', jsxImportSource: 'preact' } },
  'Preact 10': { file: 'preact.tsx', options: { jsx: 'react-jsx', jsxImportSource: 'preact', paths: preact10 } },
};

const npm = (args: string[]) => run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], cwd, 180000);

const slug = (name: string) => name.replace(/\W+/g, '-').toLowerCase();

beforeAll(async () => {
  mkdirSync(cwd, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, 'test/package/jsx', file), join(cwd, file));
  await npm(['ci', '--prefer-offline']);
  await npm(['install', '--no-save', '--offline', pack().tarball]);
  writeFileSync(join(cwd, 'react.tsx'), REACT);
  writeFileSync(join(cwd, 'classic.tsx'), REACT_CLASSIC);
  writeFileSync(join(cwd, 'preact.tsx'), PREACT);
  for (const [name, { file, options }] of Object.entries(PROJECTS)) {
    const tsconfig = { compilerOptions: { ...STRICT_CONSUMER, ...options }, files: [file] };
    writeFileSync(join(cwd, `tsconfig.${slug(name)}.json`), JSON.stringify(tsconfig, null, 2));
  }
}, 180000);

describe('<repkit-widget> in JSX', () => {
  // The compilations run two at a time (two cores); each test then reads its own outcome.
  const outcomes = new Map<string, Promise<string>>();
  const outcome = (name: string): Promise<string> => {
    if (!outcomes.size) {
      const names = Object.keys(PROJECTS);
      const compile = (n: string) =>
        run(process.execPath, [TSC, '-p', `tsconfig.${slug(n)}.json`, '--pretty', 'false'], cwd, 120000).then(
          () => 'ok',
          (e: Error) => e.message,
        );
      const chain: [Promise<unknown>, Promise<unknown>] = [Promise.resolve(), Promise.resolve()];
      names.forEach((n, i) => {
        const lane = i % 2;
        const result = chain[lane]!.then(() => compile(n));
        chain[lane] = result;
        outcomes.set(n, result as Promise<string>);
      });
    }
    return outcomes.get(name)!;
  };

  for (const name of Object.keys(PROJECTS)) {
    it(`type-checks strictly: ${name}`, async () => {
      expect(await outcome(name)).toBe('ok');
    }, 240000);
  }
});
