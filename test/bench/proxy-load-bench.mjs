#!/usr/bin/env node
// @ts-check
/**
 * `npm run bench:proxy:load` (also the second half of `npm run bench:proxy`): README's Node
 * proxy recipe, with defaults, under autocannon. The proxy runs in a process of its own
 * (proxy-load-server.mjs) in front of a counting upstream on loopback, which passes requests
 * on to the sandbox or, on cue, answers 429, fails with 500 or never answers. Prints, and
 * writes to test/bench/proxy-load-results.json under `--label`:
 *
 * - one hot address, then 5,000 distinct addresses in turn: requests/s, latency p50 and p99,
 *   upstream requests, the proxy's RSS before and after, log lines written;
 * - after an upstream 429 (quota back in 5 s), new addresses for 4 s: upstream requests before
 *   the reset (should be 0 after the first), and whether the proxy asks again after it;
 * - stale-if-error: 200 cached addresses past their TTL and stale-while-revalidate window, the
 *   upstream failing: answers served (2xx), and upstream requests;
 * - a flood (issue 36): the upstream never answers, 100 batches of 50 new addresses, each
 *   abandoned after 200 ms; then the upstream requests left open, the RSS, the time a cached
 *   path takes and what a new path gets;
 * - one client asking for 1,000 random valid addresses in one minute (issue 40), with every
 *   option at its default, on a key without a tight quota and on a free key (100 an hour):
 *   upstream requests it caused, its answers, and what other visitors (other loopback
 *   addresses, so other clients) got for a cached and a new address during it and after.
 *
 * A script, not a test: it checks no threshold.
 *
 * Flags: `--label NAME` (default `current`), `--dist DIR` (built proxy entries to measure;
 * default dist/, built when stale), `--duration S` (each autocannon run, default 10),
 * `--connections N` (default 50), `--store redis://HOST:PORT` (the shared store of
 * `repkit/proxy/redis`, when the checkout has it), `--options JSON` (more `createProxy` options:
 * every request here comes from one client, 127.0.0.1, so a per-client budget, where the proxy
 * has one, refuses most of the distinct addresses unless it is raised or turned off).
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createSandbox } from '../service/sandbox.mjs';
import { API_KEY } from '../service/fixtures.mjs';
import { ensureProxyBuild } from '../proxy/build.mjs';

const { values: flags } = parseArgs({
  options: {
    label: { type: 'string', default: 'current' },
    dist: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    store: { type: 'string' },
    options: { type: 'string', default: '{}' },
  },
});
const RESULTS = new URL('./proxy-load-results.json', import.meta.url).pathname;
const DURATION = Math.max(1, Number(flags.duration));
const CONNECTIONS = Math.max(1, Number(flags.connections));
const DIST = flags.dist ?? ensureProxyBuild().replace(/\/repkit\.proxy\.mjs$/, '');
const SERVER = new URL('./proxy-load-server.mjs', import.meta.url).pathname;
const DISTINCT = 5000;

const log = (/** @type {unknown[]} */ ...args) => console.error(...args);
const wait = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (/** @type {number} */ bytes) => Math.round(bytes / 1e5) / 10;
/** RSS and the heap left after a full collection, in MB. */
const memory = (/** @type {{ rss: number, heapAfterGc: number }} */ m) => ({ rss: mb(m.rss), heapAfterGc: mb(m.heapAfterGc) });

/** Valid-looking addresses (48 base58 characters) that the sandbox computes on the spot. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const addressOf = (/** @type {string} */ tag, /** @type {number} */ n) => {
  let tail = '';
  for (let i = 0, x = n + 1; i < 8; i++, x = Math.floor(x / 58)) tail = ALPHABET[x % 58] + tail;
  return `1${tag.padEnd(39, 'x')}${tail}`;
};

