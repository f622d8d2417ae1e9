// @vitest-environment node
/** How the proxy reads the service's answers (src/proxy/classify.ts), as plain function calls. */
import { describe, expect, it } from 'vitest';
import { classify, quotaFailure, upstreamEvent, type VerdictOptions } from '../../src/proxy/classify';
import type { UpstreamResult } from '../../src/proxy/upstream';

const NOW = Date.parse('2026-11-24T22:00:00.000Z');
const O: VerdictOptions = { apiKey: 'dp_test_secret', ttlSeconds: 300, metadataTtlSeconds: 3600, negativeTtlSeconds: 60 };
const ENVELOPE = JSON.stringify({ success: true, data: { address: 'x', totalScore: 1 } });

const answer = (status: number, body: string, headers: Record<string, string> = {}): UpstreamResult => ({
  kind: 'answer',
  status,
  body,
  headers: new Headers(headers),
});
const verdict = (result: UpstreamResult, metadata = false) => classify(result, metadata, O, NOW);
const messageOf = (body: string): unknown => (JSON.parse(body) as { message?: unknown }).message;

describe('answers to serve and cache', () => {
  it('a success envelope, for the route TTL (metadata for its own)', () => {
    expect(verdict(answer(200, ENVELOPE))).toEqual({ ok: true, status: 200, body: ENVELOPE, ttlSeconds: 300 });
    expect(verdict(answer(200, ENVELOPE), true)).toMatchObject({ ok: true, ttlSeconds: 3600 });
  });
  it('400 and 404, for the negative TTL, with their bodies', () => {
    const body = '{"message":"Badge definition not found"}';
    expect(verdict(answer(404, body))).toEqual({ ok: true, status: 404, body, ttlSeconds: 60 });
    expect(verdict(answer(400, '{"message":"Invalid Polkadot address format"}'))).toMatchObject({ ok: true, status: 400 });
  });
  it("a 404 that is not the service's (not JSON, a JSON that is no object, or its catch-all Not Found) is a 502 the client recognises, never cached", () => {
    for (const body of ['<h1>Not here</h1>', '', '"Not Found"', '{"message":"Not Found"}']) {
      const result = verdict(answer(404, body));
      expect([body, result.ok]).toEqual([body, false]);
      if (result.ok) continue;
      expect(result.notService).toBe(true);
      expect(result.failure.status).toBe(502);
      expect(JSON.parse(result.failure.body)).toEqual({
        message: expect.stringContaining("check the proxy's upstream"),
        code: 'upstream-not-service',
      });
    }
  });
  it('never passes the key on, even when the service echoes it', () => {
    const result = verdict(answer(404, `{"message":"unknown key ${O.apiKey} for ${O.apiKey}"}`));
    expect(result.ok && result.body).toBe('{"message":"unknown key [redacted] for [redacted]"}');
  });
});

describe('failures', () => {
  it.each([
    ['a 200 that is not JSON', answer(200, 'oops'), 502],
    ['a 200 without success: true', answer(200, '{"success":false,"data":{}}'), 502],
    ['a 200 without data', answer(200, '{"success":true}'), 502],
    ['a 200 whose data is not an object', answer(200, '{"success":true,"data":"x"}'), 502],
    ['another 2xx', answer(204, ''), 502],
    ['a timeout', { kind: 'timeout', detail: 'the service did not answer within 40000 ms' } as const, 504],
    ['no answer', { kind: 'network', detail: 'could not reach the service' } as const, 502],
    ['a redirect', { kind: 'redirect', detail: 'the service answered a redirect (302), which is never followed' } as const, 502],
    ['an answer too large', { kind: 'too-large', detail: "the service's answer is larger than 1000000 bytes" } as const, 502],
    ['a 500, as its own status', answer(500, '{"message":"Failed to get scores"}'), 500],
    ['a 503', answer(503, ''), 503],
    ['a 401', answer(401, '{"message":"Invalid API key format"}'), 401],
    ['a status outside 4xx and 5xx', answer(600, ''), 502],
  ] as const)('%s', (_name, result, status) => {
    const v = verdict(result);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.failure.status).toBe(status);
    expect(typeof messageOf(v.failure.body)).toBe('string');
    expect(v.quotaResetAt).toBeUndefined();
  });
  it('passes the JSON body of a 5xx on, and names the status when it is not JSON', () => {
    const own = verdict(answer(500, '{"message":"Failed to get scores"}'));
    expect(!own.ok && own.failure.body).toBe('{"message":"Failed to get scores"}');
    const html = verdict(answer(502, '<html>bad gateway</html>'));
    expect(!html.ok && messageOf(html.failure.body)).toBe('The reputation service answered 502');
  });
  it('says what happened upstream, in the words of the transport', () => {
    const v = verdict({ kind: 'timeout', detail: 'the service did not answer within 40000 ms' });
    expect(!v.ok && messageOf(v.failure.body)).toBe('repkit proxy: the service did not answer within 40000 ms');
  });
});

