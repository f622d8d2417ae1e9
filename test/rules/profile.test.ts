/**
 * The profile rules the profile widget relies on: displayNameOf, socialsOf, isVerified.
 */
import { describe, expect, it } from 'vitest';
import { displayNameOf, isVerified, socialsOf, type ChainIdentity, type Social, type UserProfile } from '../../src/index';

const ADDRESS = '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6';
const SHORT = '1bW2n3…CFa6';

const profile = (fields: Partial<UserProfile> = {}): UserProfile => ({ address: ADDRESS, ...fields });
const identity = (fields: Partial<ChainIdentity> = {}): ChainIdentity => ({ address: ADDRESS, ...fields });
/** A profile whose only social data is one chain identity. */
const withIdentity = (fields: Partial<ChainIdentity>): UserProfile => profile({ chainIdentities: [identity(fields)] });

const byPlatform = (socials: Social[], platform: string): Social[] => socials.filter((s) => s.platform == platform);
/** The one social of `platform` (fails when there is not exactly one). */
const only = (socials: Social[], platform: string): Social => {
  const found = byPlatform(socials, platform);
  expect(found, `socials of platform ${platform}`).toHaveLength(1);
  return found[0]!;
};

describe('displayNameOf: the profile display name', () => {
  it('uses displayName when it is set', () => {
    expect(displayNameOf(profile({ displayName: 'Alice Validator', chainIdentities: [identity({ display: 'ALICE' })] }))).toBe(
      'Alice Validator',
    );
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['whitespace', '\t\n '],
  ])('falls back to the first identity display when displayName is %s', (_, displayName) => {
    expect(displayNameOf(profile({ displayName, chainIdentities: [identity({ display: 'ALICE' }), identity({ display: 'OTHER' })] }))).toBe(
      'ALICE',
    );
  });

  it('uses the first identity display when there is no displayName', () => {
    expect(displayNameOf(profile({ chainIdentities: [identity({ display: 'Bob on-chain' })] }))).toBe('Bob on-chain');
  });

  it('falls back to the short address when the first identity display is blank', () => {
    expect(displayNameOf(profile({ chainIdentities: [identity({ display: '  ' }), identity({ display: 'Second' })] }))).toBe(SHORT);
    expect(displayNameOf(profile({ displayName: ' ', chainIdentities: [identity({})] }))).toBe(SHORT);
  });

  it('falls back to the short address without chainIdentities', () => {
    expect(displayNameOf(profile())).toBe(SHORT);
  });

  it('falls back to the short address with an empty chainIdentities array', () => {
    expect(displayNameOf(profile({ chainIdentities: [] }))).toBe(SHORT);
  });

  it('shortens to the first 6 characters, an ellipsis and the last 4', () => {
    expect(displayNameOf({ address: 'abcdefghijklm' })).toBe('abcdef…jklm');
  });

  it('shows an address of 12 characters or fewer whole', () => {
    expect(displayNameOf({ address: 'abcdefghijkl' })).toBe('abcdefghijkl');
    expect(displayNameOf({ address: '5Grw' })).toBe('5Grw');
  });
});

describe('socialsOf: socialLinks alone', () => {
  it('lists each socialLinks entry with its platform and handle', () => {
    const socials = socialsOf(profile({ socialLinks: { twitter: 'alice_validates', github: 'alice-validator', discord: 'alice#4242' } }));
    expect(socials.map(({ platform, handle }) => ({ platform, handle }))).toEqual(
      expect.arrayContaining([
        { platform: 'twitter', handle: 'alice_validates' },
        { platform: 'github', handle: 'alice-validator' },
        { platform: 'discord', handle: 'alice#4242' },
      ]),
    );
    expect(socials).toHaveLength(3);
  });

  it('keeps socialLinks keys it does not know (telegram)', () => {
    expect(only(socialsOf(profile({ socialLinks: { telegram: 'alice_val' } })), 'telegram').handle).toBe('alice_val');
  });

  it('returns an empty list for a profile without social data', () => {
    expect(socialsOf(profile())).toEqual([]);
    expect(socialsOf(profile({ socialLinks: {}, chainIdentities: [] }))).toEqual([]);
  });
});

describe('socialsOf: chain identity fields alone', () => {
  it.each([
    ['web', 'https://alice.example', 'web'],
    ['email', 'alice@alice.example', 'email'],
    ['microblog', '@alice_onchain', 'twitter'],
    ['codehost', 'alice-onchain', 'github'],
    ['matrix', '@alice:matrix.example', 'matrix'],
    ['chatserver', 'alice_onchain#0001', 'discord'],
    ['legacychat', 'alice_irc', 'riot'],
  ] as const)('maps identity field %s to platform %s', (field, value, platform) => {
    const socials = socialsOf(withIdentity({ [field]: value }));
    expect(socials).toHaveLength(1);
    expect(socials[0]).toMatchObject({ platform, handle: value });
  });

  it('combines every identity field into one list', () => {
    const socials = socialsOf(
      withIdentity({
        web: 'https://alice.example',
        email: 'alice@alice.example',
        microblog: '@alice',
        codehost: 'alice',
        matrix: '@alice:matrix.org',
        chatserver: 'alice#1',
        legacychat: 'alice_irc',
      }),
    );
    expect(socials.map((s) => s.platform).sort()).toEqual(['discord', 'email', 'github', 'matrix', 'riot', 'twitter', 'web']);
  });
});

