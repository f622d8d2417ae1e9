/**
 * The generated avatar, as the built script draws it: a profile without an image shows the
 * address's pattern, every cell a sibling in one group. The views' templates are minified at
 * build time; a cell template that lost its self-closing slash parsed as HTML, each cell nested
 * in the one before, and only the first was drawn. Only the built files can show that.
 */
import { describe, expect, it } from 'vitest';
import { ADDRESSES, servePage, settled, umdPage, useBrowser } from './harness';

const browser = useBrowser();

describe('the generated avatar in the built script', () => {
  it('draws every cell of the pattern, side by side', async () => {
    const { page, log } = await browser.page();
    // Addresses whose pattern has several cells: the one computed from chain data has no avatarUrl.
    const addresses = [ADDRESSES.identityOnly, ADDRESSES.fresh, ADDRESSES.noProfile];
    await servePage(
      page,
      `${browser.url}/t/identicon.html`,
      umdPage(
        browser.url,
        addresses.map((address) => ({ type: 'profile', address, showAvatar: true })),
      ),
    );
    await page.goto(`${browser.url}/t/identicon.html`);
    await settled(page, addresses.length);
    const cells = await page.$$eval('.repkit', (hosts) =>
      hosts.flatMap((host) => {
        const group = host.shadowRoot!.querySelector('svg.rk-identicon g');
        return group ? [{ direct: group.querySelectorAll(':scope > rect').length, all: group.querySelectorAll('rect').length }] : [];
      }),
    );
    expect(cells.length).toBeGreaterThan(0);
    for (const { direct, all } of cells) {
      expect(all).toBeGreaterThan(1);
      expect(direct).toBe(all);
    }
    expect(log.errors).toEqual([]);
    await page.context().close();
  });
});
