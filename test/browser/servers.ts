/**
 * The servers of a browser test besides the sandbox: a site on an origin of its own, the built
 * proxy in front of the sandbox. Each test file starts its own and closes them after its tests.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
import { ensureProxyBuild, PROXY_NODE_DIST } from '../proxy/build.mjs';

type Proxy = typeof import('../../src/proxy');
type ProxyNode = typeof import('../../src/proxy/node');

/** Starts servers on free ports of `host` (127.0.0.1 unless told) and closes them after the file's tests. */
export const useServers = (): { listen: (handler: http.RequestListener, host?: string) => Promise<string> } => {
  const servers: http.Server[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  return {
    /** Serves `handler`; resolves to the server's origin (`http://127.0.0.1:<port>`). */
    listen: async (handler, host = '127.0.0.1') => {
      const server = http.createServer(handler);
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return `http://${host}:${(server.address() as AddressInfo).port}`;
    },
  };
};

/** The built proxy (dist/repkit.proxy.mjs, rebuilt when its sources changed) and its node:http adapter. */
export const builtProxy = async (): Promise<{ edge: Proxy; node: ProxyNode }> => ({
  edge: (await import(/* @vite-ignore */ pathToFileURL(ensureProxyBuild()).href)) as Proxy,
  node: (await import(/* @vite-ignore */ pathToFileURL(PROXY_NODE_DIST).href)) as ProxyNode,
});

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * A valid address the sandbox computes a record for on the spot: `word` (the test's own, so
 * that test files never share addresses) padded to 38 characters, then `i` in base58.
 */
export const generatedAddress = (word: string, i: number): string => {
  let tail = '';
  for (let n = i + 1; tail.length < 8; n = Math.floor(n / 58)) tail = BASE58[n % 58] + tail;
  return `1${word.padEnd(38, 'x')}${tail}`;
};

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * A site as a developer's host serves one: the built files of dist/ (locales too) under
 * `/dist/`, and the page `html()` gives for every other path.
 */
export const distSite =
  (html: () => string): http.RequestListener =>
  (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = /^\/dist\/((?:locales\/)?[\w.-]+\.m?js)$/.exec(path)?.[1];
    res.writeHead(200, { 'Content-Type': file ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
    res.end(file ? readFileSync(`${ROOT}dist/${file}`) : html());
  };
