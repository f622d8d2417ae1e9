// @vitest-environment node
/**
 * The promises of docs/proxy.md's "Security" section, attacked as a stranger would (issue 41):
 * a path that names another host, a refused site's <img>/<script>/no-cors requests, an upstream
 * that echoes the key in any form, a shared cache between the proxy and pages, and answers
 * planted in a cache. The Node adapter on real sockets; the handler against a capture upstream.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createProxy, memoryCache, type CachedAnswer, type ProxyEvent, type ProxyOptions } from '../../src/proxy';
import { toNodeListener } from '../../src/proxy/node';
import { ADDRESSES, at, KEY, plantedAnswers, syntheticAddress, useCaptureServer, useHttpServer, useSandbox } from './util';

const sb = useSandbox();
const A = ADDRESSES.rich;
const GOOD = 'https://good.example';
const EVIL = 'http://evil.test';
let made = 0;

/** A raw HTTP request whose request target is sent exactly as given (no URL normalisation). */
const raw = (base: string, target: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http.request({ hostname, port, path: target, headers: { Host: 'proxy.example', ...headers } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('a path that names another host (Node adapter)', () => {
  const server = useHttpServer(() =>
    toNodeListener(createProxy({ apiKey: KEY, upstream: sb.url, allowOrigins: [GOOD], onEvent: () => {} })),
  );
  it.each([
    [`//evil.test/api/v2/scores/${A}`],
    [`/\\evil.test/api/v2/scores/${A}`],
    [`//evil.test/batch?r=/api/v2/scores/${A}`],
    [`/\\evil.test/batch?r=/api/v2/scores/${A}`],
  ])('%s gives that host neither the data nor CORS', async (target) => {
    const before = sb.hits(`scores/${A}`);
    const answer = await raw(server.url, target, { Origin: EVIL });
    expect(answer.headers['access-control-allow-origin'] === EVIL && answer.status == 200).toBe(false);
    expect(answer.body).not.toContain('"success":true');
    expect(sb.hits(`scores/${A}`)).toBe(before);
  });
  it("takes the proxy's own origin from Host: a page there is still served", async () => {
    const answer = await raw(server.url, `/api/v2/scores/${A}`, { Origin: 'http://proxy.example' });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('http://proxy.example');
  });
});

describe('a refused site without Origin (Sec-Fetch-*)', () => {
  const proxyWith = (options: Partial<ProxyOptions> = {}) =>
    createProxy({ apiKey: KEY, upstream: sb.url, basePath: '/rep', allowOrigins: [GOOD], onEvent: () => {}, ...options });
  const browser = (site: string, mode: string, dest: string, extra: Record<string, string> = {}) => ({
    'Sec-Fetch-Site': site,
    'Sec-Fetch-Mode': mode,
    'Sec-Fetch-Dest': dest,
    ...extra,
  });
  it.each([
    ['<img>', browser('cross-site', 'no-cors', 'image', { Referer: `${EVIL}/page` })],
    ['<script>', browser('cross-site', 'no-cors', 'script')],
    ['a no-cors fetch', browser('cross-site', 'no-cors', 'empty', { Referer: `${EVIL}/` })],
    ['a link followed', browser('cross-site', 'navigate', 'document')],
    ['a sibling subdomain', browser('same-site', 'no-cors', 'image', { Referer: 'https://other.good.example/' })],
  ])('%s gets a 403 and spends no upstream request', async (_, headers) => {
    const proxy = proxyWith();
    const path = `scores/${syntheticAddress(4100 + ++made)}`;
    const before = sb.hits(path);
    for (const url of [at(path), `http://proxy.test/rep/batch?r=/api/v2/${path}`]) {
      const response = await proxy(new Request(url, { headers }));
      expect(response.status, url).toBe(403);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(((await response.json()) as { message: string }).message).toContain('allowOrigins');
    }
    expect(sb.hits(path)).toBe(before);
  });
  it("lets servers (no Sec-Fetch-*), the address bar, the proxy's own pages and allowed sites through", async () => {
    const proxy = proxyWith();
    for (const headers of [
      {},
      browser('none', 'navigate', 'document'),
      browser('same-origin', 'no-cors', 'image'),
      browser('cross-site', 'no-cors', 'image', { Referer: `${GOOD}/shop` }),
    ]) {
      expect((await proxy(new Request(at(`scores/${A}`), { headers }))).status, JSON.stringify(headers)).toBe(200);
    }
    const any = proxyWith({ allowOrigins: '*' });
    expect((await any(new Request(at(`scores/${A}`), { headers: browser('cross-site', 'no-cors', 'image') }))).status).toBe(200);
  });
  it('keeps SVG badges open to any site, as images must be', async () => {
    const response = await proxyWith()(
      new Request(`http://proxy.test/rep/badge/reputation/${A}.svg`, { headers: browser('cross-site', 'no-cors', 'image') }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('image/svg+xml');
  });
});

describe('the key, in every form', () => {
  const keys = ['k/ey"with\\odd/chars', 'plain-key-1234'];
  const forms = (key: string): string[] => [
    key,
    JSON.stringify(key).slice(1, -1),
    JSON.stringify(key).slice(1, -1).replace(/\//g, '\\/'),
    [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`).join(''),
    encodeURIComponent(key),
    [...key].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
  ];
  /** The forms of the key in a text, the decoded ones included. */
  const leaks = (text: string, key: string): string[] => forms(key).filter((form) => text.includes(form));
  let status = 401;
  const echo = useCaptureServer((req, res) => {
    const key = String(req.headers['x-api-key']);
    res.writeHead(status, { 'Content-Type': 'application/json' });
    // Each form inside a JSON string, as a service quoting the key back would send it.
    const quoted = forms(key).map((f) => `"${f.replace(/^([^\\])/, '$1')}"`);
    res.end(`{"message":"key ${forms(key).slice(1).join(' ')} refused","keys":[${quoted.slice(1).join(',')}]}`);
  });
  it.each(keys)('is in no answer and no onEvent message (key %s)', async (key) => {
    for (const code of [401, 403, 500, 404, 400]) {
      status = code;
      const events: ProxyEvent[] = [];
      const proxy = createProxy({ apiKey: key, upstream: echo.url, basePath: '/rep', onEvent: (e) => events.push(e) });
      const response = await proxy(new Request(at(`scores/${A}`)));
      const body = await response.text();
      expect(leaks(body, key), `${code}: ${body}`).toEqual([]);
      expect(body).toContain('[redacted]');
      for (const event of events) expect(leaks(event.message, key), event.message).toEqual([]);
    }
  });
});

describe('Vary: Origin, for a shared cache in front', () => {
  /** A shared cache keyed on the URL and the request headers that the answer's Vary names, as RFC 9111 has it. */
  const sharedCache = (proxy: (r: Request) => Promise<Response>) => {
    const kept = new Map<string, { vary: string[]; request: Headers; response: Response }[]>();
    return async (request: Request): Promise<Response> => {
      const entries = kept.get(request.url) ?? [];
      const hit = entries.find((e) => e.vary.every((name) => e.request.get(name) === request.headers.get(name)));
      if (hit) return hit.response.clone();
      const response = await proxy(request);
      if (/public/.test(response.headers.get('Cache-Control') ?? '')) {
        const vary = (response.headers.get('Vary') ?? '')
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
        kept.set(request.url, [...entries, { vary, request: request.headers, response: response.clone() }]);
      }
      return response;
    };
  };
  it.each([
    ['*', at(`scores/${A}`)],
    ['*', `http://proxy.test/rep/badge/reputation/${A}.svg`],
    ['a list', at(`scores/${A}`)],
    ['a list', `http://proxy.test/rep/badge/badges/${A}.svg`],
  ])('with %s, a copy cached for a request without Origin never reaches a CORS page without its header (%s)', async (mode, url) => {
    const proxy = createProxy({
      apiKey: KEY,
      upstream: sb.url,
      basePath: '/rep',
      allowOrigins: mode == '*' ? '*' : [GOOD],
      onEvent: () => {},
    });
    const cdn = sharedCache((r) => proxy(r));
    expect((await cdn(new Request(url))).status).toBe(200);
    const page = await cdn(new Request(url, { headers: { Origin: GOOD } }));
    expect(page.headers.get('Access-Control-Allow-Origin')).toMatch(mode == '*' ? /^\*$/ : /^https:\/\/good\.example$/);
  });
});

describe('answers planted in a cache', () => {
  const path = `scores/${A}`;
  it.each(plantedAnswers())('%s is a miss: deleted, reported once, never served or copied to memory', async (_, planted) => {
    const store = new Map<string, CachedAnswer>([[path, planted]]);
    const deleted: string[] = [];
    const outer = {
      get: (k: string) => store.get(k),
      set: (k: string, a: CachedAnswer) => void store.set(k, a),
      delete: (k: string) => void (deleted.push(k), store.delete(k)),
    };
    const events: ProxyEvent[] = [];
    const proxy = createProxy({ apiKey: KEY, upstream: sb.url, basePath: '/rep', cache: outer, onEvent: (e) => events.push(e) });
    const before = sb.hits(path);
    for (let i = 0; i < 2; i++) {
      store.set(path, planted);
      const response = await proxy(new Request(at(path)));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: Record<string, unknown> };
      expect(body.data.planted).toBeUndefined();
      expect(response.headers.get('Cache-Control')).toMatch(/s-maxage=\d{1,4},/);
    }
    expect(deleted).toEqual([path, path]);
    expect(events.filter((e) => e.type == 'cache-invalid')).toHaveLength(1);
    expect(sb.hits(path) - before).toBe(2);
  });
  it('the memory tier does not keep a planted answer once the store lost it', async () => {
    const memory = memoryCache();
    const [, status999] = plantedAnswers()[0];
    memory.set(path, status999);
    const proxy = createProxy({ apiKey: KEY, upstream: sb.url, basePath: '/rep', cache: memory, onEvent: () => {} });
    expect((await proxy(new Request(at(path)))).status).toBe(200);
    expect(memory.get(path)?.status).toBe(200);
  });
});
