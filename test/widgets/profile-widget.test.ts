/**
 * The profile widget (issue 3), in happy-dom, against the sandbox over HTTP.
 */
import { describe, expect, it, vi } from 'vitest';
import { createWidget, ProfileWidget, ServiceError, type ProfileWidgetOptions } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import {
  all,
  expectInert,
  mountSettled,
  mountWidget,
  one,
  requestsTo,
  settled,
  stateOf,
  stubClipboard,
  textOf,
} from '../helpers/profile-category';

const server = useSandbox();

type Address = keyof typeof ADDRESSES;

/** A profile widget for a sandbox address (no retries, so failures settle at once). */
const profileWidget = (address: Address, options: Partial<ProfileWidgetOptions> = {}): ProfileWidget =>
  new ProfileWidget({ apiKey: API_KEY, address: ADDRESSES[address], baseUrl: server.url, retries: 0, ...options });

const showProfile = (address: Address, options: Partial<ProfileWidgetOptions> = {}) => mountSettled(profileWidget(address, options));

/** A base URL whose profile answers carry `patch`, and that no other test shares (so nothing is cached). */
const patched = (patch: Record<string, unknown>) => server.fault({ patch });

/** Every link of the widget, as `[href, text]`. */
const links = (widget: ProfileWidget) => all(widget, 'a').map((a) => [a.getAttribute('href'), a.textContent?.trim()]);

/** Elements whose accessible name (aria-label, title or text) contains "Verified". */
const verifiedMarks = (widget: ProfileWidget) =>
  all(widget, '*').filter((e) =>
    [e.getAttribute('aria-label'), e.getAttribute('title'), e.children.length == 0 ? e.textContent : ''].some((n) => n?.includes('Verified')),
  );

/** The copy button. */
const copyButton = (widget: ProfileWidget): HTMLButtonElement => {
  const button = all(widget, 'button').find((b) => /copy/i.test(`${b.textContent} ${b.getAttribute('aria-label')}`));
  expect(button, 'a copy button').toBeDefined();
  return button as HTMLButtonElement;
};

describe('createWidget with type "profile"', () => {
  it('builds a ProfileWidget that renders the profile', async () => {
    const widget = createWidget({ type: 'profile', apiKey: API_KEY, address: ADDRESSES.rich, baseUrl: server.url });
    expect(widget).toBeInstanceOf(ProfileWidget);
    await mountSettled(widget);
    expect(widget.element?.dataset.type).toBe('profile');
    expect(textOf(widget)).toContain('Alice Validator');
  });
});

