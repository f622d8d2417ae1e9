import { defineConfig } from 'vitest/config';

/**
 * The package suite (`npm run test:package`, after publint and attw): packs dist/ with
 * `npm pack`, installs the tarball into throwaway consumers in a temporary directory and uses
 * it from Node (ESM and CommonJS), TypeScript (bundler, node16, nodenext) and Chromium.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/package/**/*.test.ts'],
    globalSetup: ['test/package/global-setup.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 60000,
    // Two cores: tsc runs and Chromium are heavy enough one file at a time.
    fileParallelism: false,
  },
});
