import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const EXPECTED_NETWORK_LOG =
  /^((GET|OPTIONS) \S+ \d{3} \(.*\)\s*$|Cross-Origin Request Blocked:|Error: (socket hang up|connect ECONNREFUSED))/;

export default defineConfig({
  // What rollup writes in at build time (src/version.ts).
  define: { __REPKIT_VERSION__: JSON.stringify(version) },
  test: {
    // Stylesheets are imported as text (`?raw`); without this vitest hands widgets empty CSS.
    css: { include: [/.+/] },
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    // Those suites have configs of their own (a browser, a packed tarball, workerd).
    exclude: ['test/browser/**', 'test/package/**', 'test/examples/**', 'test/proxy/**', 'node_modules/**'],
    environment: 'happy-dom',
    testTimeout: 15000,
    // happy-dom logs every 4xx, 5xx, CORS refusal and dropped connection as a browser's
    // console would; the fault, error and hostile suites cause hundreds on purpose. Anything
    // else a test prints still shows.
    onConsoleLog: (log, type) => !(type == 'stderr' && EXPECTED_NETWORK_LOG.test(log)),
    // Real sockets and timers: a couple of workers is what a 2-core machine handles well.
    pool: 'forks',
    // One happy-dom per worker, not per file: building it for each of the 35 files cost about
    // 13 s of a 38 s run. Each file starts its own sandbox on its own port, so answers cached by
    // one file are never another's; the suite passes with the file order shuffled
    // (`--sequence.shuffle.files`), which is how to check a new file does not lean on another.
    isolate: false,
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
