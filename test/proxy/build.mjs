// @ts-check
/**
 * Builds the proxy's entries (dist/repkit.proxy.mjs, dist/repkit.proxy.node.mjs,
 * dist/repkit.proxy.redis.mjs, dist/repkit.proxy.workers.mjs and their declarations) with the
 * repository's own rollup configuration, when they are missing or older than src/proxy/ (or the
 * catalogue it bundles). The workerd test, the browser test and the benchmark run the built file, as
 * a deployment does; this lets each of them run on its own, without a full `npm run build`.
 *
 * `node test/proxy/build.mjs` builds them unconditionally.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PROXY_DIST = `${ROOT}dist/repkit.proxy.mjs`;
export const PROXY_NODE_DIST = `${ROOT}dist/repkit.proxy.node.mjs`;
export const PROXY_REDIS_DIST = `${ROOT}dist/repkit.proxy.redis.mjs`;
export const PROXY_WORKERS_DIST = `${ROOT}dist/repkit.proxy.workers.mjs`;

/** Runs only the proxy configurations of rollup.config.mjs, in a child process. */
const SCRIPT = `
const { rollup } = await import('rollup');
const { default: configs } = await import(${JSON.stringify(`${ROOT}rollup.config.mjs`)});
// dist/repkit.errors.mjs too: the proxy's files import the error classes from it (rollup.config.mjs).
for (const config of configs.filter((c) => ['src/proxy/', 'src/errors.ts'].some((s) => JSON.stringify(c.input).includes(s)))) {
  const bundle = await rollup({ ...config, onwarn: () => {} });
  await bundle.write(config.output);
  await bundle.close();
}
`;

/** Builds the proxy entries now. */
export function buildProxy() {
  execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Builds the proxy entries unless dist/ already has them, newer than every file of src/proxy/ and of the catalogue. */
export function ensureProxyBuild() {
  const built = [PROXY_DIST, PROXY_NODE_DIST, PROXY_REDIS_DIST, PROXY_WORKERS_DIST].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0));
  // The proxy bundles the catalogues (its SVG badges speak them) besides its own folder.
  const sources = ['src/proxy', 'src/i18n', 'src/locales'].flatMap((dir) =>
    readdirSync(`${ROOT}${dir}`).map((f) => statSync(`${ROOT}${dir}/${f}`).mtimeMs),
  );
  if (Math.min(...built) <= Math.max(...sources)) buildProxy();
  return PROXY_DIST;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildProxy();
