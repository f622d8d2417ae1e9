/**
 * The shipped languages on a page of script tags: `repkit.umd.js`, then every `dist/locales/*.js`.
 * Every kind (and a badge the address has not earned, a 404 sentence) mounted with each shipped
 * locale speaks that language, and a widget whose mount point says `lang="ja"` (the page itself is
 * English) speaks Japanese with no locale option — in what it shows, and in what it says to a
 * screen reader (aria-labels, titles); Arabic and Hebrew views are right to left. No
 * sentence of the English catalogue is left, except words the service itself sent (its
 * category titles, badge names and descriptions are its own, in English) and words the
 * language shares with English (German's "Gold").
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale } from '../../src/i18n/messages';
import ar from '../../src/locales/ar';
import de from '../../src/locales/de';
import es from '../../src/locales/es';
import fr from '../../src/locales/fr';
import he from '../../src/locales/he';
import ja from '../../src/locales/ja';
import ko from '../../src/locales/ko';
import ptBR from '../../src/locales/pt-BR';
import zhCN from '../../src/locales/zh-CN';
import { MESSAGE_KEYS } from '../helpers/message-keys';
import { ADDRESSES, API_KEY, servePage, settled, useBrowser } from './harness';

const browser = useBrowser();

/** Every text of a catalogue, its plural forms included. */
const textsOf = (catalogue: Locale): string[] =>
  Object.entries(catalogue).flatMap(([key, value]): string[] =>
    key == 'dir' ? [] : typeof value == 'string' ? [value] : Object.values(value as Record<string, string>),
  );

/**
 * What would show if a message were left in English (its key, and English's forms for one): each message's
 * words around its `$` (a value the locale formats: "Level $" shows as "Level 3"), 4 characters
 * or more. Technical names ("NFT") are shorter, or shared with every language.
 */
const ENGLISH = [
  ...new Set(
    [...MESSAGE_KEYS.map(({ key }) => key), 'point', '$ NFT']
      .flatMap((text) => text.split('$'))
      .map((part) => part.replace(/^[\s+.,:()]+|[\s.,:()]+$/g, ''))
      .filter((part) => part.length > 3),
  ),
];

interface Shown {
  state: string;
  /** The shadow root's text, visible or for screen readers only, white space collapsed. */
  text: string;
  /** The names and hints the host and its shadow tree give (aria-label, title, alt, …). */
  labels: string[];
}

/** What each widget host inside `#<id>` shows and says, by id. */
const shown = (page: Page): Promise<Record<string, Shown>> =>
  page.$$eval('.slot', (slots) =>
    Object.fromEntries(
      slots.map((slot) => {
        const host = slot.querySelector<HTMLElement>('.repkit')!;
        const elements = [host, ...Array.from(host.shadowRoot?.querySelectorAll('*') ?? [])];
        const labels = elements.flatMap((el) =>
          ['aria-label', 'aria-valuetext', 'aria-roledescription', 'title', 'alt', 'placeholder']
            .map((name) => el.getAttribute(name))
            .filter((value): value is string => !!value),
        );
        return [slot.id, { state: host.dataset.state!, text: (host.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim(), labels }];
      }),
    ),
  );

/** Every string value in a JSON document. */
const stringsOf = (value: unknown): string[] =>
  typeof value == 'string' ? [value] : value && typeof value == 'object' ? Object.values(value).flatMap(stringsOf) : [];

/** English catalogue words in `texts` that neither the service sent nor the language shares. */
const englishIn = (texts: string[], messages: Locale, served: string): string[] => {
  const own = textsOf(messages).join('\n');
  return ENGLISH.filter((english) => !served.includes(english) && !own.includes(english)).filter((english) =>
    texts.some((text) => text.includes(english)),
  );
};

/** Every shipped catalogue, by its tag (its file's name). */
const SHIPPED: Record<string, Locale> = { de, es, fr, 'pt-BR': ptBR, ja, 'zh-CN': zhCN, ko, ar, he };

/** Each kind, and a 404 (a badge key the service does not define), in each shipped locale, by slot id (`de-profile`). */
const KIND_CONFIGS: Record<string, Record<string, unknown>> = {
  reputation: { type: 'reputation' },
  badges: { type: 'badges' },
  badge: { type: 'badge', badgeKey: 'ReferendumVoter' },
  profile: { type: 'profile' },
  category: { type: 'category', categoryKey: 'governance' },
  unearned: { type: 'badge', badgeKey: 'unknown_badge' },
};
const WIDGETS: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(
    Object.keys(SHIPPED).flatMap((locale) =>
      Object.entries(KIND_CONFIGS).map(([kind, config]) => [`${locale}-${kind}`, { ...config, locale }]),
    ),
  ),
  japanese: { type: 'reputation' },
};
/** The slot's catalogue: its locale's, or Japanese for the one under lang="ja". */
const catalogueOf = (id: string): Locale => (id == 'japanese' ? ja : SHIPPED[id.slice(0, id.lastIndexOf('-'))]!);

