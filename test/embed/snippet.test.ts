import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCRIPT_URL, mountAll, snippet, VERSION, type BadgeWidget } from '../../src/index';
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
  it('writes the config as data-* attributes and a script tag for this version', () => {
    const html = snippet({ type: 'badge', apiKey: API_KEY, address: ADDRESSES.rich, maxBadges: 3, showProgress: true });
    expect(html).toBe(
      `<div data-repkit="badge" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-max-badges="3" data-show-progress="true"></div>\n` +
        `<script src="${DEFAULT_SCRIPT_URL}" async></script>`,
    );
    expect(DEFAULT_SCRIPT_URL).toContain(`repkit@${VERSION}/`);
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
    expect(() => snippet({ type: 'reputation', apiKey: API_KEY, address: '' })).toThrow(/address/);
    expect(() => snippet({ type: 'category', apiKey: API_KEY, address: ADDRESSES.rich } as never)).toThrow(/categoryKey/);
  });

  it('carries a nonce to the script tag', () => {
    expect(snippet({ type: 'profile', apiKey: API_KEY, address: ADDRESSES.rich, nonce: 'abc' })).toContain('async nonce="abc"></script>');
  });

  it('produces markup that mountAll() turns into the configured widget', async () => {
    const html = snippet({ type: 'badge', apiKey: API_KEY, address: ADDRESSES.rich, baseUrl: server.url, maxBadges: 2 });
    document.body.innerHTML = html.split('\n')[0]!;
    const [widget] = mountAll();
    expect((widget as BadgeWidget).options.maxBadges).toBe(2);
    expect(await settle(widget!.element!)).toBe('ready');
    expect(widget!.element!.shadowRoot!.querySelectorAll('[part="badge"]')).toHaveLength(2);
  });
});
