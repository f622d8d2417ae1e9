// @vitest-environment node
/**
 * `repkit/proxy`, `repkit/proxy/node`, `repkit/proxy/redis` and `repkit/proxy/workers` as a
 * consumer gets them: the packed tarball installed offline into a throwaway project, imported by name from Node (ESM, and `import()` from
 * CommonJS), and type-checked by TypeScript under `moduleResolution` `bundler` and `node16`
 * with the strictest settings (declarations checked too).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProxyBuild } from './build.mjs';
import { ADDRESSES, KEY, useSandbox } from './util';
import { STRICT_CONSUMER } from '../helpers/strict-consumer';

const ROOT = new URL('../..', import.meta.url).pathname;
const sb = useSandbox();
const run = promisify(execFile);
let dir = '';

const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

beforeAll(() => {
  ensureProxyBuild();
  dir = mkdtempSync(join(tmpdir(), 'repkit-proxy-package-'));
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], ROOT)) as [{ filename: string }];
  mkdirSync(join(dir, 'app'));
  writeFileSync(join(dir, 'app/package.json'), JSON.stringify({ name: 'proxy-consumer', private: true, type: 'module' }));
  npm(['install', '--offline', '--no-package-lock', join(dir, packed.filename)], join(dir, 'app'));
}, 120000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const CONSUMER = `
import http from 'node:http';
import { createProxy, memoryCache, DEFAULT_UPSTREAM } from 'repkit/proxy';
import { toNodeListener } from 'repkit/proxy/node';
const [upstream, address] = process.argv.slice(2);
const proxy = createProxy({ apiKey: ${JSON.stringify(KEY)}, upstream, cache: memoryCache({ maxEntries: 10 }) });
const server = http.createServer(toNodeListener(proxy)).listen(0, '127.0.0.1', async () => {
  const response = await fetch(\`http://127.0.0.1:\${server.address().port}/rep/api/v2/scores/\${address}\`);
  const body = await response.json();
  console.log(JSON.stringify({ status: response.status, address: body.data.address, DEFAULT_UPSTREAM, resolved: import.meta.resolve('repkit/proxy') }));
  server.close();
});
`;

const TYPED = `
import { createProxy, memoryCache, type CachedAnswer, type ProxyCache, type ProxyHandler, type ProxyOptions } from 'repkit/proxy';
import { toNodeListener, type NodeListenerOptions } from 'repkit/proxy/node';
import { redisStore, type RedisStore } from 'repkit/proxy/redis';
import { RepkitCoordinator, workersStore, type DurableObjectNamespaceLike, type KvNamespaceLike } from 'repkit/proxy/workers';
import http from 'node:http';

const shared: RedisStore = redisStore({ url: 'redis://127.0.0.1:6379', keyPrefix: 'site:', commandTimeoutMs: 250 });
createProxy({ apiKey: 'k', store: shared, clientBudget: { requests: 10, perSeconds: 60 }, trustProxy: 1, allowAddress: async (a) => a.length > 0 });
declare const kv: KvNamespaceLike;
declare const coordinator: DurableObjectNamespaceLike;
createProxy({ apiKey: 'k', store: workersStore({ kv, coordinator }), clientBudget: false });
export const coordinatorClass: typeof RepkitCoordinator = RepkitCoordinator;

const options: ProxyOptions = { apiKey: 'k', allowOrigins: ['https://a.example'], ttlSeconds: 300 };
const store = new Map<string, CachedAnswer>();
const cache: ProxyCache = { get: (k) => store.get(k), set: (k, v) => void store.set(k, v) };
const proxy: ProxyHandler = createProxy({ ...options, cache });
const lru = memoryCache({ maxEntries: 5 });
const size: number = lru.size;
const listenerOptions: NodeListenerOptions = { compress: false };
http.createServer(toNodeListener(proxy, listenerOptions));
export default { fetch: (request: Request, _env: unknown, ctx: { waitUntil(p: Promise<unknown>): void }) => proxy(request, ctx), size };
`;

describe('the packed package', () => {
  it('imports repkit/proxy and repkit/proxy/node by name in Node and serves', async () => {
    writeFileSync(join(dir, 'app/consumer.mjs'), CONSUMER);
    const { stdout } = await run(process.execPath, ['consumer.mjs', sb.url, ADDRESSES.rich], { cwd: join(dir, 'app') });
    // The report alone: a proxy that works writes nothing by default.
    const report = JSON.parse(stdout.trim()) as { status: number; address: string; DEFAULT_UPSTREAM: string; resolved: string };
    expect(report).toMatchObject({ status: 200, address: ADDRESSES.rich, DEFAULT_UPSTREAM: 'https://api.dotpassport.io' });
    expect(report.resolved).toMatch(/node_modules\/repkit\/dist\/repkit\.proxy\.mjs$/);
  });

  it('loads with import() from CommonJS (the entries are ES modules only)', async () => {
    writeFileSync(join(dir, 'app/consumer.cjs'), `import('repkit/proxy').then((m) => console.log(typeof m.createProxy));`);
    const { stdout } = await run(process.execPath, ['consumer.cjs'], { cwd: join(dir, 'app') });
    expect(stdout.trim()).toBe('function');
  });

  it('names the missing peer when repkit/proxy/redis is imported without ioredis installed', async () => {
    writeFileSync(
      join(dir, 'app/redis-consumer.mjs'),
      `import('repkit/proxy/redis').then(() => console.log('loaded'), (e) => console.log(e.message));`,
    );
    const { stdout } = await run(process.execPath, ['redis-consumer.mjs'], { cwd: join(dir, 'app') });
    expect(stdout).toMatch(/Cannot find package 'ioredis'/);
  });

  for (const [module, moduleResolution] of [
    ['preserve', 'bundler'],
    ['node16', 'node16'],
  ] as const) {
    it(`type-checks a consumer under moduleResolution ${moduleResolution}`, async () => {
      writeFileSync(join(dir, 'app/typed.ts'), TYPED);
      const tsconfig = {
        compilerOptions: {
          ...STRICT_CONSUMER,
          lib: ['ES2022', 'DOM'],
          module,
          moduleResolution,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        files: ['typed.ts'],
      };
      writeFileSync(join(dir, `app/tsconfig.${moduleResolution}.json`), JSON.stringify(tsconfig));
      const result = await run(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', `tsconfig.${moduleResolution}.json`, '--pretty', 'false'],
        {
          cwd: join(dir, 'app'),
        },
      ).then(
        () => 'ok',
        (e: Error & { stdout?: string }) => e.stdout ?? e.message,
      );
      expect(result).toBe('ok');
    }, 90000);
  }
});
