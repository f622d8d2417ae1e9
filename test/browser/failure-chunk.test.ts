/**
 * Chromium, against the built scripts: what a widget says of a failure is a chunk
 * (dist/repkit.chunk-failure.js, src/widgets/messages.ts). A page whose widgets all load, every
 * option but the service's address at its default, fetches no chunk at all, with the script of
 * every kind and with each kind's own script. A widget the service refuses loads the chunk once
 * for the page and shows the failure's own sentence; when the chunk cannot load (a copy of dist/
 * without it), the widget still shows a sentence and a way to try again, never a blank box.
 * The words of a client's failed request (src/client/failure-message.ts) travel in the same file:
 * a `ServiceClient` of a script loads it by its first failure, and without it names the failure's kind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES, API_KEY, settled, useBrowser } from './harness';
import { useServers } from './servers';
import { WIDGET_TYPES } from '../../src/widgets/create-widget';

const ROOT = new URL('../..', import.meta.url).pathname;
const browser = useBrowser();
const { listen } = useServers();

/** A valid config of each kind: the sandbox is the service; everything else at its default. */
const VALID: Record<string, Record<string, unknown>> = {
  reputation: { type: 'reputation' },
  badge: { type: 'badge' },
  profile: { type: 'profile' },
  category: { type: 'category', categoryKey: 'governance' },
};

/** A chunk of repkit's beside the scripts. */
const isChunk = (path: string) => /\/repkit\.chunk-[\w-]+\.js$/.test(path);

let site = '';
let html = '';
/** Whether the site has dist/repkit.chunk-failure.js (a copy of dist/ without it answers 404). */
let failureChunk: 'built' | 'missing' = 'built';

beforeAll(async () => {
  site = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = /^\/dist\/([\w.-]+\.js)$/.exec(path)?.[1];
    if (file && ((failureChunk == 'missing' && file == 'repkit.chunk-failure.js') || !existsSync(`${ROOT}dist/${file}`))) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return void res.end('Not Found');
    }
    res.writeHead(200, { 'Content-Type': file ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
    res.end(file ? readFileSync(`${ROOT}dist/${file}`) : html);
  });
});

/**
 * Loads a page (on an origin of its own, the service on another) that mounts a widget of each
 * config with `script`, waits until every one has settled, and returns their states, the text
 * and markup of each, the chunk files the page asked for, and what it logged.
 */
