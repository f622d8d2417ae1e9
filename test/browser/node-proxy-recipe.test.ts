/**
 * The Node proxy recipe of docs/proxy.md, as written, run as a server of its own in front of the sandbox:
 * a page of the origin it allows shows every widget kind through it with no key on the page,
 * and a page of another origin is refused with a sentence that says what to add, while the
 * server's log (not the page's console) gets one line about that origin.
 *
 * The recipe is taken from docs/proxy.md's "Node" section and changed in three places only, each a
 * value a reader changes too: the upstream (the sandbox instead of the production service), the
 * allowed origin (this test's page), and the port. `process.env.REPKIT_API_KEY` stays and is set
 * to the sandbox's key. It imports `repkit/proxy` by the package's own name, from a file inside
 * this checkout, so it runs the built dist/ files the package would ship.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES, API_KEY, ARTIFACTS, servicePathsOf, settled, useBrowser } from './harness';

const ROOT = new URL('../..', import.meta.url).pathname;
const browser = useBrowser();

/** The first ```js block under docs/proxy.md's "## Node" heading. */
const nodeRecipe = (): string => {
  const page = readFileSync(`${ROOT}docs/proxy.md`, 'utf8');
  const at = page.search(/\n#{2,3} Node\n/);
  if (at < 0) throw new Error('docs/proxy.md has no "## Node" heading');
  const block = /```js\n([\s\S]*?)```/.exec(page.slice(at));
  if (!block) throw new Error('docs/proxy.md has no js block under "## Node"');
  return block[1]!;
};

/** Replaces `from` in `text`, which must hold it: a recipe that changed shape fails loudly. */
const swap = (text: string, from: string, to: string): string => {
  if (!text.includes(from)) throw new Error(`docs/proxy.md's Node recipe no longer holds ${from}`);
  return text.replace(from, to);
};

/**
 * A site on a loopback port of its own that serves `html()` at `/`. Real servers, not routed
 * pages: Chromium lets a page reach another loopback port only from a loopback page.
 */
const startSite = async (html: () => string): Promise<{ url: string; server: http.Server }> => {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
};

/** A port nothing listens on now, for the recipe's server. */
const freePort = async (): Promise<number> => {
  const { server, url } = await startSite(() => '');
  await new Promise((resolve) => server.close(resolve));
  return Number(new URL(url).port);
};

let child: ChildProcess | undefined;
let proxyUrl = '';
let log = '';
const sites: { url: string; server: http.Server }[] = [];

beforeAll(async () => {
  const port = await freePort();
  proxyUrl = `http://127.0.0.1:${port}`;
  let recipe = nodeRecipe();
  recipe = swap(recipe, "'https://api.dotpassport.io'", JSON.stringify(browser.url));
  sites.push(await startSite(() => pageOf(proxyUrl)), await startSite(() => pageOf(proxyUrl)));
  recipe = swap(recipe, "'https://www.example.com'", JSON.stringify(sites[0]!.url));
  recipe = swap(recipe, '.listen(8787)', `.listen(${port}, '127.0.0.1')`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = `${ARTIFACTS}/node-proxy-recipe.mjs`;
  writeFileSync(file, recipe);
  child = spawn(process.execPath, [file], {
    cwd: ROOT,
    env: { ...process.env, REPKIT_API_KEY: API_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  for (let i = 0; ; i++) {
    try {
      await fetch(`${proxyUrl}/api/v2/metadata/badges`);
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) throw new Error(`the recipe did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

afterAll(async () => {
  child?.kill();
  await Promise.all(sites.map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

/** A page that mounts one widget of each kind through the proxy, with no key. */
const pageOf = (baseUrl: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>through the Node recipe</title></head>
<body><main>
<div data-repkit="reputation" data-address="${ADDRESSES.rich}" data-base-url="${baseUrl}"></div>
<div data-repkit="badge" data-address="${ADDRESSES.rich}" data-base-url="${baseUrl}"></div>
<div data-repkit="profile" data-address="${ADDRESSES.rich}" data-base-url="${baseUrl}"></div>
<div data-repkit="category" data-address="${ADDRESSES.rich}" data-category-key="governance" data-base-url="${baseUrl}"></div>
</main>
<script src="${browser.url}/dist/repkit.umd.js"></script>
</body></html>`;

describe("docs/proxy.md's Node proxy recipe, as written", () => {
  it('serves every kind to a page of the origin it allows, from another origin than its own, with no key on the page', async () => {
    const { page, log: pageLog } = await browser.page();
    await page.goto(sites[0]!.url);
    expect(await settled(page, 4)).toEqual(['ready', 'ready', 'ready', 'ready']);
    // One resource of each kind, in plain requests or batches (test/browser/batch.test.ts).
    expect(servicePathsOf(pageLog.requests.filter((url) => url.startsWith(proxyUrl))).length).toBeGreaterThanOrEqual(4);
    expect(await page.content()).not.toContain(API_KEY);
    expect(pageLog.errors).toEqual([]);
    await page.context().close();
  });

  it('refuses a page of another origin with a sentence saying what to add, and logs that origin once on the server', async () => {
    const { page, log: pageLog } = await browser.page();
    const elsewhere = sites[1]!.url;
    await page.goto(elsewhere);
    expect(await settled(page, 4)).toEqual(['error', 'error', 'error', 'error']);
    const sentence = await page.$eval('.repkit', (host) => host.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim());
    expect(sentence).toBe(`Origin (${elsewhere}) not allowed: add it to the proxy's allowOrigins.`);
    const lines = log.split('\n').filter((line) => line.includes(elsewhere));
    expect(lines).toEqual([`repkit proxy: refused a page of ${elsewhere}: add it to allowOrigins to let it use this proxy`]);
    expect(pageLog.console.filter((line) => line.includes('repkit proxy'))).toEqual([]);
    await page.context().close();
  });
});
