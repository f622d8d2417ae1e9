// @vitest-environment node
/**
 * The sandbox (test/service/sandbox.mjs) over real HTTP. Other suites rely on it to answer exactly as
 * the production service does (envelope, error bodies, CORS, quota, compression) and to inject faults faithfully, so it is
 * tested here on its own first. Requests come from Node's fetch, i.e. as a server-side caller
 * (no Origin) unless a test sets an Origin header to play a browser.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { optionDocs } from '../../scripts/option-docs.mjs';
import { createSandbox, faultBaseUrl, faultSpec, parseFaultSpec, type FaultItems, type Sandbox } from '../service/sandbox.mjs';
import {
  ADDRESSES,
  API_KEY,
  BADGE_DEFINITIONS,
  CATEGORY_DEFINITIONS,
  FIXTURES,
  HOSTILE_STRINGS,
  ORIGIN_LOCKED_KEY,
  ORIGIN_LOCKED_ORIGIN,
  ORIGIN_PLACEHOLDER,
  brandNewRecords,
  withOrigin,
} from '../service/fixtures.mjs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const { rich, identityOnly, noBadges, noProfile, fresh, hostile, unknown } = ADDRESSES;

/** The service's 12 categories with their definitions' display names, in its order. */
const CATEGORIES: Array<[string, string]> = [
  ['longevity', 'Account Longevity'],
  ['txCount', 'Transaction Count'],
  ['txVolume', 'Transaction Volume'],
  ['modules', 'Module Diversity'],
  ['governance', 'Governance Participation'],
  ['stakingRewards', 'Staking Rewards'],
  ['stakingNominators', 'Staking Nominator Diversity'],
  ['stakingSlash', 'Staking Slash Penalties'],
  ['tokenDiversity', 'Token Diversity'],
  ['nftHoldings', 'NFT Holdings'],
  ['nftActivity', 'NFT Activity'],
  ['extrinsicDepth', 'Extrinsic Depth'],
];

let sb: Sandbox;
beforeAll(async () => {
  sb = await createSandbox({ staticRoot: repoRoot });
});
afterAll(async () => {
  await sb?.close();
});

interface GetOptions {
  key?: string | null;
  base?: string;
  origin?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  method?: string;
  redirect?: RequestRedirect;
}

/** GET with the valid key unless told otherwise; `base` allows a fault prefix or another sandbox. */
function get(path: string, { key = API_KEY, base = '', origin, headers = {}, signal, method, redirect }: GetOptions = {}) {
  const h: Record<string, string> = { Accept: 'application/json', ...headers };
  if (key !== null) h['X-API-Key'] = key;
  if (origin !== undefined) h.Origin = origin;
  return fetch((base || sb.url) + path, { headers: h, signal, method, redirect });
}

/** GET and parse the JSON body. */
async function getJson(path: string, opts?: GetOptions) {
  const res = await get(path, opts);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = await res.json();
  return { status: res.status, body, res };
}

/** GET expecting the service's failure body: exactly `{ message }`, no `success`. */
async function failure(path: string, opts?: GetOptions) {
  const { status, body, res } = await getJson(path, opts);
  expect(Object.keys(body), `${path} answers { message } only`).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  return { status, message: body.message as string, res };
}

/** GET expecting the success envelope: exactly `{ success: true, data }`. */
async function data(path: string, opts?: GetOptions) {
  const { status, body, res } = await getJson(path, opts);
  expect([path, status]).toEqual([path, 200]);
  expect(Object.keys(body)).toEqual(['success', 'data']);
  expect(body.success).toBe(true);
  return { data: body.data, res };
}