describe('socialsOf: socialLinks win over identity fields of the same platform', () => {
  it.each([
    ['twitter', 'microblog', 'twitter'],
    ['x', 'microblog', 'twitter'],
    ['github', 'codehost', 'github'],
    ['discord', 'chatserver', 'discord'],
    ['riot', 'legacychat', 'riot'],
    ['element', 'legacychat', 'riot'],
  ] as const)('socialLinks.%s beats identity %s (one %s entry)', (key, field, platform) => {
    const socials = socialsOf(profile({ socialLinks: { [key]: 'fromlinks' }, chainIdentities: [identity({ [field]: 'fromidentity' })] }));
    expect(only(socials, platform).handle).toBe('fromlinks');
    expect(socials.some((s) => s.handle == 'fromidentity')).toBe(false);
    expect(socials).toHaveLength(1);
  });

  it('gives one twitter entry when both twitter and x are in socialLinks', () => {
    const socials = socialsOf(
      profile({ socialLinks: { twitter: 'alice_t', x: 'alice_x' }, chainIdentities: [identity({ microblog: 'onchain' })] }),
    );
    expect(['alice_t', 'alice_x']).toContain(only(socials, 'twitter').handle);
    expect(socials).toHaveLength(1);
    expect(byPlatform(socials, 'x')).toEqual([]);
  });

  it('gives one riot entry when both riot and element are in socialLinks', () => {
    const socials = socialsOf(profile({ socialLinks: { riot: 'r', element: 'e' } }));
    expect(['r', 'e']).toContain(only(socials, 'riot').handle);
    expect(socials).toHaveLength(1);
  });

  it('keeps identity fields of platforms socialLinks does not name', () => {
    const socials = socialsOf(
      profile({
        socialLinks: { twitter: 'alice_validates' },
        chainIdentities: [identity({ microblog: '@alice_onchain', codehost: 'alice-onchain' })],
      }),
    );
    expect(only(socials, 'twitter').handle).toBe('alice_validates');
    expect(only(socials, 'github').handle).toBe('alice-onchain');
  });

  it('reads a field from a later identity when the first has none', () => {
    const socials = socialsOf(profile({ chainIdentities: [identity({ display: 'A' }), identity({ codehost: 'second' })] }));
    expect(only(socials, 'github').handle).toBe('second');
  });
});

describe('socialsOf: blank handles', () => {
  it('skips blank socialLinks handles and blank identity fields', () => {
    const socials = socialsOf(
      profile({
        socialLinks: { twitter: '', telegram: '   ', github: '\t' },
        chainIdentities: [identity({ web: ' ', email: '', matrix: '  ' })],
      }),
    );
    expect(socials).toEqual([]);
  });

  it('uses the identity field when the socialLinks handle of that platform is blank', () => {
    const socials = socialsOf(profile({ socialLinks: { twitter: '  ' }, chainIdentities: [identity({ microblog: '@alice_onchain' })] }));
    expect(only(socials, 'twitter').handle).toBe('@alice_onchain');
  });
});

