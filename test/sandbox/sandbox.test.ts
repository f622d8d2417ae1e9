// @vitest-environment node
/**
 * The sandbox (demo/sandbox.mjs) over real HTTP. Other suites rely on it to speak WIRE.md
 * exactly and to inject faults faithfully, so it is tested here on its own first.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createSandbox, faultBaseUrl, faultSpec, type Sandbox } from '../../demo/sandbox.mjs';
import {
  ADDRESSES,
  API_KEY,
  BADGE_DEFINITIONS,
  CATEGORY_DEFINITIONS,
  FIXTURES,
  HOSTILE_STRINGS,
} from '../../demo/fixtures.mjs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const { rich, identityOnly, fresh, noProfile, hostile, unknown } = ADDRESSES;

let sb: Sandbox;
beforeAll(async () => {
  sb = await createSandbox({ staticRoot: repoRoot });
});
afterAll(async () => {
  await sb?.close();
});

/** GET with the valid key unless told otherwise; `base` allows a fault prefix. */
function get(path: string, { key = API_KEY as string | null, base = '', signal }: { key?: string | null; base?: string; signal?: AbortSignal } = {}) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (key !== null) headers['X-API-Key'] = key;
  return fetch((base || sb.url) + path, { headers, signal });
}

/** GET and parse, asserting the envelope's general shape and content type. */
async function getJson(path: string, opts?: Parameters<typeof get>[1]) {
  const res = await get(path, opts);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const body = await res.json();
  if (res.ok) expect(body.success).toBe(true);
  else {
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  }
  return { status: res.status, body, res };
}

const isIso = (s: unknown) => typeof s == 'string' && !Number.isNaN(Date.parse(s)) && /^\d{4}-\d\d-\d\dT/.test(s);

describe('fixtures', () => {
  it('follow SPEC.md section 2', () => {
    for (const [address, fx] of Object.entries(FIXTURES)) {
      expect(fx.badges.address).toBe(address);
      expect(fx.badges.count).toBe(fx.badges.badges.length);
      if (fx.scores) {
        expect(fx.scores.address).toBe(address);
        expect(isIso(fx.scores.calculatedAt)).toBe(true);
        expect(typeof fx.scores.totalScore).toBe('number');
      }
      if (fx.profile) expect(fx.profile.address).toBe(address);
    }
    expect(Object.keys(FIXTURES)).not.toContain(unknown);
    for (const a of Object.values(ADDRESSES)) expect(a).toMatch(/^[1-9A-HJ-NP-Za-km-z]{47,48}$/);
    expect(HOSTILE_STRINGS.some((s) => s.length === 10_000)).toBe(true);
  });

  it('give every non-hostile category score a reason of its definition', () => {
    for (const address of [rich, identityOnly, noProfile]) {
      for (const [key, score] of Object.entries(FIXTURES[address].scores!.categories ?? {})) {
        const def = CATEGORY_DEFINITIONS.find((d) => d.key === key);
        if (key === 'bridging') expect(def).toBeUndefined();
        else expect(def!.reasons.map((r) => r.key)).toContain(score.reason);
      }
    }
  });

  it('define five badges with five increasing levels', () => {
    expect(BADGE_DEFINITIONS.map((b) => b.key)).toEqual(['early_adopter', 'governance_voter', 'staking_champion', 'identity_verified', 'parachain_explorer']);
    for (const b of BADGE_DEFINITIONS) {
      expect(b.levels.map((l) => l.key)).toEqual(['bronze', 'silver', 'gold', 'platinum', 'diamond']);
      const values = b.levels.map((l) => l.value);
      expect([...values].sort((x, y) => x - y)).toEqual(values);
      expect(new Set(values).size).toBe(5);
    }
  });
});