const load = async (script: string, configs: Record<string, unknown>[]) => {
  const full = configs.map((c) => ({ apiKey: API_KEY, baseUrl: browser.url, address: ADDRESSES.rich, ...c }));
  html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit: failures</title></head>
<body><main>${full.map((_, i) => `<div id="w${i}"></div>`).join('')}</main>
<script src="/dist/${script}"></script>
<script>${full.map((c, i) => `RepKit.createWidget(${JSON.stringify(c)}).mount('#w${i}');`).join('\n')}</script>
</body></html>`;
  const { page, log } = await browser.page();
  await page.goto(`${site}/`);
  const states = await settled(page, full.length);
  const views = await page.$$eval('.repkit', (hosts) =>
    hosts.map((h) => ({
      text: h.shadowRoot?.querySelector('[part="widget"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      retry: !!h.shadowRoot?.querySelector('[part="retry"]'),
      alert: h.shadowRoot?.querySelector('[part="error"]')?.getAttribute('role') ?? null,
    })),
  );
  const chunks = log.requests.filter((u) => u.startsWith(site) && isChunk(new URL(u).pathname)).map((u) => new URL(u).pathname);
  await page.context().close();
  return { states, views, chunks, log };
};

describe('a page whose widgets load fine', () => {
  it('fetches no chunk: every kind with repkit.umd.js, and each kind with its own script', async () => {
    const all = await load('repkit.umd.js', Object.values(VALID));
    expect(all.states).toEqual(Object.values(VALID).map(() => 'ready'));
    expect(all.chunks).toEqual([]);
    for (const type of WIDGET_TYPES.filter((t) => t in VALID)) {
      const one = await load(`repkit.${type}.umd.js`, [VALID[type]]);
      expect([type, one.states, one.chunks]).toEqual([type, ['ready'], []]);
      expect(one.log.errors).toEqual([]);
    }
  });
});

describe('a widget the service refuses', () => {
  it.each(['repkit.umd.js', 'repkit.reputation.umd.js'])(
    '%s: loads dist/repkit.chunk-failure.js once for the page, and says "This is not a valid address."',
    async (script) => {
      const run = await load(script, [
        { type: 'reputation', address: 'not-an-address' },
        { type: 'reputation', address: 'not-an-address-either' },
        { type: 'reputation' },
      ]);
      expect(run.states).toEqual(['error', 'error', 'ready']);
      expect(run.views.slice(0, 2)).toEqual([
        { text: 'This is not a valid address.', retry: false, alert: 'alert' },
        { text: 'This is not a valid address.', retry: false, alert: 'alert' },
      ]);
      expect(run.chunks).toEqual(['/dist/repkit.chunk-failure.js']);
      expect(run.log.errors).toEqual([]);
      // The browser's own line about each 400 is all the console holds: the library logs nothing.
      expect(run.log.console.filter((line) => !/Failed to load resource/.test(line))).toEqual([]);
    },
  );

  it('when the chunk cannot load, still says the widget could not be shown, with "Try again": never a blank box', async () => {
    failureChunk = 'missing';
    try {
      for (const script of ['repkit.umd.js', 'repkit.badge.umd.js']) {
        const run = await load(script, [{ type: 'badge', address: 'not-an-address' }]);
        expect([script, run.states]).toEqual([script, ['error']]);
        expect(run.views).toEqual([{ text: 'This widget could not be shown. Try again', retry: true, alert: 'alert' }]);
        expect(run.chunks).toEqual(['/dist/repkit.chunk-failure.js']);
        expect(run.log.errors).toEqual([]);
      }
    } finally {
      failureChunk = 'built';
    }
  });
});

describe("a client's failed request, through a script's ServiceClient", () => {
  /**
   * The message of the `ServiceError` a page's `RepKit.ServiceClient` rejects with when the service
   * hangs past `timeoutMs`, and the chunk files the page asked for.
   */
  const timedOut = async (script: string) => {
    html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>repkit: a client's failure</title></head>
<body><script src="/dist/${script}"></script></body></html>`;
    const { page, log } = await browser.page();
    await page.goto(`${site}/`);
    const baseUrl = `${browser.url}/__fault/hang`;
    const error = await page.evaluate(
      ([baseUrl, apiKey, address]) =>
        new (window as unknown as { RepKit: typeof import('../../src/index') }).RepKit.ServiceClient({
          apiKey,
          baseUrl,
          timeoutMs: 200,
          retries: 0,
        })
          .getScores(address)
          .then(
            () => undefined,
            (e: Error & { kind?: string }) => ({ name: e.name, kind: e.kind, message: e.message }),
          ),
      [baseUrl, API_KEY, ADDRESSES.rich],
    );
    const chunks = log.requests.filter((u) => u.startsWith(site) && isChunk(new URL(u).pathname)).map((u) => new URL(u).pathname);
    await page.context().close();
    return { error, chunks, url: `${baseUrl}/v1/scores/${ADDRESSES.rich}`, log };
  };

  it.each(['repkit.umd.js', 'repkit.profile.umd.js'])('%s: says what happened, from dist/repkit.chunk-failure.js', async (script) => {
    const run = await timedOut(script);
    expect(run.error).toMatchObject({ name: 'ServiceError', kind: 'timeout' });
    expect(run.error?.message).toMatch(/^GET \S+: timed out after 200 ms$/);
    expect(run.chunks).toEqual(['/dist/repkit.chunk-failure.js']);
    expect(run.log.errors).toEqual([]);
  });

  it("when the chunk cannot load, names the failure's kind: still a ServiceError with its kind", async () => {
    failureChunk = 'missing';
    try {
      const run = await timedOut('repkit.umd.js');
      expect(run.error).toMatchObject({ name: 'ServiceError', kind: 'timeout' });
      expect(run.error?.message).toMatch(/^GET \S+: failed \(timeout\)$/);
      expect(run.chunks).toEqual(['/dist/repkit.chunk-failure.js']);
    } finally {
      failureChunk = 'built';
    }
  });
});
