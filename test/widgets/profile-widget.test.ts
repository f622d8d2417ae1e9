/**
 * The profile widget, in happy-dom, against the sandbox over HTTP.
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
    [e.getAttribute('aria-label'), e.getAttribute('title'), e.children.length == 0 ? e.textContent : ''].some((n) =>
      n?.includes('Verified'),
    ),
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
  it('shows the avatarUrl as the image (the fixture image is served by the sandbox)', async () => {
    const widget = await showProfile('rich');
    expect(all(widget, 'img').map((i) => i.getAttribute('src'))).toEqual([`${server.url}/sandbox/fixtures/avatar.svg`]);
  });

  it('shows an https avatarUrl as the image', async () => {
    const widget = await showProfile('rich', { baseUrl: patched({ avatarUrl: 'https://avatars.example/alice.png' }) });
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

  it('draws a generated avatar when avatarUrl is null', async () => {
    const widget = await showProfile('identityOnly');
    expect(all(widget, 'img')).toEqual([]);
    expect(all(widget, '[part="avatar"] svg')).toHaveLength(1);
  });

  it('draws a generated avatar for a profile that was never filled in', async () => {
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

  it('marks an API-sourced profile verified from its polkadotIdentities (KnownGood)', async () => {
    const widget = await showProfile('identityOnly', { showIdentities: false });
    expect(verifiedMarks(widget).length).toBeGreaterThan(0);
  });

  it('marks a profile with a Reasonable judgement as verified', async () => {
    const polkadotIdentities = [
      { address: ADDRESSES.fresh, display: 'Dave', judgements: [{ index: 0, judgement: 'Reasonable', _id: '6650f0c2a1b2ffffffffffff' }] },
    ];
    const widget = await showProfile('fresh', { showIdentities: false, baseUrl: patched({ polkadotIdentities }) });
    expect(verifiedMarks(widget).length).toBeGreaterThan(0);
  });

  it('shows no mark without a verifying judgement', async () => {
    // noBadges's identity is only FeePaid; the hostile ones are near misses such as "KnownGood\u200B".
    for (const address of ['fresh', 'noBadges', 'noProfile', 'hostile'] as const) {
      const widget = await showProfile(address, { showIdentities: false });
      expect(verifiedMarks(widget), address).toEqual([]);
      expect(textOf(widget)).not.toContain('Verified');
    }
  });

  it('shows no mark when the judgement is removed', async () => {
    const widget = await showProfile('rich', {
      showIdentities: false,
      baseUrl: patched({
        polkadotIdentities: [
          { address: ADDRESSES.rich, display: 'ALICE', judgements: [{ index: 0, judgement: 'FeePaid', _id: '6650f0c2a1b2fffffffffffe' }] },
        ],
      }),
    });
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

  it('offers the copy button for a profile that was never filled in too', async () => {
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
    // socialLinks: twitter, github, discord, telegram; the identity adds web.
    for (const handle of ['alice_validates', 'alice-validator', 'alice#4242', 'alice_val', 'https://alice.example'])
      expect(socials).toContain(handle);
    for (const overridden of ['@alice_onchain', 'alice-onchain']) expect(socials).not.toContain(overridden);
  });

  it('shows the seven platforms the service fills socialLinks with', async () => {
    const widget = await showProfile('identityOnly', { showIdentities: false });
    const items = all(widget, '[part="socials"] li').map((li) => textOf(li));
    expect(items).toHaveLength(7);
    for (const handle of [
      'https://bob.example',
      'bob@bob.example',
      '@bob_onchain',
      'bob-builds',
      '@bob:matrix.example',
      'bob_onchain',
      '@bob:riot.example',
    ]) {
      expect(
        items.some((item) => item.includes(handle)),
        handle,
      ).toBe(true);
    }
  });

  it('takes socials from the identity fields (twitter, github, discord, riot as the service names them) without socialLinks', async () => {
    const widget = await showProfile('identityOnly', { showIdentities: false, baseUrl: patched({ socialLinks: {} }) });
    const socials = textOf(one(widget, '[part="socials"]'));
    for (const handle of ['@bob_onchain', 'bob-builds', 'bob_onchain', '@bob:riot.example', '@bob:matrix.example', 'bob@bob.example'])
      expect(socials).toContain(handle);
  });

  it('links the accounts that have a safe public URL', async () => {
    const widget = await showProfile('identityOnly', { showIdentities: false });
    expect(links(widget)).toEqual(
      expect.arrayContaining([
        ['https://bob.example/', 'https://bob.example'],
        ['mailto:bob@bob.example', 'bob@bob.example'],
        ['https://x.com/bob_onchain', '@bob_onchain'],
        ['https://github.com/bob-builds', 'bob-builds'],
        ['https://matrix.to/#/@bob:matrix.example', '@bob:matrix.example'],
      ]),
    );
    const rich = await showProfile('rich', { showIdentities: false });
    expect(links(rich)).toEqual(
      expect.arrayContaining([
        ['https://x.com/alice_validates', 'alice_validates'],
        ['https://github.com/alice-validator', 'alice-validator'],
      ]),
    );
  });

  it('shows chat handles and unknown platforms as text, not links', async () => {
    const rich = links(await showProfile('rich', { showIdentities: false })).map(([, text]) => text);
    for (const handle of ['alice#4242', 'alice_val']) expect(rich).not.toContain(handle);
    const bob = links(await showProfile('identityOnly', { showIdentities: false })).map(([, text]) => text);
    for (const handle of ['bob_onchain', '@bob:riot.example']) expect(bob).not.toContain(handle);
  });

  it('opens links in a new tab without opener, referrer or endorsement', async () => {
    const widget = await showProfile('identityOnly');
    const anchors = all(widget, 'a');
    expect(anchors.length).toBeGreaterThanOrEqual(5);
    for (const a of anchors) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/);
    }
  });

  it('labels an account under a prototype-named key with the key itself', async () => {
    const socialLinks = JSON.parse(
      '{"constructor":"ctor_handle","hasOwnProperty":"hop_handle","__proto__":"proto_handle","toString":"ts_handle"}',
    );
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
  it('shows each identity record of polkadotIdentities: display, web and judgements; nulls are left out', async () => {
    const widget = await showProfile('rich', { showSocials: false });
    const identities = all(widget, '[part="identity"]').map((e) => textOf(e));
    expect(identities).toHaveLength(2);
    for (const fact of ['ALICE', 'https://alice.example', 'KnownGood']) expect(identities[0]).toContain(fact);
    expect(identities[1]).toContain('ALICE / stash');
    expect(identities[1]).not.toContain('KnownGood');
    expect(identities.join(' ')).not.toMatch(/null|undefined/);
  });

  it('shows the legal name and role of an API-sourced identity', async () => {
    const widget = await showProfile('identityOnly', { showSocials: false });
    const identity = textOf(one(widget, '[part="identity"]'));
    for (const fact of ['Bob on-chain', 'Robert Example', 'https://bob.example', 'KnownGood']) expect(identity).toContain(fact);
    const withRole = await showProfile('identityOnly', {
      showSocials: false,
      baseUrl: patched({ polkadotIdentities: [{ address: ADDRESSES.identityOnly, display: 'Bob', role: 'validator', judgements: [] }] }),
    });
    expect(textOf(one(withRole, '[part="identity"]'))).toContain('validator');
  });

  it('links an identity web site', async () => {
    const widget = await showProfile('rich', { showSocials: false });
    expect(links(widget)).toContainEqual(['https://alice.example/', 'https://alice.example']);
  });
});

describe('profile widget: NFT count', () => {
  it('shows the NFT count', async () => {
    const widget = await showProfile('identityOnly');
    expect(textOf(one(widget, '[part="nfts"]'))).toBe('42 NFTs');
  });

  it('shows a count of zero', async () => {
    const widget = await showProfile('noBadges');
    expect(textOf(one(widget, '[part="nfts"]'))).toBe('0 NFTs');
  });

  it('shows none for an app-sourced profile, which does not send it', async () => {
    const widget = await showProfile('rich');
    expect(all(widget, '[part="nfts"]')).toEqual([]);
  });

  it('formats the count in the locale', async () => {
    const widget = await showProfile('rich', { locale: 'de-DE', baseUrl: patched({ nftCount: 12345 }) });
    expect(textOf(one(widget, '[part="nfts"]'))).toBe('12.345 NFTs');
  });
});

/**
 * What each show* option hides, and a check that the part is shown. The rich profile plus an
 * nftCount (an app-sourced profile sends none) and an identity with a legal name.
 */
