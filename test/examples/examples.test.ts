/**
 * Every example under examples/ as a user would meet it: repkit packed with `npm pack`, the
 * example copied out of the repository and installed with `npm ci` (its lockfile installs
 * repkit from that tarball), type-checked strictly and built by its own `build` script, then
 * served (`next start` for Next.js) and loaded in Chromium ten times. Each load must show
 * every widget in `data-state="ready"` against the sandbox, with no console error or warning,
 * no page error and no hydration message. Timings go to artifacts/examples.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../service/sandbox.mjs';
import { API_KEY } from '../service/fixtures.mjs';
import { packRepkit } from '../../examples/pack.mjs';
import { EXAMPLES, type Example } from './examples';
import { childEnv, freePort, run } from './process';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const LOADS = 10;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.map': 'application/json' };

/** Messages a framework prints when server HTML and the client disagree (React's minified codes too). */
const HYDRATION = /hydrat|did not match|#418|#419|#423|#425/i;

let sandbox: Sandbox;
let browser: Browser;
let dir: string;
const timings: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  for (const file of ['repkit.mjs', 'repkit.embed.mjs', 'repkit.umd.js', 'repkit.d.ts', 'repkit.react.d.ts']) {
    if (!existsSync(join(ROOT, 'dist', file))) throw new Error(`dist/${file} is missing: run \`npm run build\` before the examples suite`);
  }
  dir = mkdtempSync(join(tmpdir(), 'repkit-examples-'));
  // Where each example's "file:../repkit.tgz" points once it is copied next to it.
  packRepkit(dir);
  sandbox = await createSandbox();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
  writeFileSync(join(ROOT, 'artifacts/examples.json'), JSON.stringify(timings, null, 2) + '\n');
  if (dir && !process.env.KEEP_EXAMPLES_TMP) rmSync(dir, { recursive: true, force: true });
});

/** Serves `root` (a static build) on a free port; unknown paths get index.html. */
const serveStatic = async (root: string): Promise<{ url: string; close(): Promise<void> }> => {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root) || !existsSync(file)) file = join(root, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': `${TYPES[extname(file)] ?? 'application/octet-stream'}; charset=utf-8` }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
};

/** `next start` on a free port, once it answers. */
const startNext = async (cwd: string): Promise<{ url: string; close(): Promise<void> }> => {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd,
    stdio: 'ignore',
    env: childEnv({ NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }),
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`next start did not answer on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

/** The states of every widget host on the page, in document order, looking into open shadow roots. */
const hostStates = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const states: string[] = [];
    const walk = (root: Document | ShadowRoot): void => {
      for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
        if (element.classList.contains('repkit') && element.dataset.state) states.push(element.dataset.state);
        else if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return states;
  });

/** Loads `url` in a fresh context; returns what a user and a developer's console would see. */
const load = async (url: string, widgets: number, act?: (page: Page) => Promise<void>) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  const hydration: string[] = [];
  page.on('console', (m) => {
    if (HYDRATION.test(m.text())) hydration.push(`${m.type()}: ${m.text()}`);
    if (m.type() == 'error' || m.type() == 'warning') problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => {
    problems.push(`pageerror: ${e.message}`);
    if (HYDRATION.test(e.message)) hydration.push(`pageerror: ${e.message}`);
  });
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  try {
    await page.goto(url, { waitUntil: 'load' });
    let states: string[] = [];
    const deadline = Date.now() + 15000;
    do {
      states = await hostStates(page);
      if (states.length >= widgets && states.every((s) => s != 'loading')) break;
      await page.waitForTimeout(50);
    } while (Date.now() < deadline);
    await act?.(page);
    // A moment for late messages (React reports recoverable hydration errors after commit).
    await page.waitForTimeout(100);
    // A copy: closing the context cancels whatever is still in flight, which is not the page's doing.
    return { states, problems: [...problems], hydration: [...hydration] };
  } finally {
    await context.close();
  }
};

/** REPKIT_EXAMPLES=react-vite,html runs only those (while working on one). */
const only = process.env.REPKIT_EXAMPLES?.split(',');

describe.each(EXAMPLES.filter((e) => !only || only.includes(e.name)))('examples/$name', (example: Example) => {
  let cwd: string;
  const time = timings[example.name] ?? (timings[example.name] = {});
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const start = Date.now();
    try {
      return await work();
    } finally {
      time[step] = Math.round((Date.now() - start) / 100) / 10;
    }
  };

  it('installs with npm ci, repkit from the packed tarball', async () => {
    cwd = join(dir, example.name);
    cpSync(join(ROOT, 'examples', example.name), cwd, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|dist|\.next|\.svelte-kit)$/.test(source),
    });
    await timed('install', () => run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], cwd, { timeout: 400000 }));
    const installed = JSON.parse(readFileSync(join(cwd, 'node_modules/repkit/package.json'), 'utf8')) as { version: string };
    const packed = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(packed.version);
    // The tarball's build, not a stale one: the same bytes as dist/.
    expect(readFileSync(join(cwd, 'node_modules/repkit/dist/repkit.mjs'), 'utf8')).toBe(readFileSync(join(ROOT, 'dist/repkit.mjs'), 'utf8'));
  });

  it('type-checks strictly and builds', async () => {
    const env = example.env(sandbox.url, API_KEY);
    await timed('build', () => run('npm', ['run', 'build', '--loglevel=error'], cwd, { timeout: 400000, env }));
  });

  it(`renders every widget, ${LOADS} loads in a row, with no console error and no hydration warning`, async () => {
    const server = example.next ? await startNext(cwd) : await serveStatic(join(cwd, example.output ?? 'dist'));
    try {
      await timed('loads', async () => {
        for (let i = 0; i < LOADS; i++) {
          const { states, problems, hydration } = await load(server.url, example.widgets);
          expect({ load: i + 1, states, problems, hydration }).toEqual({
            load: i + 1,
            states: Array(example.widgets).fill('ready'),
            problems: [],
            hydration: [],
          });
        }
      });
      if (example.interact) {
        const { states, problems, hydration } = await load(server.url, example.widgets, example.interact);
        expect({ states, problems, hydration }).toEqual({ states: Array(example.widgets).fill('ready'), problems: [], hydration: [] });
      }
    } finally {
      await server.close();
    }
  });
});
