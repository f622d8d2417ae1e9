// @vitest-environment node
/**
 * The share routes (docs/share-links.md) of the built proxy, served by its Node adapter over real
 * HTTP in front of the sandbox: the share page as unfurl parsers no one here wrote read it
 * (open-graph-scraper, metascraper), its card as pngjs decodes it, oEmbed, the headers, the 404,
 * 501 and 503 answers, the quota they spend and the sandbox's hostile text.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import metascraper from 'metascraper';
import metascraperDescription from 'metascraper-description';
import metascraperImage from 'metascraper-image';
import metascraperTitle from 'metascraper-title';
import ogs from 'open-graph-scraper';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProxyOptions } from '../../src/proxy';
import type * as ProxyModule from '../../src/proxy/index';
import type * as NodeModule from '../../src/proxy/node';
import { HOSTILE_STRINGS } from '../service/fixtures.mjs';
import { cardSvg } from '../../src/proxy/share/card';
import { TIERS } from '../../src/widgets/tiers';
import { distGraph, ensureProxyBuild, PROXY_DIST, PROXY_NODE_DIST } from './build.mjs';
import { ADDRESSES, KEY, fakeClock, syntheticAddress, useHttpServer, useSandbox } from './util';

const sb = useSandbox();
const A = ADDRESSES.rich;
const HOSTILE = ADDRESSES.hostile;

let built: { createProxy: typeof ProxyModule.createProxy; toNodeListener: typeof NodeModule.toNodeListener };
beforeAll(async () => {
  const proxy = (await import(pathToFileURL(ensureProxyBuild()).href)) as typeof ProxyModule;
  const node = (await import(pathToFileURL(PROXY_NODE_DIST).href)) as typeof NodeModule;
  built = { createProxy: proxy.createProxy, toNodeListener: node.toNodeListener };
});

/** The built proxy with `options` (at their defaults otherwise), served on loopback for the calling block; `base` is its `/rep`. */
const useProxy = (options: Partial<ProxyOptions> | (() => Partial<ProxyOptions>) = {}) => {
  const server = useHttpServer(() => {
    let listener: ReturnType<typeof NodeModule.toNodeListener> | undefined;
    // Made on the first request: the sandbox's URL is known by then.
    return (req, res) => {
      const given = typeof options == 'function' ? options() : options;
      listener ??= built.toNodeListener(built.createProxy({ apiKey: KEY, upstream: sb.url, basePath: '/rep', ...given }));
      listener(req, res);
    };
  });
  return {
    get base() {
      return `${server.url}/rep`;
    },
  };
};

const metaOf = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\:')}" content="([^"]*)">`).exec(html)?.[1];

const pngOf = async (response: Response): Promise<{ png: PNG; bytes: number }> => {
  const bytes = Buffer.from(await response.arrayBuffer());
  return { png: PNG.sync.read(bytes), bytes: bytes.length };
};

