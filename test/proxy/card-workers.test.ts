// @vitest-environment node
/**
 * The share card is the same image from every runtime the proxy runs on (issue 43):
 * `<base>/card/<address>.png` of the built proxy, drawn by @resvg/resvg-js in the Node proxy, and
 * by @resvg/resvg-wasm in the Workers and Vercel Edge recipes of docs/proxy.md run inside workerd
 * (Miniflare) and in the Deno recipe, decodes to 1200×630 with under 1 % of pixels different.
 *
 * The recipes are built the way their platforms build them: esbuild bundles the worker (or the
 * route file) with the built dist/repkit.proxy.mjs as `repkit/proxy`, and each `.wasm` import
 * stays a module of its own, a `CompiledWasm` that workerd compiles when it loads the worker, as
 * wrangler's default module rule (and Next.js's `?module`) does: workerd, like Cloudflare and
 * Vercel Edge, compiles no wasm from bytes at run time.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build, transform, type BuildOptions, type Plugin } from 'esbuild';
import { Miniflare } from 'miniflare';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ProxyModule from '../../src/proxy/index';
import type * as NodeModule from '../../src/proxy/node';
import { CARD_FONT_FILE } from '../../scripts/card-font.mjs';
import { ensureProxyBuild, PROXY_DIST, PROXY_NODE_DIST } from './build.mjs';
import { ADDRESSES, KEY, useHttpServer, useSandbox } from './util';

const ROOT = new URL('../..', import.meta.url).pathname;
const HERE = `${ROOT}test/proxy`;
const RESVG_WASM_DIR = `${ROOT}node_modules/@resvg/resvg-wasm`;
const RESVG_WASM = `${RESVG_WASM_DIR}/index_bg.wasm`;
const { version: RESVG_WASM_VERSION } = JSON.parse(readFileSync(`${RESVG_WASM_DIR}/package.json`, 'utf8')) as { version: string };

/** The first ```lang block under a `### heading` of docs/proxy.md. */
const recipe = (heading: string, lang: string): string => {
  const page = readFileSync(`${ROOT}docs/proxy.md`, 'utf8');
  const at = page.indexOf(`\n### ${heading}\n`);
  if (at < 0) throw new Error(`docs/proxy.md has no "### ${heading}" any more`);
  const block = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(page.slice(at));
  if (!block) throw new Error(`no ${lang} block under "### ${heading}"`);
  return block[1]!;
};

/** A recipe's `upstream`, pointed at the sandbox. */
const toSandbox = (code: string, url: string): string => {
  if (!code.includes("'https://api.dotpassport.io'")) throw new Error('the recipe no longer names its upstream');
  return code.replace("'https://api.dotpassport.io'", `'${url}'`);
};

/** wrangler's module rules: a `.wasm` import (Next.js: `.wasm?module`) stays a CompiledWasm module beside the bundle, `.bin` a Data one. */
const wasmModules: Plugin = {
  name: 'wasm-modules',
  setup(b) {
    b.onResolve({ filter: /\.(wasm|bin)(\?module)?$/ }, (args) => ({
      path: `./${args.path.replace(/^.*\//, '').replace('?module', '')}`,
      external: true,
    }));
  },
};

/** The bundle of a worker made from `contents`, as wrangler makes it, with `repkit/proxy` the built proxy. */
const bundleWorker = async (contents: string, loader: 'js' | 'ts', extra: BuildOptions = {}): Promise<string> => {
  const result = await build({
    stdin: { contents, resolveDir: HERE, sourcefile: `worker.${loader}`, loader },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    alias: { 'repkit/proxy': PROXY_DIST },
    plugins: [wasmModules],
    write: false,
    logLevel: 'silent',
    ...extra,
  });
  return result.outputFiles![0]!.text;
};

/** The smallest valid wasm module: a module, but not resvg's. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

const started: Miniflare[] = [];
/** workerd running `bundle`, with resvg's wasm as the CompiledWasm module `index_bg.wasm` (and the wrong things the mistakes below import). */
const startWorker = (bundle: string, bindings: Record<string, string> = {}): Miniflare => {
  const mf = new Miniflare({
    modulesRoot: HERE,
    modules: [
      { type: 'ESModule', path: `${HERE}/worker.mjs`, contents: bundle },
      { type: 'CompiledWasm', path: `${HERE}/index_bg.wasm`, contents: readFileSync(RESVG_WASM) },
      { type: 'Data', path: `${HERE}/resvg-wasm-bytes.bin`, contents: readFileSync(RESVG_WASM) },
      { type: 'CompiledWasm', path: `${HERE}/other.wasm`, contents: EMPTY_WASM },
    ],
    bindings,
    compatibilityDate: '2025-01-01',
  });
  started.push(mf);
  return mf;
};

