/**
 * Chromium shows the proxy's SVG badges as images: the built dist/repkit.proxy.mjs behind its
 * node:http adapter, in front of the sandbox, on the page's own origin. Each badge loads in an
 * `<img>` (a broken image has no natural width), parses with the browser's strict XML parser,
 * and the badges badge paints its tier colour, read back through a canvas.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureProxyBuild, PROXY_DIST, PROXY_NODE_DIST } from '../proxy/build.mjs';
import { TIER_COLORS } from '../../src/widgets/tiers';
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
