/**
 * The catalogue at work in a widget: which language `locale: 'auto'` finds, what a registered
 * language and the page's `messages` change, plural forms, direction, and that changing the
 * language re-renders without a request. Real HTTP against the sandbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import { localeOf, registerLocale, wordsFor } from '../../src/i18n/locale';
import { createWidget, OptionError, snippet } from '../../src/index';
import { cleanupWidgets, countRequests, makeContainer, mountReady, mountWidget, textOf, viewOf } from '../helpers/widgets';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => {
  cleanupWidgets();
  document.documentElement.removeAttribute('lang');
});

const config = () => ({ type: 'reputation' as const, apiKey: API_KEY, baseUrl: sandbox.url, address: ADDRESSES.rich });

// A test catalogue: registered once for the file (the registry is page-wide, as on a real page).
registerLocale('sv', { 'Reputation score': 'Ruf', 'Try again': 'Nochmal', '+$ more': { one: 'noch $', other: 'noch $ weitere' } });
registerLocale('nl', { 'Reputation score': 'Reputatiescore' });
registerLocale('fa', { dir: 'rtl', 'Reputation score': 'امتیاز' });

describe("locale 'auto'", () => {
  it('reads the mount point’s lang, then an ancestor’s, then the page’s, then the browser’s', () => {
    const outer = makeContainer();
    outer.lang = 'nl-BE';
    const inner = outer.appendChild(document.createElement('div'));
    expect(localeOf('auto', inner)).toBe('nl-BE');
    inner.lang = 'fr';
    expect(localeOf('auto', inner)).toBe('fr');
    const bare = makeContainer();
    document.documentElement.lang = 'de-CH';
    expect(localeOf('auto', bare)).toBe('de-CH');
    document.documentElement.lang = '';
    expect(localeOf('auto', bare)).toBe(navigator.language);
    expect(localeOf('ja', inner)).toBe('ja');
  });

  it('reads the lang around a shadow root it is in, as a <repkit-widget>’s widget is in the element’s own', () => {
    const outer = makeContainer();
    outer.lang = 'ko';
    const element = outer.appendChild(document.createElement('div'));
    const inner = element.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
    expect(localeOf('auto', inner)).toBe('ko');
    element.lang = 'ja';
    expect(localeOf('auto', inner)).toBe('ja');
  });

  it('skips a lang that is not a language tag instead of failing', () => {
    const container = makeContainer();
    container.lang = 'not a tag!';
    document.documentElement.lang = 'es';
    expect(localeOf('auto', makeContainer())).toBe('es');
    expect(localeOf('auto', container)).toBe(navigator.language);
  });

  it('renders the words of the language found', async () => {
    const container = makeContainer();
    container.lang = 'nl';
    const { root, loaded } = mountWidget(config(), container);
    expect(await loaded).toBe('ready');
    const view = viewOf(root);
    expect(textOf(view.querySelector('.rk-label'))).toBe('Reputatiescore');
    expect(view.lang).toBe('nl');
  });
});

describe('catalogues', () => {
  it('fall back to the language, and to English for a message they lack, never to a key', () => {
    const words = wordsFor('nl-BE');
    expect(words.t('Reputation score')).toBe('Reputatiescore');
    expect(words.t('Try again')).toBe('Try again');
    expect(wordsFor('en-US').t('Reputation score')).toBe('Reputation score');
  });

  it('put a value in for $ as it is, never as a replacement pattern', () => {
    expect(wordsFor('en').t('This widget is set up wrongly: $.', '$& and $1')).toBe('This widget is set up wrongly: $& and $1.');
  });

  it('pick plural forms by Intl.PluralRules, English included', () => {
    const test = wordsFor('sv');
    expect(test.n('+$ more', 1)).toBe('noch 1');
    expect(test.n('+$ more', 3)).toBe('noch 3 weitere');
    const english = wordsFor('en');
    expect(english.n('$ NFTs', 1)).toBe('1 NFT');
    expect(english.n('$ NFTs', 1200)).toBe('1,200 NFTs');
    expect(english.n('points', 1)).toBe('point');
  });

  it('give a right-to-left language its direction, on the view', async () => {
    const { view } = await mountReady({ ...config(), locale: 'fa' });
    expect(view.dir).toBe('rtl');
    expect(view.lang).toBe('fa');
    expect(textOf(view.querySelector('.rk-label'))).toBe('امتیاز');
  });
});

describe('the messages option', () => {
  it('overrides the locale’s words, and the rest stay the locale’s', async () => {
    const { view } = await mountReady({ ...config(), locale: 'nl', messages: { 'Score by category': 'Per categorie' } });
    expect(view.querySelector('.rk-categories')?.getAttribute('aria-label')).toBe('Per categorie');
    expect(textOf(view.querySelector('.rk-label'))).toBe('Reputatiescore');
  });

  it('is checked: anything but an object is an OptionError naming it', () => {
    expect(() => createWidget({ ...config(), messages: 'Retry' as never })).toThrow(OptionError);
    expect(() => createWidget({ ...config(), messages: ['Retry'] as never })).toThrow(/"messages" must be an object/);
  });

  it('travels as JSON in a snippet', () => {
    const html = snippet({ ...config(), messages: { 'Try again': 'Retry "now"' } }, { scriptUrl: '/dist/repkit.umd.js' });
    const parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-repkit]');
    expect(JSON.parse(parsed!.getAttribute('data-messages')!)).toEqual({ 'Try again': 'Retry "now"' });
  });
});

describe('changing the language', () => {
  it('a catalogue registered after the widget mounted (a late locale file) is used at once, with no request', async () => {
    const container = makeContainer();
    container.lang = 'pl';
    const { root, loaded } = mountWidget(config(), container);
    expect(await loaded).toBe('ready');
    const view = viewOf(root);
    expect(textOf(view.querySelector('.rk-label'))).toBe('Reputation score');
    const before = countRequests(sandbox);
    try {
      registerLocale('pl', { 'Reputation score': 'Wynik reputacji' });
      expect(textOf(view.querySelector('.rk-label'))).toBe('Wynik reputacji');
      expect(countRequests(sandbox)).toBe(before);
      // A destroyed widget is no longer called.
      cleanupWidgets();
      expect(() => registerLocale('pl-PL', { 'Reputation score': 'Wynik' })).not.toThrow();
      expect(textOf(view.querySelector('.rk-label'))).toBe('Wynik reputacji');
    } finally {
      // The registry is page-wide: leave no Polish to the files that run after this one.
      registerLocale('pl', {});
      registerLocale('pl-PL', {});
    }
  });

  it('re-renders with no request', async () => {
    const { widget, view } = await mountReady(config());
    const before = countRequests(sandbox);
    widget.update({ locale: 'sv' });
    expect(textOf(view.querySelector('.rk-label'))).toBe('Ruf');
    widget.update({ messages: { 'Reputation score': 'Score' } });
    expect(textOf(view.querySelector('.rk-label'))).toBe('Score');
    expect(countRequests(sandbox)).toBe(before);
  });
});
