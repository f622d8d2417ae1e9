/**
 * Chromium shows the proxy's SVG badges as images: the built dist/repkit.proxy.mjs behind its
 * node:http adapter, in front of the sandbox, on the page's own origin. Each badge loads in an
 * `<img>` (a broken image has no natural width), parses with the browser's strict XML parser,
 * and the badges badge paints its tier colour, read back through a canvas. In another
 * `locale=`, each badge speaks it, and Arabic and Hebrew are drawn right to left, each text
 * inside its box (drawn inline, where the browser measures every glyph).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureProxyBuild, PROXY_DIST, PROXY_NODE_DIST } from '../proxy/build.mjs';
import { TIER_COLORS } from '../../src/widgets/tiers';
import ar from '../../src/locales/ar';
import he from '../../src/locales/he';
import ja from '../../src/locales/ja';
import { ADDRESSES, API_KEY, useBrowser } from './harness';

type Proxy = typeof import('../../src/proxy');
type ProxyNode = typeof import('../../src/proxy/node');

const browser = useBrowser();
const BADGES = [
  `reputation/${ADDRESSES.rich}.svg`,
  `reputation/${ADDRESSES.rich}.svg?compact&theme=dark`,
  `badges/${ADDRESSES.rich}.svg`,
  `reputation/${ADDRESSES.hostile}.svg`,
  `badges/${ADDRESSES.hostile}.svg`,
  'reputation/not-an-address.svg',
];
/** Badges in other languages: right to left (Arabic, Hebrew) and left to right (Japanese, German). */
const LOCALIZED = [
  `reputation/${ADDRESSES.rich}.svg?locale=ar`,
  `badges/${ADDRESSES.rich}.svg?locale=he&theme=dark`,
  `reputation/${ADDRESSES.rich}.svg?locale=ja`,
  `badges/${ADDRESSES.rich}.svg?locale=de`,
];

let server: http.Server | undefined;
let site = '';

beforeAll(async () => {
  ensureProxyBuild();
  const { createProxy } = (await import(/* @vite-ignore */ pathToFileURL(PROXY_DIST).href)) as Proxy;
  const { toNodeListener } = (await import(/* @vite-ignore */ pathToFileURL(PROXY_NODE_DIST).href)) as ProxyNode;
  const proxy = toNodeListener(createProxy({ apiKey: API_KEY, upstream: browser.url, basePath: '/rep', onEvent: () => {} }));
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>badges</title></head><body>
${BADGES.map((b, i) => `<img id="b${i}" alt="badge ${i}" src="/rep/badge/${b.replace(/&/g, '&amp;')}">`).join('\n')}
</body></html>`;
  server = http.createServer((req, res) => {
    if ((req.url ?? '').startsWith('/rep/')) return proxy(req, res);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

it('loads every badge as an image, well-formed, and paints the badges` tier colours', async () => {
  const { page, log } = await browser.page();
  await page.goto(site);
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 15000 });
  const widths = await page.$$eval('img', (imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
  expect(widths.every((w) => w > 0)).toBe(true);

  const parsed = await page.evaluate(async (paths) => {
    return Promise.all(
      paths.map(async (path) => {
        const doc = new DOMParser().parseFromString(await (await fetch(`/rep/badge/${path}`)).text(), 'image/svg+xml');
        return {
          error: doc.getElementsByTagName('parsererror').length,
          foreign: doc.querySelectorAll('script, foreignObject, image, style').length,
          label: doc.documentElement.getAttribute('aria-label'),
        };
      }),
    );
  }, BADGES);
  for (const p of parsed) {
    expect(p.error).toBe(0);
    expect(p.foreign).toBe(0);
    expect(p.label).toMatch(/\S/);
  }
  expect(parsed[0]!.label).toMatch(/^Reputation score [\d,.]+ for 1bW2n3…CFa6/);

  // The badges badge through a canvas (same origin, so not tainted): some pixel has a tier colour.
  const colours = await page.evaluate(() => {
    const img = document.getElementById('b2') as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<string>();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] == 255) seen.add(`#${[data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`);
    }
    return [...seen];
  });
  expect(colours.some((c) => Object.values(TIER_COLORS).some((t) => t.toLowerCase() == c))).toBe(true);
  expect(log.errors).toEqual([]);
});

