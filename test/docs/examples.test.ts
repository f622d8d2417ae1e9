/**
 * README says every example under examples/ installs repkit from the tarball that
 * `node examples/pack.mjs` writes (repkit is not on the registry): a version range there would
 * send `npm install` to a package that does not exist.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '../../examples');

describe('the examples', () => {
  const folders = readdirSync(EXAMPLES).filter((name) => statSync(join(EXAMPLES, name)).isDirectory());

  it.each(folders)('%s installs repkit from examples/repkit.tgz', (folder) => {
    const manifest = JSON.parse(readFileSync(join(EXAMPLES, folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect({ ...manifest.devDependencies, ...manifest.dependencies }.repkit).toBe('file:../repkit.tgz');
  });
});