const PARTS: [keyof ProfileWidgetOptions, (w: ProfileWidget) => boolean][] = [
  ['showAvatar', (w) => all(w, 'img, svg').length > 0],
  ['showBio', (w) => textOf(w).includes('governance nerd')],
  ['showSocials', (w) => textOf(w).includes('alice_validates') || links(w).some(([href]) => href?.includes('x.com'))],
  ['showIdentities', (w) => textOf(w).includes('Alice Example')],
  ['showNftCount', (w) => textOf(w).includes('NFTs')],
];
const FULL = { nftCount: 42, polkadotIdentities: [{ address: ADDRESSES.rich, display: 'ALICE', legal: 'Alice Example', judgements: [] }] };

describe('profile widget: show* options', () => {
  it.each(PARTS)('shows the part of %s by default', async (_, shown) => {
    expect(shown(await showProfile('rich', { baseUrl: patched(FULL) }))).toBe(true);
  });

  it.each(PARTS)('hides the part when %s is false', async (option, shown) => {
    const widget = await showProfile('rich', { [option]: false, baseUrl: patched(FULL) });
    expect(shown(widget)).toBe(false);
    expect(textOf(widget)).toContain('Alice Validator');
  });

  it.each(PARTS)('update({ %s }) toggles the part without a new request', async (option, shown) => {
    const baseUrl = patched(FULL);
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
    const widget = await showProfile('rich', {
      showAvatar: false,
      showBio: false,
      showSocials: false,
      showIdentities: false,
      showNftCount: false,
      baseUrl: patched(FULL),
    });
    for (const [option, shown] of PARTS) expect(shown(widget), option).toBe(false);
    expect(textOf(widget)).toContain('Alice Validator');
    expect(textOf(widget)).toContain('1bW2n3…CFa6');
  });
});

