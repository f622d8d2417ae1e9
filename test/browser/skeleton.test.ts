/**
 * What a visitor sees while a widget loads, in each script that ships: the skeleton's bars are
 * drawn (the CSS that draws them is minified at build time, so only the built files can show
 * whether it still matches), no fixture image shows through, the card already has the room the
 * answer takes, and the ready view replaces the skeleton when the answer comes.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { ADDRESSES, API_KEY, ARTIFACTS, servePage, useBrowser } from './harness';
import { extrasOf, KIND_NAMES, type KindName } from '../helpers/kinds';

const browser = useBrowser();

const KINDS = KIND_NAMES;
const THEMES = ['light', 'dark'] as const;

const configOf = (kind: KindName, theme: string, base: string): Record<string, unknown> => ({
  type: kind,
  apiKey: API_KEY,
  address: ADDRESSES.rich,
  baseUrl: base,
  theme,
  ...extrasOf(kind),
});

/** One slot per kind and theme; `mountCode` mounts `configs` (a JSON array) with the script's API. */
const pageWith = (base: string, kinds: readonly KindName[], script: string, mountCode: string): string => {
  const configs = kinds.flatMap((kind) => THEMES.map((theme) => configOf(kind, theme, base)));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>skeleton</title></head>
<body><main style="display: flex; flex-wrap: wrap; align-items: flex-start; gap: 16px">
${configs.map((_, i) => `<div id="w${i}" style="width: 420px"></div>`).join('')}
</main>
${script}
<script type="module">
const configs = ${JSON.stringify(configs)};
${mountCode}
</script>
</body></html>`;
};

const GLOBAL_MOUNT = "configs.forEach((c, i) => RepKit.createWidget(c).mount('#w' + i));";

/** Every built script, with the kinds it carries and how a page mounts them. */
const SCRIPTS: { name: string; kinds: readonly KindName[]; script: string; mount: string }[] = [
  { name: 'repkit.umd.js', kinds: KINDS, script: '<script src="/dist/repkit.umd.js"></script>', mount: GLOBAL_MOUNT },
  ...KINDS.map((kind) => ({
    name: `repkit.${kind}.umd.js`,
    kinds: [kind],
    script: `<script src="/dist/repkit.${kind}.umd.js"></script>`,
    mount: GLOBAL_MOUNT,
  })),
  {
    name: 'repkit.mjs',
    kinds: KINDS,
    script: '',
    mount: `const { createWidget } = await import('/dist/repkit.mjs');\nconfigs.forEach((c, i) => createWidget(c).mount('#w' + i));`,
  },
];

interface Seen {
  theme: string;
  type: string;
  state: string;
  height: number;
  /** Bars of the skeleton a visitor can see: boxes with size, a painted background and contrast with the card. */
  bars: number;
  /** Images (avatar, badge art, identicon) a visitor can see inside the skeleton. */
  images: number;
  placeholder: boolean;
}

/** What each host shows, in page order. */
const look = (page: Page): Promise<Seen[]> =>
  page.$$eval('.repkit', (hosts) =>
    hosts.map((host) => {
      const el = host as HTMLElement;
      const root = el.shadowRoot!;
      const card = root.querySelector<HTMLElement>('[part="widget"]')!;
      const cardColour = getComputedStyle(card).backgroundColor;
      const skeleton = root.querySelector('.rk-placeholder');
      const visible = (node: Element): boolean => {
        const box = node.getBoundingClientRect();
        const style = getComputedStyle(node);
        return box.width > 0 && box.height > 0 && style.visibility == 'visible' && style.display != 'none';
      };
      const painted = (node: Element): boolean => {
        const colour = getComputedStyle(node).backgroundColor;
        return colour != 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour) && colour != cardColour;
      };
      const inside = skeleton ? Array.from(skeleton.querySelectorAll('*')) : [];
      return {
        theme: el.dataset.theme ?? '',
        type: el.dataset.type ?? '',
        state: el.dataset.state ?? '',
        height: Math.round(el.getBoundingClientRect().height),
        bars: inside.filter((node) => visible(node) && painted(node)).length,
        images: inside.filter((node) => /^(img|svg)$/i.test(node.tagName) && visible(node)).length,
        placeholder: Boolean(skeleton),
      };
    }),
  );

/** Holds every request to the service until `release()`, so the widgets stay in their loading view. */
const holdService = async (page: Page, base: string) => {
  const held: Route[] = [];
  let open = false;
  await page.route(`${base}/api/**`, (route) => (open ? route.continue() : void held.push(route)));
  return {
    count: () => held.length,
    release: async () => {
      open = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
};

describe('the loading skeleton in every built script', () => {
  for (const { name, kinds, script, mount } of SCRIPTS) {
    it(`${name}: each kind, light and dark, draws its skeleton bars while the service has not answered, then the ready view`, async () => {
      // Every card in view, so the lazy images (avatar, badge art) load before the ready view is measured.
      const { page, log } = await browser.page({ viewport: { width: 1800, height: 1400 } });
      const url = `${browser.url}/t/skeleton-${name}.html`;
      await servePage(page, url, pageWith(browser.url, kinds, script, mount));
      const service = await holdService(page, browser.url);
      await page.goto(url);
      const expected = kinds.length * THEMES.length;
      await page.waitForFunction((n) => document.querySelectorAll('.repkit').length == n, expected);
      // Widgets of one address share their requests: at least one a kind is held.
      await expect.poll(service.count).toBeGreaterThanOrEqual(kinds.length);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

      const loading = await look(page);
      for (const [i, seen] of loading.entries()) {
        const what = `${kinds[i >> 1]} (${THEMES[i % 2]})`;
        expect(seen.state, what).toBe('loading');
        expect(seen.theme, what).toBe(THEMES[i % 2]);
        expect(seen.placeholder, what).toBe(true);
        expect(seen.bars, `${what}: skeleton bars drawn`).toBeGreaterThanOrEqual(3);
        expect(seen.images, `${what}: no image shows through the skeleton`).toBe(0);
        expect(seen.height, `${what}: room reserved for the answer`).toBeGreaterThan(60);
      }
      await page.screenshot({ path: `${ARTIFACTS}/skeleton-${name}.png`, fullPage: true });

      await service.release();
      // Ready, with every image (the avatar) decoded: its box is sized then.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.repkit')).every(
          (h) => h.dataset.state != 'loading' && Array.from(h.shadowRoot!.querySelectorAll('img')).every((img) => img.complete),
        ),
      );
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const ready = await look(page);
      for (const [i, seen] of ready.entries()) {
        const what = `${kinds[i >> 1]} (${THEMES[i % 2]})`;
        expect(seen.state, what).toBe('ready');
        expect(seen.placeholder, `${what}: the ready view replaced the skeleton`).toBe(false);
        // Close, not exact: at this width the fixture's social links wrap one line fewer than the
        // skeleton's typical ones. The exact heights are performance.test.ts's, at its widths.
        expect(Math.abs(seen.height - loading[i]!.height) / seen.height, `${what}: the answer took about the reserved room`).toBeLessThan(
          0.15,
        );
      }
      expect(log.errors).toEqual([]);
      await page.context().close();
    });
  }
});
