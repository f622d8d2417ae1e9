/**
 * Loading and rendering many widgets, in Chromium: only what is visible loads (`loading: 'lazy'` with a real
 * IntersectionObserver, a 500-row leaderboard, closed <details> and hidden parents), a repeat
 * visit with `cache` draws its data in the first frame, and the loading skeleton reserves the
 * ready state's size, so content below a widget does not move (layout-shift entries).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { faultBaseUrl } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY, ARTIFACTS, servePage, useBrowser } from './harness';
import { KIND_NAMES, extrasOf } from '../helpers/kinds';

const browser = useBrowser();

/** An address of row `i` that no fixture has (the sandbox computes it on the spot). */
const rowAddress = (i: number): string => `1Row${String(i).replace(/0/g, 'z')}`.padEnd(48, 'x');

/** Scores requests the sandbox received since the last reset, by address. */
const scoreRequests = (): string[] =>
  browser.sandbox.requests.filter((r) => r.method == 'GET' && r.path.startsWith('/api/v2/scores/')).map((r) => r.path.split('/').pop()!);

/** Lets a couple of frames and the network settle. */
const settle = (page: Page, ms = 400): Promise<void> =>
  page.evaluate((ms) => new Promise<void>((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => r())), ms)), ms);

/** A page that loads the UMD build in <head> (so nothing is painted before the widgets mount). */
const page = (body: string, script: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit performance</title>
<script src="/dist/repkit.umd.js"></script>
<style>body { margin: 0; font: 16px/1.4 sans-serif } .row { padding: 2px 8px }</style></head>
<body>${body}<script>${script}</script></body></html>`;

describe("loading: 'lazy' in Chromium", () => {
  it('a 500-row leaderboard of distinct addresses requests only the rows near the viewport, and the next ones as it scrolls', async () => {
    const { page: tab, log } = await browser.page();
    const rows = Array.from({ length: 500 }, (_, i) => rowAddress(i));
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: browser.url, compact: true, loading: 'lazy' };
    await servePage(
      tab,
      `${browser.url}/leaderboard.html`,
      page(
        `<ol id="board">${rows.map((_, i) => `<li class="row" id="r${i}"></li>`).join('')}</ol>`,
        `const rows = ${JSON.stringify(rows)};
         rows.forEach((address, i) => RepKit.createWidget({ ...${JSON.stringify(config)}, address }).mount('#r' + i));`,
      ),
    );
    browser.sandbox.resetRequests();
    await tab.goto(`${browser.url}/leaderboard.html`);
    /** Rows whose host is within 300 px of the viewport, and which of them are loaded. */
    const near = () =>
      tab.evaluate(() => {
        const hosts = Array.from(document.querySelectorAll<HTMLElement>('.repkit'));
        const inMargin = hosts.filter((h) => {
          const r = h.getBoundingClientRect();
          return r.bottom >= -300 && r.top <= innerHeight + 300;
        });
        return { hosts: hosts.length, near: inMargin.length, loaded: hosts.filter((h) => h.dataset.state != 'loading').length };
      });
    await tab.waitForFunction(() => document.querySelectorAll('.repkit[data-state="ready"]').length > 0);
    await settle(tab);
    const first = await near();
    expect(first.hosts).toBe(500);
    expect(first.near).toBeGreaterThan(5);
    expect(first.near).toBeLessThan(100);
    // Exactly the rows near the viewport asked, each once, and all of them are ready.
    const asked = scoreRequests();
    expect(asked.length).toBe(first.near);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.sort()).toEqual(rows.slice(0, first.near).sort());
    expect(first.loaded).toBe(first.near);

    // One screen down: only the rows that came near are added.
    await tab.evaluate(() => scrollBy(0, innerHeight));
    await settle(tab);
    const second = await near();
    const nearIndexes = await tab.evaluate(() => {
      const hosts = Array.from(document.querySelectorAll<HTMLElement>('.repkit'));
      return hosts
        .map((h, i) => [h, i] as const)
        .filter(([h]) => h.dataset.state != 'loading')
        .map(([, i]) => i);
    });
    const askedNow = scoreRequests();
    expect(askedNow.length).toBe(nearIndexes.length);
    expect(askedNow.length).toBeLessThan(first.near + second.near + 5);
    expect(askedNow.length).toBeGreaterThan(first.near);
    expect(log.errors).toEqual([]);
  });

  it('inside a closed <details> or a display:none parent it waits until shown, then loads', async () => {
    const { page: tab, log } = await browser.page();
    const [inDetails, inHidden, eager] = [rowAddress(9001), rowAddress(9002), rowAddress(9003)];
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: browser.url };
    await servePage(
      tab,
      `${browser.url}/hidden.html`,
      page(
        `<details id="d"><summary>More</summary><div id="a"></div></details>
         <div id="box" hidden><div id="b"></div></div>
         <div id="c"></div>`,
        `RepKit.createWidget({ ...${JSON.stringify(config)}, address: ${JSON.stringify(inDetails)}, loading: 'lazy' }).mount('#a');
         RepKit.createWidget({ ...${JSON.stringify(config)}, address: ${JSON.stringify(inHidden)}, loading: 'lazy' }).mount('#b');
         RepKit.createWidget({ ...${JSON.stringify(config)}, address: ${JSON.stringify(eager)} }).mount('#c');`,
      ),
    );
    browser.sandbox.resetRequests();
    await tab.goto(`${browser.url}/hidden.html`);
    await tab.waitForFunction(() => document.querySelector<HTMLElement>('#c .repkit')?.dataset.state == 'ready');
    await settle(tab);
    // In the viewport, but not rendered: like a lazy image, no request yet.
    expect(scoreRequests()).toEqual([eager]);

    await tab.click('summary');
    await tab.waitForFunction(() => document.querySelector<HTMLElement>('#a .repkit')?.dataset.state == 'ready');
    expect(scoreRequests().sort()).toEqual([eager, inDetails].sort());

    await tab.evaluate(() => (document.getElementById('box')!.hidden = false));
    await tab.waitForFunction(() => document.querySelector<HTMLElement>('#b .repkit')?.dataset.state == 'ready');
    expect(scoreRequests().sort()).toEqual([eager, inDetails, inHidden].sort());
    expect(log.errors).toEqual([]);
  });
});

describe("cache: 'session' in Chromium", () => {
  it('after a reload, the stored data is shown without asking the service again; the key is nowhere in storage', async () => {
    const { page: tab, log } = await browser.page();
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.rich, cache: 'session' };
    const uncached = { ...config, address: ADDRESSES.identityOnly, cache: 'none' };
    await servePage(
      tab,
      `${browser.url}/cached.html`,
      page(
        `<div id="w"></div><div id="u"></div>`,
        `const w = RepKit.createWidget(${JSON.stringify(config)}).mount('#w');
         const u = RepKit.createWidget(${JSON.stringify(uncached)}).mount('#u');
         // Runs before the page's first paint: what that frame will show.
         requestAnimationFrame(() => {
           window.firstFrame = [w, u].map((x) => ({ state: x.element.dataset.state, text: x.element.shadowRoot.textContent.replace(/\\s+/g, ' ') }));
         });`,
      ),
    );
    await tab.goto(`${browser.url}/cached.html`);
    await tab.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.repkit')).every((h) => h.dataset.state == 'ready'));
    const visit = await tab.evaluate(() => (window as unknown as { firstFrame: { state: string }[] }).firstFrame);
    expect(visit.map((f) => f.state)).toEqual(['loading', 'loading']);

    const sentBefore = log.requests.length;
    await tab.reload();
    await tab.waitForFunction(() => (window as unknown as { firstFrame?: unknown }).firstFrame);
    // The stored answer is read by the cache's code (dist/repkit.chunk-cache.js, issue 33), which
    // the first widget with a cache loads: the first frame still shows the skeleton, and the
    // stored data follows without a request.
    const repeat = await tab.evaluate(() => (window as unknown as { firstFrame: { state: string; text: string }[] }).firstFrame);
    expect(repeat.map((f) => f.state)).toEqual(['loading', 'loading']);
    await tab.waitForFunction(() => document.querySelector<HTMLElement>('#w .repkit')?.dataset.state == 'ready');
    expect(await tab.$eval('#w .repkit', (h) => h.shadowRoot!.textContent)).toContain('89');
    const asked = log.requests.slice(sentBefore).filter((u) => u.includes('/api/v2/') && u.includes(ADDRESSES.rich));
    expect(asked).toEqual([]);
    const stored = await tab.evaluate(() => Object.entries(sessionStorage).filter(([k]) => k.startsWith('repkit:')));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
    expect(log.errors).toEqual([]);
  });
});

describe('skeleton to content without layout shift', () => {
  /** Every kind of the registry, with what it requires besides the address. */
  const KINDS: Record<string, unknown>[] = KIND_NAMES.map((kind) => ({ type: kind, ...extrasOf(kind) }));

  /**
   * Mounts `kind` at its defaults for a full record, answered after 400 ms, above a paragraph;
   * returns the host's height while loading and when ready, and the layout shifts recorded.
   */
  const measure = async (kind: Record<string, unknown>, width: number) => {
    const { page: tab, log } = await browser.page({ viewport: { width, height: 900 } });
    const baseUrl = faultBaseUrl(browser.url, { latency: 400, id: `cls-${String(kind.type)}-${width}-${Date.now()}` });
    const config = { apiKey: API_KEY, baseUrl, address: ADDRESSES.rich, ...kind };
    await servePage(
      tab,
      `${browser.url}/cls.html`,
      page(
        `<div id="w"></div>`,
        `window.shifts = [];
         new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) shifts.push(e.value); })
           .observe({ type: 'layout-shift', buffered: true });
         const w = RepKit.createWidget(${JSON.stringify(config)}).mount('#w');
         const height = () => w.element.getBoundingClientRect().height;
         requestAnimationFrame(() => setTimeout(() => { window.loading = { state: w.state, height: height() }; }, 100));
         w.element.addEventListener('repkit:load', () => requestAnimationFrame(() => setTimeout(() => { window.ready = { height: height() }; }, 200)));
         document.body.insertAdjacentHTML('beforeend', '<p id="after">The page goes on below the widget.</p>');`,
      ),
    );
    await tab.goto(`${browser.url}/cls.html`);
    await tab.waitForFunction(() => (window as unknown as { ready?: unknown }).ready, null, { timeout: 10000 });
    const result = await tab.evaluate(() => {
      const w = window as unknown as { loading: { state: string; height: number }; ready: { height: number }; shifts: number[] };
      return { loading: w.loading, ready: w.ready, cls: w.shifts.reduce((a, b) => a + b, 0) };
    });
    expect(log.errors).toEqual([]);
    return result;
  };

  for (const kind of KINDS) {
    it(`${String(kind.type)}: the skeleton takes exactly the ready view's height, wide and narrow`, async () => {
      for (const width of [900, 360]) {
        const { loading, ready } = await measure(kind, width);
        expect(loading.state).toBe('loading');
        expect(loading.height, `${width} px wide`).toBeGreaterThan(100);
        expect(Math.abs(loading.height - ready.height), `${width} px wide: ${loading.height} then ${ready.height}`).toBeLessThan(0.5);
      }
    });
  }

  it('compact reputation, the leaderboard row: the same height loading and ready, with chips or with no category scored yet', async () => {
    for (const address of [ADDRESSES.rich, ADDRESSES.fresh]) {
      const { loading, ready, cls } = await measure({ type: 'reputation', compact: true, address }, 900);
      expect(loading.state).toBe('loading');
      expect(Math.abs(loading.height - ready.height), `${address}: ${loading.height} then ${ready.height}`).toBeLessThan(0.5);
      expect(cls).toBe(0);
    }
  });

  for (const kind of KINDS) {
    it(`${String(kind.type)}: cumulative layout shift is 0 from mount to ready, wide and narrow`, async () => {
      for (const width of [900, 360]) expect((await measure(kind, width)).cls, `${width} px wide`).toBe(0);
    });
  }
});

