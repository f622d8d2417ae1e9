import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { createSandbox, type Sandbox, type SandboxOptions } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

export { ADDRESSES, API_KEY };

const ROOT = new URL('../..', import.meta.url).pathname;
export const ARTIFACTS = `${ROOT}artifacts`;

const AVATAR_SVG = readFileSync(`${ROOT}demo/avatar.svg`, 'utf8');

/** What a page did that a user (or a developer's console) would notice. */
export interface PageLog {
  console: string[];
  errors: string[];
  dialogs: string[];
  requests: string[];
}

export interface BrowserFixture {
  readonly url: string;
  readonly sandbox: Sandbox;
  /** A fresh page (own context) with its console, errors, dialogs and requests recorded. */
  page(options?: BrowserContextOptions): Promise<{ page: Page; log: PageLog }>;
}

/**
 * Starts the sandbox (serving dist/ and demo/) and one Chromium for the calling file.
 * `sandboxOptions` shape the service, such as a slow first computation; `args` are Chromium
 * flags besides the project's (such as a feature a shipped Chrome may have on).
 */
export const useBrowser = (sandboxOptions: Omit<SandboxOptions, 'staticRoot'> = {}, args: string[] = []): BrowserFixture => {
  let browser: Browser | undefined;
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await createSandbox({ ...sandboxOptions, staticRoot: ROOT });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });
  return {
    get url() {
      return sandbox!.url;
    },
    get sandbox() {
      return sandbox!;
    },
    async page(options) {
      const context = await browser!.newContext({ viewport: { width: 900, height: 900 }, ...options });
      const page = await context.newPage();
      const log: PageLog = { console: [], errors: [], dialogs: [], requests: [] };
      page.on('console', (m) => log.console.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => log.errors.push(String(e)));
      page.on('dialog', (d) => {
        log.dialogs.push(d.message());
        void d.dismiss();
      });
      page.on('request', (r) => log.requests.push(r.url()));
      // The fixtures' images are served by the sandbox; tests that patch in an image on these
      // hosts (which do not exist on this offline machine) are answered here.
      await context.route(/^https:\/\/(avatars|badges)\.example\//, (route) =>
        route.fulfill({ status: 200, contentType: 'image/svg+xml', body: AVATAR_SVG }),
      );
      return { page, log };
    },
  };
};

/** Serves `body` as an HTML page at `url` (on the sandbox origin), with extra headers such as a CSP. */
export const servePage = async (page: Page, url: string, body: string, headers: Record<string, string> = {}): Promise<void> => {
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body, headers }));
};

/** Serves `body` as a script at `url`, so CSP pages need no inline script. */
export const serveScript = async (page: Page, url: string, body: string): Promise<void> => {
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
};

/** Waits until `count` widget hosts exist and none is loading; returns their states. */
export const settled = async (page: Page, count: number): Promise<string[]> => {
  await page.waitForFunction(
    (n) => {
      const hosts = Array.from(document.querySelectorAll<HTMLElement>('.repkit'));
      return hosts.length >= n && hosts.every((h) => h.dataset.state != 'loading');
    },
    count,
    { timeout: 15000 },
  );
  return page.$$eval('.repkit', (hosts) => hosts.map((h) => (h as HTMLElement).dataset.state!));
};

/**
 * A page that loads the UMD build and mounts one widget per config, exactly as given, with the
 * global API (a page of a site with no key on it, when the configs name a proxy).
 */
export const widgetsPage = (configs: Record<string, unknown>[], head = ''): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit test</title>${head}</head>
<body><main><h1>repkit test page</h1>
${configs.map((_, i) => `<div id="w${i}" class="slot"></div>`).join('\n')}
</main>
<script src="/dist/repkit.umd.js"></script>
<script>
${configs.map((c, i) => `RepKit.createWidget(${JSON.stringify(c)}).mount('#w${i}');`).join('\n')}
</script>
</body></html>`;

/** {@link widgetsPage} with the sandbox's key and `base` in every config. */
export const umdPage = (base: string, configs: Record<string, unknown>[], head = ''): string =>
  widgetsPage(
    configs.map((c) => ({ apiKey: API_KEY, baseUrl: base, ...c })),
    head,
  );

/**
 * The service paths (`/api/v2/...`) that requests to a proxy asked for: a plain request's own
 * path, and each part (`r`) of a batch (`{baseUrl}/batch?r=…`), in order.
 */
export const servicePathsOf = (urls: string[]): string[] =>
  urls.flatMap((u) => {
    const url = new URL(u);
    if (url.pathname.endsWith('/batch')) return url.searchParams.getAll('r');
    const at = url.pathname.indexOf('/api/v2/');
    return at < 0 ? [] : [url.pathname.slice(at)];
  });

/** A port nothing listens on: a server's, just closed. */
export const closedPort = async (): Promise<number> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};
