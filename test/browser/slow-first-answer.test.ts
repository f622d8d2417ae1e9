/**
 * The first answer for an address the service has not seen is computed from chain data and
 * can take half a minute (the production service calls a chain indexer at about one request a second). A widget still loading after 3 s says so, politely and
 * through a live region, without moving anything on the page; once the answer arrives the
 * message goes. The sandbox here computes for 4.5 s, and its brand-new address is recomputed
 * on every request, so every kind waits.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADDRESSES, servePage, umdPage, useBrowser } from './harness';
import { ADDRESS_ONLY_KINDS, KIND_NAMES, extrasOf } from '../helpers/kinds';

const COMPUTE_MS = 4500;
const browser = useBrowser({ computeDelayMs: COMPUTE_MS });

/** Every kind of the registry, with what it requires besides the address. */
const KINDS = KIND_NAMES.map((kind) => ({ type: kind, ...extrasOf(kind) }));

/** Each host's state, height and status line, in document order. */
const snapshot = (page: Page) =>
  page.$$eval('.repkit', (hosts) =>
    hosts.map((host) => {
      const status = host.shadowRoot!.querySelector('.rk-slow');
      return {
        state: (host as HTMLElement).dataset.state,
        slow: host.hasAttribute('data-slow'),
        height: host.getBoundingClientRect().height,
        text: status?.textContent ?? null,
        role: status?.getAttribute('role') ?? null,
        live: status?.getAttribute('aria-live') ?? null,
        visible: status ? getComputedStyle(status).display != 'none' : false,
      };
    }),
  );

describe('a slow first answer', () => {
  it('says after 3 s that the reputation is being calculated, in a polite live region, and nothing moves', async () => {
    const { page, log } = await browser.page();
    const url = `${browser.url}/slow.html`;
    await servePage(
      page,
      url,
      umdPage(
        browser.url,
        KINDS.map((k) => ({ ...k, address: ADDRESSES.fresh })),
      ),
    );
    // Layout shifts the page records while the widgets wait; the skeleton's own first paint
    // happens before this observer starts, so any entry is a shift the message caused.
    await page.goto(url);
    await page.waitForFunction((count) => document.querySelectorAll('.repkit').length == count, KINDS.length);
    await page.evaluate(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift' });
    });

    const early = await snapshot(page);
    expect(early.map((h) => h.state)).toEqual(KINDS.map(() => 'loading'));
    // The live region is there from the start (so that filling it is announced), but empty.
    for (const host of early) expect(host).toMatchObject({ slow: false, text: '', role: 'status', live: 'polite', visible: false });

    await page.waitForFunction(
      () => Array.from(document.querySelectorAll('.repkit')).every((h) => h.hasAttribute('data-slow')),
      undefined,
      {
        timeout: COMPUTE_MS,
      },
    );
    const slow = await snapshot(page);
    for (const [i, host] of slow.entries()) {
      expect(host.state).toBe('loading');
      expect(host.text).toMatch(/calculating this reputation/i);
      expect(host.visible).toBe(true);
      expect(host.height).toBe(early[i]!.height);
    }
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);

    await page.waitForFunction(
      () => Array.from(document.querySelectorAll<HTMLElement>('.repkit')).every((h) => h.dataset.state != 'loading'),
      undefined,
      {
        timeout: COMPUTE_MS * 2,
      },
    );
    const done = await snapshot(page);
    // A brand-new address has a score of 0, no badges, an empty profile, no category score yet:
    // the kinds that need only an address show it, the others (a category) have nothing to show.
    expect(done.map((h) => h.state)).toEqual(KINDS.map(({ type }) => (ADDRESS_ONLY_KINDS.includes(type) ? 'ready' : 'error')));
    for (const host of done) expect(host.slow).toBe(false);
    expect(log.errors).toEqual([]);
  });
});
