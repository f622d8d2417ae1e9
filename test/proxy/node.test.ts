// @vitest-environment node
/** The node:http adapter (`repkit/proxy/node`), and the built entries as plain Node loads them. */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createProxy } from '../../src/proxy';
import { toNodeListener, type FetchHandler } from '../../src/proxy/node';
import { distGraph, ensureProxyBuild, PROXY_NODE_DIST } from './build.mjs';
import { ADDRESSES, KEY, useHttpServer, useSandbox } from './util';

const sb = useSandbox();
const A = ADDRESSES.rich;

/** Serves `handler` through the Node adapter on loopback for the calling block; returns its base URL. */
const useServer = (handler: () => FetchHandler): { readonly url: string } => useHttpServer(() => toNodeListener(handler()));

/** A raw request (no automatic decompression), with its status, headers and body bytes. */
const raw = (target: string, options: http.RequestOptions = {}, body?: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(target, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });

describe('toNodeListener', () => {
  const server = useServer(() => createProxy({ apiKey: KEY, upstream: sb.url, basePath: '/rep' }));

  it('serves the proxy over node:http', async () => {
    const response = await fetch(`${server.url}/rep/api/v2/scores/${A}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { address: string } }).data.address).toBe(A);
    expect(response.headers.get('x-repkit-cache')).toBe('miss');
    expect((await fetch(`${server.url}/rep/api/v2/scores/${A}`)).headers.get('x-repkit-cache')).toBe('hit');
  });

  it('compresses answers above 1 kB when the client accepts gzip', async () => {
    const zipped = await raw(`${server.url}/rep/api/v2/metadata/badges`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    const text = gunzipSync(zipped.body).toString('utf8');
    expect((JSON.parse(text) as { success: boolean }).success).toBe(true);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    const plain = await raw(`${server.url}/rep/api/v2/metadata/badges`, { headers: { 'Accept-Encoding': 'gzip;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(text);
  });

  it('answers HEAD without a body, and refuses other methods with 405, draining bodies', async () => {
    const head = await raw(`${server.url}/rep/api/v2/metadata/categories`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const post = await raw(
      `${server.url}/rep/api/v2/scores/${A}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' } },
      'x'.repeat(100_000),
    );
    expect(post.status).toBe(405);
  });

  it('copes with a missing or odd Host header', async () => {
    const odd = await raw(`${server.url}/rep/api/v2/metadata/categories`, { headers: { Host: 'bad host/with space' } });
    expect(odd.status).toBe(200);
  });

  const failing = useServer(() => () => Promise.reject(new Error('boom')));
  it('answers 500 when the handler throws', async () => {
    const response = await fetch(`${failing.url}/anything`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal error' });
  });
});

describe('the built entries in plain Node', () => {
  it('load as ES modules and serve against the sandbox', async () => {
    const dist = ensureProxyBuild();
    const edge = (await import(/* @vite-ignore */ pathToFileURL(dist).href)) as typeof import('../../src/proxy');
    const node = (await import(/* @vite-ignore */ pathToFileURL(PROXY_NODE_DIST).href)) as typeof import('../../src/proxy/node');
    expect(Object.keys(edge).sort()).toEqual([
      'DEFAULT_UPSTREAM',
      'OptionError',
      'RepkitError',
      'createProxy',
      'isRepkitError',
      'memoryCache',
    ]);
    expect(Object.keys(node)).toEqual(['toNodeListener']);
    expect(edge.DEFAULT_UPSTREAM).toBe('https://api.dotpassport.io');
    const proxy = edge.createProxy({ apiKey: KEY, upstream: sb.url, onEvent: () => {} });
    const response = await proxy(new Request(`http://x/any/prefix/api/v2/profiles/${A}`));
    expect(response.status).toBe(200);
    const { readFileSync } = await import('node:fs');
    // No dependency: it and the chunks it shares with the other entries import only each other.
    const files = distGraph(dist);
    expect(files.length).toBeGreaterThan(1);
    // Block comments left out: bundled code's documentation quotes imports (`import { sha256 } from '@noble/hashes/sha2.js'`).
    const code = (file: string): string => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const file of files) expect(code(file), file).not.toMatch(/\b(from|import)\s*\(?\s*['"](?!\.\/)|\brequire\(/);
  });

  it('stay out of the browser bundles', async () => {
    const { existsSync, readFileSync } = await import('node:fs');
    const root = new URL('../../dist/', import.meta.url);
    const browserFiles = ['repkit.mjs', 'repkit.embed.mjs', 'repkit.umd.js'].filter((f) => existsSync(new URL(f, root)));
    for (const file of browserFiles)
      expect(readFileSync(new URL(file, root), 'utf8'), file).not.toMatch(/X-Repkit-Cache|createProxy|toNodeListener/);
  });
});
