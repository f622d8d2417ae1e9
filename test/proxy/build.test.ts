/**
 * The proxy tests run the built dist/repkit.proxy.mjs; test/proxy/build.mjs builds it again when
 * anything it bundles has changed. What it bundles is read from the bundle (its module graph),
 * so a change anywhere the proxy's code comes from (the client, the catalogues, a shared chunk)
 * counts, and a file the proxy does not bundle does not.
 */
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtFrom, distGraph, ensureProxyBuild, PROXY_DIST, staleInputs } from './build.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const inputs = (): string[] => builtFrom(distGraph(PROXY_DIST)).map((file) => relative(ROOT, file));

/** The built files the proxy loads by static imports alone (not `import()`), and the sources they were made from. */
const loadedAtStart = (): string[] => {
  const files = new Set([PROXY_DIST]);
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:from|import)\s*['"](\.\/[^'"]+)['"]/g))
      files.add(resolve(dirname(file), match[1]!));
  }
  return builtFrom([...files]).map((file) => relative(ROOT, file));
};

/** Runs `fn` with `file` dated a minute from now, then puts its date back. */
const touched = <T>(file: string, fn: () => T): T => {
  const { atime, mtime } = statSync(`${ROOT}${file}`);
  const later = new Date(Date.now() + 60_000);
  utimesSync(`${ROOT}${file}`, later, later);
  try {
    return fn();
  } finally {
    utimesSync(`${ROOT}${file}`, atime, mtime);
  }
};

beforeAll(() => {
  ensureProxyBuild();
}, 120000);

describe('the proxy test build', () => {
  it('is up to date once built', () => {
    expect(staleInputs()).toEqual([]);
  });

  it('counts every folder the proxy bundles, read from the bundle, not from a list', () => {
    const folders = new Set(inputs().map((file) => file.split('/').slice(0, 2).join('/')));
    for (const folder of ['src/proxy', 'src/client', 'src/util', 'src/i18n', 'src/locales']) expect(folders).toContain(folder);
    expect(inputs()).toContain('rollup.config.mjs');
    // What every proxy loads: no stylesheet, no widget view. The widgets come only with the share
    // page's code, which the proxy loads by import() when a share route is first asked for.
    const widgetFiles = (files: string[]): string[] => files.filter((file) => file.startsWith('styles/') || file.includes('/kinds/'));
    expect(widgetFiles(loadedAtStart())).toEqual([]);
    expect(widgetFiles(inputs())).not.toEqual([]);
  });

  it('is stale when a module in a chunk it shares with other entries changes', () => {
    const shared = inputs().find((file) => file.startsWith('src/client/'))!;
    expect(shared).toBeDefined();
    expect(touched(shared, () => staleInputs()).map((file) => relative(ROOT, file))).toEqual([shared]);
  });

  it('is stale when the build configuration changes, and not when a file it does not bundle does', () => {
    expect(touched('rollup.config.mjs', () => staleInputs()).length).toBe(1);
    expect(touched('styles/reputation.css', () => staleInputs())).toEqual([]);
  });
});