describe('off screen, widgets skip style, layout and paint (content-visibility)', () => {
  it('sixty widgets of four kinds mounted at once: those in view are laid out before the first paint, nothing in view ever moves', async () => {
    const { page: tab, log } = await browser.page({ viewport: { width: 800, height: 700 } });
    const baseUrl = faultBaseUrl(browser.url, { latency: 300, id: `many-${Date.now()}` });
    // Compact rows first: far smaller than the stylesheet's guess, so placing them takes rounds.
    const configs = Array.from({ length: 60 }, (_, i) => ({
      type: i < 20 ? 'reputation' : ['profile', 'badge', 'reputation'][i % 3],
      ...(i < 20 ? { compact: true } : {}),
      apiKey: API_KEY,
      baseUrl,
      address: ADDRESSES.rich,
    }));
    await servePage(
      tab,
      `${browser.url}/many.html`,
      page(
        Array.from({ length: 60 }, (_, i) => `<div id="w${i}"></div>`).join('') + '<p>The end.</p>',
        `window.shifts = [];
         new PerformanceObserver((list) => { for (const e of list.getEntries()) shifts.push(e.value); })
           .observe({ type: 'layout-shift', buffered: true });
         const configs = ${JSON.stringify(configs)};
         configs.forEach((config, i) => RepKit.createWidget(config).mount('#w' + i));
         // After the widgets' own frame callback, in the same frame: what that frame lays out.
         requestAnimationFrame(() => {
           const cards = Array.from(document.querySelectorAll('.repkit'), (h) => h.shadowRoot.querySelector('.rk'));
           window.firstFrame = {
             loading: document.querySelectorAll('.repkit[data-state="loading"]').length,
             inView: cards.filter((c) => c.getBoundingClientRect().top < innerHeight).length,
             laidOut: cards.map((c) => !c.classList.contains('rk-skip')),
           };
         });`,
      ),
    );
    await tab.goto(`${browser.url}/many.html`);
    await tab.waitForFunction(() => document.querySelectorAll('.repkit[data-state="ready"]').length == 60, null, { timeout: 15000 });
    const first = await tab.evaluate(
      () => (window as unknown as { firstFrame: { loading: number; inView: number; laidOut: boolean[] } }).firstFrame,
    );
    expect(first.loading).toBe(60);
    // The whole screen of compact rows is laid out; the cards past the next screen are not.
    expect(first.inView).toBeGreaterThan(10);
    expect(first.laidOut.slice(0, first.inView).every(Boolean)).toBe(true);
    expect(first.laidOut.slice(40).some(Boolean)).toBe(false);
    // Scrolling through, cards come into view at their size: nothing in view moves.
    for (let y = 0; y < 20; y++) {
      await tab.evaluate(() => window.scrollBy(0, 600));
      await settle(tab, 30);
    }
    await settle(tab, 100);
    expect(await tab.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  /** What each card shows off screen: skipped (content-visibility) or rendered, after every widget is ready. */
  const renderedCards = async (count: number, extra: Record<string, unknown>, name: string) => {
    const { page: tab } = await browser.page({ viewport: { width: 800, height: 600 } });
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.rich, ...extra };
    await servePage(
      tab,
      `${browser.url}/${name}.html`,
      page(
        Array.from({ length: count }, (_, i) => `<div id="w${i}"></div>`).join(''),
        `for (let i = 0; i < ${count}; i++) RepKit.createWidget(${JSON.stringify(config)}).mount('#w' + i);`,
      ),
    );
    await tab.goto(`${browser.url}/${name}.html`);
    await tab.waitForFunction((n) => document.querySelectorAll('.repkit[data-state="ready"]').length == n, count);
    await settle(tab, 100);
    const rendered = await tab.evaluate(() =>
      Array.from(document.querySelectorAll('.repkit'), (h) =>
        h.shadowRoot!.querySelector('.rk-card')!.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
      ),
    );
    await tab.screenshot({ path: `${ARTIFACTS}/${name}-full-page.png`, fullPage: true });
    await tab.context().close();
    return rendered;
  };

  it('a page of 20 widgets renders every card, so a full-page capture shows them all', async () => {
    const rendered = await renderedCards(20, {}, 'twenty');
    expect(rendered).toHaveLength(20);
    expect(rendered.every(Boolean)).toBe(true);
  });

  it('skipOffscreen: false renders every card of a long page', async () => {
    const rendered = await renderedCards(30, { skipOffscreen: false }, 'thirty-rendered');
    expect(rendered.every(Boolean)).toBe(true);
    // The same page with the default skips the far cards.
    expect((await renderedCards(30, {}, 'thirty-skipped')).filter(Boolean).length).toBeLessThan(15);
  });

  it('cards far below the viewport are skipped from the start at the size of those laid out; the theme and answers reach them when scrolled to', async () => {
    const { page: tab, log } = await browser.page({ viewport: { width: 800, height: 700 } });
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.rich };
    await servePage(
      tab,
      `${browser.url}/offscreen.html`,
      page(
        Array.from({ length: 40 }, (_, i) => `<div id="w${i}"></div>`).join(''),
        `window.widgets = Array.from({ length: 40 }, (_, i) => RepKit.createWidget(${JSON.stringify(config)}).mount('#w' + i));`,
      ),
    );
    await tab.goto(`${browser.url}/offscreen.html`);
    await tab.waitForFunction(() => document.querySelectorAll('.repkit[data-state="ready"]').length == 40);
    await settle(tab, 100);
    const state = () =>
      tab.evaluate(() => {
        const cards = Array.from(document.querySelectorAll('.repkit'), (h) => h.shadowRoot!.querySelector<HTMLElement>('.rk')!);
        return {
          skipped: cards.filter((c) => c.classList.contains('rk-skip') && getComputedStyle(c).contentVisibility == 'auto').length,
          // checkVisibility is false for content the browser skips because it is off screen.
          rendered: cards.map((c) =>
            c.querySelector('.rk-card')!.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
          ),
          height: document.documentElement.scrollHeight,
          cardHeights: cards.map((c) => c.getBoundingClientRect().height),
        };
      });
    const before = await state();
    expect(before.skipped).toBe(40);
    expect(before.rendered[0]).toBe(true);
    expect(before.rendered[39]).toBe(false);
    expect(before.rendered.filter(Boolean).length).toBeLessThan(10);

    // A theme change while skipped is there when the card is shown.
    await tab.evaluate(() =>
      (window as unknown as { widgets: { update(o: object): void }[] }).widgets.forEach((w) => w.update({ theme: 'dark' })),
    );
    await tab.evaluate(() => document.getElementById('w39')!.scrollIntoView());
    await settle(tab, 50);
    const after = await state();
    expect(after.rendered[39]).toBe(true);
    // Never laid out before, the far card had taken the size of the cards laid out before the
    // first frame: the page was as long as it is now, so the scroll bar did not lie.
    expect(after.cardHeights[39]).toBe(before.cardHeights[39]);
    expect(after.height).toBe(before.height);
    const background = await tab.evaluate(
      () => getComputedStyle(document.querySelector('#w39 .repkit')!.shadowRoot!.querySelector('.rk')!).backgroundColor,
    );
    expect(background).toBe('rgb(22, 24, 29)');
    expect(log.errors).toEqual([]);
  });

  it('a page of forty snippets, mounted over several tasks, skips its far cards as a page mounted at once does', async () => {
    const { page: tab, log } = await browser.page({ viewport: { width: 412, height: 823 } });
    const { articlePage } = await import('../bench/pages.mjs');
    await servePage(tab, `${browser.url}/forty-skipped.html`, articlePage(40, browser.url));
    await tab.goto(`${browser.url}/forty-skipped.html`);
    await tab.waitForFunction(() => document.querySelectorAll('.repkit:not([data-state="loading"])').length == 40, null, {
      timeout: 20000,
    });
    await settle(tab, 200);
    const cards = await tab.evaluate(() =>
      Array.from(document.querySelectorAll('.repkit'), (h) => {
        const card = h.shadowRoot!.querySelector<HTMLElement>('.rk')!;
        return {
          skippable: card.classList.contains('rk-skip'),
          rendered: card.firstElementChild!.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
        };
      }),
    );
    // The first cards mounted, too, are skipped once off screen: the page counts forty widgets
    // from its first frame, not the few mounted by then.
    expect(cards.filter((c) => c.skippable)).toHaveLength(40);
    expect(cards[0].rendered).toBe(true);
    expect(cards.filter((c) => c.rendered).length).toBeLessThan(15);
    expect(log.errors).toEqual([]);
  });
});

describe('drawn without waiting for a frame (src/widgets/tasks.ts)', () => {
  it('a widget whose answer the client holds reaches ready before the next animation frame', async () => {
    const { page: tab, log } = await browser.page();
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.rich };
    await servePage(
      tab,
      `${browser.url}/cached-cycle.html`,
      page(
        `<div id="a"></div><div id="b"></div>`,
        `RepKit.createWidget(${JSON.stringify(config)}).mount('#a').element.addEventListener('repkit:load', () => {
           // The answer is now in the client's cache: a second widget of the same address.
           setTimeout(() => {
             let framed = false;
             requestAnimationFrame(() => (framed = true));
             const w = RepKit.createWidget({ ...${JSON.stringify(config)}, onLoad: () => (window.cycle = { framed, state: w.state }) });
             w.mount('#b');
           }, 50);
         });`,
      ),
    );
    await tab.goto(`${browser.url}/cached-cycle.html`);
    await tab.waitForFunction(() => 'cycle' in window);
    expect(await tab.evaluate(() => (window as unknown as { cycle: unknown }).cycle)).toEqual({ framed: false, state: 'ready' });
    expect(log.errors).toEqual([]);
  });

  it("a widget's request goes out inside mount(), before its skeleton is drawn: no yield, task or frame first", async () => {
    const { page: tab, log } = await browser.page();
    const config = { type: 'reputation', apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.noBadges };
    await servePage(
      tab,
      `${browser.url}/first-request.html`,
      page(
        `<div id="a"></div>`,
        `const seen = [];
         const realFetch = window.fetch;
         // How much of the view is drawn when each request goes out (-1: no widget yet).
         window.fetch = (...args) => {
           const view = document.querySelector('#a .repkit')?.shadowRoot?.querySelector('.rk');
           seen.push(view ? view.childElementCount : -1);
           return realFetch(...args);
         };
         const widget = RepKit.createWidget(${JSON.stringify(config)}).mount('#a');
         window.first = { seen: seen.slice(), drawn: widget.element.shadowRoot.querySelector('.rk').childElementCount > 0 };`,
      ),
    );
    await tab.goto(`${browser.url}/first-request.html`);
    await tab.waitForFunction(() => 'first' in window);
    expect(await tab.evaluate(() => (window as unknown as { first: unknown }).first)).toEqual({ seen: [0], drawn: true });
    expect(log.errors).toEqual([]);
  });

  /**
   * Page script: each `Intl` formatter class made runs `statement`, in which `name` is the class's
   * name and `args` its arguments.
   */
  const onFormatterMade = (statement: string): string => `
    for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat']) {
      const Real = Intl[name];
      Intl[name] = class extends Real {
        constructor(...args) {
          super(...args);
          ${statement};
        }
      };
    }`;

  it("skeletons are drawn without Intl: the page's first formatter is made for an answer, which is formatted in the widget's locale", async () => {
    const { page: tab, log } = await browser.page();
    const baseUrl = faultBaseUrl(browser.url, { latency: 300, id: `intl-${Date.now()}` });
    // Every kind of the registry; the reputation widget's date shows the locale.
    const configs = KIND_NAMES.map((kind) => ({
      type: kind,
      ...extrasOf(kind),
      apiKey: API_KEY,
      baseUrl,
      address: ADDRESSES.rich,
      locale: 'de',
    }));
    await servePage(
      tab,
      `${browser.url}/intl-first.html`,
      page(
        configs.map((_, i) => `<div id="w${i}"></div>`).join(''),
        `// Each formatter made, with the widgets' states at that moment.
         window.made = [];
         ${onFormatterMade("made.push(Array.from(document.querySelectorAll('.repkit'), (h) => h.dataset.state).join())")}
         window.widgets = ${JSON.stringify(configs)}.map((config, i) => RepKit.createWidget(config).mount('#w' + i));
         window.atMount = { made: made.length, skeletons: widgets.filter((w) => w.element.shadowRoot.querySelector('.rk-placeholder')).length };`,
      ),
    );
    await tab.goto(`${browser.url}/intl-first.html`);
    await tab.waitForFunction((count) => document.querySelectorAll('.repkit[data-state="ready"]').length == count, configs.length);
    const seen = await tab.evaluate((dated) => {
      const w = window as unknown as { made: string[]; atMount: unknown; widgets: { data: { calculatedAt: string } }[] };
      const shadow = (i: number) => document.querySelector(`#w${i} .repkit`)!.shadowRoot!.textContent;
      return {
        atMount: w.atMount,
        first: w.made[0],
        date: shadow(dated).includes(
          new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(Date.parse(w.widgets[dated]!.data.calculatedAt)),
        ),
        skeletons: Array.from(document.querySelectorAll('.repkit'), (h) => h.shadowRoot!.querySelector('.rk-placeholder')).filter(Boolean)
          .length,
      };
    }, KIND_NAMES.indexOf('reputation'));
    // A skeleton for each, no formatter made; the first one made while an answer was drawn.
    expect(seen.atMount).toEqual({ made: 0, skeletons: configs.length });
    expect(seen.first).toContain('ready');
    expect(seen.date).toBe(true);
    expect(seen.skeletons).toBe(0);
    expect(log.errors).toEqual([]);
  });

  it('an en-US page formats without Intl, in the same text Intl writes; a de widget beside it still formats German', async () => {
    const { page: tab, log } = await browser.page();
    const baseUrl = faultBaseUrl(browser.url, { latency: 50, id: `english-${Date.now()}` });
    const configs = [{ type: 'reputation' }, { type: 'badge' }, { type: 'reputation', locale: 'de' }].map((kind) => ({
      apiKey: API_KEY,
      baseUrl,
      address: ADDRESSES.rich,
      ...kind,
    }));
    await servePage(
      tab,
      `${browser.url}/english.html`,
      `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>English</title>
       <script src="/dist/repkit.umd.js"></script></head><body>
       ${configs.map((_, i) => `<div id="w${i}"></div>`).join('')}
       <script>
         // The locales of each formatter made (toLocaleString and friends make one too).
         window.made = [];
         ${onFormatterMade("made.push(name + ' ' + args[0])")}
         for (const [proto, name] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString']]) {
           const real = proto[name];
           proto[name] = function (...args) { made.push(name + ' ' + args[0]); return real.apply(this, args); };
         }
         window.widgets = ${JSON.stringify(configs)}.map((config, i) => RepKit.createWidget(config).mount('#w' + i));
       </script></body></html>`,
    );
    await tab.goto(`${browser.url}/english.html`);
    await tab.waitForFunction(() => document.querySelectorAll('.repkit[data-state="ready"]').length == 3);
    const seen = await tab.evaluate(() => {
      type Scores = { totalScore: number; calculatedAt: string };
      const w = window as unknown as { made: string[]; widgets: { data: Scores }[] };
      const made = w.made.slice();
      const shadow = (i: number) => document.querySelector(`#w${i} .repkit`)!.shadowRoot!.textContent!;
      // What Intl writes, asked only now that the widgets are drawn.
      const texts = (locale: string, data: Scores) => [
        new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(data.totalScore),
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(Date.parse(data.calculatedAt)),
      ];
      return {
        made,
        english: texts('en-US', w.widgets[0].data).filter((text) => !shadow(0).includes(text)),
        german: texts('de', w.widgets[2].data).filter((text) => !shadow(2).includes(text)),
        germanDate: texts('de', w.widgets[2].data)[1],
        badgeReady: shadow(1).length > 0,
      };
    });
    // Only the German widget made formatters; each widget shows the text Intl writes for it.
    expect(seen.made.length).toBeGreaterThan(0);
    expect(seen.made.every((made) => made.endsWith(' de'))).toBe(true);
    expect(seen.english).toEqual([]);
    expect(seen.german).toEqual([]);
    expect(seen.germanDate).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(seen.badgeReady).toBe(true);
    expect(log.errors).toEqual([]);
  });

  it('forty snippets of four kinds and one async script: every widget renders, in document order', async () => {
    const { page: tab, log } = await browser.page({ viewport: { width: 412, height: 823 } });
    const { articlePage } = await import('../bench/pages.mjs');
    // The bench's page (test/bench/lighthouse-bench.mjs), its API on another origin.
    await servePage(
      tab,
      `${browser.url}/forty.html`,
      articlePage(40, faultBaseUrl(browser.url, { latency: 100, id: `forty-${Date.now()}` })),
    );
    await tab.addInitScript(() => {
      const w = window as unknown as { order: number[] };
      w.order = [];
      // The order widgets appear in: their snippets' places in the page.
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if ((n as Element).classList?.contains('repkit'))
              w.order.push(Array.from(document.querySelectorAll('[data-repkit]')).indexOf(r.target as Element));
      }).observe(document, { childList: true, subtree: true });
    });
    await tab.goto(`${browser.url}/forty.html`);
    await tab.waitForFunction(() => document.querySelectorAll('.repkit:not([data-state="loading"])').length == 40, null, {
      timeout: 20000,
    });
    await settle(tab, 200);
    expect(await tab.evaluate(() => (window as unknown as { order: number[] }).order)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(log.errors).toEqual([]);
  });
});
