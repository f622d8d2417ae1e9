/**
 * The page-wide quota gate: after a 429 that says when the quota resets, no request goes out
 * for that base URL and key before then, from any client or widget on the page; a call refused
 * by the gate rejects at once (429, kind `quota`, `retryAt`). Widgets with a storage cache keep
 * the reset for the next page load (without the key), say when they try again, and do so.
 * Real HTTP against a sandbox that grants a few requests per short window, counting them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import { gate, gateKey, openGates } from '../../src/client/quota';
import { ServiceClient } from '../../src/client/service-client';
import { ServiceError } from '../../src/errors';
import { describeFailure } from '../../src/widgets/messages';
import { serverSideFetch } from '../helpers/server-fetch';
import { cleanupWidgets, mountWidget, nextOutcome, textOf, viewOf } from '../helpers/widgets';
import { rejection } from './util';
import { wordsFor } from '../../src/i18n/locale';

const LIMIT = 3;
const WINDOW_MS = 1500;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ quota: { limit: LIMIT, windowMs: WINDOW_MS } });
});
afterAll(() => sandbox.close());
afterEach(() => {
  cleanupWidgets();
  openGates();
  sessionStorage.clear();
  vi.useRealTimers();
});

/** Waits until the sandbox's current window has ended, so that a test starts with the whole quota. */
const freshWindow = async () => {
  // A counted answer (or a 429) tells the reset of the window it falls in; read server-side.
  const res = await serverSideFetch(`${sandbox.url}/api/v2/scores/${ADDRESSES.rich}`, { headers: { 'X-API-Key': API_KEY } });
  const reset = Number(res.headers.get('x-ratelimit-reset'));
  expect(reset).toBeGreaterThan(0);
  await new Promise((r) => setTimeout(r, Math.max(0, reset - Date.now()) + 20));
  sandbox.resetRequests();
};

/** Ten addresses the sandbox answers (ones it never saw are computed on the spot). */
const addresses = Array.from({ length: 10 }, (_, i) => `5${'A'.repeat(46)}${'123456789B'[i]}`);
const counted = () => sandbox.requests.filter((r) => r.path.startsWith('/api/v2/scores/'));

describe('the gate', () => {
  it('keys by base URL and a digest of the key, never the key itself', () => {
    const key = gateKey('https://api.example', 'dp_live_secret123');
    expect(key).not.toContain('secret');
    expect(key.startsWith('https://api.example ')).toBe(true);
    expect(gateKey('https://api.example', 'dp_live_other')).not.toBe(key);
    expect(gateKey('https://other.example', 'dp_live_secret123')).not.toBe(key);
  });

  it('a later reset wins; a past one opens it', () => {
    const key = gateKey('https://api.example', 'k');
    const at = Date.now() + 5000;
    expect(gate(key, at)).toBe(at);
    expect(gate(key, Date.now() + 1000)).toBe(at);
    expect(gate(key)).toBe(at);
    openGates();
    expect(gate(key, Date.now() - 1)).toBe(0);
    expect(gate(key)).toBe(0);
  });
});

