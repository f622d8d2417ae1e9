/**
 * The result cache: successful results are kept for `cacheTtlMs`, shared by every client with
 * the same base URL and API key, and nothing else is kept. The cache is module-global, so
 * each test uses its own base URL (`server.fault({})` adds a unique id to the path).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/client/service-client';
import { serverSideFetch } from '../helpers/server-fetch';
import { ADDRESSES, useSandbox } from '../helpers/sandbox';
import { clientFor, expectServiceError, rejection, sleep } from './util';

const server = useSandbox();
const { rich, fresh, unknown } = ADDRESSES;

beforeEach(() => server.sandbox.resetRequests());

const requests = () => server.sandbox.requests;

describe('a result is reused within cacheTtlMs', () => {
  it('a second call makes no request and resolves equal', async () => {
    const client = clientFor(server.fault({}));
    const first = await client.getScores(rich);
    const second = await client.getScores(rich);
    expect(second).toEqual(first);
    expect(requests()).toHaveLength(1);
  });

  it('per path: another address or operation is requested', async () => {
    const client = clientFor(server.fault({}));
    await client.getScores(rich);
    await client.getScores(fresh);
    await client.getBadges(rich);
    await client.getScores(rich);
    expect(requests()).toHaveLength(3);
  });

  it('expires after cacheTtlMs', async () => {
    const client = clientFor(server.fault({}), { cacheTtlMs: 100 });
    await client.getScores(rich);
    await client.getScores(rich);
    expect(requests()).toHaveLength(1);
    await sleep(150);
    await client.getScores(rich);
    expect(requests()).toHaveLength(2);
  });

  it('cacheTtlMs: 0 requests every time', async () => {
    const client = clientFor(server.fault({}), { cacheTtlMs: 0 });
    await client.getScores(rich);
    await client.getScores(rich);
    await client.getScores(rich);
    expect(requests()).toHaveLength(3);
  });
});

describe('the cache is shared by clients with the same base URL and API key', () => {
  it('another client instance gets the cached result', async () => {
    const base = server.fault({});
    const first = await clientFor(base).getProfile(rich);
    const second = await clientFor(base).getProfile(rich);
    expect(second).toEqual(first);
    expect(requests()).toHaveLength(1);
  });

  it('a trailing slash on the base URL makes no difference', async () => {
    const base = server.fault({});
    await clientFor(base).getProfile(rich);
    await clientFor(`${base}/`).getProfile(rich);
    expect(requests()).toHaveLength(1);
  });

  it('a different API key does not get it', async () => {
    const base = server.fault({});
    await clientFor(base).getScores(rich);
    const other = new ServiceClient({ apiKey: 'other-key', baseUrl: base, retries: 0, fetch: serverSideFetch });
    expectServiceError(await rejection(other.getScores(rich)), 401);
    expect(requests()).toHaveLength(2);
  });

  it('a different base URL does not get it', async () => {
    await clientFor(server.fault({})).getScores(rich);
    await clientFor(server.fault({})).getScores(rich);
    expect(requests()).toHaveLength(2);
  });
});

describe('{ fresh: true } bypasses the cache', () => {
  it('requests again, and the new result is cached', async () => {
    const client = clientFor(server.fault({}));
    await client.getScores(rich);
    const again = await client.getScores(rich, { fresh: true });
    expect(again.address).toBe(rich);
    expect(requests()).toHaveLength(2);
    await client.getScores(rich);
    expect(requests()).toHaveLength(2);
  });

  it('works together with a signal', async () => {
    const client = clientFor(server.fault({}));
    await client.getBadges(rich);
    await client.getBadges(rich, { fresh: true, signal: new AbortController().signal });
    expect(requests()).toHaveLength(2);
  });
});

describe('clearCache() forgets cached results', () => {
  it('the next call requests again', async () => {
    const client = clientFor(server.fault({}));
    await client.getScores(rich);
    await client.getBadges(rich);
    client.clearCache();
    await client.getScores(rich);
    await client.getBadges(rich);
    expect(requests()).toHaveLength(4);
  });

  it('for every client with the same base URL and key, and no other', async () => {
    const base = server.fault({});
    const otherBase = server.fault({});
    await clientFor(base).getScores(rich);
    await clientFor(otherBase).getScores(rich);
    clientFor(base).clearCache();
    await clientFor(base).getScores(rich); // forgotten: requested
    await clientFor(otherBase).getScores(rich); // kept: not requested
    expect(requests()).toHaveLength(3);
  });
});

describe('failures are not cached', () => {
  it('a 503 is followed by a new request that succeeds', async () => {
    const client = clientFor(server.fault({ status: 503, times: 1 }), { retries: 0 });
    expectServiceError(await rejection(client.getScores(rich)), 503);
    const scores = await client.getScores(rich);
    expect(scores.address).toBe(rich);
    expect(requests()).toHaveLength(2);
  });

  it('a 404 is asked again', async () => {
    const client = clientFor(server.fault({}));
    expectServiceError(await rejection(client.getCategoryScore(unknown, 'longevity')), 404);
    expectServiceError(await rejection(client.getCategoryScore(unknown, 'longevity')), 404);
    expect(requests()).toHaveLength(2);
  });

  it('a malformed response is asked again', async () => {
    const client = clientFor(server.fault({ patch: { totalScore: '12' }, times: 1 }));
    await rejection(client.getScores(rich));
    expect((await client.getScores(rich)).totalScore).toEqual(expect.any(Number));
    expect(requests()).toHaveLength(2);
  });

  it('a network failure is asked again', async () => {
    const client = clientFor(server.fault({ drop: true, times: 1 }));
    expectServiceError(await rejection(client.getScores(rich)), 0);
    expect((await client.getScores(rich)).address).toBe(rich);
    // Two with the key (a keyless no-cors probe told why the first got no answer).
    expect(requests().filter((r) => r.apiKey !== null)).toHaveLength(2);
  });
});
