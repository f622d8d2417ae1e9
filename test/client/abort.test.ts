/**
 * Cancellation through the caller's AbortSignal, and the sharing of one HTTP request between
 * identical concurrent calls (which an abort must not break for the others).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/client/service-client';
import { serverSideFetch } from '../helpers/server-fetch';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { clientFor, expectAbortError, expectServiceError, rejection, sleep } from './util';

const server = useSandbox();
const { rich, fresh } = ADDRESSES;

beforeEach(() => server.sandbox.resetRequests());

const requests = () => server.sandbox.requests;
const aborted = (): AbortSignal => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};
/** A signal that aborts `ms` from now. */
const abortAfter = (ms: number): AbortSignal => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
};

/** GET responses the sandbox closed before it had finished writing them (the client hung up). */
let cutShort: string[] = [];
const watch = (req: IncomingMessage, res: ServerResponse) => {
  if (req.method == 'GET') res.on('close', () => res.writableFinished || cutShort.push(req.url ?? ''));
};
beforeEach(() => {
  cutShort = [];
  server.sandbox.server.on('request', watch);
});
afterEach(() => {
  server.sandbox.server.off('request', watch);
});

describe('a signal aborted before the call', () => {
  it.each([
    ['getScores', (c: ServiceClient, s: AbortSignal) => c.getScores(rich, s)],
    ['getCategoryScore', (c: ServiceClient, s: AbortSignal) => c.getCategoryScore(rich, 'longevity', s)],
    ['getBadges', (c: ServiceClient, s: AbortSignal) => c.getBadges(rich, s)],
    ['getBadge', (c: ServiceClient, s: AbortSignal) => c.getBadge(rich, 'ReferendumVoter', s)],
    ['getProfile', (c: ServiceClient, s: AbortSignal) => c.getProfile(rich, s)],
    ['getBadgeDefinitions', (c: ServiceClient, s: AbortSignal) => c.getBadgeDefinitions(s)],
    ['getCategoryDefinitions', (c: ServiceClient, s: AbortSignal) => c.getCategoryDefinitions(s)],
  ])('%s rejects with AbortError and makes no request', async (_name, call) => {
    expectAbortError(await rejection(call(clientFor(server.fault({})), aborted())));
    await sleep(30);
    expect(requests()).toEqual([]);
  });

  it('passed as { signal }: the same', async () => {
    expectAbortError(await rejection(clientFor(server.fault({})).getScores(rich, { signal: aborted() })));
    await sleep(30);
    expect(requests()).toEqual([]);
  });

  it('rejects even when the result is cached', async () => {
    const client = clientFor(server.fault({}));
    await client.getScores(rich);
    expectAbortError(await rejection(client.getScores(rich, aborted())));
  });
});

