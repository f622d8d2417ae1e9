/**
 * The documentation's examples work as written: every code block marked runnable in README.md
 * and in docs/*.md is loaded in Chromium against the sandbox, and each widget it makes must
 * reach `data-state="ready"`.
 *
 * - `<!-- runnable -->` before an `html` block: the block is a page's body, as a reader saves it.
 * - `<!-- runnable: MARKUP -->` before a `js` block: the block is an ES module run after MARKUP,
 *   with an import map sending `repkit` and `repkit/embed` to dist/ (what the reader's bundler
 *   does; the only thing added to the block).
 *
 * The blocks use the values of `npm start`: `http://localhost:8080`, the key `demo-key` and the
 * fixture addresses. Each page is served on this suite's sandbox origin, and every request for
 * `http://localhost:8080/...` is forwarded to that sandbox with `context.route`, so the pages keep
 * the URL a reader's `npm start` really has, while the sandbox here runs on a free port.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { servePage, useBrowser } from './harness';

/** README.md and every page under docs/, relative to the repository root. */
const PAGES = [
  'README.md',
  ...readdirSync(new URL('../../docs/', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The origin the runnable examples talk to: `npm start`'s sandbox. */
const README_ORIGIN = 'http://localhost:8080';

interface Runnable {
  /** The page, relative to the repository root. */
  page: string;
  /** 1-based line of the opening fence in the page. */
  line: number;
  lang: string;
  code: string;
  /** For a `js` block: the markup it mounts into. */
  markup: string;
  /** The heading the block sits under. */
  section: string;
}

/** Every block preceded by a `<!-- runnable … -->` comment (blank lines between are allowed). */
const runnableBlocks = (page: string, text: string): Runnable[] => {
  const lines = text.split('\n');
  const blocks: Runnable[] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{1,6}\s+(.*)$/.exec(lines[i]!);
    if (heading) section = heading[1]!;
    const marker = /^<!--\s*runnable(?::\s*(.*?))?\s*-->\s*$/.exec(lines[i]!);
    if (!marker) continue;
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() == '') j++;
    const fence = /^```(\w+)\s*$/.exec(lines[j] ?? '');
    if (!fence) throw new Error(`${page}:${i + 1}: a runnable marker must be followed by a fenced code block`);
    const end = lines.findIndex((line, k) => k > j && line.startsWith('```'));
    if (end < 0) throw new Error(`${page}:${j + 1}: the code block is not closed`);
    blocks.push({ page, line: j + 1, lang: fence[1]!, code: lines.slice(j + 1, end).join('\n'), markup: marker[1] ?? '', section });
    i = end;
  }
  return blocks;
};

/** How many widgets a block makes: calls of createWidget, snippet elements and custom elements. */
const widgetCount = (code: string): number =>
  (code.match(/\bcreateWidget\(/g) ?? []).length +
  (code.match(/\bdata-repkit=/g) ?? []).length +
  (code.match(/<repkit-widget\b/g) ?? []).length;

/** The page a block runs in. */
const pageFor = (block: Runnable, base: string): string => {
  const importMap = JSON.stringify({ imports: { repkit: `${base}/dist/repkit.mjs`, 'repkit/embed': `${base}/dist/repkit.embed.mjs` } });
  const body =
    block.lang == 'html'
      ? block.code
      : `${block.markup}\n<script type="importmap">${importMap}</script>\n<script type="module">\n${block.code}\n</script>`;
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Documentation example</title></head>\n<body>\n${body}\n</body></html>`;
};

/** The state of every widget host on the page, those inside `<repkit-widget>` shadow roots included. */
const states = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const hosts = [
      ...Array.from(document.querySelectorAll<HTMLElement>('.repkit')),
      ...Array.from(document.querySelectorAll('repkit-widget')).flatMap((el) =>
        Array.from(el.shadowRoot?.querySelectorAll<HTMLElement>('.repkit') ?? []),
      ),
    ];
    return hosts.map((h) => h.dataset.state ?? '');
  });

const browser = useBrowser();
const BLOCKS = PAGES.flatMap((page) => runnableBlocks(page, readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8')));

describe('the runnable examples of README and docs/', () => {
  it("include README's quick start and its script-tag, snippet, ES-module (bundler and import map) and custom-element examples, and docs/embedding.md's", () => {
    const sections = (page: string): string[] => BLOCKS.filter((b) => b.page == page).map((b) => b.section);
    for (const section of ['Quick start', 'Script tag', 'Copy-paste snippet (no JavaScript)', 'ES module', 'Custom element']) {
      expect(sections('README.md'), section).toContain(section);
    }
    for (const section of ['Script tag', 'Copy-paste snippet (no JavaScript)', 'ES module', 'Custom element']) {
      expect(sections('docs/embedding.md'), section).toContain(section);
    }
    const modules = BLOCKS.filter((b) => b.page == 'README.md' && b.section == 'ES module');
    expect(modules.map((b) => b.lang).sort()).toEqual(['html', 'js']);
    expect(modules.find((b) => b.lang == 'html')!.code).toMatch(/<script type="importmap">[\s\S]*<script type="module">/);
    for (const block of BLOCKS) {
      expect(['html', 'js'], `${block.page}:${block.line}`).toContain(block.lang);
      expect(widgetCount(block.code), `${block.page}:${block.line} makes no widget`).toBeGreaterThan(0);
    }
  });

  it.each(BLOCKS.map((b) => [`${b.section} (${b.page}:${b.line})`, b] as const))('%s: every widget is ready', async (_, block) => {
    const { page, log } = await browser.page();
    // The examples' URLs are npm start's; this suite's sandbox listens elsewhere: forward them to it.
    await page.context().route(`${README_ORIGIN}/**`, async (route) => {
      const url = browser.url + route.request().url().slice(README_ORIGIN.length);
      await route.fulfill({ response: await route.fetch({ url }) });
    });
    const url = `${browser.url}/readme/${block.page.replace(/\W/g, '-')}-${block.line}.html`;
    await servePage(page, url, pageFor(block, browser.url));
    await page.goto(url);
    const expected = widgetCount(block.code);
    let found: string[] = [];
    for (const deadline = Date.now() + 15000; Date.now() < deadline; await page.waitForTimeout(100)) {
      found = await states(page);
      if (found.length >= expected && !found.includes('loading')) break;
    }
    expect(found).toEqual(Array.from({ length: expected }, () => 'ready'));
    expect(log.errors).toEqual([]);
    expect(log.console.filter((line) => line.startsWith('error:'))).toEqual([]);
    // Every API request went to npm start's origin, as the page says, and none to production.
    const api = log.requests.filter((r) => r.includes('/api/v2/'));
    expect(api.length).toBeGreaterThan(0);
    for (const request of api) expect(request.startsWith(`${README_ORIGIN}/api/v2/`), request).toBe(true);
    await page.context().close();
  });
});