describe('the share page, as unfurlers read it', () => {
  const proxy = useProxy();

  it('gives open-graph-scraper the title, description and an image that is a 1200×630 PNG under 150 kB', async () => {
    const { result } = await ogs({ url: `${proxy.base}/u/${A}` });
    expect(result.ogTitle).toBe('Reputation score 89 for 1bW2n3…CFa6');
    expect(result.ogDescription).toMatch(/^Reputation score 89 for 1bW2n3…CFa6 · Top badges: .+\(Gold\)/);
    expect(result.twitterCard).toBe('summary_large_image');
    expect(result.ogUrl).toBe(`${proxy.base}/u/${A}`);
    const image = result.ogImage?.[0];
    expect(image?.url).toBe(`${proxy.base}/card/${A}.png`);
    expect([image?.width, image?.height].map(Number)).toEqual([1200, 630]);
    const card = await fetch(image!.url);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const { png, bytes } = await pngOf(card);
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(bytes).toBeLessThan(150_000);
  });

  it('gives metascraper the same title, description and image', async () => {
    const url = `${proxy.base}/u/${A}?locale=de`;
    const html = await (await fetch(url)).text();
    const read = await metascraper([metascraperTitle(), metascraperDescription(), metascraperImage()])({ html, url });
    expect(read.title).toBe('Reputationswert 89 für 1bW2n3…CFa6');
    expect(read.description).toContain('Reputationswert 89');
    expect(read.image).toBe(`${proxy.base}/card/${A}.png?locale=de`);
    const { png } = await pngOf(await fetch(read.image!));
    expect([png.width, png.height]).toEqual([1200, 630]);
  });

  it('names the canonical page and its oEmbed, and is readable without JavaScript (the widgets rendered by repkit/server)', async () => {
    const html = await (await fetch(`${proxy.base}/u/${A}?theme=dark`)).text();
    expect(html).toContain(`<link rel="canonical" href="${proxy.base}/u/${A}">`);
    const oembed = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1].replace(/&amp;/g, '&');
    expect(oembed).toBe(`${proxy.base}/oembed?url=${encodeURIComponent(`${proxy.base}/u/${A}?theme=dark`)}&format=json`);
    expect(metaOf(html, 'og:image')).toBe(`${proxy.base}/card/${A}.png?theme=dark`);
    expect(metaOf(html, 'og:image:alt')).toBe('Reputation score 89 for 1bW2n3…CFa6');
    expect(html).toMatch(/<repkit-widget type="reputation"[^>]*><template shadowrootmode="open">/);
    expect(html).toMatch(/<repkit-widget type="badge"/);
    expect(html).not.toMatch(/<script(?! type="application\/json")/);
  });

  it('speaks the language Accept-Language asks for when the URL names none, and says it varies by it', async () => {
    const response = await fetch(`${proxy.base}/u/${A}`, { headers: { 'Accept-Language': 'xx, fr-CH;q=0.9, en;q=0.5' } });
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="fr-CH">/);
    expect(metaOf(html, 'og:title')).toMatch(/^Score de réputation 89/);
    // The card speaks the page's language by its URL, whoever fetches it.
    expect(metaOf(html, 'og:image')).toBe(`${proxy.base}/card/${A}.png?locale=fr-CH`);
    const pinned = await fetch(`${proxy.base}/u/${A}?locale=ar`, { headers: { 'Accept-Language': 'fr' } });
    expect(pinned.headers.get('vary') ?? '').not.toMatch(/Accept-Language/);
    expect(await pinned.text()).toMatch(/<html lang="ar" dir="rtl">/);
  });
});

