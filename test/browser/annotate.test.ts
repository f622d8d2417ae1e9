/**
 * Chromium, against the built files (dist/repkit.annotate.js and the files it loads from beside
 * itself, dist/repkit.annotate.mjs): reputation next to every address on a forum thread, the page
 * on one origin and repkit/proxy (the built dist/repkit.proxy.mjs behind its node:http adapter, in
 * front of the sandbox) on another, every option at its default.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { forumPage, addressNumber, ss58 } from '../annotate/pages.mjs';
import { ADDRESSES, API_KEY, useBrowser } from './harness';
import { builtProxy, distSite, useServers } from './servers';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const browser = useBrowser();

const { listen } = useServers();

/** The page the site serves (set by each test), the site's and the proxy's origins, and what reached the proxy. */
let html = '';
let site = '';
let proxyUrl = '';
let reached: string[] = [];

beforeAll(async () => {
  const { edge, node } = await builtProxy();
  site = await listen(distSite(() => html));
  const proxy = node.toNodeListener(edge.createProxy({ apiKey: API_KEY, upstream: browser.url, allowOrigins: [site] }));
  proxyUrl = await listen((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    proxy(req, res);
  });
});

/** The forum thread of the issue: 50 posts, 400 text nodes, 120 addresses (40 distinct), 30 bad checksums, fenced ones. */
const forum = (seed: number) =>
  forumPage({ posts: 50, nodesPerPost: 8, addresses: 120, distinct: 40, bad: 30, fixtures: Object.values(ADDRESSES), seed });

