/**
 * Retries, timeouts and failures without an HTTP response, counted on the sandbox's request
 * log. Policy (src/client/retry.ts, docs/reference.md "Client"): `retries: N` is up to N + 1 requests;
 * network failures, 429, 502, 503 and 504 are retried; a 429 whose Retry-After is over 10 s
 * fails at once; a timeout is not retried.
 *
 * Tests that wait (backoff, a reset, Retry-After, a timeout) run on a fast fake clock
 * (../helpers/clock.ts): the waits are asserted on that clock, which the sandbox's request
 * log shares, and cost a tenth of their length. Tests that say "at once" keep the real clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXTURES } from '../service/fixtures.mjs';
import type { ServiceError } from '../../src/errors';
import { ADDRESSES, useSandbox } from '../helpers/sandbox';
import { fast, useFastClock } from '../helpers/clock';
import { serverSideFetch } from '../helpers/server-fetch';
import { clientFor, expectServiceError, rejection } from './util';

const server = useSandbox();
const { rich, unknown } = ADDRESSES;

beforeEach(() => server.sandbox.resetRequests());
afterEach(() => void vi.useRealTimers());

/** `test` on the fast fake clock. */
const onFastClock = (test: () => Promise<void>) => () => {
  useFastClock();
  return test();
};

const requests = () => server.sandbox.requests;
const faulty = (faults: Parameters<typeof server.fault>[0], options: Parameters<typeof clientFor>[1] = {}) =>
  clientFor(server.fault(faults), options);

describe('retries: a passing failure is retried until it succeeds', () => {
  it(
    '503 once, then 200: resolves after 2 requests',
    onFastClock(async () => {
      const scores = await fast(faulty({ status: 503, times: 1 }, { retries: 2 }).getScores(rich));
      expect(scores).toEqual(FIXTURES[rich].scores);
      expect(requests()).toHaveLength(2);
    }),
  );

  it.each([502, 504])('%i once, then 200: resolves after 2 requests', async (status) => {
    useFastClock();
    await fast(faulty({ status, times: 1 }, { retries: 1 }).getScores(rich));
    expect(requests()).toHaveLength(2);
  });

  it(
    '429 once whose X-RateLimit-Reset is near, then 200: waits for the reset, 2 requests',
    onFastClock(async () => {
      const scores = await fast(faulty({ resetIn: 300, times: 1 }, { retries: 1 }).getScores(rich));
      expect(scores.address).toBe(rich);
      expect(requests()).toHaveLength(2);
      expect(requests()[1]!.time - requests()[0]!.time).toBeGreaterThanOrEqual(250);
    }),
  );

  it(
    'the default is to retry (no retries option given)',
    onFastClock(async () => {
      const scores = await fast(faulty({ status: 503, times: 1 }, { retries: undefined }).getScores(rich));
      expect(scores.address).toBe(rich);
      expect(requests()).toHaveLength(2);
    }),
  );

  it('retries: 0 fails after the first request', async () => {
    expectServiceError(await rejection(faulty({ status: 503, times: 1 }, { retries: 0 }).getScores(rich)), 503, 'Service Unavailable');
    expect(requests()).toHaveLength(1);
  });
});

describe('retries: N means at most N + 1 requests', () => {
  it(
    'persistent 503 with retries 2: exactly 3 requests, then the 503',
    onFastClock(async () => {
      expectServiceError(await fast(rejection(faulty({ status: 503 }, { retries: 2 }).getScores(rich))), 503, 'Service Unavailable');
      expect(requests()).toHaveLength(3);
    }),
  );

  it(
    'persistent 429 with a near reset and retries 1: exactly 2 requests, then the 429',
    onFastClock(async () => {
      expectServiceError(await fast(rejection(faulty({ resetIn: 50 }, { retries: 1 }).getScores(rich))), 429, /^Rate limit exceeded\./);
      expect(requests()).toHaveLength(2);
    }),
  );
});

describe('retries: failures that another try would not fix are not retried', () => {
  it.each([
    ['500', () => faulty({ status: 500 }, { retries: 2 }).getScores(rich), 500],
    ['404', () => faulty({ status: 404 }, { retries: 2 }).getScores(unknown), 404],
    ['404 of a category', () => faulty({}, { retries: 2 }).getCategoryScore(unknown, 'longevity'), 404],
    ['400', () => faulty({}, { retries: 2 }).getScores('bad-address'), 400],
    ['401', () => clientFor(server.fault({}), { apiKey: 'wrong', retries: 2, fetch: serverSideFetch }).getScores(rich), 401],
    [
      '403 (the CORS refusal, readable in happy-dom)',
      () => clientFor(server.fault({}), { apiKey: 'wrong', retries: 2 }).getScores(rich),
      403,
    ],
  ])('%s: one request', async (_name, call, status) => {
    expectServiceError(await rejection(call()), status);
    expect(requests()).toHaveLength(1);
  });
});

describe('429 with X-RateLimit-Reset (epoch ms), as the service sends it', () => {
  it('a reset over 10 s away fails at once with 429, without retrying', async () => {
    const started = Date.now();
    // An injected 429 resets one production window (an hour) ahead.
    expectServiceError(await rejection(faulty({ status: 429 }, { retries: 2 }).getScores(rich)), 429, /^Rate limit exceeded\./);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(requests()).toHaveLength(1);
  });
});

