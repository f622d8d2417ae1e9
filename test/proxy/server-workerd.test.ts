// @vitest-environment node
/**
 * repkit/server inside workerd, Cloudflare's runtime (the binary the `miniflare` package ships):
 * the built dist/repkit.server.mjs, loaded as a module worker without `nodejs_compat` and with
 * no DOM, renders a widget from data and fetches one from the sandbox on loopback. In the proxy
 * suite, which runs workerd already: Miniflare changes the Node process it starts from (its
 * undici), which the unit suite's shared workers must not inherit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { ensureServerBuild, workerdModules } from './build.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

const WORKER = `
import { fetchAndRender, renderToString } from 'repkit/server';
export default {
  async fetch(request, env) {
    const config = { type: 'reputation', apiKey: env.KEY, baseUrl: env.BASE_URL, address: env.ADDRESS, locale: 'en-US' };
    const dom = [typeof document, typeof window, typeof HTMLElement].join();
    const fetched = await fetchAndRender(config);
    const rendered = renderToString(config, { address: env.ADDRESS, totalScore: 42, categories: {}, calculatedAt: '2025-06-01T08:30:00.000Z' });
    return Response.json({ dom, fetched, rendered });
  },
};
`;

const sandbox = useSandbox();
let mf: Miniflare | undefined;

beforeAll(() => {
  ensureServerBuild();
}, 120000);

afterAll(async () => {
  await mf?.dispose();
});

describe('repkit/server in workerd', () => {
  it('renders a widget from data and fetches one, with no DOM and no Node API', async () => {
    mf = new Miniflare({
      modules: [
        { type: 'ESModule', path: `${ROOT}worker.mjs`, contents: WORKER },
        ...workerdModules(ROOT.replace(/\/$/, ''), { 'repkit/server': ensureServerBuild() }),
      ],
      modulesRoot: ROOT,
      bindings: { KEY: API_KEY, BASE_URL: sandbox.url, ADDRESS: ADDRESSES.rich },
      compatibilityDate: '2025-01-01',
    });
    const response = await mf.dispatchFetch('http://worker.test/');
    const { dom, fetched, rendered } = (await response.json()) as { dom: string; fetched: string; rendered: string };
    expect(dom).toBe('undefined,undefined,undefined');
    expect(fetched).toMatch(/^<repkit-widget type="reputation" [^>]*><template shadowrootmode="open">/);
    expect(fetched).toContain('data-state="ready"');
    expect(fetched).toContain('<script type="application/json">');
    expect(rendered).toContain('<strong class="rk-score" part="score">42</strong>');
  }, 60000);
});
