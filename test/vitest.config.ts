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
    // A file is a page load: its own happy-dom and its own copy of the library, so nothing one
    // file leaves behind (a catalogue registered, a quota gate closed, a stubbed fetch, a cached
    // answer) reaches another. Sharing them saved about 60 s of a 100 s run, but made results
    // depend on the file order: shuffled (`--sequence.shuffle.files`), quota.test.ts and
    // races.test.ts failed, and CI once saw faults.test.ts read past its fetch stub.
    isolate: true,
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
