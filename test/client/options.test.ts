/**
 * The constructor: which options it refuses (with a TypeError naming the option) and how it
 * reads the ones it accepts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL, type ClientOptions } from '../../src/client/options';
import { ServiceClient } from '../../src/client/service-client';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { clientFor } from './util';

const server = useSandbox();
const { rich } = ADDRESSES;

beforeEach(() => server.sandbox.resetRequests());

const make = (options: unknown) => () => new ServiceClient(options as ClientOptions);

describe('apiKey is required', () => {
  it.each([
    ['missing', {}],
    ['undefined', { apiKey: undefined }],
    ['empty', { apiKey: '' }],
    ['blank', { apiKey: '   ' }],
    ['a number', { apiKey: 42 }],
  ])('%s → TypeError naming apiKey', (_name, options) => {
    expect(make(options)).toThrow(TypeError);
    expect(make(options)).toThrow(/apiKey/);
  });

  it('no options at all → TypeError', () => {
    expect(make(undefined)).toThrow(TypeError);
  });
});

describe('baseUrl must be absolute http(s) or a path on the page origin', () => {
  it.each(['javascript:x', 'ftp://x', 'foo', 'foo/bar', '//evil.example', '', 'data:text/plain,x', 42])(
    '%j → TypeError naming baseUrl',
    (baseUrl) => {
      expect(make({ apiKey: API_KEY, baseUrl })).toThrow(TypeError);
      expect(make({ apiKey: API_KEY, baseUrl })).toThrow(/baseUrl/);
    },
  );

  it('defaults to the production service', () => {
    expect(new ServiceClient({ apiKey: API_KEY }).baseUrl).toBe(DEFAULT_BASE_URL);
  });

  it('accepts http and https URLs', () => {
    expect(new ServiceClient({ apiKey: API_KEY, baseUrl: 'https://rep.example/v' }).baseUrl).toBe('https://rep.example/v');
    expect(new ServiceClient({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:8080' }).baseUrl).toBe('http://127.0.0.1:8080');
  });

  it('drops trailing slashes, so requests do not get a double slash', async () => {
    const client = clientFor(`${server.url}//`);
    expect(client.baseUrl).toBe(server.url);
    await client.getScores(rich);
    expect(server.sandbox.requests.map((r) => r.path)).toEqual([`/api/v2/scores/${rich}`]);
  });

  it('accepts a path such as /proxy, resolved against the page origin, and requests below it', async () => {
    const seen: string[] = [];
    const page = location.origin;
    // Stands in for the page origin's proxy: forwards /proxy/... to the sandbox.
    const proxy: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(
        server.url +
          String(input)
            .slice(page.length)
            .replace(/^\/proxy/, ''),
        init,
      );
    };
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: '/proxy/', fetch: proxy, cacheTtlMs: 0 });
    expect(client.baseUrl).toBe(`${page}/proxy`);
    const scores = await client.getScores(rich);
    expect(scores.address).toBe(rich);
    expect(seen).toEqual([`${page}/proxy/api/v2/scores/${rich}`]);
    expect(server.sandbox.requests).toEqual([expect.objectContaining({ path: `/api/v2/scores/${rich}`, apiKey: API_KEY })]);
  });
});

describe('timeoutMs, retries and cacheTtlMs must be whole numbers', () => {
  it.each([
    ['timeoutMs', -1],
    ['timeoutMs', 0],
    ['timeoutMs', 1.5],
    ['timeoutMs', Number.NaN],
    ['timeoutMs', Number.POSITIVE_INFINITY],
    ['timeoutMs', '100'],
    ['retries', -1],
    ['retries', 1.5],
    ['retries', Number.NaN],
    ['retries', '2'],
    ['cacheTtlMs', -1],
    ['cacheTtlMs', 2.5],
    ['cacheTtlMs', '0'],
  ])('%s: %j → TypeError naming it', (name, value) => {
    const options = { apiKey: API_KEY, [name]: value };
    expect(make(options)).toThrow(TypeError);
    expect(make(options)).toThrow(new RegExp(name));
  });

  it('retries 0 and cacheTtlMs 0 are accepted', () => {
    expect(make({ apiKey: API_KEY, retries: 0, cacheTtlMs: 0, timeoutMs: 1 })).not.toThrow();
  });

  it('a fetch that is not a function → TypeError naming fetch', () => {
    expect(make({ apiKey: API_KEY, fetch: 'no' })).toThrow(/fetch/);
  });
});

describe('a custom fetch is used instead of the global one', () => {
  it('receives the URL, the key and the Accept header, without cookies', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const spy: typeof fetch = (input, init) => {
      calls.push([String(input), init]);
      return fetch(input, init);
    };
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: server.fault({}), fetch: spy });
    await client.getBadges(rich);
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toMatch(new RegExp(`/api/v2/badges/${rich}$`));
    expect(init?.method ?? 'GET').toBe('GET');
    expect(new Headers(init?.headers).get('x-api-key')).toBe(API_KEY);
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
    expect(init?.credentials).toBe('omit');
  });
});
