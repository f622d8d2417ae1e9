// @vitest-environment node
/**
 * `repkit/server` in plain Node (no DOM): a widget rendered to HTML from data, or fetched first
 * from the sandbox. Chromium reads the same HTML in test/browser/server-render.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createProxy } from '../../src/proxy';
import { toNodeListener } from '../../src/proxy/node';
import { fetchAndRender, renderToString, scriptSafeJson } from '../../src/server';
import { OptionError } from '../../src/errors';
import { ServiceClient } from '../../src/client/service-client';
import { createWidget, snippet } from '../../src/index';
import { parseStored } from '../../src/widgets/storage';
import { registerLocale } from '../../src/i18n/locale';
import { SHIPPED_LOCALES } from '../../src/i18n/shipped';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { WIDGET_PARTS } from '../../src/embed/element';

const server = useSandbox();

/** The JSON the element adopts, read back as the widget reads it. */
const embedded = (markup: string): { value: unknown; savedAt: number } | undefined => {
  const match = /<script type="application\/json">([\s\S]*?)<\/script>/.exec(markup);
  return match ? parseStored(match[1]) : undefined;
};

const HOSTILE = '</script><script>alert(1)</script><!-- </template></repkit-widget> \u2028\u2029 & "\' <img src=x onerror=alert(2)>';

