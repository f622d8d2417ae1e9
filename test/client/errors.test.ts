/**
 * Failures the service reports (400, 401, 403, 404, 429, 500, each with its production body) and responses that are not what they
 * should be: each rejects with a ServiceError whose status and message say what happened.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES, ORIGIN_LOCKED_KEY } from '../service/fixtures.mjs';
import { ServiceClient } from '../../src/client/service-client';
import { ServiceError } from '../../src/errors';
import { ADDRESSES, useSandbox } from '../helpers/sandbox';
import { serverSideFetch } from '../helpers/server-fetch';
import { clientFor, expectServiceError, messageParts, rejection } from './util';

const server = useSandbox();
const { rich, unknown, noProfile, fresh } = ADDRESSES;

beforeEach(() => server.sandbox.resetRequests());

/** A client whose every request carries `faults` (and has its own cache). */
const faulty = (faults: Parameters<typeof server.fault>[0] = {}, retries = 0) => clientFor(server.fault(faults), { retries });

const withoutUrls = (message: string): string => message.replace(/https?:\/\/\S+/g, '');

describe('ServiceError', () => {
  it('is an Error named ServiceError with statusCode and message', async () => {
    const error = await rejection(faulty().getCategoryScore(fresh, 'longevity'));
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.name).toBe('ServiceError');
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe(`GET ${messageParts(error.message).url}: Category score not found for this user`);
    expect(messageParts(error.message).url).toMatch(new RegExp(`/api/v2/scores/${fresh}/longevity$`));
    expect(String(error)).toContain('ServiceError');
  });
});

const OPERATIONS: Array<[string, (c: ServiceClient) => Promise<unknown>]> = [
  ['getScores', (c) => c.getScores(rich)],
  ['getCategoryScore', (c) => c.getCategoryScore(rich, 'longevity')],
  ['getBadges', (c) => c.getBadges(rich)],
  ['getBadge', (c) => c.getBadge(rich, 'ReferendumVoter')],
  ['getProfile', (c) => c.getProfile(rich)],
  ['getBadgeDefinitions', (c) => c.getBadgeDefinitions()],
  ['getCategoryDefinitions', (c) => c.getCategoryDefinitions()],
];

describe('401: a wrong API key fails every operation with the server message (server-side caller)', () => {
  const client = (apiKey: string) => new ServiceClient({ apiKey, baseUrl: server.fault({}), retries: 0, fetch: serverSideFetch });
  it.each(OPERATIONS)('%s', async (_name, call) => {
    expectServiceError(await rejection(call(client('wrong-key'))), 401, 'Invalid API key format');
    expect(server.sandbox.requests).toEqual([expect.objectContaining({ apiKey: 'wrong-key', origin: null })]);
  });
  it('each of the three texts', async () => {
    expectServiceError(await rejection(client('dp_live_revoked').getScores(rich)), 401, 'Invalid or revoked API key');
    const noKey = new ServiceClient({ baseUrl: server.fault({}), retries: 0, fetch: serverSideFetch });
    expectServiceError(await rejection(noKey.getScores(rich)), 401, 'API key is required');
  });
});

describe('403: from a page, an invalid key is the CORS refusal', () => {
  // A browser cannot read this answer (it has no CORS headers: test/browser covers that);
  // happy-dom can, so the refusal's `{ success: false, error }` body is read here.
  it.each(OPERATIONS)('%s', async (_name, call) => {
    const error = await rejection(call(new ServiceClient({ apiKey: 'wrong-key', baseUrl: server.fault({}), retries: 0 })));
    expectServiceError(error, 403, 'Invalid API key');
    expect(server.sandbox.requests).toEqual([expect.objectContaining({ apiKey: 'wrong-key', origin: location.origin })]);
  });
  it('the origin-locked key from another origin names the refusal', async () => {
    const error = await rejection(new ServiceClient({ apiKey: ORIGIN_LOCKED_KEY, baseUrl: server.fault({}), retries: 0 }).getScores(rich));
    expectServiceError(error, 403, 'Origin not allowed');
  });
});