describe('profile widget: avatar', () => {
  it('shows an https avatarUrl as the image', async () => {
    const widget = await showProfile('rich');
    expect(all(widget, 'img').map((i) => i.getAttribute('src'))).toEqual(['https://avatars.example/alice.png']);
  });

  it('shows an http avatarUrl as the image', async () => {
    const widget = await showProfile('rich', { baseUrl: patched({ avatarUrl: 'http://avatars.example/alice.png' }) });
    expect(all(widget, 'img').map((i) => i.getAttribute('src'))).toEqual(['http://avatars.example/alice.png']);
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', '//evil.example/x.png', 'avatar.png'])(
    'does not use the avatarUrl %j and draws a generated avatar instead',
    async (avatarUrl) => {
      const widget = await showProfile('rich', { baseUrl: patched({ avatarUrl }) });
      expect(all(widget, 'img')).toEqual([]);
      expect(all(widget, '[part="avatar"] svg')).toHaveLength(1);
    },
  );

  it('draws a generated avatar when there is no avatarUrl', async () => {
    const widget = await showProfile('identityOnly');
    expect(all(widget, 'img')).toEqual([]);
    expect(all(widget, '[part="avatar"] svg')).toHaveLength(1);
  });

  it('draws a generated avatar for an address without a profile', async () => {
    const widget = await showProfile('noProfile');
    expect(all(widget, '[part="avatar"] svg')).toHaveLength(1);
  });
});

describe('profile widget: generated avatar is drawn from the address', () => {
  const avatarOf = async (address: Address) => one(await showProfile(address), '[part="avatar"] svg').outerHTML;

  it('differs between two addresses', async () => {
    const [a, b, c] = await Promise.all([avatarOf('identityOnly'), avatarOf('fresh'), avatarOf('noProfile')]);
    expect(a).not.toBe(b);
    expect(a).not.toBe(c);
    expect(b).not.toBe(c);
  });

  it('is the same for the same address', async () => {
    const [a, b] = await Promise.all([avatarOf('fresh'), avatarOf('fresh')]);
    expect(a).toBe(b);
  });
});

describe('profile widget: display name', () => {
  it.each([
    ['rich', 'Alice Validator'],
    ['identityOnly', 'Bob on-chain'],
    ['fresh', '14CvCq…DETG'],
  ] as const)('shows the display name of %s', async (address, name) => {
    const widget = await showProfile(address);
    expect(one(widget, '[part="name"]').textContent?.trim()).toBe(name);
  });
});

describe('profile widget: verified mark', () => {
  it('marks a profile with a KnownGood judgement as verified, with an accessible name', async () => {
    const widget = await showProfile('rich', { showIdentities: false });
    expect(verifiedMarks(widget).length).toBeGreaterThan(0);
  });

  it('marks a profile with a Reasonable judgement as verified', async () => {
    const widget = await showProfile('identityOnly', { showIdentities: false });
    expect(verifiedMarks(widget).length).toBeGreaterThan(0);
  });

  it('shows no mark without a verifying judgement', async () => {
    for (const address of ['fresh', 'hostile'] as const) {
      const widget = await showProfile(address, { showIdentities: false });
      expect(verifiedMarks(widget), address).toEqual([]);
      expect(textOf(widget)).not.toContain('Verified');
    }
  });

  it('shows no mark when the judgement is removed', async () => {
    const widget = await showProfile('rich', { showIdentities: false, baseUrl: patched({ chainIdentities: [{ address: ADDRESSES.rich, display: 'ALICE', judgements: [{ index: 0, judgement: 'FeePaid' }] }] }) });
    expect(verifiedMarks(widget)).toEqual([]);
  });
});

describe('profile widget: address and copy button', () => {
  it('shows the shortened address with the full address in a title', async () => {
    const widget = await showProfile('rich');
    expect(textOf(widget)).toContain('1bW2n3…CFa6');
    expect(all(widget, `[title="${ADDRESSES.rich}"]`).map((e) => e.textContent?.trim())).toContain('1bW2n3…CFa6');
    expect(textOf(widget)).not.toContain(ADDRESSES.rich);
  });

  it('copies the full address and says "Copied"', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard({ writeText });
    const widget = await showProfile('rich');
    const button = copyButton(widget);
    button.click();
    expect(writeText).toHaveBeenCalledWith(ADDRESSES.rich);
    await vi.waitFor(() => expect(button.textContent).toBe('Copied'));
  });

  it('says "Copy failed" and throws nothing when there is no clipboard', async () => {
    stubClipboard(undefined);
    const widget = await showProfile('rich');
    const button = copyButton(widget);
    expect(() => button.click()).not.toThrow();
    await vi.waitFor(() => expect(button.textContent).toBe('Copy failed'));
    expect(stateOf(widget)).toBe('ready');
  });

  it('says "Copy failed" when the clipboard refuses', async () => {
    stubClipboard({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    const widget = await showProfile('rich');
    const button = copyButton(widget);
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('Copy failed'));
  });

  it('offers the copy button for an address without a profile too', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard({ writeText });
    const widget = await showProfile('noProfile');
    copyButton(widget).click();
    expect(writeText).toHaveBeenCalledWith(ADDRESSES.noProfile);
  });
});

