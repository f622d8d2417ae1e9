// @vitest-environment node
/** The proxy's CORS decision (src/proxy/cors.ts) as a plain function: no request, no server. */
import { describe, expect, it } from 'vitest';
import { corsFor, PREFLIGHT_HEADERS } from '../../src/proxy/cors';

const SELF = 'https://www.example';
const LIST = new Set(['https://shop.example']);

describe('with a list of origins', () => {
  it('reflects a listed origin, exposes Retry-After and X-Repkit-Cache, and varies on Origin', () => {
    expect(corsFor(LIST, 'https://shop.example', SELF)).toEqual({
      allowed: true,
      headers: {
        'Access-Control-Allow-Origin': 'https://shop.example',
        'Access-Control-Expose-Headers': 'Retry-After, X-Repkit-Cache',
        Vary: 'Origin',
      },
    });
  });
  it("allows the proxy's own origin without listing it", () => {
    expect(corsFor(new Set(), SELF, SELF)).toMatchObject({ allowed: true, headers: { 'Access-Control-Allow-Origin': SELF } });
  });
  it('refuses any other origin, letting that page read the refusal (and nothing else)', () => {
    const decision = corsFor(LIST, 'https://evil.example', SELF);
    expect(decision).toEqual({ allowed: false, headers: { 'Access-Control-Allow-Origin': 'https://evil.example', Vary: 'Origin' } });
  });
  it('compares whole origins: no prefix, suffix or case tricks', () => {
    for (const origin of ['https://shop.example.evil', 'http://shop.example', 'https://SHOP.example', 'https://shop.example:443', 'null']) {
      expect(corsFor(LIST, origin, SELF).allowed, origin).toBe(false);
    }
  });
  it('lets a request without Origin through, still varying on Origin', () => {
    expect(corsFor(LIST, null, SELF)).toEqual({ allowed: true, headers: { Vary: 'Origin' } });
  });
});

describe("with '*'", () => {
  it('allows every origin with a literal *, and nothing varies', () => {
    expect(corsFor('*', 'https://anyone.example', SELF)).toEqual({
      allowed: true,
      headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After, X-Repkit-Cache' },
    });
  });
  it('sends the same headers to a request without Origin, so a shared cache may hand any copy to any page', () => {
    expect(corsFor('*', null, SELF)).toEqual(corsFor('*', 'https://anyone.example', SELF));
  });
});

describe('preflight', () => {
  it('allows the methods the proxy answers and the headers a page may send, for a day', () => {
    expect(PREFLIGHT_HEADERS).toEqual({
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      'Access-Control-Allow-Headers': 'Accept, Content-Type, X-API-Key',
      'Access-Control-Max-Age': '86400',
      Allow: 'GET, HEAD, OPTIONS',
    });
  });
});