const sb = useSandbox();
let built: { createProxy: typeof ProxyModule.createProxy; toNodeListener: typeof NodeModule.toNodeListener };

/** The Node proxy: the built proxy behind its Node adapter on loopback, every option at its default (resvg-js, imported by name). */
const node = useHttpServer(() => {
  let listener: ReturnType<typeof NodeModule.toNodeListener> | undefined;
  return (req, res) => {
    listener ??= built.toNodeListener(built.createProxy({ apiKey: KEY, upstream: sb.url }));
    listener(req, res);
  };
});

beforeAll(async () => {
  ensureProxyBuild();
  built = {
    createProxy: ((await import(pathToFileURL(PROXY_DIST).href)) as typeof ProxyModule).createProxy,
    toNodeListener: ((await import(pathToFileURL(PROXY_NODE_DIST).href)) as typeof NodeModule).toNodeListener,
  };
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((mf) => mf.dispose()));
});

const decode = async (response: Response | { arrayBuffer(): Promise<ArrayBuffer> }): Promise<PNG> =>
  PNG.sync.read(Buffer.from(await response.arrayBuffer()));

/** The share of pixels whose colour differs at all between two images of one size. */
const pixelDifference = (a: PNG, b: PNG): number => {
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] != b.data[i] || a.data[i + 1] != b.data[i + 1] || a.data[i + 2] != b.data[i + 2] || a.data[i + 3] != b.data[i + 3]) {
      differing++;
    }
  }
  return differing / (a.width * a.height);
};

/** The cards compared: Latin, a script the font lacks (Japanese, Arabic: English words stand in) and the hostile account. */
const CASES: [keyof typeof ADDRESSES, string, 'light' | 'dark'][] = [
  ['rich', 'en', 'light'],
  ['rich', 'ja', 'dark'],
  ['hostile', 'ar', 'light'],
  ['hostile', 'de', 'dark'],
];
const cardPath = (fixture: keyof typeof ADDRESSES, locale: string, theme: string): string =>
  `/rep/card/${ADDRESSES[fixture]}.png?locale=${locale}&theme=${theme}`;

/** The Node proxy's cards, each asked once, for the other runtimes to be compared with. */
const fromNode = new Map<string, PNG>();
const nodeCard = async (path: string): Promise<PNG> => {
  if (!fromNode.has(path)) {
    const response = await fetch(`${node.url}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    fromNode.set(path, await decode(response));
  }
  return fromNode.get(path)!;
};

/** Asserts a runtime's card of `path` is the Node proxy's: both 1200×630, under 1 % of pixels different. */
const expectSameCard = async (
  path: string,
  response: { status: number; headers: { get(name: string): string | null }; arrayBuffer(): Promise<ArrayBuffer> },
) => {
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  // Read at once: Miniflare's answer is a stream from workerd, not to be left waiting on the Node proxy's card.
  const actual = await decode(response);
  const expected = await nodeCard(path);
  expect([expected.width, expected.height]).toEqual([1200, 630]);
  expect([actual.width, actual.height]).toEqual([1200, 630]);
  expect(pixelDifference(expected, actual)).toBeLessThan(0.01);
};

describe('the card font', () => {
  it('is the font file, byte for byte, in the built proxy every runtime loads', async () => {
    const chunk = readFileSync(`${ROOT}dist/repkit.card-font.mjs`, 'utf8');
    const base64 = /"([A-Za-z0-9+/=]+)"/.exec(chunk)![1]!;
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(digest(Buffer.from(base64, 'base64'))).toBe(digest(readFileSync(CARD_FONT_FILE)));
    // The worker carries the same text: nothing in the bundling turns it into other bytes.
    expect(await bundleWorker(recipe('The share card on Workers', 'js'), 'js')).toContain(base64);
  });
});

describe('the Workers recipe (docs/proxy.md) in workerd: resvg-wasm with its wasm as a module', () => {
  let mf: Miniflare;
  beforeAll(async () => {
    mf = startWorker(await bundleWorker(recipe('The share card on Workers', 'js'), 'js'), { REPKIT_API_KEY: KEY, REPKIT_UPSTREAM: sb.url });
  });

  it.each(CASES)('draws %s (%s, %s) as the Node proxy does', async (fixture, locale, theme) => {
    const path = cardPath(fixture, locale, theme);
    await expectSameCard(path, await mf.dispatchFetch(`http://proxy.test${path}`));
  });

  it('tells two different cards apart by the same measure', async () => {
    const [a, b] = [await nodeCard(cardPath('rich', 'ja', 'dark')), await nodeCard(cardPath('hostile', 'de', 'dark'))];
    expect(pixelDifference(a, b)).toBeGreaterThan(0.01);
  });
});

