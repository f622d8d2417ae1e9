#!/usr/bin/env node
// @ts-check
/**
 * `node demo/server.mjs` (or `npm start`, which builds dist/ first when it is out of date: scripts/start.mjs):
 * runs the sandbox with the demo page.
 *
 * Serves the production service's API under /api/v2/ and the repository's demo/ and dist/ folders, so
 * the demo page can load the built library and talk to the sandbox on the same origin, and
 * /demo/options.json, the widget options' JSDoc that the page builds its option controls from
 * (scripts/option-docs.mjs; it reads src/ with typescript, so it needs `npm install`).
 *
 * Environment:
 *   PORT     port to listen on (default 8080; 0 picks a free one)
 *   HOST     interface to listen on (default 127.0.0.1, i.e. this machine only; set
 *            HOST=0.0.0.0 deliberately to expose the sandbox to the network)
 *   LATENCY  delay in ms added to every API response (default 0), to watch loading states
 *   COMPUTE_MS  how long the first answer for a computed address takes, and every answer for
 *            an address whose score is 0 (default 4000; production takes 10-30 s)
 *   QUOTA    requests per API key per hour (default 1000; production's free tier is about 100)
 *
 * `/rep/api/v2/...` is repkit's caching proxy (dist/repkit.proxy.mjs) in front of the sandbox,
 * holding the key: the demo page's "Through the proxy" switch points the widgets there, with
 * no key on the page (docs/proxy.md).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_KEY } from '../test/service/fixtures.mjs';
import { createSandbox } from '../test/service/sandbox.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Reads a whole-number environment variable, exiting with a clear message when malformed.
 * @param {string} name
 * @param {number} fallback
 */
function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    console.error(`repkit demo: ${name} must be a whole number, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return Number(raw);
}

const port = envNumber('PORT', 8080);
const latencyMs = envNumber('LATENCY', 0);
const computeDelayMs = envNumber('COMPUTE_MS', 4000);
const quotaLimit = envNumber('QUOTA', 1000);
const host = process.env.HOST || '127.0.0.1';

/** @type {import('../test/service/sandbox.mjs').Sandbox} */
let sandbox;
try {
  sandbox = await createSandbox({ port, host, latencyMs, computeDelayMs, quota: { limit: quotaLimit }, staticRoot: repoRoot });
} catch (e) {
  const err = /** @type {NodeJS.ErrnoException} */ (e);
  console.error(
    err.code === 'EADDRINUSE'
      ? `repkit demo: port ${port} is in use; try PORT=${port + 1} node demo/server.mjs`
      : `repkit demo: could not start: ${err.message}`,
  );
  process.exit(1);
}

// Loopback and wildcard addresses are all reachable as localhost from this machine.
const local = ['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost'].includes(host);
const shownUrl = local ? `http://localhost:${sandbox.port}` : sandbox.url;
console.log(`repkit demo: ${shownUrl}  (API key: ${API_KEY})${latencyMs ? `  latency ${latencyMs} ms` : ''}`);
if (!existsSync(path.join(repoRoot, 'dist', 'repkit.mjs'))) {
  console.log('repkit demo: dist/repkit.mjs is missing; run `npm run build` so the demo page can load the library');
}

// The caching proxy on /rep: requests there go to it, everything else to the sandbox as before.
// Its upstream is this same server under the name the page uses (localhost, 127.0.0.1 or [::1]
// on this machine: one proxy each), so fixture image URLs are the page's own origin, which the
// demo's CSP (img-src 'self') allows.
if (existsSync(path.join(repoRoot, 'dist', 'repkit.proxy.mjs'))) {
  // Imported by URL: dist/ is built after the type check, which types them by their sources.
  /** @type {typeof import('../src/proxy/index')} */
  const { createProxy } = await import(new URL('../dist/repkit.proxy.mjs', import.meta.url).href);
  /** @type {typeof import('../src/proxy/node')} */
  const { toNodeListener } = await import(new URL('../dist/repkit.proxy.node.mjs', import.meta.url).href);
  const names = local ? ['localhost', '127.0.0.1', '[::1]'].map((name) => `http://${name}:${sandbox.port}`) : [sandbox.url];
  const proxies = new Map(
    names.map((upstream) => [new URL(upstream).host, toNodeListener(createProxy({ apiKey: API_KEY, upstream, basePath: '/rep' }))]),
  );
  const [sandboxListener] = sandbox.server.listeners('request');
  sandbox.server.removeAllListeners('request');
  sandbox.server.on('request', (req, res) => {
    if (req.url !== '/rep' && !req.url?.startsWith('/rep/')) return sandboxListener.call(sandbox.server, req, res);
    // Any other Host (a name of this machine the list lacks) gets the first name's proxy.
    const proxy = proxies.get(req.headers.host ?? '') ?? proxies.values().next().value;
    return proxy?.(req, res);
  });
  console.log(`repkit demo: caching proxy at ${shownUrl}/rep/api/v2/... (the key stays on the server)`);
} else {
  console.log('repkit demo: dist/repkit.proxy.mjs is missing; run `npm run build` to serve the proxy on /rep');
}

let stopping = false;
/** Closes the server (ending hanging requests) and exits; a second signal exits at once. */
function stop() {
  if (stopping) process.exit(130);
  stopping = true;
  sandbox.close().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
