/**
 * The Node proxy recipe (docs/proxy.md), as written, started without `REPKIT_API_KEY` (the variable not
 * set: the most common first start): it stops at once and says the key is missing, naming the
 * variable, instead of a rule about key characters. Started with it, its first log line says
 * what it serves. The recipe imports `repkit/proxy` by name from a file in this checkout, so
 * the built dist/ files run.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureProxyBuild } from './build.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The first ```js block under docs/proxy.md's "## Node" heading, listening on a free port. */
const recipe = (): string => {
  const page = readFileSync(`${ROOT}docs/proxy.md`, 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(page.slice(page.indexOf('\n## Node\n')));
  if (!block?.[1].includes('.listen(8787)')) throw new Error('the Node recipe of docs/proxy.md no longer listens on 8787');
  return block[1].replace('.listen(8787)', ".listen(0, '127.0.0.1', () => process.exit(0))");
};

/** Runs the recipe with `env`; its exit code and everything it printed. */
const start = (env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> => {
  ensureProxyBuild();
  mkdirSync(`${ROOT}artifacts`, { recursive: true });
  const file = `${ROOT}artifacts/node-proxy-recipe-env.mjs`;
  writeFileSync(file, recipe());
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
};

describe('The Node proxy recipe (docs/proxy.md)', () => {
  it('without REPKIT_API_KEY, stops at once saying the key is missing', async () => {
    const env = { ...process.env };
    delete env.REPKIT_API_KEY;
    const { code, out } = await start(env);
    expect(code).not.toBe(0);
    expect(out).toContain(
      'OptionError: repkit: "apiKey" is missing (undefined): pass the service\'s API key, for example from the REPKIT_API_KEY environment variable (a secret on Workers)',
    );
    expect(out).not.toContain('printable');
  }, 120000); // the first test may build dist/repkit.proxy.mjs

  it('with it, starts and writes nothing (its ready event goes to onEvent, which the recipe leaves at its default)', async () => {
    const { code, out } = await start({ ...process.env, REPKIT_API_KEY: 'demo-key' });
    expect(code).toBe(0);
    expect(out.trim()).toBe('');
  });
});
