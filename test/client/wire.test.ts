/**
 * The production wire format: the service's own names become the public ones, nested
 * definitions without `key` get the key asked for, nulls are absent, extra fields are ignored,
 * and what a widget cannot render is still refused, naming the field.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/client/service-client';
import { ServiceError } from '../../src/errors';

const ADDRESS = '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6';
/** What a failed getScores(ADDRESS) of `answering` names, before what happened. */
const SCORES_GET = `GET https://api.example/api/v2/scores/${ADDRESS}: `;

/** A client whose fetch answers every request with `data` in the success envelope. */
const answering = (data: unknown, status = 200) =>
  new ServiceClient({
    apiKey: 'dp_test_key',
    baseUrl: 'https://api.example',
    retries: 0,
    cacheTtlMs: 0,
    fetch: async () => new Response(JSON.stringify(status == 200 ? { success: true, data } : data), { status }),
  });

describe('the profile as production sends it', () => {
  const production = {
    address: ADDRESS,
    displayName: null,
    avatarUrl: null,
    bio: null,
    socialLinks: { twitter: 'alice', github: 'alice-gh' },
    polkadotIdentities: [
      {
        address: ADDRESS,
        display: 'Alice',
        twitter: '@alice',
        github: 'alice-gh',
        discord: 'alice#1',
        riot: '@alice:matrix.org',
        judgements: [{ index: 1, judgement: 'KnownGood', _id: 'j1' }],
        _id: 'x',
      },
    ],
    nftCount: 3,
    source: 'api',
  };

  it('polkadotIdentities become chainIdentities with the neutral field names', async () => {
    const profile = await answering(production).getProfile(ADDRESS);
    expect(profile.chainIdentities).toHaveLength(1);
    expect(profile.chainIdentities![0]).toMatchObject({
      display: 'Alice',
      microblog: '@alice',
      codehost: 'alice-gh',
      chatserver: 'alice#1',
      legacychat: '@alice:matrix.org',
    });
    expect(profile.chainIdentities![0]).not.toHaveProperty('twitter');
    expect(profile).not.toHaveProperty('polkadotIdentities');
  });

  it('null optional fields are absent', async () => {
    const profile = await answering(production).getProfile(ADDRESS);
    expect(profile).not.toHaveProperty('displayName');
    expect(profile).not.toHaveProperty('avatarUrl');
    expect(profile).not.toHaveProperty('bio');
  });

  it('public names are read as they are, and win over the production twin', async () => {
    const profile = await answering({
      address: ADDRESS,
      chainIdentities: [{ address: ADDRESS, microblog: 'spec', twitter: 'prod' }],
      polkadotIdentities: [{ address: ADDRESS, display: 'ignored' }],
    }).getProfile(ADDRESS);
    expect(profile.chainIdentities).toEqual([{ address: ADDRESS, microblog: 'spec' }]);
  });
});

describe('definitions without key', () => {
  it('getCategoryScore fills the definition key from the category asked for', async () => {
    const score = await answering({
      address: ADDRESS,
      category: { key: 'governance', score: { score: 20, reason: 'voter', title: 'Governance', _id: 's' } },
      definition: { displayName: 'Governance Participation', short_description: '', long_description: '', order: 5, reasons: [], _id: 'd' },
      calculatedAt: '2026-01-02T03:04:05.000Z',
      source: 'api',
    }).getCategoryScore(ADDRESS, 'governance');
    expect(score.definition?.key).toBe('governance');
  });

  it('getBadge fills the definition key from the badge asked for; levels may carry constraints and advice', async () => {
    const badge = await answering({
      address: ADDRESS,
      badge: { badgeKey: 'ReferendumVoter', achievedLevel: 1, achievedLevelKey: 'LEVEL_1_FIRST_VOTE', achievedLevelTitle: 'First vote' },
      earned: true,
      definition: {
        title: 'Referendum Voter',
        shortDescription: 'Votes',
        longDescription: 'Votes on referenda',
        metric: 'votes',
        imageUrl: null,
        levels: [
          {
            level: 1,
            key: 'LEVEL_1_FIRST_VOTE',
            value: 1,
            title: 'First vote',
            shortDescription: '',
            longDescription: '',
            constraints: [{ label: 'a', description: 'b' }],
            advice: ['vote'],
          },
        ],
      },
    }).getBadge(ADDRESS, 'ReferendumVoter');
    expect(badge.definition?.key).toBe('ReferendumVoter');
    expect(badge.definition).not.toHaveProperty('imageUrl');
  });
});