describe('429 with Retry-After (other deployments)', () => {
  it(
    'Retry-After: 1 waits a second before retrying',
    onFastClock(async () => {
      const scores = await fast(faulty({ status: 429, retryAfter: 1, times: 1 }, { retries: 1 }).getScores(rich));
      expect(scores.address).toBe(rich);
      expect(requests()).toHaveLength(2);
      const waited = requests()[1]!.time - requests()[0]!.time;
      expect(waited).toBeGreaterThanOrEqual(1000);
      // The wait and the two answers; real HTTP time counts ten times on this clock.
      expect(waited).toBeLessThan(3000);
    }),
  );

  it('Retry-After over 10 s fails at once with 429, without retrying', async () => {
    const started = Date.now();
    const error = await rejection(faulty({ status: 429, retryAfter: 60 }, { retries: 2 }).getScores(rich));
    expectServiceError(error, 429, /^Rate limit exceeded\./);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(requests()).toHaveLength(1);
  });

  it('Retry-After as an HTTP date over 10 s away fails at once too', async () => {
    const later = new Date(Date.now() + 120_000).toUTCString();
    const started = Date.now();
    expectServiceError(await rejection(faulty({ status: 429, retryAfter: later }, { retries: 2 }).getScores(rich)), 429);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(requests()).toHaveLength(1);
  });
});

describe('no response at all: statusCode 0', () => {
  it(
    'a dropped connection is retried, then fails saying nothing answers there',
    onFastClock(async () => {
      const error = await fast(rejection(faulty({ drop: true }, { retries: 1 }).getScores(rich)));
      expectServiceError(error, 0);
      // With no HTTP answer there is no status to show: the message is what tells the user why.
      expect(error.message).toMatch(/could not reach the service: check baseUrl/i);
      // Two with the key; then one keyless OPTIONS probe (the sandbox logs no OPTIONS), which the
      // dropping server did not answer either.
      expect(requests().filter((r) => r.apiKey !== null)).toHaveLength(2);
      expect(requests()).toHaveLength(2);
    }),
  );

  it(
    'a connection dropped once is recovered by the retry',
    onFastClock(async () => {
      const scores = await fast(faulty({ drop: true, times: 1 }, { retries: 1 }).getScores(rich));
      expect(scores.address).toBe(rich);
      expect(requests()).toHaveLength(2);
    }),
  );

  it('a refused connection fails with statusCode 0', async () => {
    // A port that was just free: nothing listens there.
    const closed = await import('../service/sandbox.mjs').then(async ({ createSandbox }) => {
      const s = await createSandbox();
      await s.close();
      return s.url;
    });
    const error = await rejection(clientFor(closed).getScores(rich));
    expectServiceError(error, 0, /could not reach the service: check baseUrl \(host, port\)$/);
    expect((error as ServiceError).kind).toBe('unreachable');
  });

  it('a body cut off in the middle fails with statusCode 0', async () => {
    const error = await rejection(faulty({ dropMidBody: true }).getScores(rich));
    expectServiceError(error, 0);
    expect(requests()).toHaveLength(1);
  });
});

describe('timeout', () => {
  it(
    'a request that hangs fails after timeoutMs with statusCode 0, saying so, and is not retried',
    onFastClock(async () => {
      const started = Date.now();
      const error = await fast(rejection(faulty({ hang: true }, { timeoutMs: 200, retries: 2 }).getScores(rich)));
      const elapsed = Date.now() - started;
      expectServiceError(error, 0);
      expect(error.message).toContain('timed out after 200 ms');
      expect(elapsed).toBeGreaterThanOrEqual(200);
      expect(elapsed).toBeLessThan(1500);
      expect(requests()).toHaveLength(1);
    }),
  );

  it('a response that arrives within timeoutMs resolves', async () => {
    const scores = await faulty({ latency: 100 }, { timeoutMs: 1000 }).getScores(rich);
    expect(scores.address).toBe(rich);
  });

  it('the timeout counts per attempt: a slow retry gets its own timeoutMs', async () => {
    // First attempt: 503 after 600 ms; second: 200 after 600 ms. 1,200 ms in all (more than
    // timeoutMs), 600 ms each (less), with room for a busy machine within the call's bound (2 s).
    const base = server.fault({ status: 503, times: 1, latency: 600 });
    const scores = await clientFor(base, { timeoutMs: 1000, retries: 1 }).getScores(rich);
    expect(scores.address).toBe(rich);
    expect(requests()).toHaveLength(2);
  });

  it('the largest timeoutMs (300000) does not time out at once; beyond it is an OptionError', async () => {
    expect(() => clientFor(server.url, { timeoutMs: 2 ** 31 })).toThrow(/"timeoutMs" must be a whole number from 1 to 300000/);
    // setTimeout holds at most 2^31 - 1 ms; a longer delay overflows and fires after 1 ms.
    // happy-dom's fetch ignores an abort that comes during its CORS preflight, which would hide
    // that early abort, so this fetch honours the signal at once, as browsers and Node do.
    const honouringAbort: typeof fetch = (input, init) =>
      new Promise((resolve, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true });
        fetch(input, init).then(resolve, reject);
      });
    const base = server.fault({ latency: 50 });
    const scores = await clientFor(base, { timeoutMs: 300000, fetch: honouringAbort }).getScores(rich);
    expect(scores.address).toBe(rich);
  });
});
