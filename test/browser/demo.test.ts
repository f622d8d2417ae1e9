/**
 * The demo page as a first-time visitor meets it: a live widget on the first screen, a page of
 * sensible height, code that wraps instead of hiding, a snippet that copies, images that load.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { optionDocs } from '../../scripts/option-docs.mjs';
import { servePage, settled, useBrowser } from './harness';

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

/**
 * The tallest empty stretch in the playground, in px: at the centre of each piece of content, the
 * longest vertical run in a 200 px wide band that holds no text, control, code or widget (the
 * playground's padding box closes the run at both ends). Was 680 px under a compact widget.
 */
const largestBlank = (page: Page) =>
  page.evaluate(() => {
    const playground = document.getElementById('playground')!;
    const box = playground.getBoundingClientRect();
    const style = getComputedStyle(playground);
    const [top, bottom] = [box.top + parseFloat(style.paddingTop), box.bottom - parseFloat(style.paddingBottom)];
    const content = Array.from(playground.querySelectorAll('*'))
      .filter(
        (e) =>
          e.matches('.repkit, input, select, button, pre, .log') ||
          Array.from(e.childNodes).some((n) => n.nodeType == 3 && n.textContent!.trim()),
      )
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    let largest = 0;
    for (const piece of content) {
      const x = piece.left + piece.width / 2;
      const spans = content.filter((r) => r.left <= x + 100 && r.right >= x - 100).sort((a, b) => a.top - b.top);
      let y = top;
      for (const r of [...spans, { top: bottom, bottom }]) {
        largest = Math.max(largest, r.top - y);
        y = Math.max(y, r.bottom);
      }
    }
    return Math.round(largest);
  });

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

  it("has a control for every option of each kind, made from the option's JSDoc", async () => {
    const { page } = await open(1280);
    for (const [kind, options] of Object.entries(optionDocs().kinds)) {
      await page.getByRole('button', { name: `'${kind}'` }).click();
      const controls = page.locator('form.controls-kind [name]');
      expect(await controls.evaluateAll((els) => els.map((e) => e.getAttribute('name'))), kind).toEqual(options.map((o) => o.name));
      for (const option of options) {
        const control = controls.and(page.locator(`[name="${option.name}"]`));
        expect(await control.getAttribute('title'), `${kind} ${option.name}`).toBe(option.description);
        if (option.type == 'boolean') expect(await control.isChecked(), `${kind} ${option.name}`).toBe(option.defaultValue);
        if (option.type == 'number') expect(await control.inputValue(), `${kind} ${option.name}`).toBe(String(option.defaultValue));
      }
    }
    // The label is the name in words; the range is the one the description gives.
    await page.getByRole('button', { name: "'reputation'" }).click();
    expect(await page.getByRole('spinbutton', { name: /^Max categories\b/ }).getAttribute('max')).toBe('50');
    await page.context().close();
  });

  it('prints the code for what is on screen in tabs that wrap, and copies the snippet', async () => {
    const { page } = await open(390);
    const tab = (name: string) => page.getByRole('tab', { name });
    expect(await tab('ES module').getAttribute('aria-selected')).toBe('true');
    const printed = page.locator('.code-panel:not([hidden]) pre');
    // Only what differs from the documented defaults is printed: nothing of the kind's, at first.
    for (const option of optionDocs().kinds.reputation!) expect(await printed.textContent()).not.toContain(`${option.name}:`);
    await page.getByRole('checkbox', { name: /^Compact\b/ }).check();
    expect(await printed.textContent()).toContain('compact: true');
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

  it('puts the fault selector and the event log beside the widget, on the first screen at 1280 x 900', async () => {
    const { page } = await open(1280);
    const widget = (await page.locator('#playground .repkit').first().boundingBox())!;
    const failure = (await page.getByLabel('Failure', { exact: true }).boundingBox())!;
    const log = (await page.getByRole('log').boundingBox())!;
    // Was 2,737 px (fault selector) and 3,242 px (event log) down the page, under the gallery.
    for (const part of [failure, log]) {
      expect(part.x).toBeGreaterThan(widget.x + widget.width);
      expect(part.y).toBeLessThan(widget.y + widget.height + 400);
    }
    expect(failure.y + failure.height).toBeLessThan(900);
    // Room for a few entries in view, not just the log's top edge.
    expect(log.y).toBeLessThan(900 - 200);
    await page.context().close();
  });

  it('shows several entries of the event log at once, newest first', async () => {
    const { page } = await open(1280);
    await page.getByLabel('Failure', { exact: true }).selectOption({ label: '500 Internal server error' });
    await settled(page, WIDGETS);
    await page.getByRole('button', { name: 'Inject again' }).click();
    await settled(page, WIDGETS);
    const entries = page.getByRole('log').getByRole('listitem');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(8);
    // Each entry is two or three lines: at least four are in view without scrolling the log.
    const inView = await page.getByRole('log').evaluate((log) => {
      const box = log.getBoundingClientRect();
      return Array.from(log.querySelectorAll('li')).filter((e) => e.getBoundingClientRect().bottom <= box.bottom + 1).length;
    });
    expect(inView).toBeGreaterThanOrEqual(4);
    expect(await entries.first().textContent()).toContain('repkit:error');
    await page.context().close();
  });

  it('leaves no large blank around a compact widget or a failed one, and a failing service leaves the data marked stale', async () => {
    const { page } = await open(1280);
    await page.getByRole('checkbox', { name: /^Compact\b/ }).check();
    await settled(page, WIDGETS);
    expect(await largestBlank(page), 'compact').toBeLessThan(150);
    await page.getByRole('checkbox', { name: /^Compact\b/ }).uncheck();
    // A failing service keeps the data shown, marked stale under the card…
    await page.getByLabel('Failure', { exact: true }).selectOption({ label: '500 Internal server error' });
    await page.waitForFunction(() => (document.querySelector('#playground .repkit') as HTMLElement | null)?.hasAttribute('data-stale'));
    expect(await page.locator('#playground .repkit').first().getAttribute('data-state')).toBe('ready');
    await expect.poll(() => page.locator('#playground [part="stale"]').first().textContent()).toMatch(/^As of .*having trouble/);
    // …a wrong key replaces it with the error view, which leaves no blank either.
    await page.getByLabel('Failure', { exact: true }).selectOption({ label: '401 Unauthorized (wrong key)' });
    await page.waitForFunction(() => (document.querySelector('#playground .repkit') as HTMLElement | null)?.dataset.state == 'error');
    await settled(page, WIDGETS);
    expect(await largestBlank(page), 'error').toBeLessThan(150);
    await page.context().close();
  });

  it('copies code that runs as is in a brand-new page of this origin: the snippet, the script tag, the ES module', async () => {
    const { page } = await open(1280);
    const shown = page.locator('.code-panel:not([hidden]) pre');
    /** Clicks `button` (after `tab`) and returns what it put on the clipboard: the code shown. */
    const copy = async (button: string, tab?: string) => {
      if (tab) await page.getByRole('tab', { name: tab }).click();
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t != ''));
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.trim()).toBe((await shown.textContent())!.trim());
      return copied;
    };
    const target = '<div id="repkit-reputation"></div>';
    const pages = {
      snippet: await copy('Copy snippet'),
      script: await copy('Copy', 'Script tag'),
      esm: `${target}\n<script type="module">\n${await copy('Copy', 'ES module')}</script>`,
    };
    expect(pages.snippet).not.toContain('unpkg');
    expect(pages.esm).toContain("import { createWidget } from 'repkit'");
    for (const [name, body] of Object.entries(pages)) {
      const pasted = await browser.page();
      const url = `${browser.url}/pasted-${name}.html`;
      await servePage(
        pasted.page,
        url,
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${name}</title></head><body>\n${body}\n</body></html>`,
      );
      await pasted.page.goto(url);
      expect(await settled(pasted.page, 1), name).toEqual(['ready']);
      expect(pasted.log.errors, name).toEqual([]);
      await pasted.page.context().close();
    }
    await page.context().close();
  });
});
