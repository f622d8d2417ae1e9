/** The examples under examples/, and what the examples suite needs to know to run each. */
import type { Page } from 'playwright-core';

export interface Example {
  /** The folder under examples/. */
  name: string;
  /** Build-time environment: where the widgets get their data. */
  env(baseUrl: string, apiKey: string): Record<string, string>;
  /** The folder the build writes, served as static files (default `dist`). */
  output?: string;
  /** Served by `next start` instead of a static server. */
  next?: boolean;
  /** How many widgets a load shows. */
  widgets: number;
  /** After the ten loads, one more that uses the page's controls. */
  interact?(page: Page): Promise<void>;
}

const vite = (baseUrl: string, apiKey: string) => ({ VITE_REPKIT_BASE_URL: baseUrl, VITE_REPKIT_API_KEY: apiKey });

type Marked = Window & { before?: Element | null };

export const EXAMPLES: Example[] = [
  { name: 'html', env: (baseUrl, apiKey) => ({ REPKIT_BASE_URL: baseUrl, REPKIT_API_KEY: apiKey }), widgets: 3 },
  {
    name: 'react-vite',
    env: vite,
    widgets: 2,
    // The other address reaches the same widget through update(): no remount.
    async interact(page) {
      await page.evaluate(() => void ((window as Marked).before = document.querySelector('.reputation .repkit')));
      await page.getByRole('button', { name: 'Other address' }).click();
      await page.waitForFunction(() => document.querySelector('.reputation .repkit')?.shadowRoot?.textContent?.includes('135zNo'), null, { timeout: 10000 });
      const same = await page.evaluate(() => (window as Marked).before === document.querySelector('.reputation .repkit'));
      if (!same) throw new Error('the reputation widget was mounted again instead of updated');
    },
  },
  { name: 'vue-vite', env: vite, widgets: 2 },
  { name: 'svelte-vite', env: vite, widgets: 2 },
  {
    name: 'nextjs',
    env: (baseUrl, apiKey) => ({ NEXT_PUBLIC_REPKIT_BASE_URL: baseUrl, NEXT_PUBLIC_REPKIT_API_KEY: apiKey, NEXT_TELEMETRY_DISABLED: '1' }),
    next: true,
    widgets: 3,
    // The third widget is rendered by the server (repkit/server): the page's HTML holds its view and
    // data, and the element adopted them.
    async interact(page) {
      const html = await page.evaluate(() => fetch(location.href).then((response) => response.text()));
      if (!/<repkit-widget type="reputation"[^>]*><template shadowrootmode="open">[^]*?<script type="application\/json">[^]*?data-state="ready"/.test(html)) {
        throw new Error('the page has no server-rendered widget');
      }
      const data = await page.evaluate(() => (document.querySelector('.server-rendered repkit-widget') as { widget?: { data?: unknown } } | null)?.widget?.data);
      if (!data) throw new Error('the server-rendered widget was not adopted');
    },
  },
];
