import { defineConfig } from 'vitest/config';

/**
 * The examples suite (`npm run test:examples`): packs repkit, installs each example under
 * examples/ with `npm ci` from that tarball, type-checks and builds it, serves the build and
 * loads it in Chromium. One example at a time: the machine has two cores.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/examples/**/*.test.ts'],
    environment: 'node',
    testTimeout: 300000,
    hookTimeout: 300000,
    fileParallelism: false,
  },
});