/** One raw HTTP exchange, bytes as sent (no decompression): for compression checks. */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(sb.url + path, { headers: { 'X-API-Key': API_KEY, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const isIso = (s: unknown) => typeof s == 'string' && !Number.isNaN(Date.parse(s)) && /^\d{4}-\d\d-\d\dT/.test(s);
const base58 = /^[1-9A-HJ-NP-Za-km-z]{47,48}$/;
/** A definition as getCategoryScore and getBadge nest it: without `key`, URLs resolved. */
const nested = <T extends { key: string }>(definition: T, origin = sb.url) => {
  const { key: _key, ...rest } = withOrigin(definition, origin);
  return rest;
};

describe('fixtures', () => {
  it('are keyed by valid addresses, with source everywhere and count === badges.length', () => {
    for (const a of Object.values(ADDRESSES)) expect(a).toMatch(base58);
    expect(new Set(Object.values(ADDRESSES)).size).toBe(Object.keys(ADDRESSES).length);
    expect(Object.keys(FIXTURES)).not.toContain(unknown);
    expect(Object.keys(FIXTURES)).not.toContain(fresh);
    for (const [address, fx] of Object.entries(FIXTURES)) {
      expect(fx.scores.address).toBe(address);
      expect(fx.badges.address).toBe(address);
      expect(fx.profile.address).toBe(address);
      expect(fx.badges.count).toBe(fx.badges.badges.length);
      expect(isIso(fx.scores.calculatedAt)).toBe(true);
      for (const record of [fx.scores, fx.badges, fx.profile]) expect(['app', 'api']).toContain(record.source);
      expect(fx.profile).toHaveProperty('polkadotIdentities');
      expect(fx.profile).not.toHaveProperty('chainIdentities');
      expect(fx.scores.totalScore).toBe(Object.values(fx.scores.categories).reduce((s, c) => s + c.score, 0));
    }
    expect(HOSTILE_STRINGS.some((s) => s.length === 10_000)).toBe(true);
  });

  it('define the 12 categories of the service, with _id on every reason', () => {
    expect(CATEGORY_DEFINITIONS.map((d) => [d.key, d.displayName])).toEqual(CATEGORIES);
    expect(CATEGORY_DEFINITIONS.map((d) => d.order)).toEqual(CATEGORIES.map((_, i) => i));
    for (const d of CATEGORY_DEFINITIONS) {
      expect(d.reasons.length).toBeGreaterThanOrEqual(3);
      for (const r of d.reasons) {
        expect(r._id).toMatch(/^[0-9a-f]{24}$/);
        expect(Array.isArray(r.thresholds) && Array.isArray(r.advices)).toBe(true);
      }
    }
    // A penalty category: no reason gives points.
    const slash = CATEGORY_DEFINITIONS.find((d) => d.key == 'stakingSlash')!;
    expect(Math.max(...slash.reasons.map((r) => r.points))).toBe(0);
    expect(Math.min(...slash.reasons.map((r) => r.points))).toBeLessThan(0);
    const ids = CATEGORY_DEFINITIONS.flatMap((d) => d.reasons.map((r) => r._id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('give every non-hostile category score a reason of its definition and an _id; titles sometimes differ', () => {
    const titles: Array<[string, string]> = [];
    let negative = false;
    for (const address of [rich, identityOnly, noBadges, noProfile]) {
      for (const [key, score] of Object.entries(FIXTURES[address].scores.categories)) {
        const def = CATEGORY_DEFINITIONS.find((d) => d.key === key)!;
        expect(def.reasons.map((r) => r.key)).toContain(score.reason);
        expect(score.score).toBe(def.reasons.find((r) => r.key == score.reason)!.points);
        expect(score._id).toMatch(/^[0-9a-f]{24}$/);
        titles.push([score.title, def.displayName]);
        negative ||= score.score < 0;
      }
    }
    expect(Object.keys(FIXTURES[rich].scores.categories)).toEqual(CATEGORIES.map(([k]) => k));
    expect(titles.some(([t, d]) => t == d)).toBe(true);
    expect(titles.some(([t, d]) => t != d)).toBe(true);
    expect(FIXTURES[rich].scores.categories.longevity.title).toBe('Account Age');
    expect(negative).toBe(true);
  });

  it('define PascalCase badges with 1 to 3 levels keyed LEVEL_n_…, with constraints and advice', () => {
    expect(BADGE_DEFINITIONS.map((b) => b.key)).toEqual(
      expect.arrayContaining(['RelayChainInitiate', 'ReferendumVoter', 'TreasuryContributor']),
    );
    const counts = new Set<number>();
    for (const b of BADGE_DEFINITIONS) {
      expect(b.key).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(b.levels.length).toBeGreaterThanOrEqual(1);
      expect(b.levels.length).toBeLessThanOrEqual(3);
      counts.add(b.levels.length);
      b.levels.forEach((l, i) => {
        expect(l.level).toBe(i + 1);
        expect(l.key).toMatch(new RegExp(`^LEVEL_${i + 1}_[A-Z0-9_]+$`));
        expect(l.constraints.length).toBeGreaterThan(0);
        for (const c of l.constraints) expect(Object.keys(c)).toEqual(['label', 'description']);
        expect(Array.isArray(l.advice)).toBe(true);
      });
      const values = b.levels.map((l) => l.value);
      expect([...values].sort((x, y) => x - y)).toEqual(values);
      if (b.imageUrl) expect(b.imageUrl.startsWith(`${ORIGIN_PLACEHOLDER}/sandbox/fixtures/`)).toBe(true);
    }
    expect([...counts].sort()).toEqual([1, 2, 3]);
    expect(BADGE_DEFINITIONS.find((b) => b.key == 'ReferendumVoter')!.levels.map((l) => l.key)).toEqual([
      'LEVEL_1_FIRST_VOTE',
      'LEVEL_2_5_VOTES',
      'LEVEL_3_20_VOTES',
    ]);
    for (const fx of Object.values(FIXTURES).filter((f) => f !== FIXTURES[hostile])) {
      for (const b of fx.badges.badges) {
        const level = BADGE_DEFINITIONS.find((d) => d.key == b.badgeKey)!.levels.find((l) => l.level == b.achievedLevel)!;
        expect([b.achievedLevelKey, b.achievedLevelTitle]).toEqual([level.key, level.title]);
        // App users' badges carry earnedAt; computed ones do not.
        expect(b.earnedAt !== undefined).toBe(fx.badges.source == 'app');
      }
    }
  });

  it('have an app-sourced rich profile and an API-sourced one with production identity names', () => {
    const alice = FIXTURES[rich].profile;
    expect(alice).toMatchObject({
      source: 'app',
      displayName: 'Alice Validator',
      avatarUrl: `${ORIGIN_PLACEHOLDER}/sandbox/fixtures/avatar.svg`,
    });
    expect(alice.polkadotIdentities[0]!.judgements).toEqual([
      { index: 0, judgement: 'KnownGood', _id: expect.stringMatching(/^[0-9a-f]{24}$/) },
    ]);
    expect(alice.polkadotIdentities[1]).toMatchObject({ twitter: null, github: null, judgements: [] });

    const bob = FIXTURES[identityOnly].profile;
    expect(bob).toMatchObject({ source: 'api', displayName: null, avatarUrl: null, bio: null });
    expect(Object.keys(bob.socialLinks)).toEqual(['web', 'twitter', 'github', 'email', 'matrix', 'discord', 'riot']);
    const id = bob.polkadotIdentities[0]!;
    expect(id).toMatchObject({
      display: 'Bob on-chain',
      twitter: '@bob_onchain',
      github: 'bob-builds',
      discord: 'bob_onchain',
      riot: '@bob:riot.example',
    });
    for (const absent of ['microblog', 'codehost', 'chatserver', 'legacychat']) expect(id).not.toHaveProperty(absent);
    expect(id.judgements).toEqual([expect.objectContaining({ judgement: 'KnownGood', _id: expect.any(String) })]);

    expect(FIXTURES[noProfile].profile).toEqual({
      address: noProfile,
      displayName: null,
      avatarUrl: null,
      bio: null,
      socialLinks: {},
      polkadotIdentities: [],
      source: 'app',
    });
    expect(FIXTURES[noBadges].badges.badges).toEqual([]);
  });

  it('hostile strings reach the production field names too', () => {
    const profile = FIXTURES[hostile].profile;
    const id = profile.polkadotIdentities[0]!;
    for (const field of ['twitter', 'github', 'discord', 'riot', 'legal', 'matrix', 'role'] as const)
      expect(HOSTILE_STRINGS).toContain(id[field]);
    expect(Object.keys(profile.socialLinks)).toEqual(expect.arrayContaining(['__proto__', 'hasOwnProperty', 'riot']));
    expect(Object.keys(FIXTURES[hostile].scores.categories)).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
  });

  it('brandNewRecords is the computed record of an unseen address; withOrigin resolves image URLs', () => {
    const now = '2026-01-02T03:04:05.000Z';
    expect(brandNewRecords(unknown, now)).toEqual({
      scores: { address: unknown, totalScore: 0, categories: {}, calculatedAt: now, source: 'api' },
      badges: { address: unknown, badges: [], count: 0, source: 'api' },
      profile: {
        address: unknown,
        displayName: null,
        avatarUrl: null,
        bio: null,
        socialLinks: {},
        polkadotIdentities: [],
        nftCount: 0,
        source: 'api',
      },
    });
    const resolved = withOrigin(FIXTURES[rich].profile, 'http://127.0.0.1:9');
    expect(resolved.avatarUrl).toBe('http://127.0.0.1:9/sandbox/fixtures/avatar.svg');
    expect(FIXTURES[rich].profile.avatarUrl).toContain(ORIGIN_PLACEHOLDER);
  });
});

describe('endpoints', () => {
  it('getScores: the envelope and the stored record', async () => {
    const { data: d } = await data(`/api/v2/scores/${rich}`);
    expect(d).toEqual(FIXTURES[rich].scores);
    expect(Object.keys(d.categories)).toHaveLength(12);
    expect(d.categories.longevity).toEqual({ score: 10, reason: 'Year', title: 'Account Age', _id: expect.any(String) });
    expect((await data(`/api/v2/scores/${identityOnly}`)).data.source).toBe('api');
  });

  it('getCategoryScore: the score with a definition that carries no key', async () => {
    const { data: d } = await data(`/api/v2/scores/${rich}/longevity`);
    expect(d).toEqual({
      address: rich,
      category: { key: 'longevity', score: FIXTURES[rich].scores.categories.longevity },
      definition: nested(CATEGORY_DEFINITIONS[0]!),
      calculatedAt: FIXTURES[rich].scores.calculatedAt,
      source: 'app',
    });
    expect(d.definition).not.toHaveProperty('key');
    expect(d.definition.displayName).toBe('Account Longevity');
    expect(d.definition.reasons[0]).toHaveProperty('_id');
    const slash = (await data(`/api/v2/scores/${identityOnly}/stakingSlash`)).data;
    expect(slash.category.score.score).toBeLessThan(0);
    expect(slash.source).toBe('api');
  });

  it('getBadges: the stored list; an address without badges answers an empty list', async () => {
    expect((await data(`/api/v2/badges/${rich}`)).data).toEqual(FIXTURES[rich].badges);
    expect((await data(`/api/v2/badges/${noBadges}`)).data).toEqual({ address: noBadges, badges: [], count: 0, source: 'api' });
  });

  it('getBadge: an earned badge with a definition that carries no key, image URL resolved', async () => {
    const { data: d } = await data(`/api/v2/badges/${rich}/ReferendumVoter`);
    expect(d).toEqual({
      address: rich,
      badge: FIXTURES[rich].badges.badges.find((b) => b.badgeKey == 'ReferendumVoter'),
      definition: nested(BADGE_DEFINITIONS.find((b) => b.key == 'ReferendumVoter')!),
      source: 'app',
    });
    expect(d.badge).toMatchObject({ achievedLevel: 3, achievedLevelKey: 'LEVEL_3_20_VOTES', achievedLevelTitle: 'Governance Regular' });
    expect(d.definition).not.toHaveProperty('key');
    expect(d.definition.imageUrl).toBe(`${sb.url}/sandbox/fixtures/badges/referendum-voter.svg`);
    expect(d.definition.levels[1]).toMatchObject({
      key: 'LEVEL_2_5_VOTES',
      constraints: [expect.objectContaining({ label: expect.any(String) })],
      advice: expect.any(Array),
    });
    // A computed record's badge without a date gets the time of the answer, as production fills it.
    const before = Date.now();
    const computed = (await data(`/api/v2/badges/${identityOnly}/IdentityConfirmed`)).data;
    const filled = Date.parse(computed.badge.earnedAt);
    expect(filled).toBeGreaterThanOrEqual(before - 1000);
    expect(filled).toBeLessThanOrEqual(Date.now() + 1000);
    expect(computed.definition).not.toHaveProperty('imageUrl');
  });

  it('getProfile: app-sourced with polkadotIdentities, API-sourced with nulls and production names', async () => {
    const alice = (await data(`/api/v2/profiles/${rich}`)).data;
    expect(alice).toEqual(withOrigin(FIXTURES[rich].profile, sb.url));
    expect(alice.avatarUrl).toBe(`${sb.url}/sandbox/fixtures/avatar.svg`);
    expect(alice).not.toHaveProperty('chainIdentities');
    const bob = (await data(`/api/v2/profiles/${identityOnly}`)).data;
    expect(bob).toMatchObject({ displayName: null, avatarUrl: null, bio: null, source: 'api', nftCount: 42 });
    expect(bob.polkadotIdentities[0]).toMatchObject({
      twitter: '@bob_onchain',
      github: 'bob-builds',
      discord: 'bob_onchain',
      riot: '@bob:riot.example',
    });
    expect(bob.polkadotIdentities[0].judgements[0]).toEqual({
      index: 1,
      judgement: 'KnownGood',
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(Object.keys(bob.socialLinks)).toEqual(['web', 'twitter', 'github', 'email', 'matrix', 'discord', 'riot']);
    expect((await data(`/api/v2/profiles/${noProfile}`)).data).toMatchObject({
      displayName: null,
      avatarUrl: null,
      bio: null,
      polkadotIdentities: [],
      source: 'app',
    });
  });

  it('an unknown but valid address is computed on the spot: 200 with score 0, no badges, an empty profile', async () => {
    for (const address of [unknown, fresh, '1'.repeat(47)]) {
      const scores = (await data(`/api/v2/scores/${address}`)).data;
      expect(scores).toEqual({ address, totalScore: 0, categories: {}, calculatedAt: expect.any(String), source: 'api' });
      // Recomputed on every request: as fresh as the request.
      expect(Date.now() - Date.parse(scores.calculatedAt)).toBeLessThan(60_000);
      expect((await data(`/api/v2/badges/${address}`)).data).toEqual({ address, badges: [], count: 0, source: 'api' });
      expect((await data(`/api/v2/profiles/${address}`)).data).toEqual(brandNewRecords(address, '').profile);
    }
  });

  it('metadata lists carry keys and resolved image URLs', async () => {
    expect((await data('/api/v2/metadata/badges')).data).toEqual({ badges: withOrigin(BADGE_DEFINITIONS, sb.url) });
    expect((await data('/api/v2/metadata/categories')).data).toEqual({ categories: CATEGORY_DEFINITIONS });
  });

  it('the fixture images are served by the sandbox, with or without a staticRoot', async () => {
    const bare = await createSandbox();
    try {
      const urls = [FIXTURES[rich].profile.avatarUrl!, ...BADGE_DEFINITIONS.filter((b) => b.imageUrl).map((b) => b.imageUrl!)];
      expect(urls).toHaveLength(6);
      for (const s of [sb, bare]) {
        for (const url of urls) {
          const res = await fetch(withOrigin(url, s.url));
          expect([url, res.status, res.headers.get('content-type')]).toEqual([url, 200, 'image/svg+xml']);
          expect(await res.text()).toMatch(/^<svg/);
        }
      }
      expect((await fetch(`${bare.url}/sandbox/fixtures/badges/missing.svg`)).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('serves hostile data unchanged, hostile keys and production names included', async () => {
    const scores = (await data(`/api/v2/scores/${hostile}`)).data;
    expect(Object.keys(scores.categories)).toEqual(expect.arrayContaining(['__proto__', '<img src=x onerror=alert(1)>']));
    const profile = (await data(`/api/v2/profiles/${hostile}`)).data;
    expect(profile.displayName).toHaveLength(10_000);
    expect(profile.avatarUrl).toBe('javascript:alert(1)');
    expect(Object.keys(profile.socialLinks)).toContain('__proto__');
    expect(HOSTILE_STRINGS).toContain(profile.polkadotIdentities[0].twitter);
    const cat = (await data(`/api/v2/scores/${hostile}/longevity`)).data;
    expect(HOSTILE_STRINGS).toContain(cat.definition.displayName);
    expect(cat.definition).not.toHaveProperty('key');
    expect(cat.definition.reasons.map((r: { key: string }) => r.key)).toContain(cat.category.score.reason);
    const badge = (await data(`/api/v2/badges/${hostile}/ReferendumVoter`)).data;
    expect(HOSTILE_STRINGS).toContain(badge.definition.title);
    expect(HOSTILE_STRINGS).toContain(badge.definition.levels[0].constraints[0].label);
  });
});

describe('errors', () => {
  it('400 Invalid Polkadot address format unless the address is 47-48 base58 characters', async () => {
    const bad = [
      'abc',
      '1'.repeat(46),
      '1'.repeat(49),
      `0${rich.slice(1)}`,
      `${rich.slice(0, -1)}O`,
      `${rich.slice(0, -1)}I`,
      `${rich.slice(0, -1)}l`,
      encodeURIComponent('<script>alert(1)</script>'),
      encodeURIComponent(`${rich} `),
      '0x' + 'a'.repeat(45),
    ];
    for (const address of bad) {
      for (const path of [
        `/api/v2/scores/${address}`,
        `/api/v2/scores/${address}/longevity`,
        `/api/v2/badges/${address}`,
        `/api/v2/badges/${address}/ReferendumVoter`,
        `/api/v2/profiles/${address}`,
      ]) {
        const { status, message } = await failure(path);
        expect([path, status, message]).toEqual([path, 400, 'Invalid Polkadot address format']);
      }
    }
    expect((await get(`/api/v2/scores/${'1'.repeat(48)}`)).status).toBe(200);
  });

  it('401 with the service texts for a server-side caller', async () => {
    for (const path of [
      `/api/v2/scores/${rich}`,
      `/api/v2/badges/${rich}/ReferendumVoter`,
      `/api/v2/profiles/${rich}`,
      '/api/v2/metadata/badges',
      '/api/v2/nothing',
    ]) {
      expect(await failure(path, { key: null }).then((f) => [f.status, f.message])).toEqual([401, 'API key is required']);
      expect(await failure(path, { key: 'wrong-key' }).then((f) => [f.status, f.message])).toEqual([401, 'Invalid API key format']);
      expect(await failure(path, { key: 'dp_live_revoked0123' }).then((f) => [f.status, f.message])).toEqual([
        401,
        'Invalid or revoked API key',
      ]);
      expect(await failure(path, { key: 'demo-nope' }).then((f) => [f.status, f.message])).toEqual([401, 'Invalid or revoked API key']);
    }
  });

  it('404 with the service messages', async () => {
    const cases: Array<[string, string]> = [
      [`/api/v2/scores/${identityOnly}/tokenDiversity`, 'Category score not found for this user'],
      [`/api/v2/scores/${unknown}/longevity`, 'Category score not found for this user'],
      [`/api/v2/scores/${rich}/${encodeURIComponent('long-evity')}`, 'Category score not found for this user'],
      [`/api/v2/scores/${rich}/identity`, 'Category score not found for this user'],
      [`/api/v2/badges/${rich}/TreasuryContributor`, 'Badge not found for this user'],
      [`/api/v2/badges/${rich}/early_adopter`, 'Badge not found for this user'],
      [`/api/v2/badges/${noBadges}/RelayChainInitiate`, 'Badge not found for this user'],
      [`/api/v2/nothing/${rich}`, 'Not Found'],
      [`/api/v2/scores/${rich}/longevity/extra`, 'Not Found'],
      [`/api/v2/scores/`, 'Not Found'],
      [`/api/v2/metadata/levels`, 'Not Found'],
      [`/api/v1/scores/${rich}`, 'Not Found'],
    ];
    for (const [path, message] of cases) {
      const f = await failure(path);
      expect([path, f.status, f.message]).toEqual([path, 404, message]);
    }
  });

  it('a method other than GET finds no route', async () => {
    const f = await failure(`/api/v2/scores/${rich}`, { method: 'POST' });
    expect([f.status, f.message]).toEqual([404, 'Not Found']);
    const head = await get(`/api/v2/scores/${rich}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});

describe('CORS', () => {
  const path = `/api/v2/scores/${rich}`;
  const acao = (res: Response) => res.headers.get('access-control-allow-origin');

  it('the open key is allowed from any origin: the origin is reflected, with Vary: Origin', async () => {
    for (const origin of ['https://example.org', 'http://localhost:3000', 'null']) {
      const res = await get(path, { origin });
      expect(res.status).toBe(200);
      expect(acao(res)).toBe(origin);
      expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
      await res.arrayBuffer();
    }
    // Errors of an allowed browser request are readable too.
    const f = await failure(`/api/v2/scores/abc`, { origin: 'https://example.org' });
    expect([f.status, acao(f.res)]).toEqual([400, 'https://example.org']);
  });

  it('the origin-locked key is allowed from its origin only', async () => {
    const res = await get(path, { key: ORIGIN_LOCKED_KEY, origin: ORIGIN_LOCKED_ORIGIN });
    expect([res.status, acao(res)]).toEqual([200, ORIGIN_LOCKED_ORIGIN]);
    await res.arrayBuffer();
    // Server-side callers are not subject to origins.
    expect((await get(path, { key: ORIGIN_LOCKED_KEY })).status).toBe(200);
  });

  it('a refused origin, an invalid key or no key from a browser: 403 without any CORS header', async () => {
    const cases: Array<[GetOptions, Record<string, unknown>]> = [
      // Exactly WIRE.md's bodies: nothing more (the allowed origins are the key owner's business).
      [
        { key: ORIGIN_LOCKED_KEY, origin: 'https://evil.example' },
        { success: false, error: 'Origin not allowed' },
      ],
      [
        { key: ORIGIN_LOCKED_KEY, origin: `${ORIGIN_LOCKED_ORIGIN}.evil.example` },
        { success: false, error: 'Origin not allowed' },
      ],
      [
        { key: 'wrong-key', origin: 'https://example.org' },
        { success: false, error: 'Invalid API key' },
      ],
      [
        { key: 'demo-revoked', origin: 'https://example.org' },
        { success: false, error: 'Invalid API key' },
      ],
      [
        { key: null, origin: 'https://example.org' },
        { success: false, error: 'API key required' },
      ],
    ];
    for (const [opts, body] of cases) {
      const { status, body: got, res } = await getJson(path, opts);
      expect([opts, status, got]).toEqual([opts, 403, body]);
      for (const header of [
        'access-control-allow-origin',
        'access-control-allow-credentials',
        'access-control-expose-headers',
        'x-ratelimit-limit',
      ]) {
        expect([opts, header, res.headers.get(header)]).toEqual([opts, header, null]);
      }
    }
  });

  it('the sandbox’s own origin is always allowed, but a locked key still checks it (readable 403)', async () => {
    const own = await get(path, { origin: sb.url });
    expect([own.status, acao(own)]).toEqual([200, sb.url]);
    await own.arrayBuffer();
    const locked = await failure(path, { key: ORIGIN_LOCKED_KEY, origin: sb.url });
    expect([locked.status, locked.message, acao(locked.res)]).toEqual([403, 'Origin not allowed', sb.url]);
    // A same-origin GET sends no Origin, but its Referer names the page.
    const referred = await failure(path, { key: ORIGIN_LOCKED_KEY, headers: { Referer: `${sb.url}/demo/` } });
    expect([referred.status, referred.message]).toEqual([403, 'Origin not allowed']);
    expect((await get(path, { key: ORIGIN_LOCKED_KEY, headers: { Referer: `${ORIGIN_LOCKED_ORIGIN}/page` } })).status).toBe(200);
  });

  it('preflights pass for any origin (they carry no key), with the production allow-headers', async () => {
    for (const origin of ['https://example.org', 'https://evil.example']) {
      const res = await fetch(`${sb.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'accept,x-api-key' },
      });
      expect(res.status).toBe(204);
      expect(acao(res)).toBe(origin);
      expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization, X-API-Key');
      expect(res.headers.get('access-control-allow-methods')).toMatch(/\bGET\b/);
      // As the service's: an OPTIONS request of its own passes too (src/client/probe.ts relies on it).
      expect(res.headers.get('access-control-allow-methods')).toMatch(/\bOPTIONS\b/);
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
      await res.arrayBuffer();
    }
    const faulted = await fetch(`${faultBaseUrl(sb.url, { status: 500 })}${path}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org' },
    });
    expect([faulted.status, acao(faulted)]).toEqual([204, 'https://example.org']);
  });

  it('no answer exposes a header to scripts of another origin', async () => {
    const answers = [
      await get(path, { origin: 'https://example.org' }),
      await get(`/api/v2/scores/${unknown}/longevity`, { origin: 'https://example.org' }),
      await get(path, { origin: 'https://example.org', base: faultBaseUrl(sb.url, { resetIn: 1000 }) }),
      await get(path, { origin: 'https://example.org', base: faultBaseUrl(sb.url, { status: 503, retryAfter: 1 }) }),
    ];
    for (const res of answers) {
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
      await res.arrayBuffer();
    }
  });
});

describe('rate limit', () => {
  it('X-RateLimit-Limit, -Remaining and -Reset (epoch milliseconds) on counted answers', async () => {
    const before = Date.now();
    const a = await get(`/api/v2/scores/${rich}`);
    const b = await get(`/api/v2/scores/${rich}/nothing`);
    expect(a.headers.get('x-ratelimit-limit')).toBe('1000000000');
    expect(Number(b.headers.get('x-ratelimit-remaining'))).toBe(Number(a.headers.get('x-ratelimit-remaining')) - 1);
    const reset = Number(a.headers.get('x-ratelimit-reset'));
    expect(a.headers.get('x-ratelimit-reset')).toMatch(/^\d{13}$/);
    expect(reset).toBeGreaterThan(before);
    expect(reset).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(b.status).toBe(404);
    expect(a.headers.get('retry-after')).toBeNull();
    await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
  });

  it('metadata is free: not counted, no X-RateLimit headers', async () => {
    const res = await get('/api/v2/metadata/categories');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    await res.arrayBuffer();
  });

  it('a spent quota answers 429 { message } with the headers and no Retry-After, per key, until the window ends', async () => {
    const small = await createSandbox({ quota: { limit: 3, windowMs: 250 } });
    try {
      const at = (key: string = API_KEY) => fetch(`${small.url}/api/v2/scores/${rich}`, { headers: { 'X-API-Key': key } });
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await at();
        expect(res.status).toBe(200);
        remaining.push(res.headers.get('x-ratelimit-remaining')!);
        await res.arrayBuffer();
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await at();
      expect(limited.status).toBe(429);
      const body = await limited.json();
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toMatch(/^Rate limit exceeded\. Limit: 3 requests per /);
      expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() - 50);
      expect(limited.headers.get('retry-after')).toBeNull();
      // The metadata is free but not beyond a spent quota.
      expect((await fetch(`${small.url}/api/v2/metadata/badges`, { headers: { 'X-API-Key': API_KEY } })).status).toBe(429);
      // Another key has its own quota; a refused key spends none.
      expect((await at(ORIGIN_LOCKED_KEY)).status).toBe(200);
      expect((await at('demo-nope')).status).toBe(401);
      await new Promise((r) => setTimeout(r, Number(limited.headers.get('x-ratelimit-reset')) - Date.now() + 20));
      const again = await at();
      expect([again.status, again.headers.get('x-ratelimit-remaining')]).toEqual([200, '2']);
      await again.arrayBuffer();
    } finally {
      await small.close();
    }
  });
});

describe('compression', () => {
  it('answers above 1 kB are gzip-compressed when the request accepts gzip', async () => {
    const plain = await raw(`/api/v2/scores/${rich}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const zipped = await raw(`/api/v2/scores/${rich}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect((await raw(`/api/v2/scores/${rich}`, { 'Accept-Encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('small answers are sent as they are', async () => {
    const small = await raw(`/api/v2/scores/${unknown}`, { 'Accept-Encoding': 'gzip' });
    expect(small.body.length).toBeLessThanOrEqual(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).success).toBe(true);
  });
});

describe('computation of unseen addresses', () => {
  const ms = 150;
  let slow: Sandbox;
  beforeAll(async () => {
    slow = await createSandbox({ computeDelayMs: ms });
  });
  afterAll(async () => {
    await slow?.close();
  });
  const timed = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(slow.url + path, { headers: { 'X-API-Key': API_KEY } });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  };

  it('the first request for a computed address is slow, later ones are fast, across endpoints', async () => {
    const first = await timed(`/api/v2/scores/${identityOnly}`);
    expect(first.status).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(ms - 10);
    expect((await timed(`/api/v2/scores/${identityOnly}`)).ms).toBeLessThan(ms - 50);
    expect((await timed(`/api/v2/profiles/${identityOnly}`)).ms).toBeLessThan(ms - 50);
  });

  it('an address whose total is 0 is recomputed, so slow, on every request', async () => {
    for (const path of [
      `/api/v2/scores/${fresh}`,
      `/api/v2/scores/${fresh}`,
      `/api/v2/badges/${fresh}`,
      `/api/v2/scores/${unknown}/longevity`,
    ]) {
      const t = await timed(path);
      expect([path, t.ms >= ms - 10]).toEqual([path, true]);
    }
  });

  it('concurrent first requests share one computation; app users are always fast', async () => {
    const t0 = performance.now();
    const both = await Promise.all([timed(`/api/v2/scores/${noBadges}`), timed(`/api/v2/badges/${noBadges}`)]);
    expect(both.map((t) => t.status)).toEqual([200, 200]);
    expect(performance.now() - t0).toBeLessThan(2 * ms - 50);
    expect((await timed(`/api/v2/scores/${rich}`)).ms).toBeLessThan(ms - 50);
    expect((await timed(`/api/v2/profiles/${noProfile}`)).ms).toBeLessThan(ms - 50);
    // Nothing is computed for a malformed address.
    expect((await timed('/api/v2/scores/abc')).ms).toBeLessThan(ms - 50);
  });

  it('the default sandbox computes at once', async () => {
    const t0 = performance.now();
    await (await get(`/api/v2/scores/${'2'.repeat(47)}`)).arrayBuffer();
    expect(performance.now() - t0).toBeLessThan(200);
  });
});

describe('faults', () => {
  const path = `/api/v2/scores/${rich}`;
  const base = (items: FaultItems) => faultBaseUrl(sb.url, items);

  it('status + times gives 503 then 200', async () => {
    const b = base({ status: 503, times: 1, id: 'then-ok' });
    const first = await failure(path, { base: b });
    expect([first.status, first.message]).toEqual([503, 'Service Unavailable']);
    expect((await data(path, { base: b })).data.address).toBe(rich);
    expect((await get(path, { base: b })).status).toBe(200);
  });

  it('injected errors carry the production message of their status and route', async () => {
    const cases: Array<[FaultItems, string, number, string]> = [
      [{ status: 500 }, path, 500, 'Failed to get scores'],
      [{ status: 500 }, `/api/v2/profiles/${rich}`, 500, 'Failed to get profile'],
      [{ status: 500 }, `/api/v2/badges/${rich}/ReferendumVoter`, 500, 'Failed to get badge'],
      // Another deployment's 404 for a record names it; `Not Found` is the catch-all of unknown paths.
      [{ status: 404 }, path, 404, 'Record not found for this address'],
      [{ status: 404 }, `/api/v2/scores/${rich}/longevity`, 404, 'Category score not found for this user'],
      [{ status: 404 }, `/api/v2/badges/${rich}/ReferendumVoter`, 404, 'Badge not found for this user'],
      [{ status: 400 }, path, 400, 'Invalid Polkadot address format'],
      [{ status: 401 }, path, 401, 'Invalid or revoked API key'],
      [{ status: 403 }, path, 403, 'Origin not allowed'],
      [{ status: 502 }, path, 502, 'Bad Gateway'],
      [{ status: 418, message: 'Custom <b>text</b>' }, path, 418, 'Custom <b>text</b>'],
    ];
    for (const [items, p, status, message] of cases) {
      const f = await failure(p, { base: base(items) });
      expect([items, f.status, f.message]).toEqual([items, status, message]);
    }
  });

  it('an injected status applies to every request without times, and wins over a missing key', async () => {
    const b = base({ status: 500 });
    expect((await get(path, { base: b })).status).toBe(500);
    expect((await get(path, { base: b, key: null })).status).toBe(500);
    expect((await get(path, { base: base({ latency: 1 }), key: null })).status).toBe(401);
  });

  it('injected answers are readable from any origin', async () => {
    const res = await get(path, { base: base({ status: 503 }), origin: 'https://evil.example', key: 'wrong-key' });
    expect([res.status, res.headers.get('access-control-allow-origin')]).toEqual([503, 'https://evil.example']);
    await res.arrayBuffer();
  });

  it('status=429 and resetIn answer like a spent quota: X-RateLimit-* and no Retry-After', async () => {
    const t0 = Date.now();
    const soon = await failure(path, { base: base({ resetIn: 1500 }) });
    expect(soon.status).toBe(429);
    // A free production key's words (README: 100 an hour), whatever this sandbox's own quota.
    expect(soon.message).toMatch(/^Rate limit exceeded\. Limit: 100 requests per hour\. Resets at \d{4}-\d\d-\d\dT/);
    const reset = Number(soon.res.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(t0 + 1500);
    expect(reset).toBeLessThanOrEqual(Date.now() + 1500);
    expect(soon.res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(soon.res.headers.get('x-ratelimit-limit')).toBe('100');
    expect(soon.res.headers.get('retry-after')).toBeNull();
    const plain = await failure(path, { base: base({ status: 429 }) });
    expect(Number(plain.res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('retryAfter adds a Retry-After header (other deployments send one)', async () => {
    const f = await failure(path, { base: base({ status: 503, retryAfter: 2 }) });
    expect([f.status, f.res.headers.get('retry-after')]).toEqual([503, '2']);
  });

  it('redirect answers 302, or the given 3xx, with a Location', async () => {
    const target = 'https://elsewhere.example/api/v2/scores/x';
    const found = await get(path, { base: base({ redirect: target }), redirect: 'manual' });
    expect([found.status, found.headers.get('location')]).toEqual([302, target]);
    await found.arrayBuffer();
    const temporary = await get(path, { base: base({ redirect: '/api/v2/scores/x', status: 307 }), redirect: 'manual' });
    expect([temporary.status, temporary.headers.get('location')]).toEqual([307, '/api/v2/scores/x']);
    await temporary.arrayBuffer();
    expect(() => parseFaultSpec(`redirect=${encodeURIComponent(target)},status=200`)).toThrow(/redirect/);
  });

  it('big pads the real answer to exactly N bytes of valid JSON, never compressed', async () => {
    const b = base({ big: 200_000 });
    const bytes = await raw(b.slice(sb.url.length) + path, { 'Accept-Encoding': 'gzip' });
    expect(bytes.headers['content-encoding']).toBeUndefined();
    expect(bytes.body.length).toBe(200_000);
    expect(Number(bytes.headers['content-length'])).toBe(200_000);
    const body = JSON.parse(bytes.body.toString('utf8'));
    expect(body.data.totalScore).toBe(FIXTURES[rich].scores.totalScore);
  });

  it('bomb sends a few kB of gzip that inflate to N bytes of valid JSON, whatever was accepted', async () => {
    const b = base({ bomb: 5_000_000 });
    const bytes = await raw(b.slice(sb.url.length) + path);
    expect(bytes.headers['content-encoding']).toBe('gzip');
    expect(bytes.body.length).toBeLessThan(20_000);
    const inflated = gunzipSync(bytes.body);
    expect(inflated.length).toBe(5_000_000);
    expect(JSON.parse(inflated.toString('utf8')).data.address).toBe(rich);
  });

  it('latency delays the answer', async () => {
    const t0 = performance.now();
    expect((await get(path, { base: base({ latency: 150 }) })).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('hang never answers until the client gives up', async () => {
    await expect(get(path, { base: base({ hang: true }), signal: AbortSignal.timeout(150) })).rejects.toThrow();
  });

  it('drop makes fetch reject', async () => {
    await expect(get(path, { base: base({ drop: true }) })).rejects.toThrow(TypeError);
  });

  it('dropMidBody sends headers, then breaks the body', async () => {
    const res = await get(path, { base: base({ dropMidBody: true }), headers: { 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(10);
    await expect(res.text()).rejects.toThrow();
  });

  it('body variants', async () => {
    const text = await get(path, { base: base({ body: 'text' }) });
    expect([text.status, text.headers.get('content-type'), await text.text()]).toEqual([200, 'text/plain; charset=utf-8', 'not json']);
    const html = await get(path, { base: base({ body: 'html', status: 502 }) });
    expect([html.status, html.headers.get('content-type')]).toEqual([502, 'text/html; charset=utf-8']);
    expect(await html.text()).toMatch(/^<!doctype html>/);
    const nodata = await get(path, { base: base({ body: 'nodata' }) });
    expect([nodata.status, await nodata.json()]).toEqual([200, { success: true }]);
    const sf = await get(path, { base: base({ body: 'successfalse' }) });
    expect([sf.status, await sf.json()]).toEqual([200, { success: false, message: 'Something went wrong' }]);
    const empty = await get(path, { base: base({ body: 'empty' }) });
    expect([empty.status, await empty.text()]).toEqual([200, '']);
    const huge = await get(path, { base: base({ body: 'huge' }) });
    const hugeBody = await huge.json();
    expect(hugeBody.data.totalScore).toBe(FIXTURES[rich].scores.totalScore);
    expect(hugeBody.data._padding.length).toBe(5 * 1024 * 1024);
  });

  it('patch merges into data, null deletes, and {origin} resolves', async () => {
    const wrong = await data(path, { base: base({ patch: { totalScore: '12', extra: [1, 2] } }) });
    expect(wrong.data.totalScore).toBe('12');
    expect(wrong.data.extra).toEqual([1, 2]);
    expect(wrong.data.categories).toBeDefined();
    const missing = await data(path, { base: base({ patch: { totalScore: null } }) });
    expect(missing.data).not.toHaveProperty('totalScore');
    const badges = await data(`/api/v2/badges/${rich}`, { base: base({ patch: { count: 99 } }) });
    expect(badges.data.count).toBe(99);
    const avatar = await data(`/api/v2/profiles/${noProfile}`, {
      base: base({ patch: { avatarUrl: `${ORIGIN_PLACEHOLDER}/sandbox/fixtures/avatar.svg` } }),
    });
    expect(avatar.data.avatarUrl).toBe(`${sb.url}/sandbox/fixtures/avatar.svg`);
    // A patch shapes a success only: errors of the real service stay as they are.
    expect((await failure(`/api/v2/scores/abc`, { base: base({ patch: { a: 1 } }) })).status).toBe(400);
  });

  it('rejects malformed specs with 400 { message }', async () => {
    for (const spec of [
      'stauts=503',
      `patch=${encodeURIComponent('[1]')}`,
      'body=weird',
      'status=700',
      'big=-1',
      'bomb=0',
      'resetIn=soon',
      'message=',
      `redirect=${encodeURIComponent('/x\r\nSet-Cookie: a=b')}`,
    ]) {
      const f = await failure(path, { base: `${sb.url}/__fault/${spec}` });
      expect([spec, f.status, f.message]).toEqual([spec, 400, expect.stringMatching(/^Bad fault spec/)]);
    }
  });

  it('faultSpec encodes values and flags', () => {
    expect(faultSpec({ status: 503, times: 1, hang: true, drop: false })).toBe('status=503,times=1,hang');
    expect(faultSpec({ patch: { a: 1, b: 'x,y' } })).toBe(`patch=${encodeURIComponent('{"a":1,"b":"x,y"}')}`);
    expect(faultSpec({ redirect: 'https://a.example/b?c=d', resetIn: 10, bomb: 5000, big: 7 })).toBe(
      `redirect=${encodeURIComponent('https://a.example/b?c=d')},resetIn=10,bomb=5000,big=7`,
    );
    expect(parseFaultSpec(faultSpec({ redirect: 'https://a.example/b?c=d', message: 'a,b', resetIn: 10 }))).toEqual({
      redirect: 'https://a.example/b?c=d',
      message: 'a,b',
      resetIn: 10,
    });
  });
});

describe('requests log', () => {
  it('records API requests with key and origin, without the fault prefix or query, and resets', async () => {
    sb.resetRequests();
    await (await get(`/api/v2/scores/${rich}?x=1`)).arrayBuffer();
    await (
      await get(`/api/v2/profiles/${rich}`, { base: faultBaseUrl(sb.url, { status: 500 }), key: 'other', origin: 'https://example.org' })
    ).arrayBuffer();
    await (await fetch(`${sb.url}/api/v2/scores/${rich}`, { method: 'OPTIONS' })).arrayBuffer();
    await (await fetch(`${sb.url}/demo/avatar.svg`)).arrayBuffer();
    const mine = sb.requests.filter((r) => r.path.includes(rich));
    expect(mine.map(({ method, path, apiKey, origin }) => ({ method, path, apiKey, origin }))).toEqual([
      { method: 'GET', path: `/api/v2/scores/${rich}`, apiKey: API_KEY, origin: null },
      { method: 'GET', path: `/api/v2/profiles/${rich}`, apiKey: 'other', origin: 'https://example.org' },
    ]);
    expect(typeof mine[0]!.time).toBe('number');

    const listed = await (await fetch(`${sb.url}/__sandbox/requests`)).json();
    expect(listed.data.filter((r: { path: string }) => r.path.includes(rich))).toHaveLength(2);
    const reset = await fetch(`${sb.url}/__sandbox/reset`, { method: 'POST' });
    expect(reset.headers.get('access-control-allow-origin')).toBe('*');
    expect((await reset.json()).success).toBe(true);
    expect(sb.requests).toHaveLength(0);
  });
});

describe('static files', () => {
  it('serves demo files with content types and no-store', async () => {
    const res = await fetch(`${sb.url}/demo/avatar.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toMatch(/^<svg/);
    const js = await fetch(`${sb.url}/demo/demo.mjs`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    await js.arrayBuffer();
    const root = await fetch(`${sb.url}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toBe('text/html; charset=utf-8');
    await root.arrayBuffer();
  });

  it("serves the options' documentation the demo builds its controls from, as JSON", async () => {
    const res = await fetch(`${sb.url}/demo/options.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(optionDocs())));
  });

  it('refuses traversal and paths outside demo/ and dist/', async () => {
    for (const p of [
      '/demo/..%2Fpackage.json',
      '/demo/%2e%2e%2fpackage.json',
      '/demo/..%5Cpackage.json',
      '/dist/..%2F..%2Fetc%2Fpasswd',
      '/demo/%2E%2E/package.json',
      '/demo/../package.json',
      '/sandbox/fixtures/..%2F..%2Fpackage.json',
      '/package.json',
      '/src/client/types.ts',
      '/demo/',
      '/demo/x%00.svg',
      '/demo/%E0%A4%A',
    ]) {
      const res = await fetch(sb.url + p);
      expect([p, res.status]).toEqual([p, 404]);
      expect(await res.text()).not.toContain('"name"');
    }
  });

  it('without a staticRoot serves the fixture images only', async () => {
    const bare = await createSandbox();
    try {
      expect((await fetch(`${bare.url}/sandbox/fixtures/avatar.svg`)).status).toBe(200);
      for (const p of [
        '/sandbox/sandbox.mjs',
        '/demo/demo.mjs',
        '/',
        '/dist/repkit.mjs',
        '/demo/options.json',
        '/sandbox/fixtures/..%2Fsandbox.mjs',
      ]) {
        const res = await fetch(bare.url + p);
        expect([p, res.status]).toEqual([p, 404]);
        await res.arrayBuffer();
      }
    } finally {
      await bare.close();
    }
  });
});