describe('endpoints', () => {
  it('getScores returns the rich record with seven categories', async () => {
    const { status, body } = await getJson(`/api/v2/scores/${rich}`);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.address).toBe(rich);
    expect(isIso(d.calculatedAt)).toBe(true);
    expect(Object.keys(d.categories)).toHaveLength(7);
    expect(d.categories.longevity).toEqual({ score: expect.any(Number), reason: 'account_over_2_years', title: 'Account Age' });
    expect(d.totalScore).toBe(Object.values(d.categories as Record<string, { score: number }>).reduce((s, c) => s + c.score, 0));
  });

  it('getScores for the fresh address has score 0 and no categories', async () => {
    const { body } = await getJson(`/api/v2/scores/${fresh}`);
    expect(body.data.totalScore).toBe(0);
    expect(body.data.categories).toBeUndefined();
  });

  it('getCategoryScore returns the score with its definition, or definition null', async () => {
    const { body } = await getJson(`/api/v2/scores/${rich}/longevity`);
    expect(body.data).toEqual({
      address: rich,
      category: { key: 'longevity', score: FIXTURES[rich].scores!.categories!.longevity },
      definition: CATEGORY_DEFINITIONS[0],
      calculatedAt: FIXTURES[rich].scores!.calculatedAt,
    });
    expect(body.data.definition.displayName).toBe('Account Longevity');
    expect(body.data.definition).toHaveProperty('short_description');
    const bridging = await getJson(`/api/v2/scores/${rich}/bridging`);
    expect(bridging.body.data.definition).toBeNull();
    expect(bridging.body.data.category.key).toBe('bridging');
  });

  it('getBadges returns count === badges.length, levels 1 to 5', async () => {
    const { body } = await getJson(`/api/v2/badges/${rich}`);
    expect(body.data.count).toBe(body.data.badges.length);
    expect(body.data.badges.map((b: { achievedLevel: number }) => b.achievedLevel).sort()).toEqual([1, 2, 3, 4, 5]);
    const empty = await getJson(`/api/v2/badges/${fresh}`);
    expect(empty.body.data).toMatchObject({ address: fresh, badges: [], count: 0 });
  });

  it('getBadges for an unknown address is an empty list', async () => {
    const { status, body } = await getJson(`/api/v2/badges/${unknown}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ address: unknown, badges: [], count: 0 });
  });

  it('getBadge returns earned and unearned badges with definitions', async () => {
    const earned = await getJson(`/api/v2/badges/${rich}/staking_champion`);
    expect(earned.body.data).toMatchObject({ address: rich, earned: true, source: 'api' });
    expect(earned.body.data.badge).toMatchObject({ badgeKey: 'staking_champion', achievedLevel: 4, achievedLevelKey: 'platinum', achievedLevelTitle: 'Platinum' });
    expect(earned.body.data.definition.key).toBe('staking_champion');
    const not = await getJson(`/api/v2/badges/${identityOnly}/governance_voter`);
    expect(not.body.data).toMatchObject({ badge: null, earned: false });
    expect(not.body.data.definition.levels).toHaveLength(5);
  });

  it('getProfile returns full, identity-only and minimal profiles', async () => {
    const full = (await getJson(`/api/v2/profiles/${rich}`)).body.data;
    expect(full.displayName).toBeTruthy();
    expect(full.avatarUrl).toMatch(/^https:\/\//);
    expect(Object.keys(full.socialLinks)).toEqual(['twitter', 'github', 'discord', 'telegram']);
    expect(full.chainIdentities).toHaveLength(2);
    expect(full.chainIdentities[0].judgements).toEqual([expect.objectContaining({ index: 0, judgement: 'KnownGood' })]);
    expect(full.chainIdentities[1].judgements).toEqual([]);
    const bob = (await getJson(`/api/v2/profiles/${identityOnly}`)).body.data;
    expect(bob.displayName).toBeUndefined();
    expect(bob.chainIdentities[0]).toMatchObject({ display: 'Bob on-chain', judgements: [{ index: 1, judgement: 'Reasonable' }] });
    expect((await getJson(`/api/v2/profiles/${fresh}`)).body.data).toEqual({ address: fresh });
  });

  it('metadata endpoints list all definitions', async () => {
    expect((await getJson('/api/v2/metadata/badges')).body.data).toEqual({ badges: BADGE_DEFINITIONS });
    expect((await getJson('/api/v2/metadata/categories')).body.data).toEqual({ categories: CATEGORY_DEFINITIONS });
  });

  it('serves hostile data unchanged, hostile keys included', async () => {
    const scores = (await getJson(`/api/v2/scores/${hostile}`)).body.data;
    expect(Object.keys(scores.categories)).toEqual(expect.arrayContaining(['__proto__', '<img src=x onerror=alert(1)>']));
    const profile = (await getJson(`/api/v2/profiles/${hostile}`)).body.data;
    expect(profile.displayName).toHaveLength(10_000);
    expect(profile.avatarUrl).toBe('javascript:alert(1)');
    const cat = (await getJson(`/api/v2/scores/${hostile}/longevity`)).body.data;
    expect(HOSTILE_STRINGS).toContain(cat.definition.displayName);
    expect(cat.definition.reasons.map((r: { key: string }) => r.key)).toContain(cat.category.score.reason);
    const badge = (await getJson(`/api/v2/badges/${hostile}/governance_voter`)).body.data;
    expect(badge.earned).toBe(false);
    expect(HOSTILE_STRINGS).toContain(badge.definition.title);
  });
});

describe('errors', () => {
  it('401 without a key and with a wrong key, on every endpoint', async () => {
    for (const path of [`/api/v2/scores/${rich}`, `/api/v2/badges/${rich}/early_adopter`, `/api/v2/profiles/${rich}`, '/api/v2/metadata/badges']) {
      expect((await getJson(path, { key: null })).status).toBe(401);
      expect((await getJson(path, { key: 'wrong-key' })).status).toBe(401);
    }
  });

  it('400 for malformed addresses and keys', async () => {
    expect((await getJson(`/api/v2/scores/${encodeURIComponent('<script>')}`)).status).toBe(400);
    expect((await getJson(`/api/v2/scores/${'a'.repeat(129)}`)).status).toBe(400);
    expect((await getJson(`/api/v2/scores/bad%E0%A4%A`)).status).toBe(400);
    expect((await getJson(`/api/v2/scores/${rich}/${encodeURIComponent('long-evity')}`)).status).toBe(400);
    expect((await getJson(`/api/v2/badges/${rich}/${'k'.repeat(65)}`)).status).toBe(400);
    expect((await getJson(`/api/v2/profiles/${encodeURIComponent(rich + ' ')}`)).status).toBe(400);
  });

  it('404 with the documented messages', async () => {
    const cases: Array<[string, string]> = [
      [`/api/v2/scores/${unknown}`, 'No reputation data for this address'],
      [`/api/v2/profiles/${noProfile}`, 'No profile set up for this address'],
      [`/api/v2/profiles/${unknown}`, 'No profile set up for this address'],
      [`/api/v2/badges/${rich}/no_such_badge`, 'Badge not found'],
      [`/api/v2/scores/${identityOnly}/governance`, 'This address has no score in that category'],
      [`/api/v2/scores/${fresh}/longevity`, 'This address has no score in that category'],
      [`/api/v2/nothing/${rich}`, 'Not found'],
      [`/api/v2/scores/${rich}/longevity/extra`, 'Not found'],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await getJson(path);
      expect([path, status, body.message]).toEqual([path, 404, message]);
    }
  });

  it('405 for other methods', async () => {
    const res = await fetch(`${sb.url}/api/v2/scores/${rich}`, { method: 'POST', headers: { 'X-API-Key': API_KEY } });
    expect(res.status).toBe(405);
    expect((await res.json()).success).toBe(false);
  });
});

describe('CORS', () => {
  it('answers preflights with 204 and the allowed headers', async () => {
    const res = await fetch(`${sb.url}/api/v2/scores/${rich}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('X-API-Key, Accept');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });

  it('exposes Retry-After on errors too', async () => {
    const res = await get(`/api/v2/scores/${unknown}`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After');
    await res.arrayBuffer();
  });
});

describe('faults', () => {
  const path = `/api/v2/scores/${rich}`;
  const base = (items: Parameters<typeof faultSpec>[0]) => faultBaseUrl(sb.url, items);

  it('status + times gives 503 then 200', async () => {
    const b = base({ status: 503, times: 1, id: 'then-ok' });
    const first = await getJson(path, { base: b });
    expect([first.status, first.body.message]).toEqual([503, 'Injected 503 error']);
    const second = await getJson(path, { base: b });
    expect(second.status).toBe(200);
    expect(second.body.data.address).toBe(rich);
    expect((await getJson(path, { base: b })).status).toBe(200);
  });

  it('injected status applies to every request without times', async () => {
    const b = base({ status: 500 });
    expect((await getJson(path, { base: b })).status).toBe(500);
    expect((await getJson(path, { base: b })).status).toBe(500);
  });

  it('retryAfter adds a Retry-After header', async () => {
    const { status, res } = await getJson(path, { base: base({ status: 429, retryAfter: 2 }) });
    expect(status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
  });

  it('latency delays the answer', async () => {
    const t0 = performance.now();
    expect((await getJson(path, { base: base({ latency: 150 }) })).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('hang never answers until the client gives up', async () => {
    await expect(get(path, { base: base({ hang: true }), signal: AbortSignal.timeout(150) })).rejects.toThrow();
  });

  it('drop makes fetch reject', async () => {
    await expect(get(path, { base: base({ drop: true }) })).rejects.toThrow(TypeError);
  });

  it('dropMidBody sends headers, then breaks the body', async () => {
    const res = await get(path, { base: base({ dropMidBody: true }) });
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
    expect(hugeBody.data.totalScore).toBe(FIXTURES[rich].scores!.totalScore);
    expect(hugeBody.data._padding.length).toBe(5 * 1024 * 1024);
  });

  it('patch merges into data and null deletes', async () => {
    const wrong = await getJson(path, { base: base({ patch: { totalScore: '12', extra: [1, 2] } }) });
    expect(wrong.body.data.totalScore).toBe('12');
    expect(wrong.body.data.extra).toEqual([1, 2]);
    expect(wrong.body.data.categories).toBeDefined();
    const missing = await getJson(path, { base: base({ patch: { totalScore: null } }) });
    expect(missing.body.data).not.toHaveProperty('totalScore');
    const badges = await getJson(`/api/v2/badges/${rich}`, { base: base({ patch: { count: 99 } }) });
    expect(badges.body.data.count).toBe(99);
  });

  it('faults combine with a 401: an injected status wins, otherwise auth still applies', async () => {
    expect((await getJson(path, { base: base({ status: 503 }), key: null })).status).toBe(503);
    expect((await getJson(path, { base: base({ latency: 1 }), key: null })).status).toBe(401);
  });

  it('rejects malformed specs with 400', async () => {
    expect((await getJson(path, { base: `${sb.url}/__fault/stauts=503` })).status).toBe(400);
    expect((await getJson(path, { base: `${sb.url}/__fault/patch=${encodeURIComponent('[1]')}` })).status).toBe(400);
    expect((await getJson(path, { base: `${sb.url}/__fault/body=weird` })).status).toBe(400);
  });

  it('faultSpec encodes values and flags', () => {
    expect(faultSpec({ status: 503, times: 1, hang: true, drop: false })).toBe('status=503,times=1,hang');
    expect(faultSpec({ patch: { a: 1, b: 'x,y' } })).toBe(`patch=${encodeURIComponent('{"a":1,"b":"x,y"}')}`);
  });
});

describe('requests log', () => {
  it('records API requests without the fault prefix or query, and resets', async () => {
    sb.resetRequests();
    await (await get(`/api/v2/scores/${rich}?x=1`)).arrayBuffer();
    await (await get(`/api/v2/profiles/${rich}`, { base: faultBaseUrl(sb.url, { status: 500 }), key: 'other' })).arrayBuffer();
    await (await fetch(`${sb.url}/api/v2/scores/${rich}`, { method: 'OPTIONS' })).arrayBuffer();
    await (await fetch(`${sb.url}/demo/avatar.svg`)).arrayBuffer();
    const mine = sb.requests.filter((r) => r.path.includes(rich));
    expect(mine.map(({ method, path, apiKey }) => ({ method, path, apiKey }))).toEqual([
      { method: 'GET', path: `/api/v2/scores/${rich}`, apiKey: API_KEY },
      { method: 'GET', path: `/api/v2/profiles/${rich}`, apiKey: 'other' },
    ]);
    expect(typeof mine[0].time).toBe('number');

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
    const js = await fetch(`${sb.url}/demo/sandbox.mjs`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    await js.arrayBuffer();
    const root = await fetch(`${sb.url}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toBe('text/html; charset=utf-8');
    await root.arrayBuffer();
  });

  it('refuses traversal and paths outside demo/ and dist/', async () => {
    for (const p of [
      '/demo/..%2Fpackage.json',
      '/demo/%2e%2e%2fpackage.json',
      '/demo/..%5Cpackage.json',
      '/dist/..%2F..%2Fetc%2Fpasswd',
      '/demo/%2E%2E/package.json',
      '/demo/../package.json',
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
});
