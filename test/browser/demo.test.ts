/**
 * The demo page as a first-time visitor meets it: a live widget on the first screen, a page of
 * sensible height, code that wraps instead of hiding, a snippet that copies, images that load.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settled, useBrowser } from './harness';

const browser = useBrowser();
/** The playground's light and dark widget, and the gallery's four. */
const WIDGETS = 6;

const open = async (width: number) => {
  const { page, log } = await browser.page({ viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
  await page.goto(`${browser.url}/`);
  expect(await settled(page, WIDGETS)).toEqual(Array(WIDGETS).fill('ready'));
  return { page, log, failed };
};

/** Code panels whose text is cut off at the side (wider than their box). */
const cutPanels = (page: Page) =>
  page.$$eval('.code-panel:not([hidden]) pre', (pres) => pres.filter((pre) => pre.scrollWidth > pre.clientWidth + 1).length);

describe('the demo playground', () => {
  for (const width of [1280, 390]) {
    it(`shows a ready widget on the first screen, at ${width} px, on a page of sensible height`, async () => {
      const { page, log, failed } = await open(width);
      const above = await page.$$eval(
        '.repkit',
        (hosts) => hosts.filter((h) => h.getBoundingClientRect().top < innerHeight && (h as HTMLElement).dataset.state == 'ready').length,
      );
      expect(above).toBeGreaterThanOrEqual(1);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      // Was 8,700 px at 1280 px: every kind repeated its data panel and three code blocks.
      expect(height).toBeLessThan(width > 1000 ? 4500 : 8000);
      expect(log.errors).toEqual([]);
      expect(log.console.filter((m) => m.startsWith('error'))).toEqual([]);
      expect(failed).toEqual([]);
      await page.context().close();
    });
  }

  it('loads the profile avatar and badge images from this origin', async () => {
    const { page, failed } = await open(1280);
    await page.getByRole('button', { name: "'profile'" }).click();
    await settled(page, WIDGETS);
    await page.waitForFunction(() => {
      const img = document.querySelector('#playground .repkit')?.shadowRoot?.querySelector('img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    const sources = await page.$$eval('.repkit', (hosts) =>
      hosts.flatMap((h) => Array.from(h.shadowRoot!.querySelectorAll('img')).map((i) => i.src)),
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(new URL(src).origin).toBe(browser.url);
    expect(failed).toEqual([]);
    await page.context().close();
  });

  it('prints the code for what is on screen in tabs that wrap, and copies the snippet', async () => {
    const { page } = await open(390);
    const tab = (name: string) => page.getByRole('tab', { name });
    expect(await tab('ES module').getAttribute('aria-selected')).toBe('true');
    await page.getByLabel(/Compact \(one line\)/).check();
    expect(await page.locator('.code-panel:not([hidden]) pre').textContent()).toContain('compact: true');
    for (const name of ['ES module', 'Script tag', 'No-code snippet']) {
      await tab(name).click();
      expect(await page.locator('.code-panel:not([hidden])').count()).toBe(1);
      expect(await cutPanels(page)).toBe(0);
    }
    await tab('ES module').click();
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await page.getByText('Copied.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('data-repkit="reputation"');
    expect(copied).toContain('data-compact');
    expect(copied.trim()).toBe((await page.locator('.code-panel:not([hidden]) pre').textContent())!.trim());
    await page.context().close();
  });
});