const pageOf = (body: string, scripts: string, lang = 'en', head = '') => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Forum</title>
<style>body { font: 16px/1.5 Georgia, serif; max-width: 42em; margin: 1em auto; } article { margin: 0 0 1em; }</style>${head}</head>
<body>${body}
${scripts}
</body></html>`;

/** Waits until every chip has its answer; returns, per chip, its state, its address, and whether the text or link before it ends with that address. */
const chipsOf = async (page: Page, count: number) => {
  await page.waitForFunction(
    (n) => {
      const chips = [...document.querySelectorAll<HTMLElement>('[data-repkit-chip]')];
      return chips.length >= n && chips.every((c) => c.dataset.state != 'loading');
    },
    count,
    { timeout: 20000 },
  );
  return page.$$eval('[data-repkit-chip]', (chips) =>
    chips.map((chip) => {
      const before = chip.previousSibling;
      const address = (chip as HTMLElement).dataset.address!;
      return {
        state: (chip as HTMLElement).dataset.state,
        address,
        follows:
          !!before && (before.nodeType == 3 ? before.textContent!.endsWith(address) : (before as HTMLAnchorElement).href.endsWith(address)),
        label: chip.shadowRoot!.querySelector('button')?.getAttribute('aria-label') ?? '',
      };
    }),
  );
};

const scriptTag = (attributes: Record<string, string>) =>
  `<script src="/dist/repkit.annotate.js" ${Object.entries(attributes)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ')}></script>`;

describe('annotate: a forum thread through repkit/proxy', () => {
  it('the script tag alone puts a chip after exactly the 120 valid addresses outside the excluded places, in at most 2 requests', async () => {
    const thread = forum(7);
    html = pageOf(
      thread.body,
      scriptTag({ 'data-base-url': '' }).replace('data-base-url=""', `data-base-url="${proxyUrl}/rep"`),
      'en',
      `<script>window.shifts = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.shifts += e.value; }).observe({ type: 'layout-shift', buffered: true });</script>`,
    );
    reached = [];
    const { page, log } = await browser.page();
    await page.goto(`${site}/`);
    const chips = await chipsOf(page, 120);
    expect(chips).toHaveLength(120);
    expect(chips.map((c) => c.address).sort()).toEqual([...thread.annotated].sort());
    expect(chips.every((c) => c.follows)).toBe(true);
    expect(chips.every((c) => c.state == 'ready')).toBe(true);
    // The rich fixture's chip says its score and tier.
    const rich = chips.find((c) => c.address == ADDRESSES.rich)!;
    expect(rich.label).toMatch(/^Reputation [\d,]+, (Bronze|Silver|Gold|Platinum|Diamond) tier$/);
    // Nothing inside code, pre, textarea, input, [data-repkit-ignore] or contenteditable.
    expect(
      await page.$$eval(
        'code [data-repkit-chip], pre [data-repkit-chip], [data-repkit-ignore] [data-repkit-chip], [contenteditable] [data-repkit-chip]',
        (n) => n.length,
      ),
    ).toBe(0);
    expect(await page.$eval('textarea', (t) => t.value)).toBe(ADDRESSES.rich);
    const toProxy = reached.filter((r) => r.startsWith('GET'));
    expect(toProxy.length, toProxy.join('\n')).toBeLessThanOrEqual(2);
    expect(toProxy.every((r) => r.startsWith('GET /rep/batch?'))).toBe(true);
    expect(reached.filter((r) => r.startsWith('OPTIONS'))).toEqual([]);
    // Each distinct address asked for once.
    const asked = toProxy.flatMap((r) => new URL(r.slice(4), 'http://x').searchParams.getAll('r'));
    expect(asked.sort()).toEqual(thread.distinct.map((a) => `/api/v2/scores/${a}`).sort());
    // The chips reserved their width: the page barely moved.
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    expect(shifts).toBeLessThan(0.05);
    expect(log.errors).toEqual([]);
    expect(log.console).toEqual([]);
    await page.context().close();
  });

  it('stop() takes every chip out and gives back the page exactly: same outerHTML, text nodes joined', async () => {
    const thread = forum(11);
    html = pageOf(
      thread.body,
      `<script src="/dist/repkit.annotate.js"></script>
<script>
  const count = () => { const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); let n = 0; while (w.nextNode()) n++; return n; };
  window.count = count;
  // Once the parser is done: the line break after this script is the page's too.
  document.addEventListener('DOMContentLoaded', () => {
    window.before = { html: document.body.outerHTML, texts: count() };
    window.handle = RepKit.annotate(document.body, { baseUrl: ${JSON.stringify(proxyUrl + '/rep')} });
  });
</script>`,
    );
    const { page, log } = await browser.page();
    await page.goto(`${site}/`);
    await chipsOf(page, 120);
    // Content added later is annotated too (a reply arrives).
    const reply = addressNumber(500);
    await page.evaluate((a) => {
      const p = document.createElement('p');
      p.id = 'reply';
      p.textContent = `Late reply from ${a}, welcome`;
      document.querySelector('main')!.append(p);
    }, reply);
    await page.waitForFunction(() => document.querySelectorAll('#reply [data-repkit-chip]').length == 1);
    await page.evaluate(() => document.getElementById('reply')!.remove());
    const after = await page.evaluate(() => {
      const w = window as unknown as { handle: { stop(): void }; before: { html: string; texts: number }; count(): number };
      w.handle.stop();
      w.handle.stop();
      const now = document.body.outerHTML;
      let at = 0;
      while (at < now.length && now[at] == w.before.html[at]) at++;
      const diff = now == w.before.html ? '' : `${w.before.html.slice(at - 80, at + 80)}\n---\n${now.slice(at - 80, at + 80)}`;
      return { diff, texts: w.count(), before: w.before.texts, chips: document.querySelectorAll('[data-repkit-chip]').length };
    });
    expect(after).toEqual({ diff: '', texts: after.before, before: after.before, chips: 0 });
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('a long reply thread added at once, some of it rewritten while it is read, gets a chip right after every address it ends up with', async () => {
    const thread = forum(13);
    const later = forumPage({ posts: 150, nodesPerPost: 6, addresses: 300, distinct: 100, bad: 20, seed: 29 });
    const fresh = Array.from({ length: 60 }, (_, i) => addressNumber(900 + i));
    html = pageOf(
      thread.body,
      `<template id="later">${later.body.replace(/<\/?main>/g, '')}</template>
<script src="/dist/repkit.annotate.js"></script>
<script>window.handle = RepKit.annotate(document.body, { baseUrl: ${JSON.stringify(proxyUrl + '/rep')} });</script>`,
    );
    const { page, log } = await browser.page();
    await page.goto(`${site}/`);
    await chipsOf(page, 120);
    // As on a slow phone, where reading the posts takes repkit several slices.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Infinite scroll: the posts come in one task (repkit reads the first of them before the next
    // paint); in the task right after repkit's next slice of reading, before its chips are all in,
    // the page rewrites the first text of every new paragraph to hold another address. Some were
    // read and have their chips, some were read and their chips are on the way, some are unread.
    await page.evaluate((addresses) => {
      const main = document.querySelector('main')!;
      const before = main.querySelectorAll('article').length;
      main.append((document.getElementById('later') as HTMLTemplateElement).content.cloneNode(true));
      const paragraphs = [...main.querySelectorAll('article')].slice(before).flatMap((post) => [...post.querySelectorAll('p')]);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        paragraphs.forEach((p, i) => {
          (p.firstChild as Text).data = `Edited: see ${addresses[i % addresses.length]} for the details`;
        });
      };
      // After repkit's first slice (run by its mutation observer, just queued): repkit's next
      // slice is a message too, posted then, so it comes first.
      queueMicrotask(() => channel.port2.postMessage(null));
    }, fresh);
    const known = [...thread.distinct, ...later.distinct, ...fresh];
    // Every known address in the page's text has a chip right after it (after its link, in one),
    // and there are no other chips. (Text, not a function: it runs in the page as written.)
    const check = `((wanted) => {
      const isChip = (node) => node?.nodeType == 1 && node.hasAttribute('data-repkit-chip');
      const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
      let found = 0, missing = 0;
      for (let node; (node = walker.nextNode()); ) {
        if (node.parentElement.closest('code,pre,textarea,[data-repkit-ignore],[contenteditable],[data-repkit-chip]')) continue;
        for (const match of node.data.matchAll(/[1-9A-HJ-NP-Za-km-z]{47,48}/g)) {
          if (!wanted.includes(match[0])) continue;
          found++;
          const link = node.parentElement.closest('a');
          if (!(link ? isChip(link.nextSibling) : match.index + match[0].length == node.data.length && isChip(node.nextSibling))) missing++;
        }
      }
      const chips = [...document.querySelectorAll('main [data-repkit-chip]')];
      return { found, missing, chips: chips.length, loading: chips.filter((c) => c.dataset.state == 'loading').length };
    })(${JSON.stringify(known)})`;
    await page
      .waitForFunction(
        `(() => { const s = ${check}; return s.found > 0 && s.missing == 0 && s.chips == s.found && s.loading == 0; })()`,
        undefined,
        {
          timeout: 30000,
        },
      )
      .catch(() => undefined);
    const state = (await page.evaluate(check)) as { found: number; missing: number; chips: number; loading: number };
    expect(state).toMatchObject({ missing: 0, loading: 0, chips: state.found });
    expect(state.found).toBeGreaterThan(300);
    // The rewritten paragraphs: their first text ends with its new address, and its chip follows.
    const edited = await page.$$eval('main p', (ps) =>
      ps
        .filter((p) => p.textContent!.startsWith('Edited: '))
        .map((p) => [
          (p.firstChild as Text).data.slice(-48).trim().length >= 47,
          (p.firstChild!.nextSibling as Element | null)?.hasAttribute('data-repkit-chip'),
        ]),
    );
    expect(edited).toEqual(Array.from({ length: 600 }, () => [true, true]));
    // stop(): no chip left, and each paragraph's text joined back into as many nodes as it had.
    const after = await page.evaluate(() => {
      (window as unknown as { handle: { stop(): void } }).handle.stop();
      const split = [...document.querySelectorAll('main p')].filter((p) =>
        [...p.childNodes].some((n, i, all) => n.nodeType == 3 && all[i + 1]?.nodeType == 3),
      );
      return { chips: document.querySelectorAll('[data-repkit-chip]').length, split: split.length };
    });
    expect(after).toEqual({ chips: 0, split: 0 });
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('on a page whose Content-Security-Policy allows no worker, the scores are still written in its language', async () => {
    // The chips' numbers are formatted in a worker (src/annotate/numbers.ts); where none may start, by the page.
    const head = `<meta http-equiv="Content-Security-Policy" content="worker-src 'none'">`;
    html = pageOf(
      `<main><p>Proposed by ${ADDRESSES.rich} yesterday.</p><p>Seconded by ${ADDRESSES.identityOnly}.</p></main>`,
      `<script src="/dist/repkit.annotate.js" data-base-url="${proxyUrl}/rep"></script>`,
      'fa',
      head,
    );
    const { page, log } = await browser.page();
    await page.goto(`${site}/`);
    const chips = await chipsOf(page, 2);
    expect(chips.map((c) => c.state)).toEqual(['ready', 'ready']);
    const shown = await page.$$eval('[data-repkit-chip]', (hosts) => hosts.map((h) => h.shadowRoot!.querySelector('.score')!.textContent));
    const totals = await Promise.all(
      [ADDRESSES.rich, ADDRESSES.identityOnly].map(async (address) => {
        const answer = await fetch(`${browser.url}/api/v2/scores/${address}`, { headers: { 'X-API-Key': API_KEY } });
        const body = (await answer.json()) as { totalScore?: number; data?: { totalScore: number } };
        return body.data?.totalScore ?? body.totalScore!;
      }),
    );
    // As the page's own Intl writes them in Persian: in its own digits.
    const written = await page.evaluate((t) => t.map((n) => new Intl.NumberFormat('fa', { maximumFractionDigits: 1 }).format(n)), totals);
    expect(shown).toEqual(written);
    expect(shown.every((text) => /^[۰-۹٬]+$/.test(text!))).toBe(true);
    expect(log.errors).toEqual([]);
    // The browser reports the refused worker itself; repkit says nothing.
    expect(log.console.filter((l) => !/Content Security Policy|worker-src/.test(l))).toEqual([]);
    await page.context().close();
  });

  it('hostile text on the page stays text, and an address with no data gets nothing visible and no error', async () => {
    const bad = ss58(new Uint8Array(32).fill(9), 0);
    html = pageOf(
      `<p id="h">&lt;img src=x onerror="window.pwned=1"&gt; ${ADDRESSES.hostile} &lt;/p&gt;&lt;script&gt;window.pwned=2&lt;/script&gt; and ${bad} too</p>`,
      `<script src="/dist/repkit.annotate.js" data-base-url="${browser.url}/__fault/status=404,id=nodata" data-api-key="${API_KEY}"></script>`,
    );
    const { page, log } = await browser.page();
    await page.goto(`${site}/`);
    const chips = await chipsOf(page, 2);
    expect(chips.map((c) => c.state)).toEqual(['empty', 'empty']);
    const box = await page.$eval('[data-repkit-chip]', (c) => c.getBoundingClientRect().width);
    expect(box).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.$$eval('#h img, #h script', (n) => n.length)).toBe(0);
    expect(log.errors).toEqual([]);
    expect(log.console.filter((l) => !/Failed to load resource/.test(l))).toEqual([]);
    await page.context().close();
  });
});

/** A short thread: three addresses with data (the sandbox's rich one first), in the page's language and a theme. */
const cardPage = (lang: string, theme: string) =>
  pageOf(
    `<main><h1>Council</h1>
<p>Proposed by ${ADDRESSES.rich} yesterday.</p>
<p>Seconded by ${ADDRESSES.identityOnly} and ${ADDRESSES.noBadges}.</p>
<p><button type="button" id="elsewhere">Reply</button></p></main>`,
    `<script src="/dist/repkit.annotate.js" data-base-url="${proxyUrl}/rep" data-theme="${theme}"></script>` +
      (lang == 'ar' ? `\n<script src="/dist/locales/ar.js"></script>` : ''),
    lang,
    // Far apart, so that an open card never covers another chip.
    '<style>main > p + p { margin-top: 320px; }</style>',
  ).replace(`<html lang="${lang}">`, `<html lang="${lang}" dir="${lang == 'ar' ? 'rtl' : 'ltr'}">`);

/** Whether the first chip's card is open, and where focus is inside that chip (the card, its button, or nothing). */
const cardState = (page: Page) =>
  page.$eval('[data-repkit-chip]', (chip) => {
    const root = chip.shadowRoot!;
    const focused = document.activeElement == chip ? (root.activeElement?.className ?? '') : '';
    return { open: !!root.querySelector('.card:popover-open'), focused, text: root.querySelector('.card')?.textContent ?? '' };
  });

const waitForCard = (page: Page, open: boolean) =>
  page.waitForFunction(
    (want) => !!document.querySelector('[data-repkit-chip]')!.shadowRoot!.querySelector('.card:popover-open') == want,
    open,
  );

describe('annotate: the card', () => {
  it('opens on hover after a moment, and closes when the pointer moves away', async () => {
    html = cardPage('en', 'light');
    const { page, log } = await browser.page();
    await page.goto(`${site}/`);
    await chipsOf(page, 3);
    await page.locator('[data-repkit-chip]').first().hover();
    await waitForCard(page, true);
    expect((await cardState(page)).focused).toBe('');
    await page.mouse.move(5, 5);
    await waitForCard(page, false);
    expect(log.errors).toEqual([]);
    await page.context().close();
  });

  it('opens by keyboard (Tab to the chip, Enter), shows the badges, closes on Escape with focus back on the chip, and on a click elsewhere', async () => {
    html = cardPage('en', 'light');
    const { page, log } = await browser.page();
    await page.goto(`${site}/`);
    await chipsOf(page, 3);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-repkit-chip'))).toBe(true);
    await page.keyboard.press('Enter');
    await waitForCard(page, true);
    expect((await cardState(page)).focused).toBe('card');
    await page.waitForFunction(
      () => !/Loading/.test(document.querySelector('[data-repkit-chip]')!.shadowRoot!.querySelector('.card')!.textContent!),
    );
    const { text } = await cardState(page);
    expect(text).toContain('Reputation score');
    expect(text).toContain('Badges');
    await page.keyboard.press('Escape');
    await waitForCard(page, false);
    expect((await cardState(page)).focused).toBe('chip');
    await page.keyboard.press('Enter');
    await waitForCard(page, true);
    await page.mouse.click(5, 5);
    await waitForCard(page, false);
    expect(log.errors).toEqual([]);
    expect(log.console.filter((l) => !/Failed to load resource/.test(l))).toEqual([]);
    await page.context().close();
  });

  it('opens on a tap (touch emulation), one card at a time', async () => {
    html = cardPage('en', 'light');
    const { page } = await browser.page({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });
    await page.goto(`${site}/`);
    await chipsOf(page, 3);
    await page.locator('[data-repkit-chip]').first().tap();
    await waitForCard(page, true);
    await page.locator('[data-repkit-chip]').nth(1).tap();
    await page.waitForFunction(() => document.querySelectorAll('[data-repkit-chip]')[1]!.shadowRoot!.querySelector('.card:popover-open'));
    const open = await page.$$eval(
      '[data-repkit-chip]',
      (chips) => chips.filter((c) => c.shadowRoot!.querySelector('.card:popover-open')).length,
    );
    expect(open).toBe(1);
    await page.context().close();
  });

  for (const lang of ['en', 'ar']) {
    for (const theme of ['light', 'dark']) {
      it(`axe finds nothing, at any impact, with the card open (${lang}, ${theme})`, async () => {
        html = cardPage(lang, theme);
        const { page, log } = await browser.page({ reducedMotion: 'reduce' });
        await page.goto(`${site}/`);
        const chips = await chipsOf(page, 3);
        if (lang == 'ar') expect(chips[0]!.label).toMatch(/^السمعة [\d,٬٠-٩]+، الفئة /);
        await page.locator('[data-repkit-chip]').first().click();
        await waitForCard(page, true);
        await page.waitForFunction(
          () => !/Loading/.test(document.querySelector('[data-repkit-chip]')!.shadowRoot!.querySelector('.card')!.textContent!),
        );
        await page.addScriptTag({ content: AXE });
        const violations = await page.evaluate(async () => {
          const { axe } = window as unknown as {
            axe: {
              run(
                context: object,
                options: object,
              ): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }>;
            };
          };
          const result = await axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
          });
          return result.violations.map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
        });
        expect(violations).toEqual([]);
        expect(log.errors).toEqual([]);
        await page.context().close();
      });
    }
  }
});