describe('headers', () => {
  const proxy = useProxy();

  it('sends the page with a strict policy, nosniff, the data’s TTL and an ETag that answers 304', async () => {
    const response = await fetch(`${proxy.base}/u/${A}`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval|\*/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=(300|299), s-maxage=(300|299), stale-while-revalidate=60/);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{8}-[0-9a-f]+"$/);
    const again = await fetch(`${proxy.base}/u/${A}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('lets any site frame the embed view, and no site the page', async () => {
    const embed = await fetch(`${proxy.base}/u/${A}?embed`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).not.toMatch(/frame-ancestors/);
    expect(await embed.text()).toContain('<body class="embed">');
  });

  it('sends the card with its type, nosniff, max-age from the TTL, an ETag and 304, uncompressed', async () => {
    const first = await fetch(`${proxy.base}/card/${A}.png`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('content-encoding')).toBeNull();
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${proxy.base}/card/${A}.png`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('pages and cards with nothing to show', () => {
  const proxy = useProxy();

  it('answers a malformed address with a 404 page that says so, and a 404 grey card', async () => {
    const page = await fetch(`${proxy.base}/u/not-an-address`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('This is not a valid address.');
    expect(html).not.toContain('not-an-address');
    const card = await fetch(`${proxy.base}/card/not-an-address.png`);
    expect(card.status).toBe(404);
    expect((await pngOf(card)).png.width).toBe(1200);
    expect(sb.sandbox.requests.filter((r) => r.path.includes('not-an-address'))).toEqual([]);
  });

  describe('an address the service has no data for', () => {
    const noData = useProxy(() => ({ upstream: sb.fault({ status: 404 }) }));

    it('gets a 200 page that says so, and a grey card', async () => {
      const response = await fetch(`${noData.base}/u/${A}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('There is no reputation data for this address yet.');
      expect(metaOf(html, 'og:title')).toBe('Reputation of 1bW2n3…CFa6');
      const card = await fetch(`${noData.base}/card/${A}.png`);
      expect(card.status).toBe(200);
      expect((await pngOf(card)).png.width).toBe(1200);
    });
  });
});

describe('oEmbed', () => {
  const proxy = useProxy();

  it('answers a rich embed: an iframe of the embed view, the card as thumbnail, within maxwidth and maxheight', async () => {
    const page = `${proxy.base}/u/${A}`;
    const response = await fetch(`${proxy.base}/oembed?url=${encodeURIComponent(page)}&format=json&maxwidth=300&maxheight=250`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'repkit',
      title: 'Reputation score 89 for 1bW2n3…CFa6',
      width: 300,
      height: 250,
      thumbnail_url: `${proxy.base}/card/${A}.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    expect(answer.html).toBe(
      `<iframe src="${page}?embed" width="300" height="250" title="Reputation score 89 for 1bW2n3…CFa6" loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox" style="border:0;max-width:100%"></iframe>`,
    );
    const framed = await fetch(`${page}?embed`);
    expect(framed.status).toBe(200);
  });

  it('answers format=xml with 501, and a url that is not a share page of this proxy with 404', async () => {
    const page = encodeURIComponent(`${proxy.base}/u/${A}`);
    expect((await fetch(`${proxy.base}/oembed?url=${page}&format=xml`)).status).toBe(501);
    for (const url of [
      `https://elsewhere.example/rep/u/${A}`,
      `${proxy.base}/badge/reputation/${A}.svg`,
      `${proxy.base}/u/nope`,
      'not a url',
    ]) {
      const response = await fetch(`${proxy.base}/oembed?url=${encodeURIComponent(url)}&format=json`);
      expect(response.status, url).toBe(404);
      expect(((await response.json()) as { message: string }).message).toMatch(/not a share page of this proxy/);
    }
  });
});

describe('quota', () => {
  const proxy = useProxy();

  it('spends what the reputation and badge widgets spend: one request per path, whatever is shared', async () => {
    const address = syntheticAddress(4301);
    await (await fetch(`${proxy.base}/u/${address}`)).text();
    await (await fetch(`${proxy.base}/card/${address}.png`)).arrayBuffer();
    await (await fetch(`${proxy.base}/card/${address}.png?theme=dark&locale=de`)).arrayBuffer();
    await (await fetch(`${proxy.base}/oembed?url=${encodeURIComponent(`${proxy.base}/u/${address}`)}`)).text();
    await (await fetch(`${proxy.base}/api/v2/scores/${address}`)).text();
    expect([sb.hits(`scores/${address}`), sb.hits(`badges/${address}`), sb.hits(`profiles/${address}`)]).toEqual([1, 1, 0]);
  });
});

describe('rendering', () => {
  it('draws a card once per address, theme and locale per TTL', async () => {
    const clock = fakeClock(Date.now());
    try {
      let renders = 0;
      const resvg = (await import('@resvg/resvg-js')) as unknown as { Resvg: new (svg: string, options: unknown) => object };
      /** resvg-js's own class, counting how many cards are drawn (a function called with `new` that returns its object). */
      function Counting(svg: string, options: unknown): object {
        renders++;
        return new resvg.Resvg(svg, options);
      }
      const handler = built.createProxy({ apiKey: KEY, upstream: sb.url, card: { resvg: { Resvg: Counting as never } } });
      const card = (query = '') => handler(new Request(`http://proxy.test/card/${A}.png${query}`)).then((r) => r.arrayBuffer());
      await Promise.all([card(), card(), card()]);
      await card();
      await card('?theme=dark');
      expect(renders).toBe(2);
      clock.advance(301 + 60);
      await card();
      expect(renders).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws at most maxRenders at once: past that 503 with Retry-After, or the card drawn before', async () => {
    const handler = built.createProxy({ apiKey: KEY, upstream: sb.url, card: { maxRenders: 1 } });
    const locales = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja'];
    const answers = await Promise.all(locales.map((locale) => handler(new Request(`http://proxy.test/card/${A}.png?locale=${locale}`))));
    const statuses = answers.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    const refused = answers.find((r) => r.status == 503)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/card\.maxRenders/);
    // A card drawn before is served while the slots are taken.
    const drawn = locales[statuses.indexOf(200)]!;
    const again = await Promise.all([
      handler(new Request(`http://proxy.test/card/${A}.png?locale=${drawn}`)),
      ...locales.map((l) => handler(new Request(`http://proxy.test/card/${A}.png?theme=dark&locale=${l}`))),
    ]);
    expect(again[0]!.status).toBe(200);
  });
});

describe('without @resvg/resvg-js', () => {
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers the card with 501 naming the package, and still serves the page', async () => {
    // The built files alone, where no node_modules can be found: as a proxy installed without the peer dependency.
    dir = mkdtempSync(join(tmpdir(), 'repkit-no-resvg-'));
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    for (const file of distGraph(PROXY_DIST)) for (const f of [file, `${file}.map`]) cpSync(f, join(dist, basename(f)));
    expect(readdirSync(dist)).toContain('repkit.proxy.mjs');
    const { createProxy } = (await import(pathToFileURL(join(dist, 'repkit.proxy.mjs')).href)) as typeof ProxyModule;
    const handler = createProxy({ apiKey: KEY, upstream: sb.url });
    const card = await handler(new Request(`http://proxy.test/card/${A}.png`));
    expect(card.status).toBe(501);
    expect(((await card.json()) as { message: string }).message).toMatch(/needs @resvg\/resvg-js \(npm install @resvg\/resvg-js\)/);
    expect((await handler(new Request(`http://proxy.test/u/${A}`))).status).toBe(200);
  });
});

describe('hostile text', () => {
  const proxy = useProxy();

  it('reaches meta tags, the page and oEmbed JSON as text, never as markup', async () => {
    const html = await (await fetch(`${proxy.base}/u/${HOSTILE}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    for (const [, content] of head.matchAll(/<meta [^>]*content="([^"]*)">/g)) expect(content).not.toMatch(/[<>"]/);
    expect(metaOf(html, 'og:description')).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // No hostile string that holds markup comes out as it is: each is escaped text.
    for (const s of HOSTILE_STRINGS.filter((h) => /[<>]/.test(h))) expect(html).not.toContain(s);
    expect([...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1])).toEqual([' type="application/json"', ' type="application/json"']);
    const oembed = await (await fetch(`${proxy.base}/oembed?url=${encodeURIComponent(`${proxy.base}/u/${HOSTILE}`)}&format=json`)).text();
    expect(oembed).not.toMatch(/[<>&]/);
    for (const s of HOSTILE_STRINGS) expect(oembed).not.toContain(s);
    const card = await fetch(`${proxy.base}/card/${HOSTILE}.png`);
    expect(card.status).toBe(200);
    expect((await pngOf(card)).png.height).toBe(630);
  });

  it("reaches the card's SVG as text only: the elements are the card's own, and resvg parses it", async () => {
    // A font that draws everything, so that every hostile string is written into the SVG.
    const everything = { draws: () => true };
    const facts = {
      address: HOSTILE,
      total: 67,
      categories: HOSTILE_STRINGS.slice(0, 3).map((name, i) => ({ name, score: i })),
      badges: HOSTILE_STRINGS.slice(3, 7).map((title, i) => ({ title, tier: TIERS[i % TIERS.length]! })),
      badgeCount: 4,
    };
    for (const shift of [0, 3, 6, 9, 12, 15]) {
      const shifted = {
        ...facts,
        categories: facts.categories.map((c, i) => ({ ...c, name: HOSTILE_STRINGS[(i + shift) % HOSTILE_STRINGS.length]! })),
      };
      const svg = cardSvg(shifted, HOSTILE_STRINGS[shift]!, { theme: 'dark', locale: 'en' }, everything);
      const tags = new Set([...svg.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]));
      expect([...tags].sort()).toEqual(['g', 'line', 'rect', 'svg', 'text', 'title']);
      const { Resvg } = await import('@resvg/resvg-js');
      expect(() => new Resvg(svg, { font: { loadSystemFonts: false } }).render()).not.toThrow();
    }
  });
});
