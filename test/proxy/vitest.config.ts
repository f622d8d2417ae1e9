import { defineConfig } from 'vitest/config';

/**
 * The proxy suite (`npm run test:proxy`): the handler in Node against the sandbox, the same
 * built file inside workerd (Miniflare), and the node:http adapter. Plain Node, no DOM: the
 * proxy runs on servers and edge runtimes, with their own fetch, Request and Response.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/proxy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    // Real sockets and a workerd process: one file at a time on a 2-core machine.
    fileParallelism: false,
  },
});
