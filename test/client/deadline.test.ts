/**
 * Request timeouts on one timer (src/client/deadline.ts): each attempt still times out at its
 * own deadline, a cleared one never does, and a page's many attempts arm one timer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deadline } from '../../src/client/deadline';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deadline', () => {
  it('ends each attempt at its own time, whatever the order they were set in', async () => {
    const ended: number[] = [];
    const started = Date.now();
    for (const ms of [60, 20, 40]) deadline(ms, () => ended.push(ms));
    await sleep(30);
    expect(ended).toEqual([20]);
    await sleep(60);
    expect(ended).toEqual([20, 40, 60]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
  });

  it('a cleared deadline never ends its attempt; the others still do', async () => {
    const ended: string[] = [];
    const clear = deadline(10, () => ended.push('cleared'));
    deadline(30, () => ended.push('kept'));
    clear();
    await sleep(60);
    expect(ended).toEqual(['kept']);
  });

  it('a hundred attempts with the same timeout arm one timer, not a hundred', async () => {
    await sleep(20); // no deadline of another test pending
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const ended: number[] = [];
    const clears = Array.from({ length: 100 }, (_, i) => deadline(40, () => ended.push(i)));
    expect(timers).toHaveBeenCalledTimes(1);
    // Answers arrive for all but the last: it alone times out.
    clears.slice(0, 99).forEach((clear) => clear());
    await sleep(80);
    expect(ended).toEqual([99]);
  });
});