const PAGE = (base: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit in other languages</title></head>
<body><main><h1>Reputation</h1>
${Object.keys(WIDGETS)
  .map((id) => (id == 'japanese' ? `<div lang="ja"><div id="${id}" class="slot"></div></div>` : `<div id="${id}" class="slot"></div>`))
  .join('\n')}
</main>
<script src="/dist/repkit.umd.js"></script>
${Object.keys(SHIPPED)
  .map((tag) => `<script src="/dist/locales/${tag}.js"></script>`)
  .join('\n')}
<script>
${Object.entries(WIDGETS)
  .map(
    ([id, c]) =>
      `RepKit.createWidget(${JSON.stringify({ apiKey: API_KEY, baseUrl: base, address: ADDRESSES.rich, ...c })}).mount('#${id}');`,
  )
  .join('\n')}
</script>
</body></html>`;

describe('a page that loads a locale script after repkit.umd.js', () => {
  it('shows every kind in every shipped language, and in Japanese under lang="ja", with no English catalogue words left', async () => {
    const { page, log } = await browser.page();
    // The text the service answered with (its JSON's string values, not its keys): its own
    // words (titles, names, descriptions) stay as sent.
    const bodies: Promise<string[]>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) bodies.push(response.json().then(stringsOf, () => []));
    });
    const url = `${browser.url}/locales.html`;
    await servePage(page, url, PAGE(browser.url));
    await page.goto(url);
    expect(await settled(page, Object.keys(WIDGETS).length)).toEqual(
      Object.keys(WIDGETS).map((id) => (id.endsWith('unearned') ? 'error' : 'ready')),
    );
    const widgets = await shown(page);
    const served = (await Promise.all(bodies)).flat().join('\n');

    // Each kind's own words, in the language asked for.
    for (const [tag, messages] of Object.entries(SHIPPED)) {
      expect(widgets[`${tag}-reputation`]!.text, tag).toContain(messages['Reputation score']);
      expect(widgets[`${tag}-badges`]!.text, tag).toContain(messages.Badges);
      expect(widgets[`${tag}-badge`]!.labels, tag).toContain(messages.Levels);
      expect(widgets[`${tag}-profile`]!.labels, tag).toContain(messages['Copy address']);
      expect(widgets[`${tag}-category`]!.labels, tag).toContain(messages['Ways to score']);
      // A key like none defined (`unknown_badge`): the sentence up to the list of defined keys
      // (`$`), its spaces as the page's text has them.
      const noSuchBadge = messages['There is no such badge. Defined badges: $.'].split('$')[0]!.replace(/\s+/g, ' ');
      expect(widgets[`${tag}-unearned`]!.text, tag).toContain(noSuchBadge);
    }
    expect(widgets.japanese!.text).toContain(ja['Reputation score']);
    expect(widgets.japanese!.text).not.toContain(de['Reputation score']);
    // Arabic and Hebrew cards are right to left on this left-to-right page; the others are not.
    const directions = await page.$$eval('.slot', (slots) =>
      Object.fromEntries(
        slots.map((slot) => [slot.id, getComputedStyle(slot.querySelector('.repkit')!.shadowRoot!.querySelector('.rk')!).direction]),
      ),
    );
    for (const id of Object.keys(WIDGETS)) expect(directions[id], id).toBe(/^(ar|he)-/.test(id) ? 'rtl' : 'ltr');

    for (const [id, widget] of Object.entries(widgets)) {
      const messages = catalogueOf(id);
      expect(englishIn([widget.text], messages, served), `${id}: ${widget.text}`).toEqual([]);
      expect(englishIn(widget.labels, messages, served), `${id}: ${widget.labels.join(' | ')}`).toEqual([]);
    }
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('a locale script loaded before any repkit script says which to load first', async () => {
    const { page, log } = await browser.page();
    const url = `${browser.url}/locale-first.html`;
    await servePage(
      page,
      url,
      `<!doctype html><html lang="en"><head><title>t</title></head><body><script src="/dist/locales/de.js"></script></body></html>`,
    );
    await page.goto(url);
    expect(log.errors).toEqual([expect.stringMatching(/load repkit\.umd\.js or a repkit\.<kind>\.umd\.js before this script/)]);
    await page.context().close();
  });
});

describe('<html lang="de"> alone (no locale option) once the German file is loaded', () => {
  const rich = ADDRESSES.rich;
  const KINDS = [
    { type: 'reputation', address: rich },
    { type: 'badge', address: rich },
    { type: 'category', address: rich, categoryKey: 'governance' },
    { type: 'profile', address: rich },
  ];
  /** One widget of each kind by createWidget (#c0…), one snippet and one custom element. */
  const markup = (base: string) => `<main><h1>Ruf</h1>
${KINDS.map((_, i) => `<div id="c${i}" class="slot"></div>`).join('\n')}
<div class="slot" id="snippet"><div data-repkit="reputation" data-address="${rich}" data-api-key="${API_KEY}" data-base-url="${base}"></div></div>
<div class="slot" id="element"><repkit-widget type="badge" address="${rich}" api-key="${API_KEY}" base-url="${base}"></repkit-widget></div>
</main>`;
  const mounts = (base: string) =>
    KINDS.map((c, i) => `createWidget(${JSON.stringify({ apiKey: API_KEY, baseUrl: base, ...c })}).mount('#c${i}');`).join('\n');

  /** What each widget's view says (the custom element's host is inside its own shadow root), with its lang. */
  const views = (page: Page) =>
    page.$$eval('.slot', (slots) =>
      slots.map((slot) => {
        const el = slot.querySelector('repkit-widget');
        const host = (el ? el.shadowRoot!.querySelector('.repkit') : slot.querySelector('.repkit')) as HTMLElement;
        const view = host.shadowRoot!.querySelector('[part="widget"]')!;
        const labels = Array.from(view.querySelectorAll('*')).flatMap((e) =>
          ['aria-label', 'title'].map((n) => e.getAttribute(n) ?? '').filter(Boolean),
        );
        return {
          id: slot.id,
          state: host.dataset.state,
          lang: view.getAttribute('lang'),
          text: view.textContent!.replace(/\s+/g, ' '),
          labels,
        };
      }),
    );
  const allReady = (page: Page) =>
    page.waitForFunction(
      () => {
        const hosts = Array.from(document.querySelectorAll('.slot')).map((slot) => {
          const el = slot.querySelector('repkit-widget');
          return (el ? el.shadowRoot?.querySelector('.repkit') : slot.querySelector('.repkit')) as HTMLElement | null;
        });
        return hosts.every((h) => h?.dataset.state == 'ready');
      },
      undefined,
      { timeout: 15000 },
    );

  const expectGerman = async (page: Page, served: string): Promise<void> => {
    const shown = await views(page);
    expect(shown.map((v) => v.id)).toEqual(['c0', 'c1', 'c2', 'c3', 'snippet', 'element']);
    for (const view of shown) {
      expect(view.lang, view.id).toBe('de');
      expect(englishIn([view.text], de, served), `${view.id}: ${view.text}`).toEqual([]);
      expect(englishIn(view.labels, de, served), `${view.id}: ${view.labels.join(' | ')}`).toEqual([]);
    }
    expect(shown[0]!.text).toContain(de['Reputation score']);
    expect(shown[1]!.text).toContain(de.Badges);
    expect(shown[3]!.labels).toContain(de['Copy address']);
    expect(shown[4]!.text).toContain(de['Reputation score']);
    expect(shown[5]!.text).toContain(de.Badges);
  };

  /** The service's own words the page was sent (its category titles and badge names stay English). */
  const recordServed = (page: Page): (() => Promise<string>) => {
    const bodies: Promise<string[]>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) bodies.push(response.json().then(stringsOf, () => []));
    });
    return async () => (await Promise.all(bodies)).flat().join('\n');
  };

  const scriptPage = (base: string, scripts: string) => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Ruf</title>${scripts}</head>
<body>${markup(base)}
<script>addEventListener('DOMContentLoaded', () => { const { createWidget } = RepKit; ${mounts(base)} });</script>
</body></html>`;

  it('with dist/locales/de.js after repkit.umd.js, by script tags (as README shows them, deferred, and plain)', async () => {
    for (const scripts of [
      '<script src="/dist/repkit.umd.js" defer></script><script src="/dist/locales/de.js" defer></script>',
      '<script src="/dist/repkit.umd.js"></script><script src="/dist/locales/de.js"></script>',
    ]) {
      const { page, log } = await browser.page();
      const served = recordServed(page);
      const url = `${browser.url}/t/lang-de-script.html`;
      await servePage(page, url, scriptPage(browser.url, scripts));
      await page.goto(url);
      await allReady(page);
      await expectGerman(page, await served());
      expect(log.errors).toEqual([]);
      await page.context().close();
    }
  });

  it('with `import "repkit/locales/de"` in an ES module app', async () => {
    const { page, log } = await browser.page();
    const served = recordServed(page);
    const base = browser.url;
    const imports = {
      repkit: `${base}/dist/repkit.mjs`,
      'repkit/embed': `${base}/dist/repkit.embed.mjs`,
      'repkit/locales/de': `${base}/dist/locales/de.mjs`,
    };
    const url = `${base}/t/lang-de-esm.html`;
    await servePage(
      page,
      url,
      `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Ruf</title></head>
<body>${markup(base)}
<script type="importmap">${JSON.stringify({ imports })}</script>
<script type="module">
import 'repkit/locales/de';
import { createWidget, mountAll } from 'repkit';
import 'repkit/embed';
${mounts(base)}
mountAll();
</script>
</body></html>`,
    );
    await page.goto(url);
    await allReady(page);
    await expectGerman(page, await served());
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('turns widgets already showing their data German when the file arrives after them', async () => {
    const { page, log } = await browser.page();
    const served = recordServed(page);
    const url = `${browser.url}/t/lang-de-late.html`;
    await servePage(page, url, scriptPage(browser.url, '<script src="/dist/repkit.umd.js"></script>'));
    await page.goto(url);
    await allReady(page);
    // Without the file: English words (the test's control), under lang="de".
    expect((await views(page))[0]!.text).toContain('Reputation score');
    await page.addScriptTag({ url: '/dist/locales/de.js' });
    await page.waitForFunction(
      () => document.querySelector('#c0 .repkit')!.shadowRoot!.textContent!.includes('Reputationswert'),
      undefined,
      {
        timeout: 5000,
      },
    );
    await expectGerman(page, await served());
    expect(log.errors).toEqual([]);
    await page.context().close();
  });
});