describe('the Vercel Edge recipe in workerd: the wasm imported with ?module', () => {
  let mf: Miniflare;
  beforeAll(async () => {
    // The route file as written (its upstream the sandbox), called as Next.js calls a route handler.
    const route = toSandbox(recipe('The share card on Vercel', 'ts'), sb.url);
    expect(route).toContain("from '@resvg/resvg-wasm/index_bg.wasm?module'");
    // A worker's module exports are its entry points: the route file is a module the worker imports.
    const routeFile: Plugin = {
      name: 'route-file',
      setup(b) {
        b.onResolve({ filter: /^route-file$/ }, () => ({ path: 'app/rep/[...path]/route.ts', namespace: 'route-file' }));
        b.onLoad({ filter: /.*/, namespace: 'route-file' }, () => ({ contents: route, loader: 'ts', resolveDir: HERE }));
      },
    };
    const bundle = await bundleWorker("import { GET } from 'route-file';\nexport default { fetch: (request) => GET(request) };\n", 'js', {
      define: { 'process.env.REPKIT_API_KEY': JSON.stringify(KEY) },
      plugins: [routeFile, wasmModules],
    });
    mf = startWorker(bundle);
  });

  it.each(CASES.slice(0, 3))('draws %s (%s, %s) as the Node proxy does', async (fixture, locale, theme) => {
    const path = cardPath(fixture, locale, theme);
    await expectSameCard(path, await mf.dispatchFetch(`http://proxy.test${path}`, { headers: { 'X-Forwarded-For': '203.0.113.7' } }));
  });
});

describe('the Deno recipe: resvg-wasm with the wasm bytes of the same version', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names one version in both places, the one installed here, and draws the card as the Node proxy does', async () => {
    const code = toSandbox(recipe('The share card on Deno', 'ts'), sb.url);
    const url = `https://unpkg.com/@resvg/resvg-wasm@${RESVG_WASM_VERSION}/index_bg.wasm`;
    expect(code).toContain(`'npm:@resvg/resvg-wasm@${RESVG_WASM_VERSION}'`);
    expect(code).toContain(`'${url}'`);
    // No internet here: the CDN's file is the one npm installed.
    const wasmFetches: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) != url) return realFetch(input, init);
      wasmFetches.push(String(input));
      return Promise.resolve(new Response(readFileSync(RESVG_WASM), { headers: { 'Content-Type': 'application/wasm' } }));
    });
    let serve: ((request: Request, info: { remoteAddr: { hostname: string } }) => Promise<Response>) | undefined;
    vi.stubGlobal('Deno', {
      serve: (handler: typeof serve) => void (serve = handler),
      env: { get: (name: string) => (name == 'REPKIT_API_KEY' ? KEY : undefined) },
    });
    const js = (await transform(code, { loader: 'ts', format: 'esm' })).code
      .replace(/(["'])npm:repkit\/proxy\1/, `'${pathToFileURL(PROXY_DIST).href}'`)
      .replace(/(["'])npm:@resvg\/resvg-wasm@[^"']*\1/, `'${pathToFileURL(`${RESVG_WASM_DIR}/index.mjs`).href}'`);
    await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);
    expect(wasmFetches).toEqual([url]);
    const path = cardPath('hostile', 'ar', 'light');
    vi.unstubAllGlobals();
    await expectSameCard(path, await serve!(new Request(`http://proxy.test${path}`), { remoteAddr: { hostname: '203.0.113.8' } }));
  });
});

describe('the Node proxy: resvg-js reads its font from a file', () => {
  const FONT_FILE_SENTENCE =
    "@resvg/resvg-js reads fonts from files only, and the card's font could not be written under the temporary folder (os.tmpdir(), TMPDIR)";
  const tmpdir = process.env.TMPDIR;
  afterEach(() => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  });

  it('answers 501 naming the temporary folder when the file cannot be written, and draws once it can', async () => {
    process.env.TMPDIR = `${ROOT}artifacts/no-such-folder/below-it`;
    // A font of the operator's (a copy of the shipped one): written for this proxy, not shared with the others.
    const handler = built.createProxy({ apiKey: KEY, upstream: sb.url, card: { font: new Uint8Array(readFileSync(CARD_FONT_FILE)) } });
    const path = cardPath('rich', 'en', 'light');
    const refused = await handler(new Request(`http://proxy.test${path}`));
    expect(refused.status).toBe(501);
    expect(((await refused.json()) as { message: string }).message).toBe(`repkit proxy: ${FONT_FILE_SENTENCE}`);
    expect(readFileSync(`${ROOT}docs/proxy.md`, 'utf8')).toContain(`| \`${FONT_FILE_SENTENCE}\` |`);
    process.env.TMPDIR = tmpdir ?? '/tmp';
    await expectSameCard(path, await handler(new Request(`http://proxy.test${path}`)));
  });
});

