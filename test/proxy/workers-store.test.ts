// @vitest-environment node
/**
 * The Workers store (`repkit/proxy/workers`) in workerd: three isolates of
 * examples/proxy-worker/worker.mjs (three workers of one Miniflare, each with its own module
 * state, as separate locations have) bound to one KV namespace and one RepkitCoordinator Durable
 * Object, as its wrangler.toml binds them, in front of the sandbox. The built files are loaded as
 * the modules `repkit/proxy` and `repkit/proxy/workers`, exactly the imports a deployment bundles.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { ensureProxyBuild, PROXY_WORKERS_DIST, resvgWasmModules, workerdModules } from './build.mjs';
import { KEY, syntheticAddress, useSandbox } from './util';

const ROOT = new URL('../..', import.meta.url).pathname;
const EXAMPLE = `${ROOT}examples/proxy-worker`;

const sb = useSandbox();
let modules: (ReturnType<typeof workerdModules>[number] | ReturnType<typeof resvgWasmModules>[number])[] = [];
const started: Miniflare[] = [];

beforeAll(() => {
  modules = [
    { type: 'ESModule', path: `${EXAMPLE}/worker.mjs`, contents: readFileSync(`${EXAMPLE}/worker.mjs`, 'utf8') },
    ...workerdModules(EXAMPLE, { 'repkit/proxy': ensureProxyBuild(), 'repkit/proxy/workers': PROXY_WORKERS_DIST }),
    ...resvgWasmModules(EXAMPLE),
  ];
});

afterAll(async () => {
  await Promise.all(started.map((mf) => mf.dispose()));
});

/** Three isolates of the example worker sharing one KV namespace and one coordinator. */
const startIsolates = async (upstream: string): Promise<{ fetch(i: number, path: string, client: string): Promise<Answer> }> => {
  const names = ['w0', 'w1', 'w2'];
  const mf = new Miniflare({
    workers: names.map((name) => ({
      name,
      modulesRoot: EXAMPLE,
      modules,
      compatibilityDate: '2025-01-01',
      bindings: { REPKIT_API_KEY: KEY, REPKIT_UPSTREAM: upstream },
      kvNamespaces: { REPKIT_CACHE: 'repkit-cache' },
      durableObjects: { REPKIT_COORDINATOR: { className: 'RepkitCoordinator', scriptName: 'w0' } },
    })),
  });
  started.push(mf);
  // Miniflare's Fetcher type clashes with the DOM's here; this is the part the tests use.
  const workers = (await Promise.all(names.map((name) => mf.getWorker(name)))) as unknown as WorkerFetcher[];
  return {
    async fetch(i, path, client) {
      const response = await workers[i]!.fetch(`http://proxy.test/rep/api/v2/${path}`, { headers: { 'CF-Connecting-IP': client } });
      await response.arrayBuffer();
      return { status: response.status, cache: response.headers.get('x-repkit-cache'), retryAfter: response.headers.get('retry-after') };
    },
  };
};

interface WorkerFetcher {
  fetch(
    url: string,
    init: { headers: Record<string, string> },
  ): Promise<{ status: number; headers: { get(name: string): string | null }; arrayBuffer(): Promise<ArrayBuffer> }>;
}

interface Answer {
  status: number;
  cache: string | null;
  retryAfter: string | null;
}

let n = 0;
const nextAddress = (): string => syntheticAddress(20000 + ++n);

describe('in workerd: KV and a Durable Object shared by three isolates', () => {
  it('300 requests over the isolates for 20 addresses make exactly one upstream request per address', async () => {
    const isolates = await startIsolates(sb.fault({ latency: 150 }));
    const addresses = Array.from({ length: 20 }, nextAddress);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => isolates.fetch(i % 3, `scores/${addresses[i % 20]}`, `198.51.100.${i % 20}`)),
    );
    expect(answers.filter((a) => a.status != 200)).toEqual([]);
    expect(addresses.map((a) => sb.hits(`scores/${a}`))).toEqual(addresses.map(() => 1));
    // Later visitors of every isolate are served from the store.
    for (let i = 0; i < 3; i++) expect((await isolates.fetch(i, `scores/${addresses[0]}`, '198.51.100.99')).cache).toBe('hit');
    expect(sb.hits(`scores/${addresses[0]}`)).toBe(1);
  });

  it('after a 429 seen by one isolate, no isolate asks upstream until the reset', async () => {
    let limited: Sandbox | undefined;
    try {
      limited = await createSandbox({ quota: { limit: 3, windowMs: 5000 } });
      const isolates = await startIsolates(limited.url);
      const upstreamCount = () => limited!.requests.filter((r) => r.path.startsWith('/api/v2/')).length;
      // Visitors of their own: a key of 3 an hour gives each one a budget of 1.
      for (let i = 0; i < 3; i++) expect((await isolates.fetch(i, `scores/${nextAddress()}`, `192.0.2.${i}`)).status).toBe(200);
      expect((await isolates.fetch(0, `scores/${nextAddress()}`, '192.0.2.10')).status).toBe(503);
      expect(upstreamCount()).toBe(4);
      const firstAt = limited.requests[0]!.time;
      for (let i = 0; i < 6; i++) {
        const answer = await isolates.fetch(i % 3, `badges/${nextAddress()}`, `192.0.2.${20 + i}`);
        expect(answer.status).toBe(503);
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      expect(upstreamCount()).toBe(4);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstAt + 5100 - Date.now())));
      expect((await isolates.fetch(2, `scores/${nextAddress()}`, '192.0.2.40')).status).toBe(200);
      expect(upstreamCount()).toBe(5);
    } finally {
      await limited?.close();
    }
  });

  it('one client (by CF-Connecting-IP) asking for 200 random addresses spends at most its budget, then gets 429s', async () => {
    const isolates = await startIsolates(sb.url);
    const addresses = Array.from({ length: 200 }, nextAddress);
    const answers: Answer[] = [];
    const start = Date.now();
    for (let i = 0; i < 200; i += 20) {
      answers.push(
        ...(await Promise.all(addresses.slice(i, i + 20).map((a, j) => isolates.fetch((i + j) % 3, `scores/${a}`, '203.0.113.9')))),
      );
    }
    // 150 at once (the default clientBudget), then one every 24 s as the bucket refills (150 an hour) while the script runs.
    const budget = 150 + Math.floor((Date.now() - start) / 24_000);
    const upstream = addresses.reduce((sum, a) => sum + sb.hits(`scores/${a}`), 0);
    expect(upstream).toBeGreaterThanOrEqual(150);
    expect(upstream).toBeLessThanOrEqual(budget);
    expect(answers.filter((a) => a.status == 200)).toHaveLength(upstream);
    expect(answers.filter((a) => a.status == 429)).toHaveLength(200 - upstream);
    expect(answers.filter((a) => a.status == 429 && !(Number(a.retryAfter) >= 1))).toEqual([]);
    // Another client is not held back by the first one's budget.
    expect((await isolates.fetch(1, `scores/${nextAddress()}`, '203.0.113.10')).status).toBe(200);
  });
});
