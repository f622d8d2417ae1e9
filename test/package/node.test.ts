/**
 * The packed tarball as a Node consumer gets it: what is in it, and what `import` and
 * `require` of `repkit` and `repkit/embed` (and `import` of `repkit/batch`, now a no-op) give in
 * plain Node (no DOM), against the sandbox.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import { documentedTables } from '../docs/option-tables';
import { declaredExports, pack, ROOT, run } from './util';

const { dir, files, version } = pack();
/** The languages shipped beside English (src/locales/). */
const LOCALES = ['ar', 'de', 'es', 'fr', 'he', 'ja', 'ko', 'pt-BR', 'zh-CN'];
const rootPackage = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string };

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

/** What each consumer script prints (one JSON line). */
interface Report {
  resolved: string;
  resolvedEmbed: string;
  /** The batching add-on, imported by the ES module consumer only (it has no CommonJS build). */
  resolvedBatch?: string;
  batchExports?: string[];
  exports: string[];
  embedExports: string[];
  embedIsSame: boolean;
  newGlobals: string[];
  version: string;
  totalScore: number;
  error: { isServiceError: boolean; name: string; statusCode: number };
  /** A timed-out request's message: its words come from a chunk (src/client/failure-message.ts), under CommonJS too. */
  timeout: string;
  widget: { isReputationWidget: boolean; isAnyClass: boolean; state: string; theme: string };
  snippet: string;
  element: string;
}

/** The body both consumers share, after they have loaded `repkit` as `R` and `repkit/embed` as `E`. */
const body = `
const [baseUrl, rich, unknown] = process.argv.slice(2);
const client = new R.ServiceClient({ apiKey: ${JSON.stringify(API_KEY)}, baseUrl, retries: 0 });
const scores = await client.getScores(rich);
let error;
// An unseen address is computed (200, score 0); a category it has no score in is a 404.
try { await client.getCategoryScore(unknown, 'longevity'); } catch (e) { error = e; }
let timeout;
const hanging = new R.ServiceClient({ apiKey: ${JSON.stringify(API_KEY)}, baseUrl: baseUrl + '/__fault/hang', timeoutMs: 100, retries: 0 });
try { await hanging.getScores(rich); } catch (e) { timeout = e.message.replace(baseUrl, '<sandbox>'); }
const widget = R.createWidget({ type: 'reputation', apiKey: 'k', address: rich, theme: 'dark' });
R.defineRepkitElement();
R.autoMount;
console.log(JSON.stringify({
  resolved, resolvedEmbed, resolvedBatch, batchExports: B && Object.keys(B),
  exports: Object.keys(R).filter((k) => k !== 'default' && k !== '__esModule').sort(),
  embedExports: Object.keys(E).filter((k) => k !== 'default' && k !== '__esModule').sort(),
  embedIsSame: E.ServiceClient === R.ServiceClient && E.createWidget === R.createWidget,
  newGlobals: Object.getOwnPropertyNames(globalThis).filter((n) => !before.has(n)),
  version: R.VERSION,
  totalScore: scores.totalScore,
  error: { isServiceError: error instanceof R.ServiceError, name: error?.name, statusCode: error?.statusCode },
  timeout,
  widget: {
    isReputationWidget: widget instanceof R.ReputationWidget,
    isAnyClass: [R.BadgeWidget, R.ProfileWidget, R.CategoryWidget].some((C) => widget instanceof C),
    state: widget.state,
    theme: widget.options.theme,
  },
  snippet: R.snippet({ type: 'badge', apiKey: 'k', address: rich, maxBadges: 3 }, { scriptUrl: '/repkit.umd.js' }),
  element: typeof R.RepkitWidgetElement,
}));
`;

const ESM = `const before = new Set(Object.getOwnPropertyNames(globalThis));
const R = await import('repkit');
const E = await import('repkit/embed');
const B = await import('repkit/batch');
const resolved = import.meta.resolve('repkit');
const resolvedEmbed = import.meta.resolve('repkit/embed');
const resolvedBatch = import.meta.resolve('repkit/batch');
${body}`;