describe('what an operator passes as card on Workers, and the 501 sentence a mistake gets', () => {
  const WORKER = `
import { createProxy } from 'repkit/proxy';
import * as resvg from '@resvg/resvg-wasm';
import wasm from '@resvg/resvg-wasm/index_bg.wasm';
import wasmBytes from './resvg-wasm-bytes.bin';
import otherWasm from './other.wasm';

const CARDS = {
  bytes: { resvg, wasm: wasmBytes },
  noWasm: { resvg },
  nothing: undefined,
  namedImport: { resvg: { Resvg: resvg.Resvg }, wasm },
  otherWasm: { resvg, wasm: otherWasm },
};
let proxy;
export default {
  fetch(request, env, ctx) {
    proxy ??= createProxy({ apiKey: env.KEY, upstream: env.UPSTREAM, card: CARDS[env.CARD] });
    return proxy(request, ctx);
  },
};
`;
  const WASM_IMPORT = "import wasm from '@resvg/resvg-wasm/index_bg.wasm'";
  const sentences: Record<string, string> = {
    bytes: `this runtime cannot compile WebAssembly from bytes: pass card.wasm as the module your bundler makes of @resvg/resvg-wasm's wasm (${WASM_IMPORT} on Workers, with ?module on Vercel Edge)`,
    noWasm: `card.resvg is @resvg/resvg-wasm, which needs its wasm as card.wasm (${WASM_IMPORT})`,
    nothing:
      'the card image needs @resvg/resvg-js (npm install @resvg/resvg-js); on Workers, Vercel Edge and Deno, pass @resvg/resvg-wasm and its wasm as the option card',
    namedImport: "card.wasm was given, but card.resvg is not @resvg/resvg-wasm (import * as resvg from '@resvg/resvg-wasm')",
    otherWasm:
      'card.wasm is not the index_bg.wasm of the @resvg/resvg-wasm given as card.resvg (both must come from the same version of the package)',
  };
  let bundle = '';
  beforeAll(async () => {
    bundle = await bundleWorker(WORKER, 'js');
  });

  it.each(Object.keys(sentences))('%s: 501, naming what to pass instead; the share page is still served', async (card) => {
    // A worker of its own for each: resvg-wasm starts once per isolate.
    const mf = startWorker(bundle, { KEY, UPSTREAM: sb.url, CARD: card });
    const response = await mf.dispatchFetch(`http://proxy.test${cardPath('rich', 'en', 'light')}`);
    expect(response.status).toBe(501);
    expect(((await response.json()) as { message: string }).message).toBe(`repkit proxy: ${sentences[card]}`);
    const page = await mf.dispatchFetch(`http://proxy.test/rep/u/${ADDRESSES.rich}`);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
  });

  it('documents each sentence in docs/proxy.md', () => {
    const page = readFileSync(`${ROOT}docs/proxy.md`, 'utf8');
    for (const sentence of Object.values(sentences)) expect(page).toContain(`| \`${sentence}\` |`);
  });
});
