/**
 * Every operation over real HTTP: the path it requests, the key it sends, the record it
 * resolves with, and how user input becomes (or is refused as) a path segment.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BADGE_DEFINITIONS, CATEGORY_DEFINITIONS, FIXTURES, withOrigin } from '../service/fixtures.mjs';
import type { ServiceClient } from '../../src/client/service-client';
import { canonical, publicBadges, publicProfile } from '../helpers/public-records';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { clientFor, sleep } from './util';

const server = useSandbox();
const { rich, identityOnly, fresh } = ADDRESSES;

beforeEach(() => server.sandbox.resetRequests());

/** A client with its own base URL, so no other test's cached result answers for it. */
const newClient = (): ServiceClient => clientFor(server.fault({}));
const loggedPaths = (): string[] => server.sandbox.requests.map((r) => r.path);

type Call = (c: ServiceClient) => Promise<unknown>;

describe('each operation requests its own path with the API key', () => {
  const cases: [string, Call, string][] = [
    ['getScores', (c) => c.getScores(rich), `/api/v2/scores/${rich}`],
    ['getCategoryScore', (c) => c.getCategoryScore(rich, 'longevity'), `/api/v2/scores/${rich}/longevity`],
    ['getBadges', (c) => c.getBadges(rich), `/api/v2/badges/${rich}`],
    ['getBadge', (c) => c.getBadge(rich, 'ReferendumVoter'), `/api/v2/badges/${rich}/ReferendumVoter`],
    ['getProfile', (c) => c.getProfile(rich), `/api/v2/profiles/${rich}`],
    ['getBadgeDefinitions', (c) => c.getBadgeDefinitions(), '/api/v2/metadata/badges'],
    ['getCategoryDefinitions', (c) => c.getCategoryDefinitions(), '/api/v2/metadata/categories'],
  ];
  it.each(cases)('%s sends one GET to %s', async (_name, call, path) => {
    await call(newClient());
    expect(server.sandbox.requests).toEqual([expect.objectContaining({ method: 'GET', path, apiKey: API_KEY })]);
  });
});

describe('each operation resolves with the record the service sent', () => {
  it('getScores: total score and category breakdown, _id and source kept', async () => {
    const scores = await newClient().getScores(rich);
    expect(scores).toEqual(FIXTURES[rich].scores);
    expect(typeof scores.totalScore).toBe('number');
    expect(scores.categories?.longevity).toEqual({ score: 10, reason: 'Year', title: 'Account Age', _id: expect.any(String) });
    expect(scores.source).toBe('app');
  });

  it('getScores: a new address has score 0 and no categories', async () => {
    const scores = await newClient().getScores(fresh);
    expect(scores.totalScore).toBe(0);
    expect(Object.keys(scores.categories ?? {})).toEqual([]);
    expect(scores.source).toBe('api');
  });

  it('getCategoryScore: one category with its definition, the key filled in from the request', async () => {
    const result = await newClient().getCategoryScore(rich, 'longevity');
    expect(result.address).toBe(rich);
    expect(result.category).toEqual({ key: 'longevity', score: FIXTURES[rich].scores.categories.longevity });
    // The service sends the definition without `key`: it is the category that was asked for.
    expect(result.definition).toEqual(CATEGORY_DEFINITIONS.find((d) => d.key === 'longevity'));
    expect(result.calculatedAt).toBe(FIXTURES[rich].scores.calculatedAt);
  });

  it('getCategoryScore: a category whose definition is gone has definition null', async () => {
    const result = await clientFor(server.fault({ patch: { definition: null } })).getCategoryScore(rich, 'governance');
    expect(result.category.key).toBe('governance');
    expect(result.definition).toBeNull();
  });

  it('getBadges: every earned badge', async () => {
    const badges = await newClient().getBadges(rich);
    expect(badges).toEqual(publicBadges(FIXTURES[rich].badges));
    expect(badges.count).toBe(badges.badges.length);
    expect(badges.badges.length).toBeGreaterThan(0);
  });

  it('getBadge: an earned badge with its definition, the key filled in from the request', async () => {
    const result = await newClient().getBadge(rich, 'ReferendumVoter');
    expect(result.address).toBe(rich);
    expect(result.badge).toEqual(FIXTURES[rich].badges.badges.find((b) => b.badgeKey === 'ReferendumVoter'));
    expect(result.definition).toEqual(
      withOrigin(
        BADGE_DEFINITIONS.find((d) => d.key === 'ReferendumVoter'),
        server.url,
      ),
    );
    expect(result.definition?.levels.map((l) => l.key)).toEqual(['LEVEL_1_FIRST_VOTE', 'LEVEL_2_5_VOTES', 'LEVEL_3_20_VOTES']);
  });

  it('getBadge: a deployment that answers an unearned badge with 200 and badge null', async () => {
    // The sandbox answers 404 like production; a patch of an earned badge plays the other kind.
    const result = await clientFor(server.fault({ patch: { badge: null, earned: false } })).getBadge(rich, 'ReferendumVoter');
    expect(result.badge).toBeNull();
    expect(result.earned).toBe(false);
  });

  it('getProfile: an app-sourced profile with identities and links', async () => {
    const profile = await newClient().getProfile(rich);
    expect(profile).toEqual(publicProfile(FIXTURES[rich].profile, server.url));
    expect(profile.chainIdentities?.[0]).toMatchObject({ display: 'ALICE', microblog: '@alice_onchain', codehost: 'alice-onchain' });
    expect(profile.chainIdentities?.[0]?.judgements?.[0]?.judgement).toBe('KnownGood');
    expect(profile.avatarUrl).toBe(`${server.url}/sandbox/fixtures/avatar.svg`);
  });

  it('getProfile: an API-sourced profile: polkadotIdentities with production names, nulls absent', async () => {
    const profile = await newClient().getProfile(identityOnly);
    expect(profile).toEqual(publicProfile(FIXTURES[identityOnly].profile, server.url));
    for (const absent of ['displayName', 'avatarUrl', 'bio']) expect(profile).not.toHaveProperty(absent);
    expect(profile).not.toHaveProperty('polkadotIdentities');
    expect(profile.chainIdentities).toEqual([
      expect.objectContaining({
        microblog: '@bob_onchain',
        codehost: 'bob-builds',
        chatserver: 'bob_onchain',
        legacychat: '@bob:riot.example',
      }),
    ]);
    expect(profile.chainIdentities![0]).not.toHaveProperty('role');
  });

  it('getBadgeDefinitions: every badge definition', async () => {
    expect(await newClient().getBadgeDefinitions()).toEqual({ badges: withOrigin(BADGE_DEFINITIONS, server.url) });
  });

  it('getCategoryDefinitions: every category definition', async () => {
    expect(await newClient().getCategoryDefinitions()).toEqual({ categories: CATEGORY_DEFINITIONS });
  });

  it('accepts every fixture record, hostile text included', async () => {
    const client = newClient();
    for (const [address, fx] of Object.entries(FIXTURES)) {
      // Canonical JSON: the hostile fixture has own "__proto__" keys that toEqual would miss.
      expect(canonical(await client.getBadges(address))).toBe(canonical(publicBadges(fx.badges)));
      expect(canonical(await client.getScores(address))).toBe(canonical(fx.scores));
      expect(canonical(await client.getProfile(address))).toBe(canonical(publicProfile(fx.profile, server.url)));
    }
  });
});