const CJS = `const before = new Set(Object.getOwnPropertyNames(globalThis));
const R = require('repkit');
const E = require('repkit/embed');
const B = undefined;
const resolved = require.resolve('repkit');
const resolvedEmbed = require.resolve('repkit/embed');
const resolvedBatch = undefined;
(async () => {
${body}
})().catch((e) => { console.error(e); process.exit(1); });`;

const runConsumer = async (name: 'esm' | 'cjs', file: string, source: string): Promise<Report> => {
  const cwd = join(dir, name);
  writeFileSync(join(cwd, file), source);
  const out = await run(process.execPath, [file, sandbox.url, ADDRESSES.rich, ADDRESSES.unknown], cwd);
  return JSON.parse(out.trim().split('\n').pop()!) as Report;
};

describe('the tarball', () => {
  it('holds the builds, their declarations and maps, the README, the LICENSE and package.json, and nothing else', () => {
    expect(version).toBe(rootPackage.version);
    const unexpected = files.filter(
      (f) => !/^(dist\/(locales\/[\w-]+(\.m?js)?|repkit[\w.-]*)\.(mjs|js|d\.ts|d\.mts|map)|README\.md|LICENSE|package\.json)$/.test(f),
    );
    expect(unexpected).toEqual([]);
    for (const f of [
      'dist/repkit.mjs',
      'dist/repkit.embed.mjs',
      'dist/repkit.umd.js',
      'dist/repkit.d.ts',
      'dist/repkit.d.mts',
      'dist/repkit.embed.d.ts',
      'dist/repkit.embed.d.mts',
      // The chunks that options load: for bundlers, and beside the scripts.
      'dist/repkit.chunk-batch.mjs',
      'dist/repkit.chunk-cache.mjs',
      'dist/repkit.chunk-lazy.mjs',
      'dist/repkit.chunk-batch.js',
      'dist/repkit.chunk-cache.js',
      'dist/repkit.chunk-lazy.js',
      'dist/repkit.chunk-failure.mjs',
      'dist/repkit.chunk-failure.js',
      // The words of a client's failed request: the ES modules' own chunk (the scripts' failure chunk carries them).
      'dist/repkit.chunk-message.mjs',
      // The batching add-on of old, now a no-op: the ES module entry and the script.
      'dist/repkit.batch.mjs',
      'dist/repkit.batch.d.ts',
      'dist/repkit.batch.d.mts',
      'dist/repkit.batch.js',
      'dist/repkit.react.d.ts',
      'dist/repkit.preact.d.ts',
      'LICENSE',
      // One script per kind, for script-tag pages that show one kind.
      'dist/repkit.reputation.umd.js',
      'dist/repkit.badge.umd.js',
      'dist/repkit.profile.umd.js',
      'dist/repkit.category.umd.js',
    ]) {
      expect(files).toContain(f);
    }
  });

  it("holds the scripts' chunks as files that import nothing: the script that loads one passes it what it needs", () => {
    const chunks = files.filter((f) => /^dist\/repkit\.chunk-[\w-]+\.js$/.test(f));
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const f of chunks) {
      const code = readFileSync(join(dir, 'esm/node_modules/repkit', f), 'utf8');
      expect([f, code.match(/\bimport\s*[\s{*'"(]|\bfrom\s*['"]/g)]).toEqual([f, null]);
    }
  });

  it("starts each script a page loads at once with V8's explicit compile hint, and no chunk (small, loaded later)", () => {
    const firstLine = (f: string) => readFileSync(join(dir, 'esm/node_modules/repkit', f), 'utf8').split('\n', 1)[0];
    const scripts = ['dist/repkit.umd.js', 'dist/repkit.annotate.js', ...files.filter((f) => /^dist\/repkit\.\w+\.umd\.js$/.test(f))];
    expect(scripts.length).toBe(6);
    for (const f of scripts) expect([f, firstLine(f)]).toEqual([f, '//# allFunctionsCalledOnLoad']);
    for (const f of files.filter((f) => /^dist\/repkit\.chunk-[\w-]+\.js$/.test(f))) expect(firstLine(f)).not.toMatch(/^\/\/#/);
  });

  it('holds each shipped language as an ES module, a script and their declarations', () => {
    const locales = files
      .filter((f) => f.startsWith('dist/locales/') && f.endsWith('.mjs'))
      .map((f) => f.slice('dist/locales/'.length, -'.mjs'.length));
    expect(locales.sort()).toEqual(LOCALES);
    for (const tag of LOCALES) {
      for (const extension of ['mjs', 'js', 'd.ts', 'd.mts', 'mjs.map', 'js.map'])
        expect(files).toContain(`dist/locales/${tag}.${extension}`);
    }
  });

  it('is MIT licensed, with the licence text and where the project lives', () => {
    const installed = JSON.parse(readFileSync(join(dir, 'esm/node_modules/repkit/package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: 'git+https://github.com/repkit/repkit.git' },
      homepage: 'https://github.com/repkit/repkit#readme',
      bugs: { url: 'https://github.com/repkit/repkit/issues' },
    });
    const license = readFileSync(join(dir, 'esm/node_modules/repkit/LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 repkit contributors\n/);
  });

  it('ships source maps that carry their sources (src/ is not in the package)', () => {
    const maps = files.filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThanOrEqual(5);
    for (const map of maps) {
      const { sources, sourcesContent } = JSON.parse(readFileSync(join(dir, 'esm/node_modules/repkit', map), 'utf8')) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      // An entry that only re-exports and imports chunks (rollup's facade) has no source of its own.
      const code = readFileSync(join(dir, 'esm/node_modules/repkit', map.replace(/\.map$/, '')), 'utf8');
      if (!sources.length && /^(?:(?:export|import) [^;]*;\s*)+(\/\/# sourceMappingURL=\S+\s*)?$/.test(code)) continue;
      // The share card's font (scripts/card-font.mjs) is data made from a font file: no source text to carry.
      if (map == 'dist/repkit.card-font.mjs.map' && !sources.length && code.includes('SIL Open Font License')) continue;
      expect(sources.length, map).toBeGreaterThan(0);
      expect(sourcesContent?.length, map).toBe(sources.length);
      expect(
        sourcesContent!.filter((text) => typeof text != 'string' || !text.length),
        map,
      ).toEqual([]);
    }
  });

  it('carries no option documentation in its code: README prose is not shipped to pages', () => {
    const docs = documentedTables().flatMap((table) => table.options.map((option) => option.description));
    const code = files.filter((f) => /\.m?js$/.test(f));
    expect(code.length).toBeGreaterThanOrEqual(5);
    for (const file of code) {
      // The readable ES module keeps its comments (bundlers drop them): only code counts.
      const text = readFileSync(join(dir, 'esm/node_modules/repkit', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      expect(
        docs.filter((doc) => text.includes(doc)),
        file,
      ).toEqual([]);
    }
  });

  it('marks only the auto-mounting files and the locales (which register themselves) as having side effects', () => {
    const installed = JSON.parse(readFileSync(join(dir, 'esm/node_modules/repkit/package.json'), 'utf8')) as { sideEffects: string[] };
    expect(installed.sideEffects.sort()).toEqual(
      ['./dist/locales/*', './dist/repkit.*.umd.js', './dist/repkit.embed.mjs', './dist/repkit.umd.js'].sort(),
    );
  });
});

describe('an ES module consumer (plain Node, no DOM)', () => {
  let report: Report;
  beforeAll(async () => {
    report = await runConsumer('esm', 'consumer.mjs', ESM);
  });

  it('imports the ES module builds', () => {
    expect(report.resolved).toMatch(/\/node_modules\/repkit\/dist\/repkit\.mjs$/);
    expect(report.resolvedEmbed).toMatch(/\/node_modules\/repkit\/dist\/repkit\.embed\.mjs$/);
  });

  it('imports the repkit/batch add-on: it exports nothing, and the client still works after it', () => {
    expect(report.resolvedBatch).toMatch(/\/node_modules\/repkit\/dist\/repkit\.batch\.mjs$/);
    expect(report.batchExports).toEqual([]);
    expect(report.totalScore).toBeGreaterThan(0);
  });

  it('gets every declared value export, and repkit/embed the same ones from the same module instance', () => {
    expect(report.exports).toEqual(declaredExports(join(dir, 'esm/node_modules/repkit/dist/repkit.d.mts')).values);
    expect(report.embedExports).toEqual(report.exports);
    expect(report.embedIsSame).toBe(true);
  });

  it('touches no global, even with repkit/embed and repkit/batch imported', () => {
    expect(report.newGlobals).toEqual([]);
  });

  it('talks to the service: results, and ServiceError for a 404', () => {
    expect(report.version).toBe(version);
    expect(report.totalScore).toBeGreaterThan(0);
    expect(report.error).toEqual({ isServiceError: true, name: 'ServiceError', statusCode: 404 });
  });

  it('creates (without mounting) widgets and snippets', () => {
    expect(report.widget).toEqual({ isReputationWidget: true, isAnyClass: false, state: 'loading', theme: 'dark' });
    expect(report.snippet).toContain('data-repkit="badge"');
    expect(report.snippet).toContain('data-max-badges="3"');
    // As built (the HTML minifier ran over its template): one space between attributes.
    expect(report.snippet).toMatch(/^<div data-repkit="badge" data-api-key="k" data-address="\w+" data-max-badges="3"><\/div>\s<script /);
    expect(report.element).toBe('function');
  });
});

describe('a CommonJS consumer (require of the UMD)', () => {
  let report: Report;
  let esm: Report;
  beforeAll(async () => {
    [report, esm] = await Promise.all([runConsumer('cjs', 'consumer.cjs', CJS), runConsumer('esm', 'consumer.mjs', ESM)]);
  });

  it('requires the UMD build for both entries', () => {
    expect(report.resolved).toMatch(/\/node_modules\/repkit\/dist\/repkit\.umd\.js$/);
    expect(report.resolvedEmbed).toBe(report.resolved);
    expect(report.embedIsSame).toBe(true);
  });

  it('gets the same exports as the ES module, and nothing else', () => {
    expect(report.exports).toEqual(esm.exports);
    expect(report.embedExports).toEqual(esm.exports);
  });

  it('defines no global RepKit (or any other) under Node', () => {
    expect(report.newGlobals).toEqual([]);
  });

  it('behaves as the ES module does', () => {
    expect(report.totalScore).toBe(esm.totalScore);
    expect(report.error).toEqual(esm.error);
    // The words of a failure are a chunk: the UMD under Node imports the ES modules' one beside it.
    expect(report.timeout).toMatch(/^GET <sandbox>\/__fault\/hang\/\S+: timed out after 100 ms$/);
    expect(report.timeout).toBe(esm.timeout);
    expect(report.widget).toEqual(esm.widget);
    expect(report.snippet).toBe(esm.snippet);
    expect(report.version).toBe(version);
  });
});

describe('a locale module', () => {
  it("imports as repkit/locales/<tag>: the catalogue, registered with the same copy of repkit a bundler's `repkit` gets", async () => {
    const cwd = join(dir, 'esm');
    writeFileSync(
      join(cwd, 'locale.mjs'),
      `import de from 'repkit/locales/de';
import ar from 'repkit/locales/ar';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const resolved = import.meta.resolve('repkit/locales/de');
const imports = [...readFileSync(fileURLToPath(resolved), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((m) => new URL(m[1], resolved).href);
console.log(JSON.stringify({ resolved, imports, main: import.meta.resolve('repkit'), label: de['Reputation score'], dir: ar.dir }));
`,
    );
    const out = JSON.parse((await run(process.execPath, ['locale.mjs'], cwd)).trim()) as Record<string, unknown>;
    expect(out.resolved).toMatch(/\/node_modules\/repkit\/dist\/locales\/de\.mjs$/);
    expect(out.imports).toEqual([out.main]);
    expect(out).toMatchObject({ label: 'Reputationswert', dir: 'rtl' });
  });

  it('as a script, registers with the global RepKit, and without one says which script to load first', () => {
    const code = readFileSync(join(dir, 'esm/node_modules/repkit/dist/locales/pt-BR.js'), 'utf8');
    const registered: [string, string][] = [];
    const RepKit = {
      registerLocale: (tag: string, messages: Record<string, string>) => registered.push([tag, messages['Reputation score']!]),
    };
    runInNewContext(code, { RepKit });
    expect(registered).toEqual([['pt-BR', 'Pontuação de reputação']]);
    expect(() => runInNewContext(code, {})).toThrow(/load repkit\.umd\.js or a repkit\.<kind>\.umd\.js before/);
  });
});