// ---- the upstream: the sandbox behind a counting switch ---------------------------------------
const sandbox = await createSandbox();
/** The upstream of a free key: 100 requests an hour. */
const freeSandbox = await createSandbox({ quota: { limit: 100 } });
const passAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/** @type {{ mode: 'pass' | 'hang' | '429' | '500', target: string, resetAt: number, requests: number[], open: number, mostOpen: number, held: http.ServerResponse[] }} */
const up = { mode: 'pass', target: sandbox.url, resetAt: 0, requests: [], open: 0, mostOpen: 0, held: [] };
const upstream = http.createServer((req, res) => {
  up.requests.push(Date.now());
  up.open++;
  up.mostOpen = Math.max(up.mostOpen, up.open);
  res.on('close', () => up.open--);
  if (up.mode == 'hang') {
    up.held.push(res);
    return;
  }
  if (up.mode == '429') {
    const seconds = Math.max(1, Math.ceil((up.resetAt - Date.now()) / 1000));
    res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(seconds) });
    res.end(JSON.stringify({ message: 'Rate limit exceeded' }));
    return;
  }
  if (up.mode == '500') {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: 'Internal server error' }));
    return;
  }
  const headers = { accept: 'application/json', 'x-api-key': String(req.headers['x-api-key'] ?? '') };
  http
    .get(`${up.target}${req.url}`, { agent: passAgent, headers }, (answer) => {
      // The service's quota headers, which the proxy reads for the clients' budgets.
      const quota = Object.entries(answer.headers).filter(([name]) => name.startsWith('x-ratelimit-'));
      res.writeHead(answer.statusCode ?? 502, { 'Content-Type': 'application/json', ...Object.fromEntries(quota) });
      answer.pipe(res);
    })
    .on('error', () => res.destroy());
});
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', () => resolve(undefined)));
const UPSTREAM = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (upstream.address()).port}`;
const resetUpstream = (/** @type {typeof up.mode} */ mode) => {
  for (const res of up.held.splice(0)) res.destroy();
  Object.assign(up, { mode, target: sandbox.url, requests: [], mostOpen: up.open });
};

// ---- the proxy, in a process of its own -------------------------------------------------------
/**
 * @typedef {{ url: string, rss(): Promise<{ rss: number, heapAfterGc: number }>, advance(seconds: number): Promise<unknown>,
 *   logLines(): number, stop(): Promise<unknown> }} ProxyProcess
 */
/** @returns {Promise<ProxyProcess>} */
const startProxy = async () => {
  const child = fork(SERVER, [], {
    env: { ...process.env, PROXY_DIST: DIST, UPSTREAM, API_KEY, STORE: flags.store ?? '', PROXY_OPTIONS: flags.options },
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let lines = 0;
  child.stderr?.on('data', (/** @type {Buffer} */ chunk) => {
    for (const byte of chunk) if (byte == 10) lines++;
  });
  /** @type {(type: string, key: string, extra?: object) => Promise<any>} */
  const ask = (type, key, extra = {}) =>
    new Promise((resolve) => {
      const on = (/** @type {Record<string, unknown>} */ message) => {
        if (key in message) {
          child.off('message', on);
          resolve(message[key]);
        }
      };
      child.on('message', on);
      child.send({ type, ...extra });
    });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (/** @type {{ port?: number, error?: string }} */ m) => (m.port ? resolve(m.port) : reject(new Error(m.error))));
    child.once('exit', (code) => reject(new Error(`the proxy process exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    rss: () => ask('rss', 'rss'),
    advance: (seconds) => ask('advance', 'advanced', { seconds }),
    logLines: () => lines,
    stop: () => {
      child.kill();
      return new Promise((resolve) => child.once('exit', resolve));
    },
  };
};

/**
 * One GET on a fresh connection; its status, X-Repkit-Cache and time in ms.
 * @param {string} url
 * @param {number} [abortAfterMs]
 * @param {string} [from] the loopback address to send from (`127.0.0.2`): another client for the proxy
 * @returns {Promise<{ status: number, cache?: string, ms: number }>}
 */
const get = (url, abortAfterMs, from) =>
  new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(url, { agent: false, ...(from ? { localAddress: from } : {}) }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-repkit-cache']), ms: performance.now() - started }),
      );
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    if (abortAfterMs !== undefined) req.setTimeout(abortAfterMs, () => req.destroy());
  });

