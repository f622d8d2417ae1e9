// @vitest-environment node
/**
 * The share card is the same image from a Workers proxy as from a Node proxy (issue 43): the card
 * SVG of sandbox addresses, drawn by @resvg/resvg-js in Node and by @resvg/resvg-wasm inside
 * workerd (Miniflare), decodes to 1200×630 in both with under 1 % of pixels different.
 *
 * The worker is built the way wrangler builds an operator's: esbuild bundles it, and each `.wasm`
 * it imports stays a module of its own, a `CompiledWasm` that workerd compiles when it loads the
 * worker (workerd compiles no wasm from bytes at run time). So `import wasm from
 * '@resvg/resvg-wasm/index_bg.wasm'` is a `WebAssembly.Module` here as it is on Cloudflare. The
 * drawing code is ./card-workers-entry.ts, the same sources in both runtimes, with the font the
 * build ships (scripts/card-font.mjs).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { Miniflare } from 'miniflare';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvgOptions } from '../../src/proxy/svg';
import { CARD_FONT_FILE, cardFontEsbuild } from '../../scripts/card-font.mjs';
import { ADDRESSES, KEY, useSandbox } from './util';
import type { CardData, Drawn } from './card-workers-entry';

const ROOT = new URL('../..', import.meta.url).pathname;
const HERE = `${ROOT}test/proxy`;
const RESVG_WASM = `${ROOT}node_modules/@resvg/resvg-wasm/index_bg.wasm`;

/**
 * The worker, as an operator writes it for the card (docs/proxy.md, "Cloudflare Workers"), plus
 * the wrong things an operator may pass as `card`, chosen by `env.CARD`.
 */
const WORKER = `
import * as resvg from '@resvg/resvg-wasm';
import wasm from '@resvg/resvg-wasm/index_bg.wasm';
import wasmBytes from './resvg-wasm-bytes.bin';
import otherWasm from './other.wasm';
import { drawCard, shippedFontDigest } from './card-workers-entry.ts';

const CARDS = {
  recipe: { resvg, wasm },
  bytes: { resvg, wasm: wasmBytes },
  noWasm: { resvg },
  nothing: {},
  swapped: { resvg: wasm, wasm: resvg },
  notResvg: { resvg: wasm },
  otherWasm: { resvg, wasm: otherWasm },
};

export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname == '/font') return new Response(await shippedFontDigest());
    const { data, options } = await request.json();
    const drawn = await drawCard(data, options, CARDS[env.CARD]);
    return drawn.ok ? new Response(drawn.png, { headers: { 'Content-Type': 'image/png' } }) : Response.json(drawn, { status: 501 });
  },
};
`;

/** The smallest valid wasm module: a module, but not resvg's. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/** wrangler's module rules: `.wasm` imports stay CompiledWasm modules, `.bin` Data (an ArrayBuffer), beside the bundle. */
const wranglerRules: Plugin = {
  name: 'wrangler-module-rules',
  setup(b) {
    b.onResolve({ filter: /\.(wasm|bin)$/ }, (args) => ({ path: `./${basename(args.path)}`, external: true }));
  },
};

const bundle = async (options: Parameters<typeof build>[0]): Promise<string> => {
  const result = await build({ bundle: true, format: 'esm', target: 'es2022', write: false, logLevel: 'silent', ...options });
  return result.outputFiles![0]!.text;
};

const sb = useSandbox();
const started: Miniflare[] = [];
let worker = '';
let drawInNode: (data: CardData, o: SvgOptions, card: object) => Promise<Drawn>;
let nodeFontDigest: () => Promise<string>;