/** Each text of a badge drawn inline: its box, its rendered extent, and where its first and last characters are painted. */
interface DrawnText {
  text: string;
  box: [number, number];
  drawn: [number, number];
  firstAt: number;
  lastAt: number;
}

it('speaks the locale= it is asked for, and draws Arabic and Hebrew right to left inside their boxes', async () => {
  const { page, log } = await browser.page();
  await page.goto(site);
  const drawn = await page.evaluate(async (paths) => {
    const out: Record<string, { lang: string | null; label: string | null; direction: string; texts: DrawnText[] }> = {};
    for (const path of paths) {
      const doc = new DOMParser().parseFromString(await (await fetch(`/rep/badge/${path}`)).text(), 'image/svg+xml');
      const svg = document.body.appendChild(document.importNode(doc.documentElement, true)) as unknown as SVGSVGElement;
      const rects = Array.from(svg.querySelectorAll('g[clip-path] rect'));
      const texts = Array.from(svg.querySelectorAll('text')).map((t, i): DrawnText => {
        const bbox = t.getBBox();
        const x = Number(rects[i]!.getAttribute('x'));
        const n = t.getNumberOfChars();
        const mid = (c: number) => (t.getStartPositionOfChar(c).x + t.getEndPositionOfChar(c).x) / 2;
        return {
          text: t.textContent ?? '',
          box: [x, x + Number(rects[i]!.getAttribute('width'))],
          drawn: [bbox.x, bbox.x + bbox.width],
          firstAt: mid(0),
          lastAt: mid(n - 1),
        };
      });
      out[path] = {
        lang: svg.getAttribute('lang'),
        label: svg.getAttribute('aria-label'),
        direction: getComputedStyle(svg.querySelector('text')!).direction,
        texts,
      };
    }
    return out;
  }, LOCALIZED);
  for (const path of LOCALIZED) {
    const { texts, direction, label, lang } = drawn[path]!;
    const rtl = /locale=(ar|he)/.test(path);
    expect(direction, path).toBe(rtl ? 'rtl' : 'ltr');
    expect(lang, path).toBe(/locale=([\w-]+)/.exec(path)![1]);
    // Every text inside its own box (1 px of slack for anti-aliasing of the fitted glyphs).
    for (const t of texts) {
      expect(t.drawn[0], `${path}: ${t.text}`).toBeGreaterThanOrEqual(t.box[0] + 5);
      expect(t.drawn[1], `${path}: ${t.text}`).toBeLessThanOrEqual(t.box[1] - 5);
    }
    // The label (a word of the language) reads from its start edge: the right in Arabic and Hebrew.
    const first = texts[0]!;
    expect(first.firstAt > first.lastAt, `${path}: ${first.text}`).toBe(rtl);
    // The label box leads: at the right edge of a right-to-left badge.
    const right = Math.max(...texts.map((t) => t.box[1]));
    expect(first.box[1] == right, path).toBe(rtl);
    expect(label, path).not.toMatch(/Reputation score|earned by|Top (categories|badges)/);
  }
  expect(drawn[LOCALIZED[0]!]!.texts[0]!.text).toBe(ar.reputation);
  expect(drawn[LOCALIZED[1]!]!.texts[0]!.text).toBe(he.badges);
  expect(drawn[LOCALIZED[2]!]!.texts[0]!.text).toBe(ja.reputation);
  // The image itself loads in each language.
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>t</title></head><body>${LOCALIZED.map(
      (p, i) => `<img id="l${i}" alt="badge" src="${site}/rep/badge/${p.replace(/&/g, '&amp;')}">`,
    ).join('')}</body></html>`,
  );
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 15000 });
  expect(await page.$$eval('img', (imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0))).toEqual(
    LOCALIZED.map(() => true),
  );
  expect(log.errors).toEqual([]);
});