/**
 * autocannon against `paths` in turn, for `seconds`.
 * @param {string} base
 * @param {string[]} paths
 * @param {number} seconds
 */
const cannon = async (base, paths, seconds) => {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[i++ % paths.length];
          return request;
        },
      },
    ],
  });
  /** @type {Record<string, number>} */
  const statuses = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(count);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    requests: result.requests.total,
    statuses,
    errors: result.errors,
  };
};

/** @type {Record<string, unknown>} */
const run = {
  when: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  dist: DIST,
  store: flags.store ?? null,
  options: JSON.parse(flags.options ?? '{}'),
  connections: CONNECTIONS,
  durationSeconds: DURATION,
};

const scoresPath = (/** @type {string} */ address) => `/api/v2/scores/${address}`;

try {
  {
    log(`hot address: ${DURATION} s, ${CONNECTIONS} connections`);
    resetUpstream('pass');
    const proxy = await startProxy();
    const hot = scoresPath(addressOf('LoadHot', 0));
    await get(proxy.url + hot);
    const rssBefore = await proxy.rss();
    const requestsBefore = up.requests.length;
    const result = await cannon(proxy.url, [hot], DURATION);
    run.hot = {
      ...result,
      upstreamRequests: up.requests.length - requestsBefore,
      memoryMB: { before: memory(rssBefore), after: memory(await proxy.rss()) },
      logLines: proxy.logLines(),
    };
    await proxy.stop();
  }
  {
    log(`${DISTINCT} distinct addresses in turn: ${DURATION} s`);
    resetUpstream('pass');
    const proxy = await startProxy();
    const paths = Array.from({ length: DISTINCT }, (_, i) => scoresPath(addressOf('LoadMany', i)));
    const rssBefore = await proxy.rss();
    const result = await cannon(proxy.url, paths, DURATION);
    run.distinct = {
      ...result,
      addresses: DISTINCT,
      upstreamRequests: up.requests.length,
      memoryMB: { before: memory(rssBefore), after: memory(await proxy.rss()) },
      logLines: proxy.logLines(),
    };
    await proxy.stop();
  }
  {
    log('after a 429: new addresses for 4 s, quota back after 5 s');
    resetUpstream('429');
    up.resetAt = Date.now() + 5000;
    const proxy = await startProxy();
    const first = await get(proxy.url + scoresPath(addressOf('LoadQuota', 0)));
    const firstAt = Date.now();
    const paths = Array.from({ length: DISTINCT }, (_, i) => scoresPath(addressOf('LoadQuota', i + 1)));
    const result = await cannon(proxy.url, paths, 4);
    const before = up.requests.filter((t) => t > firstAt && t < up.resetAt).length;
    await wait(Math.max(0, up.resetAt - Date.now()) + 1200);
    up.mode = 'pass';
    const after = await get(proxy.url + scoresPath(addressOf('LoadQuota', DISTINCT + 1)));
    run.quota = {
      firstStatus: first.status,
      requestsWhilePaused: result.requests,
      statuses: result.statuses,
      upstreamRequestsAfterThe429BeforeReset: before,
      afterResetStatus: after.status,
      logLines: proxy.logLines(),
    };
    await proxy.stop();
  }
  {
    log('stale-if-error: 200 addresses past TTL + stale-while-revalidate, the upstream failing');
    resetUpstream('pass');
    const proxy = await startProxy();
    const paths = Array.from({ length: 200 }, (_, i) => scoresPath(addressOf('LoadExpired', i)));
    for (const path of paths) await get(proxy.url + path);
    await proxy.advance(300 + 60 + 1);
    resetUpstream('500');
    const result = await cannon(proxy.url, paths, Math.min(DURATION, 5));
    run.staleIfError = { ...result, upstreamRequests: up.requests.length, logLines: proxy.logLines() };
    await proxy.stop();
  }
  {
    log('flood: the upstream never answers; 100 batches of 50 new addresses, each abandoned after 200 ms');
    resetUpstream('pass');
    const proxy = await startProxy();
    const cached = scoresPath(addressOf('LoadBurstHot', 0));
    await get(proxy.url + cached);
    resetUpstream('hang');
    const rssBefore = await proxy.rss();
    const batches = Array.from({ length: 100 }, (_, b) => {
      const parts = Array.from({ length: 50 }, (_, i) => `r=${scoresPath(addressOf('LoadBurst', b * 50 + i))}`);
      return get(`${proxy.url}/batch?${parts.join('&')}`, 200);
    });
    await Promise.all(batches);
    await wait(1000);
    const openAfter1s = up.open;
    const hit = await get(proxy.url + cached);
    const fresh = await get(proxy.url + scoresPath(addressOf('LoadBurstNew', 0)), 60_000);
    run.flood = {
      upstreamRequests: up.requests.length,
      upstreamOpenAfter1s: openAfter1s,
      upstreamMostOpen: up.mostOpen,
      memoryMB: { before: memory(rssBefore), after: memory(await proxy.rss()) },
      cachedPath: { status: hit.status, cache: hit.cache, ms: Math.round(hit.ms * 10) / 10 },
      newPath: { status: fresh.status, ms: Math.round(fresh.ms) },
      logLines: proxy.logLines(),
    };
    resetUpstream('pass');
    await proxy.stop();
  }
  {
    /** @type {Record<string, unknown>} */
    const budget = {};
    // The tags go into base58 addresses: no 0, O, I or l. The sandbox's own key allows a billion an hour.
    for (const [label, target, tag] of /** @type {const} */ ([
      ['largeKey', sandbox.url, 'BudgetBig'],
      ['freeKey', freeSandbox.url, 'BudgetFree'],
    ])) {
      log(`one client, 1,000 random valid addresses in one minute, every option at its default (${label})`);
      resetUpstream('pass');
      up.target = target;
      const proxy = await startProxy();
      const cached = scoresPath(addressOf(`${tag}Seen`, 0));
      await get(proxy.url + cached, undefined, '127.0.0.2');
      /** What other visitors got: one more each 5 s, each from its own loopback address. */
      const others = { during: /** @type {number[]} */ ([]), after: /** @type {number[]} */ ([]) };
      const visit = async (/** @type {number} */ v, /** @type {number[]} */ into) => {
        const from = `127.0.1.${v}`;
        into.push((await get(proxy.url + cached, undefined, from)).status);
        into.push((await get(proxy.url + scoresPath(addressOf(`${tag}Visitor`, v)), undefined, from)).status);
      };
      const before = up.requests.length;
      const asked = Array.from({ length: 1000 }, (_, i) =>
        wait(i * 60).then(() => get(proxy.url + scoresPath(addressOf(`${tag}Random`, i)), undefined, '127.0.0.1')),
      );
      for (let v = 1; v <= 11; v++) {
        await wait(5000);
        await visit(v, others.during);
      }
      const answers = await Promise.all(asked);
      const upstreamDuring = up.requests.length - before;
      for (let v = 12; v <= 14; v++) await visit(v, others.after);
      /** @type {Record<string, number>} */
      const statuses = {};
      for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      budget[label] = {
        strangerRequests: answers.length,
        strangerStatuses: statuses,
        // Each answer 200 to a new, distinct address was one upstream request; nothing else of the client's went upstream.
        strangerUpstreamRequests: statuses[200] ?? 0,
        upstreamRequestsDuringTheMinute: upstreamDuring,
        othersDuring: others.during,
        othersAfter: others.after,
        logLines: proxy.logLines(),
      };
      await proxy.stop();
    }
    run.budget = budget;
  }
} catch (error) {
  log(`proxy load bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  resetUpstream('pass');
  passAgent.destroy();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await sandbox.close();
  await freeSandbox.close();
}

if (process.exitCode) process.exit();

/** @type {{ runs: Record<string, unknown> }} */
const all = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : { runs: {} };
all.runs[flags.label ?? 'current'] = run;
writeFileSync(RESULTS, JSON.stringify(all, null, 2) + '\n');
console.log(JSON.stringify(run, null, 2));
console.log(`Written to ${RESULTS} under "${flags.label}"`);
