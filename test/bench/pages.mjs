// @ts-check
/**
 * The pages of `npm run bench:lighthouse` (and of `test/browser/long-page.test.ts`): an article
 * with repkit widgets placed by copy-paste snippets and one `<script async>` tag, as the README
 * tells a site to embed them. The page is served from its own origin, the API from another (the
 * sandbox), so every request is a CORS request as on a real site.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The four kinds in turn, each with the attributes it needs. */
export const KINDS = [
  { type: 'reputation', extra: '' },
  { type: 'badge', extra: '' },
  { type: 'profile', extra: '' },
  { type: 'category', extra: ' data-category-key="governance"' },
];

/** Five addresses the service knows, with records of different shapes. */
export const PAGE_ADDRESSES = [ADDRESSES.rich, ADDRESSES.identityOnly, ADDRESSES.noBadges, ADDRESSES.noProfile, ADDRESSES.hostile];

const paragraph =
  '<p>Reputation on chain is built from what an account did: its votes, its stake, the identity it registered and ' +
  'the judgements it received. The widget beside each name shows it where a reader needs it.</p>';

/**
 * A page of `count` widgets (kinds and addresses in turn) in a column under an introduction, as
 * a directory or a leaderboard shows them. Nothing follows a widget but the next one, so what
 * moves when a widget appears or loads is repkit's doing: a widget whose loading view is not as
 * tall as its ready view pushes down every widget under it.
 * @param {number} count
 * @param {string} apiOrigin the sandbox's origin
 * @param {string} [script] the script the page loads, from the page's own origin
 */
export const articlePage = (count, apiOrigin, script = '/dist/repkit.umd.js') => {
  const widgets = Array.from({ length: count }, (_, i) => {
    const { type, extra } = KINDS[i % KINDS.length];
    const address = PAGE_ADDRESSES[i % PAGE_ADDRESSES.length];
    return `<div data-repkit="${type}" data-address="${address}" data-api-key="${API_KEY}" data-base-url="${apiOrigin}"${extra}></div>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${count} widgets</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1rem; } [data-repkit] { margin-block: 1rem; }</style>
<script src="${script}" async></script>
</head><body><h1>Who is who on chain</h1>
${paragraph}
${widgets}
</body></html>`;
};

/**
 * Serves `/page-N.html` (an article of N widgets) and the built files under `/dist/`.
 * @param {string} apiOrigin
 * @param {string} [dist] the folder served as `/dist/` (default: this checkout's dist/)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export const servePages = async (apiOrigin, dist = `${ROOT}dist`) => {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://page.invalid').pathname;
    const page = /^\/page-(\d+)\.html$/.exec(path);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(articlePage(Number(page[1]), apiOrigin));
    }
    if (/^\/dist\/[\w.-]+\.m?js$/.test(path)) {
      try {
        const body = await readFile(dist + path.slice(5));
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(body);
      } catch {
        /* 404 below */
      }
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address == 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
