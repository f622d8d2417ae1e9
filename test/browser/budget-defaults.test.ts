/**
 * Chromium, against the built bundles (issue 40): the first visitor of a members page of 100
 * widgets of 100 distinct addresses, by repkit.umd.js, through the built proxy with every option
 * at its default but `apiKey`, `upstream` and `allowOrigins: '*'` (so its default `clientBudget`
 * counts this visitor, 127.0.0.1, by its socket), on another origin than the page: every widget
 * ready, at most 4 requests to the proxy, no preflight, nothing refused.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY, settled, useBrowser, widgetsPage } from './harness';
import { builtProxy, distSite, generatedAddress, useServers } from './servers';

const browser = useBrowser();

const { listen } = useServers();
/** A valid address the sandbox computes on the spot, distinct for each `i`. */
const addressOf = (i: number): string => generatedAddress('Budget', i);

let proxyUrl = '';
/** The members page, and its site: the page and dist/'s files, on an origin of its own. */
let html = '';
let site = '';
/** What reached the proxy: method, URL and status. */
const reached: string[] = [];
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

beforeAll(async () => {
  const { edge, node } = await builtProxy();
  const listener = node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: browser.url, allowOrigins: '*' }));
  proxyUrl = await listen((req, res) => {
    res.on('finish', () => reached.push(`${req.method} ${req.url} ${res.statusCode}`));
    listener(req, res);
  });
  site = await listen(distSite(() => html));
}, 120_000);

afterAll(() => warn.mockRestore());

describe("the proxy's default client budget and a members page", () => {
  it('lets the first visitor of 100 widgets of 100 new addresses load them all, in at most 4 requests and no preflight', async () => {
    const kinds = ['reputation', 'badge', 'profile'];
    const configs = Array.from({ length: 100 }, (_, i) => ({ type: kinds[i % 3], address: addressOf(i), baseUrl: proxyUrl }));
    html = widgetsPage(configs);
    const { page, log } = await browser.page();
    await page.goto(`${site}/members.html`);
    const states = await settled(page, 100);
    await page.context().close();

    expect(states).toEqual(Array.from({ length: 100 }, () => 'ready'));
    const toProxy = log.requests.filter((u) => u.startsWith(proxyUrl));
    expect(toProxy.length, toProxy.join('\n')).toBeLessThanOrEqual(4);
    expect(reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
    expect(
      reached.every((r) => r.endsWith(' 200')),
      reached.join('\n'),
    ).toBe(true);
    expect(warn.mock.calls.map((c) => String(c[0]))).not.toContainEqual(
      expect.stringMatching(/over-budget|more new answers than its budget/),
    );
    // The page never saw the key: the proxy asked the service with it.
    for (const r of browser.sandbox.requests.filter((q) => q.path.startsWith('/api/v2/'))) expect(r.apiKey).toBe(API_KEY);
  });
});
