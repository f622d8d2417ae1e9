import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, vi } from 'vitest';
import { createSandbox, faultBaseUrl, type FaultItems, type Sandbox } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import type { CachedAnswer } from '../../src/proxy';

export { ADDRESSES, API_KEY };

/** A key the proxy holds in the tests: the sandbox's valid one. */
export const KEY = API_KEY;

/** Where the proxy is mounted in the tests, as widgets with `baseUrl: '/rep'` call it. */
export const PROXY = 'http://proxy.test';

/** The proxy URL of an API path (`scores/{address}`...). */
export const at = (path: string, prefix = '/rep'): string => `${PROXY}${prefix}/api/v2/${path}`;

/** Starts a sandbox for the calling file (no latency, unlimited quota unless told). */
export const useSandbox = (
  options: Parameters<typeof createSandbox>[0] = {},
): {
  readonly url: string;
  readonly sandbox: Sandbox;
  fault(items: FaultItems): string;
  /** API requests the sandbox received for a path (`scores/{address}`). */
  hits(path: string): number;
} => {
  let sandbox: Sandbox | undefined;
  let ids = 0;
  beforeAll(async () => {
    sandbox = await createSandbox(options);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return {
    get url() {
      return sandbox!.url;
    },
    get sandbox() {
      return sandbox!;
    },
    fault: (items) => faultBaseUrl(sandbox!.url, { id: `p${Date.now()}-${++ids}`, ...items }),
    hits: (path) => sandbox!.requests.filter((r) => r.path === `/api/v2/${path}`).length,
  };
};

/** One request a capture server received. */
export interface Captured {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A bare upstream on loopback that records every request as received on the wire and answers
 * with `reply` (default: a success envelope echoing the path).
 */
export const useCaptureServer = (
  reply: (req: http.IncomingMessage, res: http.ServerResponse) => void = (req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1', 'X-RateLimit-Remaining': '7' });
    res.end(JSON.stringify({ success: true, data: { path: req.url } }));
  },
): { readonly url: string; readonly requests: Captured[] } => {
  const requests: Captured[] = [];
  const server = useHttpServer(() => (req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    reply(req, res);
  });
  return {
    get url() {
      return server.url;
    },
    requests,
  };
};

/**
 * Serves on a loopback port, for the calling file, the listener `makeListener` returns when the
 * file starts (so it may use other servers' URLs); `url` is its base URL from then on.
 */
export const useHttpServer = (makeListener: () => http.RequestListener): { readonly url: string } => {
  let server: http.Server | undefined;
  let url = '';
  beforeAll(async () => {
    server = http.createServer(makeListener());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  return {
    get url() {
      return url;
    },
  };
};

/** Freezes `Date` (only: timers and sockets stay real) at `start`; returns a clock to move it. */
export const fakeClock = (start = Date.UTC(2030, 0, 1)): { advance(seconds: number): void; readonly now: number } => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  let now = start;
  return {
    advance(seconds) {
      now += seconds * 1000;
      vi.setSystemTime(now);
    },
    get now() {
      return now;
    },
  };
};

/** A valid-looking address (48 base58 characters) that the sandbox computes on the spot. */
export const syntheticAddress = (n: number): string => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let tail = '';
  for (let i = 0, x = n + 1; i < 8; i++, x = Math.floor(x / 58)) tail = alphabet[x % 58] + tail;
  return `1${'Proxy'.padEnd(39, 'x')}${tail}`;
};

/**
 * Answers no proxy could have stored, as a stranger with write access to a shared cache or
 * store could plant them (issue 41), each with what is wrong with it, and a fresh, well-formed
 * answer whose body says `planted` (none of them may be served or copied into memory).
 */
export const plantedAnswers = (now = Date.now()): [label: string, answer: CachedAnswer][] => {
  const good: CachedAnswer = {
    status: 200,
    body: '{"success":true,"data":{"planted":true}}',
    storedAt: now,
    freshUntil: now + 60_000,
    keepUntil: now + 120_000,
  };
  return [
    ['status 999', { ...good, status: 999 }],
    ['status 204', { ...good, status: 204, body: '' }],
    ['status 500', { ...good, status: 500, body: '{"message":"x"}' }],
    ['a 200 with an HTML body', { ...good, body: '<html><script>alert(1)</script></html>' }],
    ['a 404 that is not JSON', { ...good, status: 404, body: 'nope' }],
    ['freshUntil 1e300', { ...good, freshUntil: 1e300, keepUntil: 1e300 }],
    ['freshUntil Infinity', { ...good, freshUntil: Infinity, keepUntil: Infinity }],
    ['storedAt NaN', { ...good, storedAt: NaN }],
    ['a time a year ahead', { ...good, freshUntil: now + 365 * 86400_000, keepUntil: now + 366 * 86400_000 }],
  ];
};
