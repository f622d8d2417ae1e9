/**
 * In Chromium, against the built bundle: the parts README lists under Theming reach the page
 * through `<repkit-widget>`'s shadow root, as `repkit-widget::part(name)`. The stale note only
 * exists after a failed reload, so it is the part a static list forgets.
 */
import { describe, expect, it } from 'vitest';
import { ADDRESSES, API_KEY, servePage, useBrowser } from './harness';

const browser = useBrowser();

const page = (): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>parts</title>
<style>
repkit-widget::part(stale) { color: rgb(1, 2, 3); }
repkit-widget::part(score) { color: rgb(4, 5, 6); }
</style></head><body>
<repkit-widget type="reputation" api-key="${API_KEY}" base-url="${browser.url}" address="${ADDRESSES.rich}"
  retries="0" cache="none" locale="en-US"></repkit-widget>
<script src="/dist/repkit.umd.js"></script>
</body></html>`;

/** The computed colour of the first element of the inner widget with `part`, or null. */
const colourOf = (part: string): string | null => {
  const host = document.querySelector('repkit-widget')!.shadowRoot!.querySelector<HTMLElement>('.repkit')!;
  const node = host.shadowRoot!.querySelector(`[part~="${part}"]`);
  return node && getComputedStyle(node).color;
};

describe('<repkit-widget>::part(stale)', () => {
  it('styles the "As of …" note that a failed reload shows over the data it keeps', async () => {
    const { page: tab, log } = await browser.page();
    const url = `${browser.url}/t/parts.html`;
    await servePage(tab, url, page());
    await tab.goto(url);
    const stateOf = () => document.querySelector('repkit-widget')!.shadowRoot!.querySelector<HTMLElement>('.repkit')?.dataset.state;
    await tab.waitForFunction(`(${stateOf.toString()})() == 'ready'`, undefined, { timeout: 15000 });
    expect(await tab.evaluate(`(${colourOf.toString()})('score')`)).toBe('rgb(4, 5, 6)');

    // A service that now fails: the data stays, with the stale note under it.
    await tab.evaluate(
      (base) => document.querySelector('repkit-widget')!.setAttribute('base-url', base),
      `${browser.url}/__fault/status=503`,
    );
    await tab.waitForFunction(`(${colourOf.toString()})('stale') !== null`, undefined, { timeout: 10000 });
    expect(await tab.evaluate(`(${colourOf.toString()})('stale')`)).toBe('rgb(1, 2, 3)');
    expect(log.errors).toEqual([]);
    await tab.context().close();
  });
});