describe('profile widget: bio', () => {
  it('shows the bio', async () => {
    const widget = await showProfile('rich');
    expect(textOf(widget)).toContain('Validator operator and governance nerd since 2020. Runs a community node in Lisbon.');
  });
});

describe('profile widget: social links', () => {
  it('shows every social account, socialLinks winning over identity fields', async () => {
    const widget = await showProfile('rich', { showIdentities: false });
    const socials = textOf(one(widget, '[part="socials"]'));
    for (const handle of ['alice_validates', 'alice-validator', 'alice#4242', 'alice_val', 'alice@alice.example', '@alice:matrix.example', 'alice_irc']) {
      expect(socials).toContain(handle);
    }
    for (const overridden of ['@alice_onchain', 'alice-onchain', 'alice_onchain#0001']) expect(socials).not.toContain(overridden);
  });

  it('links the accounts that have a safe public URL', async () => {
    const widget = await showProfile('rich', { showIdentities: false });
    expect(links(widget)).toEqual(
      expect.arrayContaining([
        ['https://alice.example/', 'https://alice.example'],
        ['mailto:alice@alice.example', 'alice@alice.example'],
        ['https://x.com/alice_validates', 'alice_validates'],
        ['https://github.com/alice-validator', 'alice-validator'],
        ['https://matrix.to/#/@alice:matrix.example', '@alice:matrix.example'],
      ]),
    );
  });

  it('shows chat handles and unknown platforms as text, not links', async () => {
    const widget = await showProfile('rich', { showIdentities: false });
    const linked = links(widget).map(([, text]) => text);
    for (const handle of ['alice#4242', 'alice_val', 'alice_irc']) expect(linked).not.toContain(handle);
  });

  it('opens links in a new tab without opener, referrer or endorsement', async () => {
    const widget = await showProfile('rich');
    const anchors = all(widget, 'a');
    expect(anchors.length).toBeGreaterThanOrEqual(5);
    for (const a of anchors) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/);
    }
  });

  it('labels an account under a prototype-named key with the key itself', async () => {
    const socialLinks = JSON.parse('{"constructor":"ctor_handle","hasOwnProperty":"hop_handle","__proto__":"proto_handle","toString":"ts_handle"}');
    const widget = await showProfile('fresh', { baseUrl: patched({ socialLinks }) });
    // Each item is the platform label followed by the handle.
    const items = all(widget, '[part="socials"] li').map((li) => [li.firstElementChild?.textContent, li.lastElementChild?.textContent]);
    expect(items).toHaveLength(4);
    for (const [label] of items) expect(label).not.toMatch(/native code|\[object Object\]|function/);
    expect(items).toEqual(
      expect.arrayContaining([
        ['constructor', 'ctor_handle'],
        ['hasOwnProperty', 'hop_handle'],
        ['__proto__', 'proto_handle'],
        ['toString', 'ts_handle'],
      ]),
    );
  });
});

describe('profile widget: chain identities', () => {
  it('shows each identity record: display, legal name, web, role and judgements', async () => {
    const widget = await showProfile('rich', { showSocials: false });
    const identities = all(widget, '[part="identity"]').map((e) => textOf(e));
    expect(identities).toHaveLength(2);
    for (const fact of ['ALICE', 'Alice Example', 'https://alice.example', 'validator', 'KnownGood']) expect(identities[0]).toContain(fact);
    for (const fact of ['ALICE / stash', 'https://stash.alice.example', 'stash']) expect(identities[1]).toContain(fact);
    expect(identities[1]).not.toContain('KnownGood');
  });

  it('links an identity web site', async () => {
    const widget = await showProfile('rich', { showSocials: false });
    expect(links(widget)).toContainEqual(['https://stash.alice.example/', 'https://stash.alice.example']);
  });
});

