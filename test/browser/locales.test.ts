/**
 * The shipped languages on a page of script tags: `repkit.umd.js`, then `dist/locales/de.js` and
 * `dist/locales/ja.js`. Every kind mounted with `locale: 'de'` speaks German, and a widget whose
 * mount point says `lang="ja"` (the page itself is English) speaks Japanese with no locale
 * option — in what it shows, and in what it says to a screen reader (aria-labels, titles). No
 * sentence of the English catalogue is left, except words the service itself sent (its
 * category titles, badge names and descriptions are its own, in English) and words the
 * language shares with English (German's "Gold").
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale } from '../../src/i18n/messages';
import de from '../../src/locales/de';
import ja from '../../src/locales/ja';
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

const WIDGETS: Record<string, Record<string, unknown>> = {
  reputation: { type: 'reputation', locale: 'de' },
  badges: { type: 'badges', locale: 'de' },
  profile: { type: 'profile', locale: 'de' },
  category: { type: 'category', categoryKey: 'governance', locale: 'de' },
  japanese: { type: 'reputation' },
};

const PAGE = (base: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit in other languages</title></head>
<body><main><h1>Reputation</h1>
${Object.keys(WIDGETS)
  .map((id) => (id == 'japanese' ? `<div lang="ja"><div id="${id}" class="slot"></div></div>` : `<div id="${id}" class="slot"></div>`))
  .join('\n')}
</main>
<script src="/dist/repkit.umd.js"></script>
<script src="/dist/locales/de.js"></script>
<script src="/dist/locales/ja.js"></script>
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
  it('shows every kind in German with locale \'de\', and in Japanese under lang="ja", with no English catalogue words left', async () => {
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
    expect(await settled(page, Object.keys(WIDGETS).length)).toEqual(Object.keys(WIDGETS).map(() => 'ready'));
    const widgets = await shown(page);
    const served = (await Promise.all(bodies)).flat().join('\n');

    // Each kind's own words, in the language asked for.
    expect(widgets.reputation!.text).toContain(de['Reputation score']);
    expect(widgets.badges!.text).toContain(de.Badges);
    expect(widgets.profile!.labels).toContain(de['Copy address']);
    expect(widgets.category!.text).toMatch(new RegExp(`${de.points.one}|${de.points.other}`));
    expect(widgets.japanese!.text).toContain(ja['Reputation score']);
    expect(widgets.japanese!.text).not.toContain(de['Reputation score']);

    for (const [id, widget] of Object.entries(widgets)) {
      const messages = id == 'japanese' ? ja : de;
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
