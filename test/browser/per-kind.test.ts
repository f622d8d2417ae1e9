/**
 * One script per kind (`dist/repkit.<kind>.umd.js`) for pages that show one kind of widget:
 * the same global `RepKit` and the same snippet as `repkit.umd.js`, for that kind. A snippet of
 * another kind shows an error naming its type and the script to load instead, never a blank
 * box; a second per-kind script on the page takes such a snippet over.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADDRESSES, API_KEY, servePage, settled, useBrowser } from './harness';
import { extraAttributes, extrasOf, KIND_NAMES, typesOf, type KindName } from '../helpers/kinds';

const browser = useBrowser();

const KINDS = KIND_NAMES;

/** The snippet's element for `kind` (the copy-paste HTML, as `snippet()` writes it). */
const snippetOf = (kind: KindName, base: string, id = kind): string =>
  `<div id="${id}" data-repkit="${kind}" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${base}"` +
  `${extraAttributes(kind)}></div>`;

const pageWith = (body: string, scripts: string[]): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>per-kind script</title></head>
<body><main>${body}</main>
${scripts.map((s) => `<script src="/dist/${s}"></script>`).join('\n')}
</body></html>`;

/** The sentence and the state each host shows, by the id of its snippet element. */
const hosts = (page: Page) =>
  page.$$eval('[data-repkit]', (elements) =>
    Object.fromEntries(
      elements.map((el) => {
        const host = el.querySelector<HTMLElement>('.repkit');
        return [
          el.id,
          {
            state: host?.dataset.state ?? null,
            type: host?.dataset.type ?? null,
            text: host?.shadowRoot?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
          },
        ];
      }),
    ),
  );

describe('a per-kind script', () => {
  for (const kind of KINDS) {
    it(`repkit.${kind}.umd.js mounts a ${kind} snippet, and RepKit.createWidget builds that kind`, async () => {
      const { page, log } = await browser.page();
      const url = `${browser.url}/per-kind-${kind}.html`;
      await servePage(page, url, pageWith(`${snippetOf(kind, browser.url)}<div id="made"></div>`, [`repkit.${kind}.umd.js`]));
      await page.goto(url);
      expect(await settled(page, 1)).toEqual(['ready']);
      const shown = await hosts(page);
      expect(shown[kind]).toMatchObject({ state: 'ready', type: kind });
      expect(shown[kind]!.text.length).toBeGreaterThan(0);

      // The global: this kind from code, another kind refused by name.
      const made = await page.evaluate(
        ([k, base, key, address, extra]) => {
          const R = (window as unknown as { RepKit: Record<string, unknown> }).RepKit as {
            createWidget(c: Record<string, unknown>): { mount(t: string): { element: HTMLElement } };
            WIDGET_TYPES: string[];
            VERSION: string;
            ServiceClient: unknown;
          };
          const config = { type: k, apiKey: key, address, baseUrl: base, ...extra };
          const widget = R.createWidget(config).mount('#made');
          let refused = '';
          try {
            R.createWidget({ ...config, type: k == 'profile' ? 'badge' : 'profile' });
          } catch (e) {
            refused = `${(e as Error).name}: ${(e as Error).message}`;
          }
          return {
            type: widget.element.dataset.type,
            types: R.WIDGET_TYPES,
            version: typeof R.VERSION,
            client: typeof R.ServiceClient,
            refused,
          };
        },
        [kind, browser.url, API_KEY, ADDRESSES.rich, extrasOf(kind)] as const,
      );
      expect(made).toMatchObject({ type: kind, version: 'string', client: 'function' });
      expect(made.types).toContain(kind);
      expect([...made.types].sort()).toEqual(typesOf(kind).sort());
      expect(made.refused).toMatch(new RegExp(`^OptionError: .*"type" must be "${kind}".*repkit\\.${kind}\\.umd\\.js`));
      expect(await settled(page, 2)).toEqual(['ready', 'ready']);
      expect(log.errors).toEqual([]);
      expect(log.console).toEqual([]);
      // Only this script was loaded: no other build was fetched behind the page's back.
      expect(log.requests.filter((r) => r.includes('/dist/'))).toEqual([`${browser.url}/dist/repkit.${kind}.umd.js`]);
    });
  }

  it('shows a snippet of another kind as an error naming its type and the script that shows it', async () => {
    const { page, log } = await browser.page();
    const url = `${browser.url}/per-kind-other.html`;
    await servePage(
      page,
      url,
      pageWith(snippetOf('reputation', browser.url) + snippetOf('badge', browser.url), ['repkit.reputation.umd.js']),
    );
    await page.goto(url);
    expect(await settled(page, 2)).toEqual(['ready', 'error']);
    const shown = await hosts(page);
    expect(shown.reputation!.state).toBe('ready');
    expect(shown.badge!.state).toBe('error');
    expect(shown.badge!.text).toContain('"data-repkit" must be "reputation"');
    expect(shown.badge!.text).toContain('got "badge"');
    expect(shown.badge!.text).toContain('repkit.umd.js');
    // The error state has a visible box, not an empty one.
    const height = await page.$eval('#badge .repkit', (h) => h.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(20);
    expect(log.errors).toEqual([]);
  });

  it('a second per-kind script on the page takes over the snippets of its kind', async () => {
    const { page, log } = await browser.page();
    const url = `${browser.url}/per-kind-two.html`;
    await servePage(
      page,
      url,
      pageWith(snippetOf('reputation', browser.url) + snippetOf('profile', browser.url), [
        'repkit.reputation.umd.js',
        'repkit.profile.umd.js',
      ]),
    );
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#profile .repkit')?.dataset.state == 'ready', undefined, {
      timeout: 15000,
    });
    expect(await settled(page, 2)).toEqual(['ready', 'ready']);
    const shown = await hosts(page);
    expect(shown.reputation).toMatchObject({ state: 'ready', type: 'reputation' });
    expect(shown.profile).toMatchObject({ state: 'ready', type: 'profile' });
    // One host per element: the error the first script showed is gone.
    expect(await page.$$eval('[data-repkit]', (els) => els.map((el) => el.querySelectorAll('.repkit').length))).toEqual([1, 1]);

    // Each script follows the attributes of the widgets it mounted, and only those.
    await page.evaluate(() => document.getElementById('profile')!.setAttribute('data-theme', 'dark'));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#profile .repkit')?.dataset.theme == 'dark');
    expect(log.errors).toEqual([]);
  });
});
