// @vitest-environment node
/**
 * The Deno, Vercel and Node recipes of docs/proxy.md, run as written against the built
 * dist/repkit.proxy.mjs, each called the way its platform calls it: Deno.serve's
 * `handler(request, info)`, Vercel's route handler `GET(request, { params })` with the
 * `X-Forwarded-For` its edge writes, node:http through `toNodeListener`. Only the import
 * specifier (the built file) and `upstream` (a sandbox with a free key's quota, 100 an hour) are
 * swapped. Each refuses a client past its budget with the default `clientBudget` (on a free key,
 * 25 upstream requests at once) and still serves another client.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureProxyBuild, PROXY_DIST, PROXY_NODE_DIST } from './build.mjs';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { KEY, syntheticAddress } from './util';

const ROOT = new URL('../..', import.meta.url).pathname;
let n = 0;
const nextAddress = (): string => syntheticAddress(90000 + ++n);

/** The first code block (```lang) under a heading of docs/proxy.md. */
const recipe = (heading: string, lang: string): string => {
  const page = readFileSync(`${ROOT}docs/proxy.md`, 'utf8');
  const at = page.indexOf(`\n## ${heading}\n`);
  if (at < 0) throw new Error(`docs/proxy.md has no "## ${heading}" any more`);
  const block = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(page.slice(at));
  if (!block) throw new Error(`no ${lang} block under "## ${heading}"`);
  return block[1]!;
};

let files = 0;
/** Writes the recipe (imports pointed at the built files) as a module and imports it. */
const run = async <T>(code: string): Promise<T> => {
  mkdirSync(`${ROOT}artifacts`, { recursive: true });
  const file = `${ROOT}artifacts/proxy-recipe-${process.pid}-${++files}.mjs`;
  writeFileSync(
    file,
    code
      .replace(/'(?:npm:)?repkit\/proxy'/g, `'${pathToFileURL(PROXY_DIST).href}'`)
      .replace(/'repkit\/proxy\/node'/g, `'${pathToFileURL(PROXY_NODE_DIST).href}'`),
  );
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T;
};

let sandbox: Sandbox | undefined;
/** The recipe's `upstream`, swapped for a sandbox whose key has a free key's quota. */
const freeUpstream = async (code: string): Promise<string> => {
  sandbox = await createSandbox({ quota: { limit: 100 } });
  if (!code.includes("'https://api.dotpassport.io'")) throw new Error('the recipe no longer names its upstream');
  return code.replace("'https://api.dotpassport.io'", `'${sandbox.url}'`);
};

/** Asks for 26 new addresses as one client, then one as another: the statuses. */
const overBudget = async (ask: (path: string, client: string) => Promise<Response>) => {
  const statuses: number[] = [];
  for (let i = 0; i < 26; i++) statuses.push((await ask(`scores/${nextAddress()}`, '203.0.113.70')).status);
  const refused = await ask(`scores/${nextAddress()}`, '203.0.113.70');
  const other = await ask(`scores/${nextAddress()}`, '198.51.100.70');
  return { statuses, refused, other };
};

const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

beforeAll(() => {
  ensureProxyBuild();
}, 120_000);

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
  warn.mockClear();
  process.env.REPKIT_API_KEY = undefined;
  delete process.env.REPKIT_API_KEY;
});

const expectRefused = async ({ statuses, refused, other }: Awaited<ReturnType<typeof overBudget>>) => {
  expect(statuses.filter((s) => s == 200)).toHaveLength(25);
  expect(statuses.at(-1)).toBe(429);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(await refused.json()).toEqual({ message: expect.stringMatching(/too many new requests from this client/) });
  expect(other.status).toBe(200);
  expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(
    expect.stringMatching(/^repkit proxy: client 203\.0\.113\.70 asked for more new answers/),
  );
};

describe('the recipes of docs/proxy.md refuse a client past its budget', () => {
  it('Deno: Deno.serve(createProxy(…)), called as handler(request, info)', async () => {
    const code = await freeUpstream(recipe('Deno (Deno Deploy)', 'ts'));
    let handler: ((request: Request, info: object) => Promise<Response>) | undefined;
    const deno = globalThis as { Deno?: object };
    deno.Deno = {
      env: { get: (name: string) => (name == 'REPKIT_API_KEY' ? KEY : undefined) },
      serve: (h: typeof handler) => (handler = h),
    };
    try {
      await run(ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    } finally {
      delete deno.Deno;
    }
    const ask = (path: string, client: string) =>
      handler!(new Request(`https://rep.example.com/api/v2/${path}`), {
        remoteAddr: { transport: 'tcp', hostname: client, port: 50000 },
        completed: Promise.resolve(),
      });
    await expectRefused(await overBudget(ask));
  });

  it("Vercel: the route handler GET(request, { params }), behind Vercel's edge that writes X-Forwarded-For", async () => {
    const code = await freeUpstream(recipe('Vercel (edge runtime, Next.js App Router)', 'ts'));
    process.env.REPKIT_API_KEY = KEY;
    const runtime = globalThis as { EdgeRuntime?: string };
    runtime.EdgeRuntime = 'edge-runtime';
    let route: { GET: (request: Request, context: object) => Promise<Response>; runtime: string };
    try {
      route = await run(
        ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText,
      );
    } finally {
      delete runtime.EdgeRuntime;
    }
    expect(route.runtime).toBe('edge');
    const ask = (path: string, client: string) =>
      route.GET(new Request(`https://www.example.com/rep/api/v2/${path}`, { headers: { 'X-Forwarded-For': client } }), {
        params: Promise.resolve({ path: ['api', 'v2', ...path.split('/')] }),
      });
    await expectRefused(await overBudget(ask));
  });

  it('Node: http.createServer(toNodeListener(proxy)), over real sockets from two loopback addresses', async () => {
    const code = (await freeUpstream(recipe('Node', 'js'))).replace(
      '.listen(8787)',
      ".listen(0, '127.0.0.1', function () { globalThis.recipeServer = this; })",
    );
    process.env.REPKIT_API_KEY = KEY;
    const holder = globalThis as { recipeServer?: http.Server };
    await run(code);
    await vi.waitFor(() => expect(holder.recipeServer).toBeDefined());
    const server = holder.recipeServer!;
    delete holder.recipeServer;
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { request } = await import('node:http');
    // The socket's address is the client: 127.0.0.70 for one, 127.0.0.71 for another.
    const ask = (path: string, client: string) =>
      new Promise<Response>((resolve, reject) => {
        const from = client == '203.0.113.70' ? '127.0.0.70' : '127.0.0.71';
        request(`${base}/api/v2/${path}`, { localAddress: from, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: res.headers as Record<string, string> })),
          );
        })
          .on('error', reject)
          .end();
      });
    try {
      const result = await overBudget(ask);
      expect(result.statuses.filter((s) => s == 200)).toHaveLength(25);
      expect(result.refused.status).toBe(429);
      expect(Number(result.refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(result.other.status).toBe(200);
      expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(
        expect.stringMatching(/^repkit proxy: client 127\.0\.0\.70 asked for more new answers/),
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
