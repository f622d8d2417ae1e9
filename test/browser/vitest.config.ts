import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** The browser suite: Node drives Debian's Chromium through playwright-core against dist/. */
export default defineConfig({
  define: { __REPKIT_VERSION__: JSON.stringify(version) },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    // One Chromium at a time: the machine has two cores.
    fileParallelism: false,
  },
});