describe('profile widget: NFT count', () => {
  it('shows the NFT count', async () => {
    const widget = await showProfile('rich');
    expect(textOf(one(widget, '[part="nfts"]'))).toBe('42 NFTs');
  });

  it('shows a count of zero', async () => {
    const widget = await showProfile('identityOnly');
    expect(textOf(one(widget, '[part="nfts"]'))).toBe('0 NFTs');
  });

  it('formats the count in the locale', async () => {
    const widget = await showProfile('rich', { locale: 'de-DE', baseUrl: patched({ nftCount: 12345 }) });
    expect(textOf(one(widget, '[part="nfts"]'))).toBe('12.345 NFTs');
  });
});

/** What each show* option hides, and a check that the part is shown. */
const PARTS: [keyof ProfileWidgetOptions, (w: ProfileWidget) => boolean][] = [
  ['showAvatar', (w) => all(w, 'img, svg').length > 0],
  ['showBio', (w) => textOf(w).includes('governance nerd')],
  ['showSocials', (w) => textOf(w).includes('alice_validates') || links(w).some(([href]) => href?.includes('x.com'))],
  ['showIdentities', (w) => textOf(w).includes('Alice Example')],
  ['showNftCount', (w) => textOf(w).includes('NFTs')],
];

describe('profile widget: show* options', () => {
  it.each(PARTS)('shows the part of %s by default', async (_, shown) => {
    expect(shown(await showProfile('rich'))).toBe(true);
  });

  it.each(PARTS)('hides the part when %s is false', async (option, shown) => {
    const widget = await showProfile('rich', { [option]: false });
    expect(shown(widget)).toBe(false);
    expect(textOf(widget)).toContain('Alice Validator');
  });

  it.each(PARTS)('update({ %s }) toggles the part without a new request', async (option, shown) => {
    const baseUrl = server.fault({});
    const widget = await showProfile('rich', { baseUrl, cacheTtlMs: 0 });
    const before = requestsTo(server.sandbox.requests, `/profiles/${ADDRESSES.rich}`);
    widget.update({ [option]: false });
    expect(stateOf(widget)).toBe('ready');
    expect(shown(widget)).toBe(false);
    widget.update({ [option]: true });
    expect(shown(widget)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(requestsTo(server.sandbox.requests, `/profiles/${ADDRESSES.rich}`)).toBe(before);
  });

  it('hides every optional part at once, keeping name and address', async () => {
    const widget = await showProfile('rich', { showAvatar: false, showBio: false, showSocials: false, showIdentities: false, showNftCount: false });
    for (const [option, shown] of PARTS) expect(shown(widget), option).toBe(false);
    expect(textOf(widget)).toContain('Alice Validator');
    expect(textOf(widget)).toContain('1bW2n3…CFa6');
  });
});

describe('profile widget: sparse profiles', () => {
  it('shows an identity-only profile by its identity', async () => {
    const widget = await showProfile('identityOnly');
    expect(stateOf(widget)).toBe('ready');
    expect(one(widget, '[part="name"]').textContent?.trim()).toBe('Bob on-chain');
    expect(links(widget)).toContainEqual(['https://bob.example/', 'https://bob.example']);
    expect(textOf(widget)).toContain('Reasonable');
    expect(all(widget, '[part="bio"]')).toEqual([]);
  });

  it('shows a profile with only an address', async () => {
    const onError = vi.fn();
    const widget = await showProfile('fresh', { onError });
    expect(stateOf(widget)).toBe('ready');
    expect(onError).not.toHaveBeenCalled();
    expect(textOf(widget)).toContain('14CvCq…DETG');
    expect(all(widget, 'a')).toEqual([]);
    expect(textOf(widget)).not.toContain('NFTs');
  });
});

describe('profile widget: no profile (404)', () => {
  it('is ready, fires onLoad and not onError, and says there is no profile yet', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const widget = await showProfile('noProfile', { onLoad, onError });
    expect(stateOf(widget)).toBe('ready');
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(textOf(widget)).toContain('No profile set up yet');
    expect(all(widget, '[role="alert"]')).toEqual([]);
  });

  it('shows the shortened address with the full one in a title', async () => {
    const widget = await showProfile('noProfile');
    expect(textOf(widget)).toContain('15a4gY…nKB2');
    expect(all(widget, `[title="${ADDRESSES.noProfile}"]`).length).toBeGreaterThan(0);
  });

  it('does the same for an address the service does not know', async () => {
    const onLoad = vi.fn();
    const widget = await showProfile('unknown', { onLoad });
    expect(stateOf(widget)).toBe('ready');
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(textOf(widget)).toContain('No profile set up yet');
  });
});

