// @ts-check
/**
 * Packs repkit (run `npm run build` first) into examples/repkit.tgz, the file every example
 * installs repkit from (`"repkit": "file:../repkit.tgz"`) until the package is published.
 *
 *   node examples/pack.mjs [destination directory]
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Packs the repository into `<destination>/repkit.tgz` and returns that path. */
export function packRepkit(destination = fileURLToPath(new URL('.', import.meta.url))) {
  const scratch = mkdtempSync(join(tmpdir(), 'repkit-pack-'));
  try {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', scratch, '--loglevel=error'], { cwd: ROOT, encoding: 'utf8' });
    const [{ filename }] = JSON.parse(out);
    const tarball = join(resolve(destination), 'repkit.tgz');
    copyFileSync(join(scratch, filename), tarball);
    return tarball;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) == fileURLToPath(import.meta.url)) {
  process.stdout.write(`${packRepkit(process.argv[2])}\n`);
}
