/**
 * The one reading of a rate limit (src/client/rate-limit.ts), shared by the client and the
 * proxy: each format the service or another deployment sends, and what must not be read.
 */
import { describe, expect, it } from 'vitest';
import { rateLimitWait } from '../../src/client/rate-limit';

const NOW = Date.parse('2026-11-24T22:00:00.000Z');
const headers = (entries: Record<string, string> = {}) => new Headers(entries);
const BODY = (at: string) => JSON.stringify({ message: `Rate limit exceeded. Limit: 100 requests per hour. Resets at ${at}` });

describe('each format', () => {
  it('Retry-After in seconds', () => {
    expect(rateLimitWait(headers({ 'Retry-After': '7' }), '', NOW)).toBe(7000);
    expect(rateLimitWait(headers({ 'Retry-After': ' 0 ' }), '', NOW)).toBe(0);
  });
  it('Retry-After as an HTTP date', () => {
    expect(rateLimitWait(headers({ 'Retry-After': new Date(NOW + 90_000).toUTCString() }), '', NOW)).toBe(90_000);
  });
  it('X-RateLimit-Reset in epoch ms, as the service sends it', () => {
    expect(rateLimitWait(headers({ 'X-RateLimit-Reset': String(NOW + 4321) }), '', NOW)).toBe(4321);
  });
  it("the reset time in the service's 429 message, which a page of another origin can read", () => {
    expect(rateLimitWait(headers(), BODY('2026-11-24T22:59:30.706Z'), NOW)).toBe(59 * 60_000 + 30_706);
    expect(rateLimitWait(headers(), BODY('2026-11-24T22:00:05Z'), NOW)).toBe(5000);
  });
  it('Retry-After first, then X-RateLimit-Reset, then the message', () => {
    const all = { 'Retry-After': '2', 'X-RateLimit-Reset': String(NOW + 9000) };
    expect(rateLimitWait(headers(all), BODY('2026-11-24T22:00:30Z'), NOW)).toBe(2000);
    expect(rateLimitWait(headers({ 'X-RateLimit-Reset': String(NOW + 9000) }), BODY('2026-11-24T22:00:30Z'), NOW)).toBe(9000);
  });
  it('reads any object with get(), not only Headers', () => {
    expect(rateLimitWait({ get: (name) => (name == 'retry-after' ? '3' : null) }, '', NOW)).toBe(3000);
  });
});

describe('garbage is not a time', () => {
  it.each([
    ['nothing at all', {}, ''],
    ['Retry-After: soon', { 'Retry-After': 'soon' }, ''],
    ['Retry-After: 1.5 (Date.parse would guess a date)', { 'Retry-After': '1.5' }, ''],
    ['Retry-After: -5', { 'Retry-After': '-5' }, ''],
    ['Retry-After: a date not in HTTP form', { 'Retry-After': '2026-11-24 23:00' }, ''],
    ['X-RateLimit-Reset: an ISO time', { 'X-RateLimit-Reset': '2026-11-24T23:00:00Z' }, ''],
    ['X-RateLimit-Reset: 1e12', { 'X-RateLimit-Reset': '1e12' }, ''],
    ['a message without a reset', {}, '{"message":"Rate limit exceeded"}'],
    ['a message whose reset is not a time', {}, BODY('tomorrow')],
    ['a body that is not JSON', {}, '<html>Resets at noon</html>'],
  ])('%s', (_name, entries, body) => {
    expect(rateLimitWait(headers(entries), body, NOW)).toBeUndefined();
  });
  it('a garbage header does not hide a readable one after it', () => {
    expect(rateLimitWait(headers({ 'Retry-After': 'soon', 'X-RateLimit-Reset': String(NOW + 1000) }), '', NOW)).toBe(1000);
  });
});

describe('past times and huge values', () => {
  it('a time already past is no wait, not a negative one', () => {
    expect(rateLimitWait(headers({ 'X-RateLimit-Reset': String(NOW - 60_000) }), '', NOW)).toBe(0);
    expect(rateLimitWait(headers({ 'Retry-After': new Date(NOW - 60_000).toUTCString() }), '', NOW)).toBe(0);
    expect(rateLimitWait(headers(), BODY('2020-01-01T00:00:00.000Z'), NOW)).toBe(0);
  });
  it('a huge wait stays huge, so that callers refuse it rather than wait a moment', () => {
    expect(rateLimitWait(headers({ 'Retry-After': '99999999999' }), '', NOW)).toBe(99999999999000);
    expect(rateLimitWait(headers({ 'Retry-After': '9'.repeat(400) }), '', NOW)).toBe(Infinity);
    expect(rateLimitWait(headers({ 'X-RateLimit-Reset': '9'.repeat(30) }), '', NOW)).toBeGreaterThan(1e29);
  });
});