describe('profile widget: real failures', () => {
  it('shows the error state and calls onError on 401', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const widget = await showProfile('rich', { apiKey: 'not-the-key', onLoad, onError });
    expect(stateOf(widget)).toBe('error');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(ServiceError);
    expect((onError.mock.calls[0]![0] as ServiceError).statusCode).toBe(401);
    expect(onLoad).not.toHaveBeenCalled();
    expect(textOf(one(widget, '[role="alert"]'))).toMatch(/API key/);
    expect(textOf(widget)).not.toContain('No profile set up yet');
  });

  it('shows the error state and calls onError on 5xx', async () => {
    const onError = vi.fn();
    const widget = await showProfile('rich', { baseUrl: server.fault({ status: 503 }), onError });
    expect(stateOf(widget)).toBe('error');
    expect((onError.mock.calls[0]![0] as ServiceError).statusCode).toBe(503);
  });

  it('shows the error state and calls onError when the service cannot be reached', async () => {
    const onError = vi.fn();
    const widget = await showProfile('rich', { baseUrl: server.fault({ drop: true }), onError });
    expect(stateOf(widget)).toBe('error');
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('profile widget: hostile data', () => {
  const ALLOWED_TAGS = ['div', 'p', 'span', 'strong', 'button', 'ul', 'li', 'a', 'svg', 'rect', 'g'];

  it('renders every string as text: no elements or attributes from data, only safe URLs', async () => {
    const widget = await showProfile('hostile');
    expect(stateOf(widget)).toBe('ready');
    expectInert(widget, ALLOWED_TAGS);
    expect(textOf(widget)).toContain('<script>alert("long")</script>');
    expect(textOf(widget)).toContain('<img src=x onerror=alert(1)>');
  });

  it('does not use a javascript: avatarUrl', async () => {
    const widget = await showProfile('hostile');
    expect(all(widget, 'img')).toEqual([]);
    expect(all(widget, '[src]')).toEqual([]);
    expect(all(widget, '[part="avatar"] svg')).toHaveLength(1);
  });

  it('links no hostile social value', async () => {
    const widget = await showProfile('hostile');
    for (const [href] of links(widget)) expect(href).toMatch(/^https?:\/\//);
  });

  it('stays inert with every option off and on again', async () => {
    const widget = await showProfile('hostile');
    widget.update({ showAvatar: false, showBio: false, showSocials: false, showIdentities: false, showNftCount: false });
    expectInert(widget, ALLOWED_TAGS);
    widget.update({ showAvatar: true, showBio: true, showSocials: true, showIdentities: true, showNftCount: true });
    await settled(widget);
    expectInert(widget, ALLOWED_TAGS);
  });
});

describe('profile widget: common options', () => {
  it('applies theme and className to the host', async () => {
    const widget = await showProfile('rich', { theme: 'dark', className: 'my-card' });
    expect(widget.element?.dataset.theme).toBe('dark');
    expect(widget.element?.classList.contains('my-card')).toBe(true);
  });

  it('rejects a show* option of the wrong type, naming it', () => {
    expect(() => profileWidget('rich', { showBio: 'no' as never })).toThrow(/showBio/);
  });

  it('is loading until the profile arrives', async () => {
    const widget = mountWidget(profileWidget('rich', { baseUrl: server.fault({ latency: 150 }) }));
    expect(stateOf(widget)).toBe('loading');
    await settled(widget);
    expect(stateOf(widget)).toBe('ready');
  });
});