describe('socialsOf: links', () => {
  const urlOf = (p: UserProfile, platform: string) => only(socialsOf(p), platform).url;

  it('uses an http(s) value as the url as it is', () => {
    expect(urlOf(withIdentity({ web: 'https://alice.example/about' }), 'web')).toBe('https://alice.example/about');
    expect(urlOf(withIdentity({ web: 'http://alice.example/' }), 'web')).toBe('http://alice.example/');
    expect(urlOf(profile({ socialLinks: { telegram: 'https://t.me/alice_val' } }), 'telegram')).toBe('https://t.me/alice_val');
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(document.domain)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
  ])('builds no url from %j on any platform', (value) => {
    const socials = socialsOf(
      profile({
        socialLinks: { telegram: value, twitter: value },
        chainIdentities: [identity({ web: value, codehost: value, matrix: value, email: value })],
      }),
    );
    expect(socials.length).toBeGreaterThanOrEqual(4);
    for (const s of socials) expect(s.url, `${s.platform} url`).toBeUndefined();
  });

  it('turns a bare domain in web into an https url', () => {
    expect(urlOf(withIdentity({ web: 'alice.example' }), 'web')).toBe('https://alice.example/');
    expect(urlOf(withIdentity({ web: 'www.alice.example/about' }), 'web')).toBe('https://www.alice.example/about');
  });

  it('builds no url from a web value that is not a domain', () => {
    expect(urlOf(withIdentity({ web: 'my site' }), 'web')).toBeUndefined();
  });

  it('turns an email address into a mailto: url', () => {
    expect(urlOf(withIdentity({ email: 'alice@alice.example' }), 'email')).toBe('mailto:alice@alice.example');
  });

  it.each(['not-an-email', 'alice@', '"><svg onload=alert(1)>@evil.example', 'a b@c.example'])(
    'builds no url from the bad email %j',
    (email) => {
      expect(urlOf(withIdentity({ email }), 'email')).toBeUndefined();
    },
  );

  it('links a microblog handle to x.com, with or without the @', () => {
    expect(urlOf(withIdentity({ microblog: '@alice' }), 'twitter')).toBe('https://x.com/alice');
    expect(urlOf(profile({ socialLinks: { twitter: 'alice_validates' } }), 'twitter')).toBe('https://x.com/alice_validates');
  });

  it('builds no microblog url from a handle that is not one', () => {
    expect(urlOf(withIdentity({ microblog: 'not a handle!' }), 'twitter')).toBeUndefined();
  });

  it('links a code host handle to github.com', () => {
    expect(urlOf(withIdentity({ codehost: 'alice-onchain' }), 'github')).toBe('https://github.com/alice-onchain');
    expect(urlOf(profile({ socialLinks: { github: 'alice-validator' } }), 'github')).toBe('https://github.com/alice-validator');
  });

  it('builds no code host url from a handle with a path in it', () => {
    expect(urlOf(withIdentity({ codehost: '../evil' }), 'github')).toBeUndefined();
  });

  it('links a matrix id to matrix.to', () => {
    expect(urlOf(withIdentity({ matrix: '@a:matrix.org' }), 'matrix')).toBe('https://matrix.to/#/@a:matrix.org');
  });

  it('builds no matrix url from a value that is not a matrix id', () => {
    expect(urlOf(withIdentity({ matrix: 'alice' }), 'matrix')).toBeUndefined();
  });

  it('gives discord and legacy chat handles as text only', () => {
    const socials = socialsOf(
      profile({ socialLinks: { discord: 'alice#4242' }, chainIdentities: [identity({ legacychat: 'alice_irc' })] }),
    );
    expect(only(socials, 'discord')).toEqual({ platform: 'discord', handle: 'alice#4242' });
    expect(only(socials, 'riot')).toEqual({ platform: 'riot', handle: 'alice_irc' });
  });

  it('gives an unknown platform with a plain handle as text only', () => {
    expect(only(socialsOf(profile({ socialLinks: { telegram: 'alice_val' } })), 'telegram').url).toBeUndefined();
  });
});

describe('socialsOf: prototype-named keys', () => {
  it('treats constructor, hasOwnProperty and __proto__ as ordinary platforms', () => {
    const socialLinks = JSON.parse(
      '{"__proto__":"proto_handle","constructor":"ctor_handle","hasOwnProperty":"hop_handle","twitter":"alice"}',
    );
    const socials = socialsOf(profile({ socialLinks }));
    expect(only(socials, '__proto__').handle).toBe('proto_handle');
    expect(only(socials, 'constructor').handle).toBe('ctor_handle');
    expect(only(socials, 'hasOwnProperty').handle).toBe('hop_handle');
    expect(only(socials, 'twitter').handle).toBe('alice');
    expect(socials).toHaveLength(4);
  });
});

describe('isVerified: judgements of one identity', () => {
  it.each(['Reasonable', 'KnownGood'])('is true for %s', (judgement) => {
    expect(isVerified(identity({ judgements: [{ index: 0, judgement }] }))).toBe(true);
  });

  it.each(['FeePaid', 'OutOfDate', 'LowQuality', 'Erroneous', 'Unknown', 'knowngood', 'reasonable', 'KnownGood\u200b', ' Reasonable', ''])(
    'is false for %j',
    (judgement) => {
      expect(isVerified(identity({ judgements: [{ index: 0, judgement }] }))).toBe(false);
    },
  );

  it('is true when any one judgement verifies', () => {
    expect(
      isVerified(
        identity({
          judgements: [
            { index: 0, judgement: 'FeePaid' },
            { index: 1, judgement: 'Reasonable' },
          ],
        }),
      ),
    ).toBe(true);
  });

  it('is false without judgements', () => {
    expect(isVerified(identity())).toBe(false);
    expect(isVerified(identity({ judgements: [] }))).toBe(false);
  });
});

describe('isVerified: a whole profile', () => {
  const known = identity({ judgements: [{ index: 0, judgement: 'KnownGood' }] });
  const fee = identity({ judgements: [{ index: 0, judgement: 'FeePaid' }] });

  it('is true when any identity is verified', () => {
    expect(isVerified(profile({ chainIdentities: [fee, identity(), known] }))).toBe(true);
  });

  it('is false when no identity is verified', () => {
    expect(isVerified(profile({ chainIdentities: [fee, identity()] }))).toBe(false);
  });

  it('is false without identities', () => {
    expect(isVerified(profile())).toBe(false);
    expect(isVerified(profile({ chainIdentities: [] }))).toBe(false);
  });
});