describe('repkit/server', () => {
  it('runs where there is no DOM', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
    expect(typeof HTMLElement).toBe('undefined');
  });

  it('renders a <repkit-widget> with its attributes, a declarative shadow root, the styles, the ready view and the data', async () => {
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: server.url });
    const data = await client.getScores(ADDRESSES.rich);
    const before = Date.now();
    const markup = renderToString(
      { type: 'reputation', baseUrl: server.url, address: ADDRESSES.rich, maxCategories: 3, showCategories: true, theme: 'dark' },
      data,
    );
    expect(markup).toMatch(
      new RegExp(
        `^<repkit-widget type="reputation" base-url="${server.url}" address="${ADDRESSES.rich}" max-categories="3" show-categories="true" theme="dark"><template shadowrootmode="open"><style>`,
      ),
    );
    expect(markup.endsWith('</template></div></div></template></repkit-widget>')).toBe(true);
    // The host as the browser builds it, with its own shadow root and the card's stylesheet.
    expect(markup).toContain(
      `<div class="repkit" data-type="reputation" data-theme="dark" data-state="ready" exportparts="${WIDGET_PARTS.join(', ')}">`,
    );
    expect(markup).toMatch(
      /<template shadowrootmode="open"><style>[^]*?\.rk-score[^]*?<\/style><div part="widget" class="rk rk--reputation" lang="en" aria-busy="false">/,
    );
    expect(markup).toContain(`<strong class="rk-score" part="score">${data.totalScore.toLocaleString('en-US')}</strong>`);
    expect(markup.match(/class="rk-category"/g)).toHaveLength(3);
    // Bars carry their width where no script sets it.
    expect(markup).toMatch(/data-share="(0\.\d{3}|1\.000)" style="--rk-share:\1"/);
    const adopted = embedded(markup)!;
    expect(adopted.value).toEqual(data);
    expect(adopted.savedAt).toBeGreaterThanOrEqual(before);
  });

  it('writes no attribute for callbacks or options left out, and takes the time the data was loaded', async () => {
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: server.url });
    const loadedAt = Date.now() - 60_000;
    const markup = renderToString(
      { type: 'category', apiKey: 'k"<', address: ADDRESSES.rich, categoryKey: 'governance', onLoad: () => undefined },
      await client.getCategoryScore(ADDRESSES.rich, 'governance'),
      loadedAt,
    );
    expect(markup.slice(0, markup.indexOf('>') + 1)).toBe(
      `<repkit-widget type="category" api-key="k&quot;&lt;" address="${ADDRESSES.rich}" category-key="governance">`,
    );
    expect(embedded(markup)?.savedAt).toBe(loadedAt);
  });

  it('keeps a badge widget’s definitions (a Map) in the embedded data', async () => {
    const markup = await fetchAndRender({ type: 'badge', apiKey: API_KEY, baseUrl: server.url, address: ADDRESSES.rich });
    const value = embedded(markup)!.value as { badges: unknown[]; definitions: Map<string, unknown> };
    expect(value.definitions).toBeInstanceOf(Map);
    expect(value.definitions.size).toBeGreaterThan(0);
    expect(value.badges.length).toBeGreaterThan(0);
    // Rendered again from what was embedded, it is the same markup.
    expect(
      renderToString(
        { type: 'badge', apiKey: API_KEY, baseUrl: server.url, address: ADDRESSES.rich },
        value as never,
        embedded(markup)!.savedAt,
      ),
    ).toBe(markup);
  });

  it('embeds hostile records so that none can end the script or the template, and reads them back unchanged', () => {
    const data = {
      address: ADDRESSES.rich,
      totalScore: 5,
      categories: { [HOSTILE]: { score: 5, title: HOSTILE } },
      calculatedAt: '2025-06-01T08:30:00.000Z',
    };
    const markup = renderToString({ type: 'reputation', apiKey: API_KEY, address: ADDRESSES.rich }, data as never);
    const json = /<script type="application\/json">([\s\S]*?)<\/script>/.exec(markup)![1]!;
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(embedded(markup)!.value).toEqual(data);
    // One script element and one template pair per shadow root: nothing the data said opened or closed one.
    expect(markup.match(/<script/g)).toHaveLength(1);
    expect(markup.match(/<\/script>/g)).toHaveLength(1);
    expect(markup.match(/<template/g)).toHaveLength(2);
    expect(markup.match(/<\/template>/g)).toHaveLength(2);
    expect(markup).not.toContain('<img src=x');
    expect(markup).not.toContain('<!--');
    expect(scriptSafeJson(JSON.stringify(HOSTILE))).toBe(
      '"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!-- \\u003c/template\\u003e\\u003c/repkit-widget\\u003e \\u2028\\u2029 \\u0026 \\"\' \\u003cimg src=x onerror=alert(2)\\u003e"',
    );
    expect(JSON.parse(scriptSafeJson(JSON.stringify(HOSTILE)))).toBe(HOSTILE);
  });

  it('says why a path baseUrl cannot work on a server, and takes one in a snippet (the page resolves it)', async () => {
    const config = { type: 'reputation', baseUrl: '/rep', address: ADDRESSES.rich } as const;
    const reason =
      /"baseUrl" must be an absolute http\(s\) URL here: a path needs a page's origin to resolve against, and there is none, got "\/rep"/;
    await expect(fetchAndRender(config)).rejects.toThrow(reason);
    expect(() => createWidget(config)).toThrow(reason);
    expect(() => new ServiceClient({ baseUrl: '/rep' })).toThrow(reason);
    expect(snippet(config, { scriptUrl: '/assets/repkit.umd.js' })).toContain('data-base-url="/rep"');
  });

  it('throws OptionError for a bad config, as the widgets do', async () => {
    expect(() => renderToString({ type: 'reputation', address: ADDRESSES.rich } as never, {} as never)).toThrow(OptionError);
    expect(() => renderToString({ type: 'nope', apiKey: API_KEY, address: ADDRESSES.rich } as never, {} as never)).toThrow(/"type"/);
    await expect(fetchAndRender({ type: 'reputation', apiKey: API_KEY, address: ADDRESSES.rich, maxCategories: -1 })).rejects.toThrow(
      OptionError,
    );
  });
});