describe('a wrong baseUrl path or key: kinds of their own', () => {
  it('a 404 that is the service\'s catch-all is not-service (baseUrl\'s path is wrong), not "no data"', async () => {
    const error = (await rejection(
      new ServiceClient({ apiKey: 'demo-x', baseUrl: server.url + '/api', retries: 0 }).getScores(rich),
    )) as ServiceError;
    expectServiceError(error, 404);
    expect(error.kind).toBe('not-service');
    expect(error.message).toMatch(/: no service at baseUrl \(404\): check its path$/);
  });
  it('a 404 whose body is not JSON (another server) is not-service too', async () => {
    const fetch = async () => new Response('<h1>Not Found</h1>', { status: 404 });
    const error = (await rejection(new ServiceClient({ apiKey: 'k', fetch, retries: 0 }).getScores(rich))) as ServiceError;
    expect(error.kind).toBe('not-service');
  });
  it('a 404 naming what is missing keeps kind http', async () => {
    expect(((await rejection(faulty({ status: 404 }).getScores(unknown))) as ServiceError).kind).toBe('http');
  });
  it.each(['API key is required', 'Invalid API key format', 'Invalid or revoked API key'])(
    '401 %s is invalid-key, with the service words',
    async (message) => {
      const fetch = async () => new Response(JSON.stringify({ message }), { status: 401 });
      const error = (await rejection(new ServiceClient({ apiKey: 'k', fetch, retries: 0 }).getScores(rich))) as ServiceError;
      expectServiceError(error, 401, message);
      expect(error.kind).toBe('invalid-key');
    },
  );
  it('a 403 about the key read server-side is invalid-key; Origin not allowed stays http', async () => {
    const answer = (error: string) => async () => new Response(JSON.stringify({ success: false, error }), { status: 403 });
    const kindOf = async (error: string) =>
      ((await rejection(new ServiceClient({ apiKey: 'k', fetch: answer(error), retries: 0 }).getScores(rich))) as ServiceError).kind;
    expect(await kindOf('Invalid API key')).toBe('invalid-key');
    expect(await kindOf('API key required')).toBe('invalid-key');
    expect(await kindOf('Origin not allowed')).toBe('http');
  });
});

describe('404: what does not exist', () => {
  it('getScores answered 404 (other deployments)', async () => {
    expectServiceError(await rejection(faulty({ status: 404 }).getScores(unknown)), 404, 'Record not found for this address');
  });
  it('getProfile answered 404 (other deployments)', async () => {
    expectServiceError(
      await rejection(faulty({ status: 404, message: 'No profile set up for this address' }).getProfile(noProfile)),
      404,
      'No profile set up for this address',
    );
  });
  it('getBadge of a badge the address has not earned, or that does not exist', async () => {
    expectServiceError(await rejection(faulty().getBadge(rich, 'TreasuryContributor')), 404, 'Badge not found for this user');
    expectServiceError(await rejection(faulty().getBadge(rich, 'no_such_badge')), 404, 'Badge not found for this user');
  });
  it('getCategoryScore of a category the address has no score in', async () => {
    expectServiceError(await rejection(faulty().getCategoryScore(fresh, 'longevity')), 404, 'Category score not found for this user');
    expectServiceError(await rejection(faulty().getCategoryScore(rich, 'bad-key')), 404, 'Category score not found for this user');
  });
  it('an unknown but valid address is not a 404: it is computed, with score 0', async () => {
    const scores = await faulty().getScores(unknown);
    expect(scores).toMatchObject({ address: unknown, totalScore: 0, source: 'api' });
  });
});

describe('400: an address that is not a valid address', () => {
  it.each(['not-an-address', 'abc', rich.slice(1, 46), `${rich}x1`])('%s', async (address) => {
    expectServiceError(await rejection(faulty().getScores(address)), 400, 'Invalid Polkadot address format');
  });
});