describe('what a widget cannot render is still refused, naming the field', () => {
  it.each([
    ['a string totalScore', { address: ADDRESS, totalScore: '12', calculatedAt: 'x' }, 'totalScore must be a number'],
    ['a non-array badges', { address: ADDRESS, badges: 'none', count: 0 }, 'badges must be an array'],
  ])('%s', async (_name, data, field) => {
    const client = answering(data);
    const call = 'badges' in data ? client.getBadges(ADDRESS) : client.getScores(ADDRESS);
    const error = (await call.catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(new RegExp(`^GET https://api.example/api/v2/\\w+/${ADDRESS}: malformed response: ${field}$`));
  });
});

describe('error bodies as the service sends them', () => {
  it('{ message } without success: the message is the error message', async () => {
    const error = (await answering({ message: 'Invalid Polkadot address format' }, 400)
      .getScores(ADDRESS)
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.statusCode).toBe(400);
    expect(error.kind).toBe('http');
    expect(error.message).toBe(SCORES_GET + 'Invalid Polkadot address format');
  });
  it('{ success: false, error } (the CORS refusal body, readable server-side)', async () => {
    const error = (await answering({ success: false, error: 'Origin not allowed' }, 403)
      .getScores(ADDRESS)
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.statusCode).toBe(403);
    expect(error.message).toBe(SCORES_GET + 'Origin not allowed');
  });
  it('no readable body: the status is named', async () => {
    const error = (await answering('', 500)
      .getScores(ADDRESS)
      .catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toBe(SCORES_GET + 'HTTP 500');
  });
});

describe('defaults', () => {
  it('the production base address and a 45 s timeout', async () => {
    let seen = '';
    const client = new ServiceClient({
      apiKey: 'dp_live_x',
      fetch: async (url) => {
        seen = String(url);
        return new Response(JSON.stringify({ success: true, data: { address: ADDRESS, totalScore: 1, calculatedAt: 'x' } }));
      },
    });
    expect(client.baseUrl).toBe('https://api.dotpassport.io');
    await client.getScores(ADDRESS);
    expect(seen).toBe(`https://api.dotpassport.io/api/v2/scores/${ADDRESS}`);
  });
});

describe('dates the service made up are unknown', () => {
  const badge = (earnedAt?: string) => ({
    badgeKey: 'ReferendumVoter',
    achievedLevel: 1,
    achievedLevelKey: 'LEVEL_1_FIRST_VOTE',
    achievedLevelTitle: 'First Vote',
    ...(earnedAt === undefined ? {} : { earnedAt }),
  });
  const now = () => new Date().toISOString();
  const longAgo = '2024-03-01T10:00:00.000Z';

  it("getBadges: a computed record's earnedAt within 10 s of the answer is dropped; older ones and app records keep theirs", async () => {
    const computed = await answering({ address: ADDRESS, badges: [badge(now()), badge(longAgo)], count: 2, source: 'api' }).getBadges(
      ADDRESS,
    );
    expect(computed.badges.map((b) => b.earnedAt)).toEqual([undefined, longAgo]);
    expect(computed.badges[0]).not.toHaveProperty('earnedAt');
    const app = await answering({ address: ADDRESS, badges: [badge(now())], count: 1, source: 'app' }).getBadges(ADDRESS);
    expect(app.badges[0]!.earnedAt).toBeDefined();
  });

  it('getBadge: the same rule for the one badge', async () => {
    const one = await answering({ address: ADDRESS, badge: badge(now()), earned: true, definition: null, source: 'api' }).getBadge(
      ADDRESS,
      'ReferendumVoter',
    );
    expect(one.badge).not.toHaveProperty('earnedAt');
    const old = await answering({ address: ADDRESS, badge: badge(longAgo), earned: true, definition: null, source: 'api' }).getBadge(
      ADDRESS,
      'ReferendumVoter',
    );
    expect(old.badge!.earnedAt).toBe(longAgo);
  });
});

describe("the service's 403 refusals, read where a caller can read them (Node, the proxy)", () => {
  it.each(['API key required', 'Origin not allowed', 'Invalid API key'])('"%s" is a ServiceError 403 with that sentence', async (words) => {
    const error = await answering({ success: false, error: words }, 403)
      .getScores(ADDRESS)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).statusCode).toBe(403);
    expect((error as ServiceError).message).toBe(`${SCORES_GET}${words}`);
  });
});