describe('fetchAndRender', () => {
  const KINDS = [
    { type: 'reputation', text: 'Reputation score' },
    { type: 'badge', text: 'earned' },
    { type: 'profile', text: ADDRESSES.rich.slice(0, 6) },
    { type: 'category', categoryKey: 'governance', text: 'Governance' },
  ] as const;
  for (const { text, ...kind } of KINDS) {
    it(`fetches and renders a ${kind.type} widget, ready, with its data (apiKey)`, async () => {
      const markup = await fetchAndRender({ ...kind, apiKey: API_KEY, baseUrl: server.url, address: ADDRESSES.rich } as never);
      expect(markup).toContain(`data-type="${kind.type}"`);
      expect(markup).toContain('data-state="ready"');
      expect(markup).toContain(text);
      expect(embedded(markup)!.value).toBeTruthy();
    });
  }

  it('fetches through a repkit proxy with no key, and writes no key into the page', async () => {
    const proxy = http.createServer(toNodeListener(createProxy({ apiKey: API_KEY, upstream: server.url })));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const requests = server.sandbox.requests.length;
      const markup = await fetchAndRender({ type: 'reputation', baseUrl, address: ADDRESSES.noBadges });
      expect(markup).toContain('data-state="ready"');
      expect(markup).toContain(`base-url="${baseUrl}"`);
      expect(markup).not.toContain('api-key');
      expect(markup).not.toContain(API_KEY);
      expect(server.sandbox.requests.length).toBe(requests + 1);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('renders the error view, with nothing to adopt, when the service fails (never rejects)', async () => {
    const baseUrl = server.fault({ status: 500 });
    const markup = await fetchAndRender({ type: 'reputation', apiKey: API_KEY, baseUrl, address: ADDRESSES.rich, retries: 0 });
    expect(markup).toContain('data-state="error"');
    expect(markup).toContain('part="error"');
    expect(markup).not.toContain('<script');
  });

  it('says to check baseUrl when nothing listens there, as a page does', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const markup = await fetchAndRender({
      type: 'reputation',
      apiKey: API_KEY,
      baseUrl: `http://127.0.0.1:${port}`,
      address: ADDRESSES.rich,
      retries: 0,
    });
    expect(markup).toContain('data-state="error"');
    expect(markup).toContain('Could not reach the service: check baseUrl (host, port).');
  });

  it('renders the kind’s own sentence for an address with nothing yet', async () => {
    const baseUrl = server.fault({ status: 404 });
    const markup = await fetchAndRender({ type: 'reputation', apiKey: API_KEY, baseUrl, address: ADDRESSES.rich });
    expect(markup).toContain('data-state="error"');
    expect(markup).toContain('There is no reputation data for this address yet.');
  });

  it("renders 'auto' in English, and a given locale in its words and direction", async () => {
    registerLocale('fa', { dir: 'rtl', 'Reputation score': 'امتیاز' });
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: server.url });
    const data = await client.getScores(ADDRESSES.rich);
    const english = renderToString({ type: 'reputation', baseUrl: server.url, address: ADDRESSES.rich }, data);
    expect(english).toContain('lang="en"');
    expect(english).toContain('Reputation score');
    const persian = renderToString({ type: 'reputation', baseUrl: server.url, address: ADDRESSES.rich, locale: 'fa-IR' }, data);
    expect(persian).toMatch(/<div part="widget" class="rk rk--reputation" lang="fa-IR" dir="rtl"/);
    expect(persian).toContain('امتیاز');
    expect(persian).toContain(' locale="fa-IR"');
  });

  it('renders every shipped language, with no import of its locale module, right to left where it is written so', async () => {
    for (const [tag, catalogue] of Object.entries(SHIPPED_LOCALES)) {
      const markup = await fetchAndRender({
        type: 'reputation',
        apiKey: API_KEY,
        baseUrl: server.url,
        address: ADDRESSES.rich,
        locale: tag,
      });
      expect(markup, tag).toContain(`>${String(catalogue['Reputation score'])}<`);
      expect(markup, tag).not.toContain('Reputation score');
      expect(markup, tag).toMatch(new RegExp(`lang="${tag}"${catalogue.dir == 'rtl' ? ' dir="rtl"' : ' aria-busy'}`));
    }
  });

  it('writes messages as a JSON attribute the element reads back', () => {
    const markup = renderToString(
      { type: 'profile', baseUrl: 'https://proxy.example', address: ADDRESSES.rich, messages: { Copy: 'Copy "it"' } },
      null,
    );
    const attribute = / messages="([^"]*)"/.exec(markup)?.[1];
    expect(attribute).toBeDefined();
    expect(JSON.parse(attribute!.replace(/&quot;/g, '"'))).toEqual({ Copy: 'Copy "it"' });
    expect(markup).toContain('Copy &quot;it&quot;');
  });
});
