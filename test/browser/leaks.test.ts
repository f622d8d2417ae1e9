/**
 * Leaks: in Chromium, 1,000 cycles of create → mount → update → destroy for each
 * widget kind return the page to its baseline:
 * - `Memory.getDOMCounters` (documents, nodes, JS event listeners) after a forced GC;
 * - listeners on window and on the document and everything in it, shadow roots included
 *   (`DOMDebugger.getEventListeners`);
 * - listeners on `matchMedia` lists (`theme: 'auto'` widgets register one), counted by
 *   wrapping `MediaQueryList.prototype.addEventListener` before repkit loads;
 * - `.repkit` hosts and the page's own element count.
 *
 * Cycles mix: destroy at once (the cached load still pending), destroy after the first load,
 * destroy mid-load over the network (a slow base URL, cache off), data and display updates,
 * `theme: 'auto'`. A last phase mounts 150 widgets on 150 distinct base URLs (each a distinct
 * cache key) and waits for each to load; the cache's bound itself is asserted in happy-dom
 * (test/lifecycle/cache-bound.test.ts), since the UMD build does not expose it.
 *
 * Runs against dist/repkit.umd.js (build first).
 */
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { faultBaseUrl } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY, servePage, useBrowser } from './harness';
import { KIND_NAMES } from '../helpers/kinds';

const browser = useBrowser();

const CYCLES = 1000;
const BATCH = 100;
const KINDS = KIND_NAMES;

/**
 * The page: a stage far below the fold (lazy images are never fetched: the image hosts are
 * fake), a counter of live matchMedia listeners installed before repkit, and the UMD build.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit leaks</title></head>
<body><main><h1>Leak test</h1><div id="stage" style="position:absolute;top:30000px;width:600px"></div></main>
<script>
  window.__mq = { live: 0, max: 0, added: 0 };
  (() => {
    const proto = MediaQueryList.prototype;
    const add = proto.addEventListener;
    const remove = proto.removeEventListener;
    const registered = new WeakMap();
    proto.addEventListener = function (type, listener, options) {
      if (type == 'change') {
        let set = registered.get(this);
        if (!set) registered.set(this, (set = new Set()));
        if (!set.has(listener)) {
          set.add(listener);
          __mq.added++;
          __mq.max = Math.max(__mq.max, ++__mq.live);
        }
      }
      return add.call(this, type, listener, options);
    };
    proto.removeEventListener = function (type, listener, options) {
      if (type == 'change' && registered.get(this)?.delete(listener)) __mq.live--;
      return remove.call(this, type, listener, options);
    };
  })();
</script>
<script src="/dist/repkit.umd.js"></script>
</body></html>`;

interface Snapshot {
  documents: number;
  nodes: number;
  jsEventListeners: number;
  windowListeners: string[];
  documentListeners: string[];
  hosts: number;
  elements: number;
  mediaListeners: number;
}

const listenersOf = async (cdp: CDPSession, expression: string, subtree: boolean): Promise<string[]> => {
  const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup: 'leaks' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
    objectId: result.objectId!,
    ...(subtree ? { depth: -1, pierce: true } : {}),
  });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'leaks' });
  return listeners.map((l) => `${l.type}${l.useCapture ? ' (capture)' : ''}`).sort();
};

/** Lets pending work finish, collects garbage, then reads every counter. */
const snapshot = async (page: Page, cdp: CDPSession): Promise<Snapshot> => {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const page_ = await page.evaluate(() => ({
    hosts: document.querySelectorAll('.repkit').length,
    elements: document.querySelectorAll('*').length,
    mediaListeners: (window as unknown as { __mq: { live: number } }).__mq.live,
  }));
  return {
    documents: counters.documents,
    nodes: counters.nodes,
    jsEventListeners: counters.jsEventListeners,
    windowListeners: await listenersOf(cdp, 'window', false),
    documentListeners: await listenersOf(cdp, 'document', true),
    ...page_,
  };
};

interface CycleArgs {
  kind: string;
  start: number;
  count: number;
  fast: string;
  slow: string;
  apiKey: string;
  addresses: string[];
}

