import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ts from 'typescript';
import { inject } from 'vitest';
import type { PackInfo } from './pack-info';

export { ROOT, type PackInfo } from './pack-info';

export const pack = (): PackInfo => inject('pack');

const execFileAsync = promisify(execFile);

/** Runs a command; resolves with its output, rejects with an error carrying stdout and stderr. */
export const run = async (file: string, args: string[], cwd: string, timeout = 60000): Promise<string> => {
  try {
    const { stdout } = await execFileAsync(file, args, { cwd, timeout, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    const tail = (s = ''): string => (s.length > 8000 ? `…${s.slice(-8000)}` : s);
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${tail(e.stdout)}\n${tail(e.stderr)}`);
  }
};

/**
 * Every name a declaration file exports, as the TypeScript compiler sees it: `values` are
 * names with a runtime value (classes, functions, constants), `types` the type-only ones.
 */
export const declaredExports = (file: string): { values: string[]; types: string[] } => {
  const program = ts.createProgram([file], {
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${file} is not a module`);
  const values: string[] = [];
  const types: string[] = [];
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
  }
  return { values: values.sort(), types: types.sort() };
};
