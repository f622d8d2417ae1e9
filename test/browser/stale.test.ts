/**
 * In Chromium, against the built bundle: a widget that shows data keeps it when a reload fails
 * for a reason that says nothing about the data (a spent quota, a failing service, a timeout),
 * marked "As of …" with the reason in a polite live region, `data-state` still `ready` with
 * `data-stale`, and the failure reported once as `repkit:error`.
 */
import { describe, expect, it } from 'vitest';
import { ADDRESSES, API_KEY, servePage, useBrowser } from './harness';

const browser = useBrowser();

/** The sandbox fails every request under this base URL as `spec` says (test/service/sandbox.mjs). */
const faulty = (spec: string): string => `${browser.url}/__fault/${spec}`;

const FAILURES = [
  { name: 'a 429 whose quota resets in a minute', spec: 'status=429,resetIn=60000', reason: /^Quota used up until .+\.$/ },
  { name: 'a 503', spec: 'status=503', reason: /^The service is having trouble\.$/ },
  { name: 'a timeout', spec: 'hang', reason: /^Timed out\.$/ },
];

const page = (): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>stale</title></head><body>
<div id="slot"></div>
<script src="/dist/repkit.umd.js"></script>
<script>
window.errors = [];
document.addEventListener('repkit:error', (event) => window.errors.push(event.detail.error.kind));
window.widget = RepKit.createWidget(${JSON.stringify({
  type: 'reputation',
  apiKey: API_KEY,
  baseUrl: browser.url,
  address: ADDRESSES.rich,
  retries: 0,
  timeoutMs: 1500,
  cache: 'none',
  locale: 'en-US',
})}).mount('#slot');
</script></body></html>`;

describe('data kept through a failed reload', () => {
  for (const { name, spec, reason } of FAILURES) {
    it(`stays on screen through ${name}, marked as of when it was loaded, with one repkit:error`, async () => {
      const { page: tab, log } = await browser.page();
      const url = `${browser.url}/t/stale.html`;
      await servePage(tab, url, page());
      await tab.goto(url);
      await tab.waitForFunction(() => document.querySelector<HTMLElement>('.repkit')?.dataset.state == 'ready');
      const score = await tab.$eval('.repkit', (host) => host.shadowRoot!.querySelector('.rk-score')!.textContent);

      // Another service for the same data: the reload fails, the data stays.
      await tab.evaluate(
        (baseUrl) => (window as unknown as { widget: { update(o: object): void } }).widget.update({ baseUrl }),
        faulty(spec),
      );
      await tab.waitForFunction(() => (window as unknown as { errors: string[] }).errors.length > 0, undefined, { timeout: 10000 });
      // Nothing more arrives after the first report.
      await tab.waitForTimeout(300);

      const shown = await tab.$eval('.repkit', (host) => {
        const root = host.shadowRoot!;
        const note = root.querySelector('[part="stale"]');
        return {
          state: (host as HTMLElement).dataset.state,
          stale: host.hasAttribute('data-stale'),
          score: root.querySelector('.rk-score')?.textContent,
          role: note?.getAttribute('role'),
          age: note?.querySelector('time')?.getAttribute('datetime'),
          note: note?.textContent,
          error: !!root.querySelector('[part="error"]'),
        };
      });
      expect(shown.state).toBe('ready');
      expect(shown.stale).toBe(true);
      expect(shown.score).toBe(score);
      expect(shown.error).toBe(false);
      expect(shown.role).toBe('status');
      expect(Number.isNaN(Date.parse(shown.age ?? ''))).toBe(false);
      const [asOf, ...rest] = shown.note!.split('. ');
      expect(asOf).toMatch(/^As of /);
      expect(rest.join('. ')).toMatch(reason);
      expect(await tab.evaluate(() => (window as unknown as { errors: string[] }).errors)).toHaveLength(1);
      expect(log.errors).toEqual([]);
      await tab.context().close();
    });
  }
});
