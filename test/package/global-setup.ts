/**
 * Packs the package once for the whole package suite and installs the tarball into three
 * throwaway consumer projects under a temporary directory: `esm/` (`"type": "module"`), `cjs/`
 * (`"type": "commonjs"`) and `ts/` (`"type": "module"`, for tsc). Nothing here is committed;
 * the directory is removed afterwards (set KEEP_PACKAGE_TMP=1 to keep it for a look).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, type PackInfo } from './pack-info';

/** npm, quietly, without reaching for the network unless it must (the tarball has no dependencies). */
const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

export default function setup(project: TestProject): () => void {
  for (const file of ['repkit.mjs', 'repkit.embed.mjs', 'repkit.umd.js', 'repkit.d.ts', 'repkit.d.mts']) {
    if (!existsSync(join(ROOT, 'dist', file))) throw new Error(`dist/${file} is missing: run \`npm run build\` before the package suite`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'repkit-package-'));
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], ROOT)) as [
    { filename: string; version: string; files: { path: string }[] },
  ];
  const tarball = join(dir, packed.filename);

  const consumers = { esm: 'module', cjs: 'commonjs', ts: 'module' } as const;
  for (const [name, type] of Object.entries(consumers)) {
    const cwd = join(dir, name);
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: `repkit-consumer-${name}`, private: true, type }, null, 2));
    npm(['install', '--offline', '--no-package-lock', tarball], cwd);
  }

  const info: PackInfo = { dir, tarball, version: packed.version, files: packed.files.map((f) => f.path).sort() };
  project.provide('pack', info);
  return () => {
    if (!process.env.KEEP_PACKAGE_TMP) rmSync(dir, { recursive: true, force: true });
    else console.log(`package suite: kept ${dir}`);
  };
}
