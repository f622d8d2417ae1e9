/**
 * The links between the documentation's pages, read as GitHub renders them: relative links to
 * files, and `#anchors` made from headings by GitHub's rules (see `headingAnchor`). Used by
 * ./links.test.ts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** One link of a page, as written. */
export interface Link {
  /** The page, relative to the repository root. */
  page: string;
  /** 1-based line. */
  line: number;
  target: string;
}

/** The text GitHub shows for a heading's markdown: links to their text, code, emphasis and tags to their content. */
const headingText = (markdown: string): string =>
  markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    // A code span shows its text as written (`<repkit-widget>` included); outside one, a tag shows nothing.
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part.slice(1, -1) : part.replace(/<[^>]+>/g, '').replace(/(\*\*|\*)(.+?)\1/g, '$2')))
    .join('')
    .trim();

/**
 * GitHub's anchor for a heading: its shown text lower-cased, every character that is not a
 * letter, mark, number, connector (`_`), space or hyphen dropped, then each space a hyphen.
 */
export const headingAnchor = (markdown: string): string =>
  headingText(markdown)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** The lines of `text` outside fenced code blocks, with their 1-based numbers. */
const proseLines = (text: string): { line: number; text: string }[] => {
  const lines: { line: number; text: string }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, i) => {
    const opens = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opens) {
      if (fence === undefined) fence = opens[1]![0]!;
      else if (opens[1]![0] == fence) fence = undefined;
      return;
    }
    if (fence === undefined) lines.push({ line: i + 1, text: line });
  });
  return lines;
};

/** Every anchor a page has: one per heading (a repeated heading gets `-1`, `-2`…), and HTML `id`/`name`s. */
export const anchorsOf = (text: string): Set<string> => {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = headingAnchor(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count ? `${base}-${count}` : base);
    }
    for (const html of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(html[1]!);
  }
  return anchors;
};

/** Every markdown link and image of a page outside code (fenced blocks and code spans). */
export const linksOf = (page: string, text: string): Link[] =>
  proseLines(text).flatMap(({ line, text: prose }) =>
    [...prose.replace(/`[^`]*`/g, '').matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ page, line, target: m[1]! })),
  );

/**
 * What is wrong with each relative link of `pages` (paths relative to `root`): a file or folder
 * that does not exist, or an anchor its Markdown page does not have. Empty when every link resolves.
 */
export const brokenLinks = (root: string, pages: string[], read = (path: string): string => readFileSync(path, 'utf8')): string[] => {
  const problems: string[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (path: string): Set<string> => {
    if (!anchors.has(path)) anchors.set(path, anchorsOf(read(path)));
    return anchors.get(path)!;
  };
  for (const page of pages) {
    for (const link of linksOf(page, read(join(root, page)))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) continue; // https:, mailto: …: not between pages
      const [file, anchor] = link.target.split('#', 2) as [string, string | undefined];
      const path = file ? join(root, dirname(page), decodeURIComponent(file)) : join(root, page);
      const where = `${page}:${link.line}: ${link.target}`;
      if (!existsSync(path)) {
        problems.push(`${where}: no such file ${relative(root, path)}`);
      } else if (
        anchor !== undefined &&
        statSync(path).isFile() &&
        path.endsWith('.md') &&
        !anchorsIn(path).has(decodeURIComponent(anchor))
      ) {
        problems.push(`${where}: ${relative(root, path)} has no heading with the anchor #${anchor}`);
      }
    }
  }
  return problems;
};