beforeAll(async () => {
  worker = await bundle({
    stdin: { contents: WORKER, resolveDir: HERE, sourcefile: 'worker.mjs', loader: 'js' },
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    plugins: [wranglerRules, cardFontEsbuild()],
  });
  const forNode = await bundle({ entryPoints: [`${HERE}/card-workers-entry.ts`], platform: 'node', plugins: [cardFontEsbuild()] });
  mkdirSync(`${ROOT}artifacts`, { recursive: true });
  const file = `${ROOT}artifacts/card-workers-${process.pid}.mjs`;
  writeFileSync(file, forNode);
  ({ drawCard: drawInNode, shippedFontDigest: nodeFontDigest } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    drawCard: typeof drawInNode;
    shippedFontDigest: typeof nodeFontDigest;
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(started.map((mf) => mf.dispose()));
});

/** workerd with the bundled worker and its wasm modules, passing `card` as the named case of CARDS. */
const startWorker = (card: string): Miniflare => {
  const mf = new Miniflare({
    modulesRoot: HERE,
    modules: [
      { type: 'ESModule', path: `${HERE}/worker.mjs`, contents: worker },
      { type: 'CompiledWasm', path: `${HERE}/index_bg.wasm`, contents: readFileSync(RESVG_WASM) },
      { type: 'Data', path: `${HERE}/resvg-wasm-bytes.bin`, contents: readFileSync(RESVG_WASM) },
      { type: 'CompiledWasm', path: `${HERE}/other.wasm`, contents: EMPTY_WASM },
    ],
    bindings: { CARD: card },
    compatibilityDate: '2025-01-01',
  });
  started.push(mf);
  return mf;
};

/** The sandbox's answers for an address, as the proxy would have them cached. */
const dataOf = async (address: string): Promise<CardData> => {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${sb.url}/api/v2/${path}`, { headers: { 'X-API-Key': KEY } });
    expect(response.status, path).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
  const [scores, earned, defined] = await Promise.all([
    get<CardData['scores']>(`scores/${address}`),
    get<{ badges: CardData['badges'] }>(`badges/${address}`),
    get<{ badges: CardData['definitions'] }>('metadata/badges'),
  ]);
  return { address, scores, badges: earned.badges, definitions: defined.badges };
};

const decode = (png: Uint8Array): PNG => PNG.sync.read(Buffer.from(png));

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

const inWorker = async (mf: Miniflare, data: CardData, options: SvgOptions): Promise<Response> =>
  (await mf.dispatchFetch('http://worker.test/card', { method: 'POST', body: JSON.stringify({ data, options }) })) as unknown as Response;

describe('the share card in workerd (resvg-wasm) and in Node (resvg-js)', () => {
  let mf: Miniflare;
  beforeAll(() => {
    mf = startWorker('recipe');
  });

  it('decodes the shipped font to the same bytes as the font file, in both runtimes', async () => {
    const file = createHash('sha256').update(readFileSync(CARD_FONT_FILE)).digest('hex');
    expect(await nodeFontDigest()).toBe(file);
    expect(await (await mf.dispatchFetch('http://worker.test/font')).text()).toBe(file);
  });

  const cases: [keyof typeof ADDRESSES, string, SvgOptions['theme']][] = [
    ['rich', 'en', 'light'],
    ['rich', 'ja', 'dark'],
    ['hostile', 'ar', 'light'],
    ['hostile', 'de', 'dark'],
  ];
  const drawnInNode = new Map<string, PNG>();

  it.each(cases)('draws %s (%s, %s) as the same 1200×630 PNG', async (fixture, locale, theme) => {
    const data = await dataOf(ADDRESSES[fixture]);
    const options = { locale, theme };
    const node = await drawInNode(data, options, {});
    if (!node.ok) throw new Error(node.message);
    const response = await inWorker(mf, data, options);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const [fromNode, fromWorker] = [decode(node.png), decode(new Uint8Array(await response.arrayBuffer()))];
    expect([fromNode.width, fromNode.height]).toEqual([1200, 630]);
    expect([fromWorker.width, fromWorker.height]).toEqual([1200, 630]);
    expect(pixelDifference(fromNode, fromWorker)).toBeLessThan(0.01);
    drawnInNode.set(`${fixture} ${theme}`, fromNode);
  });

  it('tells different cards apart by the same measure (it is not blind)', () => {
    // Two cards of one theme: the same frame and colours, different text.
    const richDark = drawnInNode.get('rich dark');
    const hostileDark = drawnInNode.get('hostile dark');
    expect(richDark && hostileDark).toBeTruthy();
    expect(pixelDifference(richDark!, hostileDark!)).toBeGreaterThan(0.01);
  });
});

describe('what an operator passes as the option card, and the 501 sentence a mistake gets', () => {
  const sentences: Record<string, RegExp> = {
    bytes: /cannot compile WebAssembly from bytes: .*import wasm from '@resvg\/resvg-wasm\/index_bg\.wasm'/,
    noWasm:
      /card\.resvg is @resvg\/resvg-wasm, which needs its wasm as card\.wasm \(import wasm from '@resvg\/resvg-wasm\/index_bg\.wasm'\)/,
    nothing: /the card image needs @resvg\/resvg-js .*pass @resvg\/resvg-wasm and its wasm as the option card/,
    swapped: /card\.wasm was given, but card\.resvg is not @resvg\/resvg-wasm/,
    notResvg: /card\.resvg cannot draw the card: give @resvg\/resvg-js, or @resvg\/resvg-wasm with its wasm as card\.wasm/,
    otherWasm: /card\.wasm is not the index_bg\.wasm of the @resvg\/resvg-wasm given as card\.resvg/,
  };

  it.each(Object.keys(sentences))('%s: a 501 that says what to pass instead', async (card) => {
    const mf = startWorker(card);
    const response = await inWorker(mf, await dataOf(ADDRESSES.rich), { locale: 'en', theme: 'light' });
    const body = (await response.json()) as Drawn;
    expect(response.status).toBe(501);
    expect(body.ok).toBe(false);
    expect(!body.ok && body.message).toMatch(sentences[card]!);
  });
});