describe('profile widget: sparse profiles', () => {
  it('shows an identity-only profile (displayName, avatarUrl and bio null) by its identity', async () => {
    const widget = await showProfile('identityOnly');
    expect(stateOf(widget)).toBe('ready');
    expect(one(widget, '[part="name"]').textContent?.trim()).toBe('Bob on-chain');
    expect(links(widget)).toContainEqual(['https://bob.example/', 'https://bob.example']);
    expect(textOf(widget)).toContain('KnownGood');
    expect(all(widget, '[part="bio"]')).toEqual([]);
    expect(textOf(widget)).not.toMatch(/\bnull\b/);
  });

  it('shows a profile that was never filled in (all null) by its address', async () => {
    const widget = await showProfile('noProfile');
    expect(stateOf(widget)).toBe('ready');
    expect(one(widget, '[part="name"]').textContent?.trim()).toBe('15a4gY…nKB2');
    expect(all(widget, 'a')).toEqual([]);
    expect(textOf(widget)).not.toMatch(/\bnull\b/);
  });

  it('shows the computed profile of a brand-new address by its address', async () => {
    const onError = vi.fn();
    const widget = await showProfile('fresh', { onError });
    expect(stateOf(widget)).toBe('ready');
    expect(onError).not.toHaveBeenCalled();
    expect(textOf(widget)).toContain('14CvCq…DETG');
    expect(all(widget, 'a')).toEqual([]);
    expect(textOf(widget)).toContain('0 NFTs');
  });
});

describe('profile widget: no profile (404, as other deployments answer)', () => {
  const missing = () => server.fault({ status: 404 });

  it('is ready, fires onLoad and not onError, and says there is no profile yet', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const widget = await showProfile('noProfile', { onLoad, onError, baseUrl: missing() });
    expect(stateOf(widget)).toBe('ready');
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(textOf(widget)).toContain('No profile set up yet');
    expect(all(widget, '[role="alert"]')).toEqual([]);
  });

  it('shows the shortened address with the full one in a title', async () => {
    const widget = await showProfile('noProfile', { baseUrl: missing() });
    expect(textOf(widget)).toContain('15a4gY…nKB2');
    expect(all(widget, `[title="${ADDRESSES.noProfile}"]`).length).toBeGreaterThan(0);
  });

  it('an address the service does not know is not a 404: its computed profile is shown', async () => {
    const onLoad = vi.fn();
    const widget = await showProfile('unknown', { onLoad });
    expect(stateOf(widget)).toBe('ready');
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(textOf(widget)).not.toContain('No profile set up yet');
    expect(textOf(widget)).toContain('143GnV…AGaT');
  });
});

describe('profile widget: real failures', () => {
  it('shows the error state and calls onError on 401', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    // From a page, an invalid key is refused by CORS: the 401 is what a server-side caller (or a proxy) sees.
    const widget = await showProfile('rich', { apiKey: 'not-the-key', baseUrl: server.fault({ status: 401 }), onLoad, onError });
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
