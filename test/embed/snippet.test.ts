import { afterEach, describe, expect, it } from 'vitest';
import { mountAll, OptionError, snippet, type BadgeWidget } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';

const server = useSandbox();

const settle = (host: Element) =>
  new Promise<string>((resolve) => {
    const done = () => resolve((host as HTMLElement).dataset.state!);
    if ((host as HTMLElement).dataset.state != 'loading') return done();
    host.addEventListener('repkit:load', done, { once: true });
    host.addEventListener('repkit:error', done, { once: true });
  });

afterEach(() => {
  document.body.replaceChildren();
});

describe('snippet()', () => {
  it('writes the config as data-* attributes and a script tag loading repkit from scriptUrl', () => {
    const html = snippet(
      { type: 'badge', apiKey: API_KEY, address: ADDRESSES.rich, maxBadges: 3, showProgress: true },
      { scriptUrl: 'https://cdn.example/repkit.umd.js' },
    );
    expect(html).toBe(
      `<div data-repkit="badge" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-max-badges="3" data-show-progress="true"></div>\n` +
        `<script src="https://cdn.example/repkit.umd.js" async></script>`,
    );
  });

  it('needs scriptUrl: repkit is on no public CDN, so no default would load', () => {
    const config = { type: 'badge', apiKey: API_KEY, address: ADDRESSES.rich } as const;
    for (const options of [undefined, {}, { scriptUrl: '' }, { scriptUrl: 'javascript:alert(1)' }, { scriptUrl: 'repkit.js' }]) {
      expect(() => snippet(config, options as never)).toThrow(OptionError);
      expect(() => snippet(config, options as never)).toThrow(/"scriptUrl" must be where the page loads repkit's script from/);
    }
  });

  it('escapes values so a config cannot inject markup', () => {
    const html = snippet(
      { type: 'reputation', apiKey: API_KEY, address: ADDRESSES.rich, className: '"><script>alert(1)</script>' },
      { scriptUrl: '/dist/repkit.umd.js?"x' },
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelector('div')!.dataset.className).toBe('"><script>alert(1)</script>');
    // Normalised by the URL parser: the quote is percent-encoded, so it cannot end the attribute.
    expect(doc.querySelector('script')!.getAttribute('src')).toBe('/dist/repkit.umd.js?%22x');
  });

  it('refuses a config that would not work, naming the option', () => {
    expect(() => snippet({ type: 'reputation', apiKey: API_KEY, address: '' }, { scriptUrl: '/dist/repkit.umd.js' })).toThrow(/address/);
    expect(() =>
      snippet({ type: 'category', apiKey: API_KEY, address: ADDRESSES.rich } as never, { scriptUrl: '/dist/repkit.umd.js' }),
    ).toThrow(/categoryKey/);
  });

  it('carries a nonce to the script tag', () => {
    expect(
      snippet({ type: 'profile', apiKey: API_KEY, address: ADDRESSES.rich, nonce: 'abc' }, { scriptUrl: '/dist/repkit.umd.js' }),
    ).toContain('async nonce="abc"></script>');
  });

  it('produces markup that mountAll() turns into the configured widget', async () => {
    const html = snippet(
      { type: 'badge', apiKey: API_KEY, address: ADDRESSES.rich, baseUrl: server.url, maxBadges: 2 },
      { scriptUrl: '/dist/repkit.umd.js' },
    );
    document.body.innerHTML = html.split('\n')[0]!;
    const [widget] = mountAll();
    expect((widget as BadgeWidget).options.maxBadges).toBe(2);
    expect(await settle(widget!.element!)).toBe('ready');
    expect(widget!.element!.shadowRoot!.querySelectorAll('[part="badge"]')).toHaveLength(2);
  });
});
