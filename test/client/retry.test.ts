/**
 * The retry policy (src/client/retry.ts) as a plain function: which failures are tried again,
 * how long it waits, and when it stops.
 */
import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, nextDelay } from '../../src/client/retry';
import type { ServiceErrorKind } from '../../src/errors';

interface State {
  kind: ServiceErrorKind;
  status: number;
  serverWaitMs: number | undefined;
  tries: number;
  retries: number;
  networkFailures: number;
  timeLeftMs: number;
  random: number;
}

/** A 503 on the first attempt of a call with time to spare, changed by `over`. */
const state = (over: Partial<State>): State => ({
  kind: 'http',
  status: 503,
  serverWaitMs: undefined,
  tries: 0,
  retries: 2,
  networkFailures: 0,
  timeLeftMs: 60_000,
  random: 0,
  ...over,
});

const delay = (s: State) =>
  nextDelay({
    $kind: s.kind,
    $status: s.status,
    $serverWaitMs: s.serverWaitMs,
    $tries: s.tries,
    $retries: s.retries,
    $networkFailures: s.networkFailures,
    $timeLeftMs: s.timeLeftMs,
    $random: s.random,
  });

describe('which failures are retried', () => {
  it.each([429, 502, 503, 504])('status %i', (status) => {
    expect(delay(state({ status }))).toBeGreaterThan(0);
  });
  it.each([400, 401, 403, 404, 418, 500, 501])('not status %i', (status) => {
    expect(delay(state({ status }))).toBeUndefined();
  });
  it('a network failure, once', () => {
    expect(delay(state({ kind: 'network', status: 0, networkFailures: 1 }))).toBeGreaterThan(0);
    expect(delay(state({ kind: 'network', status: 0, networkFailures: 2, tries: 1 }))).toBeUndefined();
  });
  it.each(['timeout', 'malformed', 'too-large', 'redirect'] as const)('never %s', (kind) => {
    expect(delay(state({ kind, status: kind == 'malformed' ? 200 : 0 }))).toBeUndefined();
  });
  it('the kind decides, not the status: a malformed 503 is not retried', () => {
    expect(delay(state({ kind: 'malformed', status: 503 }))).toBeUndefined();
  });
});

describe('how long it waits', () => {
  it('exponential backoff from 300 ms, with jitter between half and all of it', () => {
    expect(delay(state({ tries: 0, random: 0 }))).toBe(150);
    expect(delay(state({ tries: 1, random: 0, retries: 5 }))).toBe(300);
    expect(delay(state({ tries: 2, random: 0.999999, retries: 5 }))).toBeCloseTo(1200, 0);
  });
  it('the backoff is capped at 10 s', () => {
    expect(delay(state({ tries: 4, random: 0.999999, retries: 5 }))).toBeLessThanOrEqual(MAX_WAIT_MS);
  });
  it('the wait the server asked for, instead of the backoff', () => {
    expect(delay(state({ status: 429, serverWaitMs: 4000 }))).toBe(4000);
    expect(delay(state({ status: 429, serverWaitMs: 0 }))).toBe(0);
  });
});

describe('when it stops', () => {
  it('after `retries` retries', () => {
    expect(delay(state({ tries: 1, retries: 2 }))).toBeGreaterThan(0);
    expect(delay(state({ tries: 2, retries: 2 }))).toBeUndefined();
    expect(delay(state({ retries: 0 }))).toBeUndefined();
  });
  it('when the server asks for more than 10 s (failing at once says more than waiting)', () => {
    expect(delay(state({ status: 429, serverWaitMs: MAX_WAIT_MS }))).toBe(MAX_WAIT_MS);
    expect(delay(state({ status: 429, serverWaitMs: MAX_WAIT_MS + 1 }))).toBeUndefined();
    expect(delay(state({ status: 429, serverWaitMs: Infinity }))).toBeUndefined();
  });
  it('when the wait would reach the deadline of the whole call', () => {
    expect(delay(state({ status: 429, serverWaitMs: 2000, timeLeftMs: 2001 }))).toBe(2000);
    expect(delay(state({ status: 429, serverWaitMs: 2000, timeLeftMs: 2000 }))).toBeUndefined();
  });
});