describe('429 and 5xx: the status and the server message', () => {
  it.each([
    [429, /^Rate limit exceeded\. Limit: \d+ requests per hour\. Resets at /],
    [500, 'Failed to get scores'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [504, 'Gateway Timeout'],
    [403, 'Origin not allowed'],
    [418, "I'm a Teapot"],
  ] as const)('%i', async (status, message) => {
    expectServiceError(await rejection(faulty({ status }).getScores(rich)), status, message);
  });
  it('a message the server chose', async () => {
    expectServiceError(
      await rejection(faulty({ status: 500, message: 'Database unavailable' }).getProfile(rich)),
      500,
      'Database unavailable',
    );
  });
});

describe('an error status without a JSON message: a message naming the status', () => {
  it.each([
    [500, 'html'],
    [404, 'html'],
    [503, 'text'],
    [502, 'empty'],
  ] as const)('%i with body=%s', async (status, body) => {
    const error = await rejection(faulty({ status, body }).getScores(rich));
    expectServiceError(error, status);
    // The fault spec is in the URL, so look at the message without any URL it quotes.
    const words = withoutUrls(error.message);
    expect(words).toMatch(new RegExp(`\\b${status}\\b`));
    expect(words).not.toMatch(/<|doctype|upstream|not json/i);
  });

  it('a JSON failure body without message', async () => {
    // body=nodata is `{ "success": true }`: JSON, but no message to show.
    const error = await rejection(faulty({ status: 500, body: 'nodata' }).getScores(rich));
    expectServiceError(error, 500);
    expect(withoutUrls(error.message)).toMatch(/\b500\b/);
  });
});

describe('a 200 that is not a proper success envelope is a failure naming what was wrong', () => {
  it('body is not JSON', async () => {
    const error = await rejection(faulty({ body: 'text' }).getScores(rich));
    expectServiceError(error, error.statusCode!, /malformed response: .*not JSON/);
  });
  it('body is HTML', async () => {
    expect((await rejection(faulty({ body: 'html' }).getScores(rich))).message).toMatch(/malformed response: .*not JSON/);
  });
  it('body is empty', async () => {
    expect((await rejection(faulty({ body: 'empty' }).getScores(rich))).message).toMatch(/malformed response: .*empty/);
  });
  it('data is missing', async () => {
    expect((await rejection(faulty({ body: 'nodata' }).getScores(rich))).message).toMatch(/malformed response: .*data/);
  });
  it('success false: the server message', async () => {
    const error = await rejection(faulty({ body: 'successfalse' }).getScores(rich));
    expectServiceError(error, 200, 'Something went wrong');
  });
  it('is not retried', async () => {
    await rejection(faulty({ body: 'text' }, 2).getScores(rich));
    expect(server.sandbox.requests).toHaveLength(1);
  });
});

describe('a field of the wrong type or missing is a failure naming the field', () => {
  it('string totalScore', async () => {
    const error = await rejection(faulty({ patch: { totalScore: '12' } }).getScores(rich));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain('malformed response: totalScore must be a number');
  });
  it('missing totalScore', async () => {
    const error = await rejection(faulty({ patch: { totalScore: null } }).getScores(rich));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain('malformed response: totalScore must be a number');
  });
  it('missing address on getProfile', async () => {
    expect((await rejection(faulty({ patch: { address: null } }).getProfile(rich))).message).toContain(
      'malformed response: address must be a string',
    );
  });
  it('non-array badges on getBadges', async () => {
    const error = await rejection(faulty({ patch: { badges: 'x' } }).getBadges(rich));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain('malformed response: badges must be an array');
  });
  it('a wrong field inside an array item', async () => {
    const badge = { badgeKey: 7, achievedLevel: 1, achievedLevelKey: 'bronze', achievedLevelTitle: 'Bronze' };
    const error = await rejection(faulty({ patch: { badges: [badge], count: 1 } }).getBadges(rich));
    expect(error.message).toContain('badges[0].badgeKey');
  });
  it('a nested wrong type names its path', async () => {
    const patch = { categories: { longevity: { score: 'x', reason: 'r', title: 't' } } };
    const error = await rejection(faulty({ patch }).getScores(rich));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain('categories.longevity.score');
  });
  it('a nested record that is missing', async () => {
    expect((await rejection(faulty({ patch: { category: null } }).getCategoryScore(rich, 'longevity'))).message).toContain('category');
  });
  it('an object where a list should be', async () => {
    expect((await rejection(faulty({ patch: { categories: {} } }).getCategoryDefinitions())).message).toContain(
      'categories must be an array',
    );
  });
});

describe('an optional field sent as null is treated as absent', () => {
  // The sandbox's patch deletes a top-level key given as null, so top-level cases test absence;
  // nested objects are sent as given, nulls included.
  it('getProfile without bio resolves without bio', async () => {
    const profile = await faulty({ patch: { bio: null } }).getProfile(rich);
    expect('bio' in profile).toBe(false);
    expect(profile.displayName).toBe(FIXTURES[rich].profile!.displayName);
  });
  it('getScores without categories or source resolves', async () => {
    const scores = await faulty({ patch: { categories: null, source: null } }).getScores(rich);
    expect(scores.categories).toBeUndefined();
    expect(scores.source).toBeUndefined();
    expect(scores.totalScore).toBe(FIXTURES[rich].scores!.totalScore);
  });
  it('null optional fields of a chain identity are dropped', async () => {
    const identity = { address: rich, display: null, web: null, judgements: null, nonce: null, role: 'validator' };
    const profile = await faulty({ patch: { chainIdentities: [identity] } }).getProfile(rich);
    expect(profile.chainIdentities).toEqual([{ address: rich, role: 'validator' }]);
  });
  it('null earnedAt of a badge is dropped', async () => {
    const badge = { badgeKey: 'early_adopter', achievedLevel: 1, achievedLevelKey: 'bronze', achievedLevelTitle: 'Bronze', earnedAt: null };
    const badges = await faulty({ patch: { badges: [badge], count: 1 } }).getBadges(rich);
    expect(badges.badges).toEqual([
      { badgeKey: 'early_adopter', achievedLevel: 1, achievedLevelKey: 'bronze', achievedLevelTitle: 'Bronze' },
    ]);
  });
  it('null required fields are not: a null address in an identity fails', async () => {
    const error = await rejection(faulty({ patch: { chainIdentities: [{ address: null }] } }).getProfile(rich));
    expect(error.message).toContain('chainIdentities[0].address must be a string');
  });
});

describe('a large response', () => {
  it('a 5 MB body is refused at the 2 MB default cap, with one request', async () => {
    const error = await rejection(faulty({ body: 'huge' }, 2).getScores(rich));
    expectServiceError(error, 0, /response too large/);
    expect((error as ServiceError).kind).toBe('too-large');
    expect(server.sandbox.requests).toHaveLength(1);
  });
  it('the download of a body past the cap is stopped: its request is aborted', async () => {
    const signals: AbortSignal[] = [];
    const recording: typeof fetch = (input, init) => {
      if (init?.signal) signals.push(init.signal);
      return fetch(input, init);
    };
    const error = await rejection(clientFor(server.fault({ body: 'huge' }), { fetch: recording }).getScores(rich));
    expect((error as ServiceError).kind).toBe('too-large');
    expect(signals).toHaveLength(1);
    expect(signals[0].aborted).toBe(true);
  });
  it('a body that arrives a byte at a time reads as the same answer: a character split across chunks stays whole', async () => {
    const hostile = ADDRESSES.hostile;
    const byteAtATime: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) => (at < bytes.length ? controller.enqueue(bytes.slice(at, ++at)) : controller.close()),
      });
      return new Response(body, { status: answer.status, headers: answer.headers });
    };
    // No cache: each client reads its own answer.
    const whole = await clientFor(server.url, { cacheTtlMs: 0 }).getProfile(hostile);
    expect(/[^ -~]/.test(JSON.stringify(whole)), 'the profile has text beyond ASCII').toBe(true);
    expect(await clientFor(server.url, { fetch: byteAtATime, cacheTtlMs: 0 }).getProfile(hostile)).toEqual(whole);
  });
  it('a 5 MB body parses under a raised maxResponseBytes', async () => {
    const scores = await clientFor(server.fault({ body: 'huge' }), { maxResponseBytes: 8000000 }).getScores(rich);
    expect(scores.totalScore).toBe(FIXTURES[rich].scores!.totalScore);
  });
});