describe("the service's 429 becomes a 503 until the quota comes back", () => {
  const limited = (headers: Record<string, string>, body = '{"message":"Rate limit exceeded"}') => verdict(answer(429, body, headers));

  it('X-RateLimit-Reset (epoch ms), as the service sends it', () => {
    const v = limited({ 'X-RateLimit-Reset': String(NOW + 120_000) });
    expect(v).toMatchObject({ ok: false, failure: { status: 503, retryAfter: 120 }, quotaResetAt: NOW + 120_000 });
  });
  it('the reset time in the message, when no header says', () => {
    const v = limited({}, '{"message":"Rate limit exceeded. Limit: 100 requests per hour. Resets at 2026-11-24T22:59:30.706Z"}');
    expect(v).toMatchObject({ failure: { retryAfter: 3571 }, quotaResetAt: Date.parse('2026-11-24T22:59:30.706Z') });
  });
  it('Retry-After in seconds and as an HTTP date (other deployments)', () => {
    expect(limited({ 'Retry-After': '30' })).toMatchObject({ failure: { retryAfter: 30 }, quotaResetAt: NOW + 30_000 });
    expect(limited({ 'Retry-After': new Date(NOW + 45_000).toUTCString() })).toMatchObject({ failure: { retryAfter: 45 } });
  });
  it('a minute when nothing says, or what is said cannot be read', () => {
    expect(limited({})).toMatchObject({ failure: { retryAfter: 60 }, quotaResetAt: NOW + 60_000 });
    expect(limited({ 'X-RateLimit-Reset': 'soon' })).toMatchObject({ failure: { retryAfter: 60 } });
  });
  it('at most a day, however far the reset', () => {
    expect(limited({ 'X-RateLimit-Reset': String(NOW + 90 * 86_400_000) })).toMatchObject({
      failure: { retryAfter: 86400 },
      quotaResetAt: NOW + 86_400_000,
    });
    expect(limited({ 'Retry-After': '9'.repeat(400) })).toMatchObject({ failure: { retryAfter: 86400 } });
  });
  it('a reset already past: try again in a second, and ask again from now', () => {
    expect(limited({ 'X-RateLimit-Reset': String(NOW - 5000) })).toMatchObject({ failure: { retryAfter: 1 }, quotaResetAt: NOW });
  });
  it('the body says how long, for a page to show', () => {
    const v = limited({ 'Retry-After': '30' });
    expect(!v.ok && messageOf(v.failure.body)).toBe("The reputation service's request quota is used up; try again in 30 s");
  });
});

describe('quotaFailure', () => {
  it('counts whole seconds up, at least one, at most a day', () => {
    expect(quotaFailure(NOW + 1500, NOW).retryAfter).toBe(2);
    expect(quotaFailure(NOW, NOW).retryAfter).toBe(1);
    expect(quotaFailure(NOW + 10 * 86_400_000, NOW).retryAfter).toBe(86400);
  });
});

describe("what the operator hears of the service's failures", () => {
  const PATH = '/api/v2/scores/x';
  const eventOf = (result: UpstreamResult) => upstreamEvent(result, verdict(result), PATH);

  it('nothing for answers that are served', () => {
    expect(eventOf(answer(200, ENVELOPE))).toBeUndefined();
    expect(eventOf(answer(404, '{"message":"Badge definition not found"}'))).toBeUndefined();
  });
  it('an upstream that is not the service, naming the upstream and what to check', () => {
    const result = answer(404, '{"message":"Not Found"}');
    expect(upstreamEvent(result, verdict(result), PATH, 'https://host.example/nope')).toEqual({
      type: 'upstream-not-service',
      path: PATH,
      status: 404,
      message:
        "repkit proxy: the upstream answered 404 (Not Found) for /api/v2/scores/x, a path every reputation service has: the upstream's path is wrong; check the proxy's upstream (https://host.example/nope); answering 502 until it is fixed",
    });
  });
  it("a refused key, in the service's words, with what to check", () => {
    expect(eventOf(answer(401, '{"message":"Invalid or revoked API key"}'))).toEqual({
      type: 'upstream-error',
      path: PATH,
      status: 401,
      message: "repkit proxy: the service answered 401 (Invalid or revoked API key) for /api/v2/scores/x: check the proxy's apiKey",
    });
    expect(eventOf(answer(403, '{"success":false,"error":"Origin not allowed"}'))!.message).toContain('(Origin not allowed)');
  });
  it('a spent quota, with the time it comes back', () => {
    const body = '{"message":"Rate limit exceeded. Limit: 100 requests per hour. Resets at 2026-11-24T22:59:30.706Z"}';
    expect(eventOf(answer(429, body))).toEqual({
      type: 'rate-limited',
      path: PATH,
      status: 429,
      message: "repkit proxy: the service's quota for the proxy's key is used up until 2026-11-24T22:59:30.706Z; answering 503 until then",
    });
  });
  it('a failure without an answer, and a 5xx without readable words', () => {
    expect(eventOf({ kind: 'timeout', detail: 'the service did not answer within 40000 ms' })).toEqual({
      type: 'upstream-error',
      path: PATH,
      message: 'repkit proxy: /api/v2/scores/x: the service did not answer within 40000 ms',
    });
    expect(eventOf(answer(502, '<html>bad gateway</html>'))!.message).toBe('repkit proxy: the service answered 502 for /api/v2/scores/x');
  });
});