/** In the page: `count` cycles of create → mount → update → destroy of one kind. */
const cycles = (page: Page, args: CycleArgs) =>
  page.evaluate(async ({ kind, start, count, fast, slow, apiKey, addresses }) => {
    type Widget = { state: string; element?: HTMLElement; update(o: object): Widget; destroy(): void };
    const RepKit = (window as unknown as { RepKit: { createWidget(c: object): { mount(t: Element): Widget } } }).RepKit;
    const stage = document.getElementById('stage')!;
    const settled = async (widget: Widget) => {
      for (let t = 0; widget.state == 'loading'; t++) {
        if (t > 2000) throw new Error(`a ${kind} widget kept loading`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    const stats = { midLoad: 0, awaited: 0, immediate: 0, loads: 0, errors: 0, auto: 0 };
    const later: Promise<void>[] = [];
    for (let i = start; i < start + count; i++) {
      const container = document.createElement('div');
      stage.append(container);
      const mode = i % 10 == 3 ? 'midLoad' : i % 10 == 6 || i % 10 == 9 ? 'awaited' : 'immediate';
      stats[mode]++;
      const theme = i % 3 == 0 ? 'auto' : i % 3 == 1 ? 'dark' : 'light';
      if (theme == 'auto') stats.auto++;
      const widget = RepKit.createWidget({
        type: kind,
        apiKey,
        address: addresses[i % addresses.length],
        baseUrl: mode == 'midLoad' ? slow : fast,
        theme,
        className: 'leak cycle',
        retries: 0,
        onLoad: () => stats.loads++,
        onError: () => stats.errors++,
        ...(kind == 'category' ? { categoryKey: i % 2 ? 'longevity' : 'txCount' } : {}),
        ...(kind == 'badge' && i % 4 == 0 ? { badgeKey: 'ReferendumVoter' } : {}),
        ...(mode == 'midLoad' ? { cacheTtlMs: 0 } : {}),
      }).mount(container);
      // Odd cycles change the data (a reload), even ones the display (a re-render).
      const change =
        i % 2
          ? { address: addresses[(i + 1) % addresses.length] }
          : { theme: theme == 'auto' ? 'light' : 'auto', maxBadges: 2, compact: true };
      const end = () => {
        widget.destroy();
        container.remove();
      };
      if (mode == 'awaited') {
        await settled(widget);
        widget.update(change);
        await settled(widget);
        end();
      } else if (mode == 'midLoad') {
        widget.update(change);
        // Destroyed while the (slow, uncached) request is on the wire.
        later.push(new Promise((resolve) => setTimeout(() => resolve(end()), i % 7)));
      } else {
        widget.update(change);
        end();
      }
    }
    await Promise.all(later);
    return stats;
  }, args);

describe('1,000 create → mount → update → destroy cycles per kind leave nothing behind', () => {
  it('DOM nodes, listeners (window, document, matchMedia, all JS), hosts and documents return to baseline', async () => {
    const { page, log } = await browser.page();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable'); // DOMDebugger needs the DOM domain
    await servePage(page, `${browser.url}/t/leaks.html`, PAGE);
    await page.goto(`${browser.url}/t/leaks.html`);
    await page.waitForFunction(() => 'RepKit' in window);

    const fast = browser.url;
    const slow = faultBaseUrl(browser.url, { latency: 25, id: 'leaks' });
    const addresses = [ADDRESSES.rich, ADDRESSES.identityOnly, ADDRESSES.fresh, ADDRESSES.noProfile];
    const run = (kind: string, start: number, count: number) =>
      cycles(page, { kind, start, count, fast, slow, apiKey: API_KEY, addresses });

    // Warm up: shared stylesheets and formatters, the cache for the fast base URL.
    for (const kind of KINDS) await run(kind, 0, 20);
    const baseline = await snapshot(page, cdp);
    expect(baseline.hosts).toBe(0);
    expect(baseline.mediaListeners).toBe(0);

    const totals: Record<string, Record<string, number>> = {};
    for (const kind of KINDS) {
      const sum: Record<string, number> = {};
      for (let start = 0; start < CYCLES; start += BATCH) {
        for (const [key, n] of Object.entries(await run(kind, start, BATCH))) sum[key] = (sum[key] ?? 0) + n;
      }
      totals[kind] = sum;
      // Back to baseline after each kind, so a leak names its kind.
      expect(await snapshot(page, cdp), `after ${CYCLES} ${kind} cycles`).toEqual(baseline);
    }

    // Every kind went through every mode, loads finished and auto-theme listeners existed.
    for (const kind of KINDS) {
      const t = totals[kind]!;
      expect(t.midLoad + t.awaited + t.immediate, kind).toBe(CYCLES);
      expect(t.midLoad, kind).toBeGreaterThanOrEqual(100);
      expect(t.awaited, kind).toBeGreaterThanOrEqual(200);
      // Awaited cycles report their first load, and half of them (data updates) a second one.
      expect(t.loads + t.errors, `${kind}: loads that reported`).toBeGreaterThanOrEqual(t.awaited * 1.5);
    }
    const mq = await page.evaluate(() => (window as unknown as { __mq: { live: number; max: number; added: number } }).__mq);
    expect(mq.added).toBeGreaterThanOrEqual(KINDS.length * (CYCLES / 3));
    expect(mq.max).toBeGreaterThan(0);
    expect(mq.live).toBe(0);

    // 150 widgets on 150 distinct base URLs: the cache sees 150+ distinct keys.
    const loaded = await page.evaluate(
      async ({ bases, apiKey, address, kinds }) => {
        const RepKit = (
          window as unknown as { RepKit: { createWidget(c: object): { mount(t: Element): { state: string; destroy(): void } } } }
        ).RepKit;
        const stage = document.getElementById('stage')!;
        let ready = 0;
        await Promise.all(
          bases.map(async (baseUrl, i) => {
            const container = stage.appendChild(document.createElement('div'));
            const widget = RepKit.createWidget({
              type: kinds[i % kinds.length],
              apiKey,
              address,
              baseUrl,
              retries: 0,
              theme: 'auto',
              categoryKey: 'longevity',
            }).mount(container);
            for (let t = 0; widget.state == 'loading' && t < 3000; t++) await new Promise((resolve) => setTimeout(resolve, 2));
            if (widget.state == 'ready') ready++;
            widget.destroy();
            container.remove();
          }),
        );
        return ready;
      },
      {
        bases: Array.from({ length: 150 }, (_, i) => faultBaseUrl(browser.url, { id: `distinct-${i}` })),
        apiKey: API_KEY,
        address: ADDRESSES.rich,
        kinds: KINDS,
      },
    );
    expect(loaded).toBe(150);
    expect(await snapshot(page, cdp), 'after 150 widgets on distinct base URLs').toEqual(baseline);

    expect(log.errors).toEqual([]);
    expect(log.dialogs).toEqual([]);
    await page.context().close();
  }, 90000);
});