describe('after a 429, nothing is sent for that base URL and key before the reset', () => {
  it('ten clients: never more requests than the quota grants plus the refused ones, none after the first 429 until the reset', async () => {
    await freshWindow();
    const clients = addresses.map(() => new ServiceClient({ apiKey: API_KEY, baseUrl: sandbox.url, retries: 0, cacheTtlMs: 0 }));
    // One after another: the first 429 closes the gate for every later call.
    const outcomes: unknown[] = [];
    for (const [i, client] of clients.entries()) outcomes.push(await client.getScores(addresses[i]!).catch((e: unknown) => e));
    const granted = outcomes.filter((o) => !(o instanceof Error));
    expect(granted).toHaveLength(LIMIT);
    // LIMIT answered, one refused with a reset: nothing more, and no retry of it.
    expect(counted()).toHaveLength(LIMIT + 1);
    const refused = outcomes.slice(LIMIT) as ServiceError[];
    for (const error of refused) {
      expect(error).toBeInstanceOf(ServiceError);
      expect(error.statusCode).toBe(429);
      expect(error.kind).toBe('quota');
      expect(error.retryAt).toBeGreaterThan(Date.now());
    }
    const { retryAt } = refused[0]!;
    expect(refused.every((e) => e.retryAt == retryAt)).toBe(true);
    // The gate's own refusal says when; the service's 429 said it in its words.
    expect(refused[1]!.message).toMatch(/: quota used up until \d{4}-\d\d-\d\dT/);
    // After the reset, asking works again, with one request.
    await new Promise((r) => setTimeout(r, retryAt! - Date.now() + 10));
    await expect(clients[LIMIT]!.getScores(addresses[LIMIT]!)).resolves.toMatchObject({ address: addresses[LIMIT] });
    expect(counted()).toHaveLength(LIMIT + 2);
  });

  it('a retry waits for the reset: no request between a 429 and the time it names', async () => {
    await freshWindow();
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: sandbox.url, retries: 2, cacheTtlMs: 0 });
    const others = addresses.map(() => new ServiceClient({ apiKey: API_KEY, baseUrl: sandbox.url, retries: 0, cacheTtlMs: 0 }));
    const results = await Promise.all([
      ...addresses.slice(0, LIMIT + 1).map((a) => client.getScores(a)),
      // Started while the first retry waits: refused by the gate at once.
      new Promise((r) => setTimeout(r, 200)).then(() => others[0]!.getScores(addresses[9]!).catch((e: ServiceError) => e.kind)),
    ]);
    expect(results.at(-1)).toBe('quota');
    const log = counted();
    // The window began with the first request; its 429 named that reset, and the retry waited for it.
    const reset = log[0]!.time + WINDOW_MS;
    const refusedAt = log[LIMIT]!.time;
    expect(refusedAt).toBeLessThan(reset);
    expect(log[LIMIT + 1]!.time).toBeGreaterThanOrEqual(reset);
    expect(log).toHaveLength(LIMIT + 2);
  });

  it('a client with another key is not held by it', async () => {
    const key = gateKey(sandbox.url, API_KEY);
    gate(key, Date.now() + 60000);
    const held = await rejection(new ServiceClient({ apiKey: API_KEY, baseUrl: sandbox.url, cacheTtlMs: 0 }).getScores(ADDRESSES.rich));
    expect((held as ServiceError).kind).toBe('quota');
    expect(gate(gateKey(sandbox.url, 'demo-other'))).toBe(0);
  });
});

describe('widgets and the gate', () => {
  it('a widget without data says when it tries again (locale, time zone), has no "Try again", and reloads at the reset', async () => {
    await freshWindow();
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: sandbox.url, retries: 0, cache: 'session', locale: 'en-US' } as const;
    // Spend the quota (the widget's own request is the one refused).
    for (const address of addresses.slice(0, LIMIT))
      await fetch(`${sandbox.url}/api/v2/scores/${address}`, { headers: { 'X-API-Key': API_KEY } });
    const { host, root, loaded } = mountWidget({ ...config, address: ADDRESSES.rich });
    expect(await loaded).toBe('error');
    const text = textOf(viewOf(root));
    expect(text).toMatch(/^Quota used up: trying again at \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M\.$/);
    expect(root.querySelector('[part="retry"]')).toBeNull();
    // Kept in the session for the next page load, under a name without the key.
    const stored = Object.keys(sessionStorage).filter((k) => k.includes(sandbox.url) && !k.includes('reputation'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain(API_KEY);
    // A new page load (the in-memory gate forgotten) sends nothing before the reset.
    openGates();
    const before = counted().length;
    const second = mountWidget({ ...config, address: ADDRESSES.noProfile });
    expect(await second.loaded).toBe('error');
    expect(counted()).toHaveLength(before);
    // Both reload by themselves at the reset.
    const [first, next] = [nextOutcome(host, 4000), nextOutcome(second.host, 4000)];
    expect(await first).toBe('ready');
    expect(await next).toBe('ready');
    expect(counted()).toHaveLength(before + 2);
  });

  it('the time carries its date, in the locale', () => {
    const tomorrow = Date.now() + 86400000;
    const error = new ServiceError(429, 'x', { kind: 'quota', retryAt: tomorrow });
    const { sentence, retry } = describeFailure(error, '', wordsFor('en-US'));
    expect(retry).toBe(false);
    expect(sentence).toContain(new Date(tomorrow).toLocaleDateString('en-US'));
  });
});