describe('user input is percent-encoded into exactly one path segment', () => {
  const weird = 'a/b?c#d e%&+é';
  const enc = encodeURIComponent(weird);

  it.each([
    ['address of getScores', (c: ServiceClient) => c.getScores(weird), `/api/v2/scores/${enc}`],
    ['address of getBadges', (c: ServiceClient) => c.getBadges(weird), `/api/v2/badges/${enc}`],
    ['address of getProfile', (c: ServiceClient) => c.getProfile(weird), `/api/v2/profiles/${enc}`],
    ['address of getCategoryScore', (c: ServiceClient) => c.getCategoryScore(weird, 'longevity'), `/api/v2/scores/${enc}/longevity`],
    ['categoryKey', (c: ServiceClient) => c.getCategoryScore(rich, weird), `/api/v2/scores/${rich}/${enc}`],
    ['address of getBadge', (c: ServiceClient) => c.getBadge(weird, 'ReferendumVoter'), `/api/v2/badges/${enc}/ReferendumVoter`],
    ['badgeKey', (c: ServiceClient) => c.getBadge(rich, weird), `/api/v2/badges/${rich}/${enc}`],
  ])('%s', async (_name, call, path) => {
    // The sandbox refuses such an address with 400 (and a key with 404); what matters is what it was sent.
    await call(newClient()).catch(() => undefined);
    expect(loggedPaths()).toEqual([path]);
    expect(path).toContain('a%2Fb%3Fc%23d%20e%25%26%2B%C3%A9');
  });

  it('a string of dots other than "." and ".." is an ordinary segment', async () => {
    await newClient()
      .getScores('...')
      .catch(() => undefined);
    expect(loggedPaths()).toEqual(['/api/v2/scores/...']);
  });
});

describe('an empty, dot, blank or non-string segment is refused with a TypeError and no request', () => {
  const bad: unknown[] = ['', '.', '..', ' ', '\t\n ', undefined, null, 42, {}, ['x']];
  const ops: [string, (c: ServiceClient, v: never) => Promise<unknown>][] = [
    ['getScores address', (c, v) => c.getScores(v)],
    ['getBadges address', (c, v) => c.getBadges(v)],
    ['getProfile address', (c, v) => c.getProfile(v)],
    ['getCategoryScore address', (c, v) => c.getCategoryScore(v, 'longevity')],
    ['getCategoryScore categoryKey', (c, v) => c.getCategoryScore(rich, v)],
    ['getBadge address', (c, v) => c.getBadge(v, 'ReferendumVoter')],
    ['getBadge badgeKey', (c, v) => c.getBadge(rich, v)],
  ];
  it.each(ops)('%s', async (_name, call) => {
    const client = newClient();
    for (const value of bad) {
      await expect(call(client, value as never), `value ${JSON.stringify(value)}`).rejects.toThrow(TypeError);
    }
    await sleep(30);
    expect(server.sandbox.requests).toEqual([]);
  });

  it('the TypeError names the parameter', async () => {
    const client = newClient();
    await expect(client.getScores('..')).rejects.toThrow(/address/);
    await expect(client.getCategoryScore(rich, '.')).rejects.toThrow(/categoryKey/);
    await expect(client.getBadge(rich, '')).rejects.toThrow(/badgeKey/);
  });
});