describe('aborting a request under way', () => {
  it('rejects with AbortError at once, without waiting for the response, and is not retried', async () => {
    const client = clientFor(server.fault({ latency: 200 }), { retries: 2 });
    const started = Date.now();
    const error = await rejection(client.getScores(rich, abortAfter(50)));
    expectAbortError(error);
    expect(Date.now() - started).toBeLessThan(150);
    await sleep(300 - (Date.now() - started));
    expect(requests()).toHaveLength(1);
    expect(cutShort).toHaveLength(1); // the connection was closed, not left to finish
  });

  it('works with a { signal } options object too', async () => {
    const started = Date.now();
    const error = await rejection(clientFor(server.fault({ latency: 300 })).getBadges(rich, { signal: abortAfter(50) }));
    expectAbortError(error);
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('an abort with a custom reason still rejects with name AbortError', async () => {
    const controller = new AbortController();
    const call = clientFor(server.fault({ latency: 300 })).getScores(rich, controller.signal);
    setTimeout(() => controller.abort(new Error('user left')), 50);
    expectAbortError(await rejection(call));
  });

  it('aborting while waiting to retry stops the retries', async () => {
    const client = clientFor(server.fault({ status: 503 }), { retries: 2 });
    const started = Date.now();
    // The 503 comes back within a few ms; the first backoff is 150 to 300 ms.
    const error = await rejection(client.getScores(rich, abortAfter(80)));
    expectAbortError(error);
    expect(Date.now() - started).toBeLessThan(150);
    await sleep(400);
    expect(requests()).toHaveLength(1);
  });

  it('an aborted call is not cached: the next call makes a new request', async () => {
    const client = clientFor(server.fault({ latency: 150 }));
    expectAbortError(await rejection(client.getScores(rich, abortAfter(50))));
    const scores = await client.getScores(rich);
    expect(scores.address).toBe(rich);
    expect(requests()).toHaveLength(2);
  });

  it('a timeout is reported as a timeout, not as an abort', async () => {
    const error = await rejection(
      clientFor(server.fault({ hang: true }), { timeoutMs: 100 }).getScores(rich, new AbortController().signal),
    );
    expectServiceError(error, 0, /timed out after 100 ms/);
  });
});

describe('identical concurrent calls share one request', () => {
  it('two calls on one client: one request, equal results', async () => {
    const client = clientFor(server.fault({ latency: 100 }), { cacheTtlMs: 0 });
    const [a, b] = await Promise.all([client.getScores(rich), client.getScores(rich)]);
    expect(a).toEqual(b);
    expect(a.address).toBe(rich);
    expect(requests()).toHaveLength(1);
  });

  it('two clients with the same base URL and key: one request', async () => {
    const base = server.fault({ latency: 100 });
    const [a, b] = await Promise.all([clientFor(base).getProfile(rich), clientFor(`${base}/`).getProfile(rich)]);
    expect(a).toEqual(b);
    expect(requests()).toHaveLength(1);
  });

  it('a shared failure reaches every caller', async () => {
    const client = clientFor(server.fault({ latency: 100, status: 500 }));
    const [a, b] = await Promise.allSettled([client.getScores(rich), client.getScores(rich)]);
    expectServiceError(a.status == 'rejected' && a.reason, 500);
    expectServiceError(b.status == 'rejected' && b.reason, 500);
    expect(requests()).toHaveLength(1);
  });

  it('different operations or addresses are not shared', async () => {
    const client = clientFor(server.fault({ latency: 100 }));
    await Promise.all([client.getScores(rich), client.getScores(fresh), client.getBadges(rich)]);
    expect(
      requests()
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/api/v2/badges/${rich}`, `/api/v2/scores/${fresh}`, `/api/v2/scores/${rich}`].sort());
  });

  it('different API keys are not shared', async () => {
    const base = server.fault({ latency: 100 });
    const other = new ServiceClient({ apiKey: 'other-key', baseUrl: base, retries: 0, fetch: serverSideFetch });
    const [good, bad] = await Promise.allSettled([clientFor(base).getScores(rich), other.getScores(rich)]);
    expect(good.status).toBe('fulfilled');
    expectServiceError(bad.status == 'rejected' && bad.reason, 401);
    expect(
      requests()
        .map((r) => r.apiKey)
        .sort(),
    ).toEqual([API_KEY, 'other-key'].sort());
  });

  it('{ fresh: true } does not join a request under way', async () => {
    const client = clientFor(server.fault({ latency: 100 }));
    await Promise.all([client.getScores(rich), client.getScores(rich, { fresh: true })]);
    expect(requests()).toHaveLength(2);
  });
});

describe('one caller aborting a shared request does not affect the others', () => {
  it('the other caller still resolves, from the one request', async () => {
    const client = clientFor(server.fault({ latency: 200 }), { cacheTtlMs: 0 });
    const leaving = client.getScores(rich, abortAfter(50));
    const staying = client.getScores(rich, new AbortController().signal);
    expectAbortError(await rejection(leaving));
    expect((await staying).address).toBe(rich);
    expect(requests()).toHaveLength(1);
    expect(cutShort).toEqual([]);
  });

  it('a caller without a signal keeps the request alive', async () => {
    const client = clientFor(server.fault({ latency: 200 }));
    const staying = client.getBadges(rich);
    const leaving = client.getBadges(rich, { signal: abortAfter(50) });
    expectAbortError(await rejection(leaving));
    expect((await staying).address).toBe(rich);
    expect(requests()).toHaveLength(1);
  });
});

describe('when every caller aborts, the shared request is aborted', () => {
  it('both reject with AbortError, the connection is closed, and a later call requests again', async () => {
    const client = clientFor(server.fault({ latency: 300 }));
    const started = Date.now();
    const a = client.getScores(rich, abortAfter(50));
    const b = client.getScores(rich, abortAfter(80));
    expectAbortError(await rejection(a));
    expectAbortError(await rejection(b));
    expect(Date.now() - started).toBeLessThan(200);
    expect(requests()).toHaveLength(1);
    // The server sees the client hang up long before its 300 ms latency is over.
    await sleep(100);
    expect(cutShort).toHaveLength(1);

    const scores = await client.getScores(rich);
    expect(scores.address).toBe(rich);
    expect(requests()).toHaveLength(2);
  });
});
