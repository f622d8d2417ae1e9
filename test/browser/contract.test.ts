/**
 * The production wire in a real browser. No `baseUrl` is given: widgets go to the default
 * production address, which Chromium resolves to the sandbox (this machine is offline), and the
 * sandbox answers exactly as production does: `polkadotIdentities` with the service's field
 * names, definitions without `key`, `_id`s and `null`s. Each of the four kinds must render it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADDRESSES, API_KEY, servePage, settled, useBrowser } from './harness';

const browser = useBrowser();
const PRODUCTION = 'https://api.dotpassport.io';

/** Sends every request for the production address to the sandbox and records what it carried. */
const routeProduction = async (page: Page): Promise<{ url: string; key: string | undefined }[]> => {
  const seen: { url: string; key: string | undefined }[] = [];
  await page.context().route(`${PRODUCTION}/**`, async (route) => {
    const request = route.request();
    seen.push({ url: request.url(), key: request.headers()['x-api-key'] });
    const response = await route.fetch({ url: request.url().replace(PRODUCTION, browser.url) });
    await route.fulfill({ response });
  });
  return seen;
};

/** The quick start of README, as a user pastes it: the UMD script and a config without baseUrl. */
const quickStartPage = (configs: Record<string, unknown>[]) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>quick start</title></head><body>
${configs.map((_, i) => `<div id="w${i}"></div>`).join('\n')}
<script src="/dist/repkit.umd.js"></script>
<script>
${configs.map((c, i) => `RepKit.createWidget(${JSON.stringify({ apiKey: API_KEY, ...c })}).mount('#w${i}');`).join('\n')}
</script></body></html>`;

const shadowText = (page: Page, index: number) =>
  page
    .locator('.repkit')
    .nth(index)
    .evaluate((host) => host.shadowRoot!.textContent ?? '');

describe('production-shaped data at the default address', () => {
  it('renders every kind, with identities, the verified mark and definitions that carry no key', async () => {
    const { page, log } = await browser.page();
    const seen = await routeProduction(page);
    const url = `${browser.url}/contract.html`;
    await servePage(
      page,
      url,
      quickStartPage([
        { type: 'reputation', address: ADDRESSES.rich },
        { type: 'badge', address: ADDRESSES.identityOnly },
        { type: 'badge', address: ADDRESSES.identityOnly, badgeKey: 'ReferendumVoter' },
        { type: 'profile', address: ADDRESSES.identityOnly },
        { type: 'category', address: ADDRESSES.rich, categoryKey: 'governance' },
      ]),
    );
    await page.goto(url);
    expect(await settled(page, 5)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);

    // Every request went to the production address, with the key, and nowhere else.
    expect(seen.length).toBeGreaterThanOrEqual(5);
    for (const request of seen) {
      expect(request.url).toMatch(/^https:\/\/api\.dotpassport\.io\/api\/v2\/(scores|badges|profiles|metadata)\//);
      expect(request.key).toBe(API_KEY);
    }

    // Reputation: the 12 production categories, the default 6 shown.
    expect(
      await page
        .locator('.repkit')
        .nth(0)
        .evaluate((h) => h.shadowRoot!.querySelectorAll('[part="category"]').length),
    ).toBe(6);

    // Badge list: the three PascalCase badges the API computed.
    expect(await shadowText(page, 1)).toContain('Referendum Voter');

    // One badge: its definition arrived without `key`, yet the title and the levels render.
    const badge = await shadowText(page, 2);
    expect(badge).toContain('Referendum Voter');
    expect(badge).toContain('Engaged Voter');
    expect(badge).toContain('Governance Regular');

    // Profile: API-sourced, displayName null: the name comes from polkadotIdentities, and its
    // KnownGood judgement gives the verified mark.
    const profile = page.locator('.repkit').nth(3);
    expect(await profile.evaluate((h) => h.shadowRoot!.querySelector('[part="name"]')?.textContent?.trim())).toBe('Bob on-chain');
    expect(await profile.evaluate((h) => h.shadowRoot!.querySelector('[part="verified"]')?.textContent ?? '')).toContain('Verified');
    // The identity's service-named `github` field reaches the page as the code-host link.
    expect(await profile.evaluate((h) => Array.from(h.shadowRoot!.querySelectorAll('a')).map((a) => a.href))).toEqual(
      expect.arrayContaining([expect.stringContaining('github.com/bob-builds')]),
    );

    // Category: the definition carries no key; its displayName, reasons and advice render.
    const category = await shadowText(page, 4);
    expect(category).toContain('Governance Participation');
    expect(category).toContain('Governance Champion');

    expect(log.errors).toEqual([]);
    expect(log.console.filter((line) => line.startsWith('error'))).toEqual([]);
  });
});
