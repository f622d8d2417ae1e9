// @vitest-environment node
/**
 * The share page and oEmbed (docs/share-links.md) of the built dist/repkit.proxy.mjs inside
 * workerd, without `nodejs_compat`: the server renderer and the hashes of the page's policy need
 * nothing from Node. The card in workerd needs `@resvg/resvg-wasm` passed as the option `card`;
 * without it, the route says so (501), as on a Node proxy without `@resvg/resvg-js`.
 */
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProxyBuild, PROXY_DIST, workerdModules } from './build.mjs';
import { ADDRESSES, KEY, useSandbox } from './util';

const ROOT = new URL('../..', import.meta.url).pathname;
const EXAMPLE = `${ROOT}examples/proxy-worker`;
const A = ADDRESSES.rich;
const sb = useSandbox();

const WORKER = `
import { createProxy } from 'repkit/proxy';
let proxy;
export default {
  fetch(request, env, ctx) {
    proxy ??= createProxy({ apiKey: env.KEY, upstream: env.UPSTREAM, basePath: '/rep' });
    return proxy(request, ctx);
  },
};
`;

let mf: Miniflare | undefined;
beforeAll(() => {
  ensureProxyBuild();
  mf = new Miniflare({
    modulesRoot: EXAMPLE,
    modules: [
      { type: 'ESModule', path: `${EXAMPLE}/worker.mjs`, contents: WORKER },
      ...workerdModules(EXAMPLE, { 'repkit/proxy': PROXY_DIST }),
    ],
    bindings: { KEY, UPSTREAM: sb.url },
    compatibilityDate: '2025-01-01',
  });
});
afterAll(async () => {
  await mf?.dispose();
});

describe('share routes in workerd', () => {
  it('serve the share page with its tags and policy, and oEmbed', async () => {
    const page = await mf!.dispatchFetch(`http://proxy.test/rep/u/${A}?locale=de`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const html = await page.text();
    expect(html).toContain('<meta property="og:title" content="Reputationswert 89 für 1bW2n3…CFa6">');
    expect(html).toContain(`<meta property="og:image" content="http://proxy.test/rep/card/${A}.png?locale=de">`);
    expect(html).toMatch(/<repkit-widget type="reputation"/);
    const oembed = await mf!.dispatchFetch(
      `http://proxy.test/rep/oembed?url=${encodeURIComponent(`http://proxy.test/rep/u/${A}`)}&format=json`,
    );
    expect(oembed.status).toBe(200);
    expect(((await oembed.json()) as { type: string; thumbnail_url: string }).thumbnail_url).toBe(`http://proxy.test/rep/card/${A}.png`);
  });

  it('answer the card with 501 naming what to pass, when no rasteriser is given', async () => {
    const card = await mf!.dispatchFetch(`http://proxy.test/rep/card/${A}.png`);
    expect(card.status).toBe(501);
    expect(((await card.json()) as { message: string }).message).toMatch(/pass @resvg\/resvg-wasm and its wasm as the option card/);
  });
});
