/**
 * README.md is the front door and docs/*.md hold the rest: every relative link between them
 * (and CONTRIBUTING.md) must reach a file that exists and, for a Markdown page, a heading it has
 * by GitHub's anchor rules. README stays short, and shows the commands CI runs.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, headingAnchor } from './markdown-links';

// happy-dom's URL is the global one here; a path keeps to node:fs's terms.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DOC_PAGES = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const PAGES = ['README.md', 'CONTRIBUTING.md', ...DOC_PAGES];
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('links between the documentation pages', () => {
  it('covers the pages README links to', () => {
    expect(DOC_PAGES.length).toBeGreaterThanOrEqual(8);
    for (const page of DOC_PAGES) expect(README, `README links to ${page}`).toContain(`](${page}`);
  });

  it('every relative link reaches a file, and every #anchor a heading of its page', () => {
    expect(brokenLinks(ROOT, PAGES)).toEqual([]);
  });

  it('makes anchors as GitHub does, and sees a link that does not resolve', () => {
    expect(headingAnchor('Copy-paste snippet (no JavaScript)')).toBe('copy-paste-snippet-no-javascript');
    expect(headingAnchor('Vercel (edge runtime, Next.js App Router)')).toBe('vercel-edge-runtime-nextjs-app-router');
    expect(headingAnchor("README's runnable examples")).toBe('readmes-runnable-examples');
    expect(headingAnchor('`<repkit-widget>` and [`::part()`](x.md)')).toBe('repkit-widget-and-part');
    expect(headingAnchor('Options every_kind  accepts')).toBe('options-every_kind--accepts');
    expect([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n### Notes\n')]).toEqual(['a', 'notes', 'notes-1']);

    const root = mkdtempSync(join(tmpdir(), 'repkit-links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs/a.md'), '# A\n\n## Two words\n');
    writeFileSync(
      join(root, 'index.md'),
      '# Index\n\n[ok](docs/a.md#two-words) [ok](#index) [web](https://example.com/#x) `[code](gone.md)`\n\n' +
        '[bad anchor](docs/a.md#two_words) [bad file](docs/b.md) [bad here](#nope)\n\n```md\n[in a block](gone.md)\n```\n',
    );
    expect(brokenLinks(root, ['index.md'])).toEqual([
      'index.md:5: docs/a.md#two_words: docs/a.md has no heading with the anchor #two_words',
      'index.md:5: docs/b.md: no such file docs/b.md',
      'index.md:5: #nope: index.md has no heading with the anchor #nope',
    ]);
  });
});

describe('README, the front door', () => {
  it('is under 400 lines', () => {
    expect(README.split('\n').length).toBeLessThan(400);
  });

  it("shows the demo's command and the test command CI runs, as CI runs it", () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').trim().split('\n').at(-1)!;
    expect(ci).toBe('npm ci && npm test');
    const shell = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).join('\n');
    expect(shell).toMatch(/^npm install && npm start\b/m);
    expect(shell).toMatch(new RegExp(`^${ci.replace(/[&]/g, '\\$&')}\\s`, 'm'));
  });

  it('shows a screenshot that is in the repository', () => {
    const image = /!\[[^\]]+\]\((demo\/screenshots\/[\w-]+\.png)\)/.exec(README);
    expect(image, 'README has a screenshot from demo/screenshots').not.toBeNull();
    expect(readdirSync(join(ROOT, 'demo/screenshots'))).toContain(image![1]!.split('/').at(-1));
  });
});
