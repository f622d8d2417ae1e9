/**
 * Hostile servers and hostile configs, round two: the key stays with baseUrl,
 * nothing grows without bound, and retries are decided by cause. Each case failed before.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWidget, mountAll, OptionError, ServiceClient, ServiceError, snippet } from '../../src/index';
import { openGates } from '../../src/client/quota';
import { importFailureMessage, importProbe, importRateLimit } from '../../src/chunks/loaders';
import { ITEM_TEXT_LIMIT, LIST_LIMITS, TEXT_LIMIT } from '../../src/widgets/views/common';
import { badgeRecord, body, categoryRecord, profileRecord, scoresRecord, words } from '../bench/worst-records.mjs';

const ADDRESS = '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6';
const SCORES = { address: ADDRESS, totalScore: 10, calculatedAt: '2026-01-01T00:00:00Z' };

/** A loopback server whose handler a test sets; every request is logged with its API key. */
const serve = () => {
  const log: { method: string; url: string; key: string | undefined }[] = [];
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => {
    log.push({ method: req.method ?? '', url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
    // Same answer to the preflight happy-dom sends for the X-API-Key header.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'X-API-Key, Accept');
    if (req.method == 'OPTIONS') return void res.end();
    handler(req, res);
  });
  let url = '';
  beforeAll(
    () =>
      new Promise<void>((resolve) =>
        server.listen(0, '127.0.0.1', () => ((url = `http://127.0.0.1:${(server.address() as { port: number }).port}`), resolve())),
      ),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    get url() {
      return url;
    },
    log,
    handle(h: http.RequestListener) {
      handler = h;
      log.length = 0;
    },
  };
};

const api = serve();
const elsewhere = serve();
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('resolved'),
    (e: unknown) => e as ServiceError,
  );
/** The GETs a server saw, leaving out the CORS preflights happy-dom sends before them. */
const gets = <T extends { method: string; url: string }>(log: T[]): T[] =>
  log.filter((r) => r.method == 'GET' && r.url.startsWith('/api/'));

// Under vitest a dynamic import goes through its module runner, which fake timers stall, so a
// client's first failure under `vi.useFakeTimers()` would wait forever for the chunks a failure
// loads (src/chunks/loaders.ts). They are loaded up front, as on a page that has seen a failure;
// a bundled page loads them with the browser's own import(), which no fake clock holds.
beforeAll(() => Promise.all([importRateLimit(), importProbe(), importFailureMessage()]));

afterEach(() => {
  // A 429 closes the page-wide quota gate of its base URL and key; each test starts open.
  openGates();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('1. the key never follows a redirect', () => {
  it.each([301, 302, 307, 308])('%i to another origin is a ServiceError, and the other origin sees nothing', async (status) => {
    api.handle((_req, res) => res.writeHead(status, { Location: `${elsewhere.url}/api/v2/scores/${ADDRESS}` }).end());
    elsewhere.handle((_req, res) => res.end(JSON.stringify({ success: true, data: SCORES })));
    const error = await failure(
      new ServiceClient({ apiKey: 'secret-key', baseUrl: api.url, retries: 2, cacheTtlMs: 0 }).getScores(ADDRESS),
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.kind).toBe('redirect');
    expect(error.message).toMatch(/redirect/);
    expect(gets(api.log)).toHaveLength(1); // not retried
    expect(elsewhere.log).toEqual([]);
  });
});

describe('1. baseUrl receives the key, so only plain forms are accepted', () => {
  it.each([
    'https://user:pass@api.example',
    'https://api.example/ path',
    ' https://api.example',
    'https://api.example/?x=1',
    'https://api.example/#x',
    '//evil.example',
    'http:evil.example',
    'https:/evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('%j is an OptionError naming baseUrl', (baseUrl) => {
    let error: unknown;
    try {
      new ServiceClient({ apiKey: 'k', baseUrl });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OptionError);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as OptionError).option).toBe('baseUrl');
  });

  it('a relative baseUrl resolves against location.origin, never a <base href>', () => {
    const base = document.createElement('base');
    base.href = 'https://evil.example/';
    document.head.append(base);
    try {
      expect(new ServiceClient({ apiKey: 'k', baseUrl: '/rep' }).baseUrl).toBe(`${location.origin}/rep`);
    } finally {
      base.remove();
    }
  });

  it('a data-base-url change at run time is checked too: an invalid one shows the error state naming it', async () => {
    const el = document.createElement('div');
    el.dataset.repkit = 'reputation';
    el.dataset.apiKey = 'k';
    el.dataset.address = ADDRESS;
    el.dataset.baseUrl = api.url;
    document.body.append(el);
    api.handle((_req, res) => res.end(JSON.stringify({ success: true, data: SCORES })));
    mountAll(document);
    el.dataset.baseUrl = 'https://u:p@evil.example';
    await new Promise((r) => setTimeout(r, 20));
    const host = el.querySelector<HTMLElement>('.repkit')!;
    expect(host.dataset.state).toBe('error');
    expect(host.shadowRoot!.textContent).toContain('"data-base-url" must be');
  });
});

describe('2. the body is read with a cap', () => {
  it('a gzip bomb stops at maxResponseBytes: "response too large", one request', async () => {
    const bomb = gzipSync(Buffer.alloc(20_000_000, 32)); // 20 MB of spaces, ~20 kB on the wire
    api.handle((_req, res) => res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' }).end(bomb));
    // A key of its own: a widget of the test before may still be asking with its key.
    const error = await failure(new ServiceClient({ apiKey: 'bomb-key', baseUrl: api.url, retries: 3, cacheTtlMs: 0 }).getScores(ADDRESS));
    expect(error.kind).toBe('too-large');
    expect(error.message).toContain('response too large');
    expect(gets(api.log).filter((r) => r.key == 'bomb-key')).toHaveLength(1);
  });

  it('maxResponseBytes is a client option', async () => {
    api.handle((_req, res) => res.end(JSON.stringify({ success: true, data: { ...SCORES, pad: 'x'.repeat(5000) } })));
    const error = await failure(
      new ServiceClient({ apiKey: 'k', baseUrl: api.url, maxResponseBytes: 4096, cacheTtlMs: 0 }).getScores(ADDRESS),
    );
    expect(error.kind).toBe('too-large');
    await expect(new ServiceClient({ apiKey: 'k', baseUrl: api.url, cacheTtlMs: 0 }).getScores(ADDRESS)).resolves.toMatchObject({
      totalScore: 10,
    });
  });
});

describe('3. retries and waits are bounded', () => {
  it('retries above 5 is an OptionError; data-retries="1000" is the error state naming it, with no request', async () => {
    expect(() => new ServiceClient({ apiKey: 'k', retries: 6 })).toThrow(OptionError);
    const el = document.createElement('div');
    Object.assign(el.dataset, { repkit: 'reputation', apiKey: 'k', address: ADDRESS, baseUrl: api.url, retries: '1000' });
    document.body.append(el);
    api.handle((_req, res) => res.end());
    mountAll(document);
    const host = el.querySelector<HTMLElement>('.repkit')!;
    expect(host.dataset.state).toBe('error');
    expect(host.shadowRoot!.textContent).toContain('"data-retries" must be a whole number from 0 to 5');
    expect(gets(api.log)).toEqual([]);
  });

  /** A fetch that answers from a list, recording when each call came (fake time). */
  const scripted = (answers: (() => Response)[]) => {
    const calls: number[] = [];
    const fetch = async () => {
      calls.push(Date.now());
      return (answers[calls.length - 1] ?? answers[answers.length - 1]!)();
    };
    return { calls, fetch: fetch as typeof globalThis.fetch };
  };

  it('persistent 503 with retries 5: six requests, every wait at most 10 s', async () => {
    vi.useFakeTimers();
    const { calls, fetch } = scripted([() => new Response('{"message":"down"}', { status: 503 })]);
    const result = failure(new ServiceClient({ apiKey: 'k', retries: 5, cacheTtlMs: 0, fetch }).getScores(ADDRESS));
    await vi.runAllTimersAsync();
    expect((await result).statusCode).toBe(503);
    expect(calls).toHaveLength(6);
    for (let i = 1; i < calls.length; i++) expect(calls[i]! - calls[i - 1]!).toBeLessThanOrEqual(10000);
  });

  it('a whole call ends within twice timeoutMs, whatever the retries', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { calls, fetch } = scripted([() => new Response('{}', { status: 503, headers: { 'Retry-After': '9' } })]);
    const result = failure(new ServiceClient({ apiKey: 'k', retries: 5, timeoutMs: 10000, cacheTtlMs: 0, fetch }).getScores(ADDRESS));
    await vi.runAllTimersAsync();
    await result;
    expect(Date.now() - start).toBeLessThanOrEqual(20000);
    expect(calls.length).toBeLessThan(6);
  });

  it('429 with X-RateLimit-Reset (epoch ms) within the cap: waits until then, once', async () => {
    vi.useFakeTimers();
    const ok = () => new Response(JSON.stringify({ success: true, data: SCORES }));
    const limited = () =>
      new Response('{"message":"Rate limit exceeded"}', { status: 429, headers: { 'X-RateLimit-Reset': String(Date.now() + 4000) } });
    const { calls, fetch } = scripted([limited, ok]);
    const result = new ServiceClient({ apiKey: 'k', retries: 2, cacheTtlMs: 0, fetch }).getScores(ADDRESS);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toMatchObject({ totalScore: 10 });
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(3990);
  });

  it('429 whose reset is past the 10 s cap fails at once, with the service message', async () => {
    const { calls, fetch } = scripted([
      () =>
        new Response('{"message":"Rate limit exceeded"}', { status: 429, headers: { 'X-RateLimit-Reset': String(Date.now() + 3600000) } }),
    ]);
    const error = await failure(new ServiceClient({ apiKey: 'k', retries: 2, cacheTtlMs: 0, fetch }).getScores(ADDRESS));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe(`GET https://api.dotpassport.io/api/v2/scores/${ADDRESS}: Rate limit exceeded`);
    expect(calls).toHaveLength(1);
  });
});

describe('4. snippet() refuses option names it does not know', () => {
  it('a name carrying markup is an OptionError, never output', () => {
    const config = { type: 'reputation', apiKey: 'k', address: ADDRESS, 'x><img src=x onerror=alert(1)>': 'y' } as never;
    expect(() => snippet(config, { scriptUrl: '/dist/repkit.umd.js' })).toThrow(OptionError);
  });
  it('callbacks are left out; values are escaped through the html tag', () => {
    const out = snippet(
      { type: 'reputation', apiKey: 'k', address: ADDRESS, className: '"><script>', onLoad: () => {} },
      { scriptUrl: '/dist/repkit.umd.js' },
    );
    expect(out).not.toContain('<script>"');
    expect(out).toContain('data-class-name="&quot;&gt;&lt;script&gt;"');
    expect(out).not.toContain('on-load');
  });
});

describe('5. list options are capped', () => {
  it.each([
    ['maxBadges', 'badge'],
    ['maxCategories', 'reputation'],
  ])('%s of 1e9 or 51 is an OptionError; 50 is fine', (option, type) => {
    const make = (n: number) => createWidget({ type, apiKey: 'k', address: ADDRESS, [option]: n } as never);
    expect(() => make(1e9)).toThrow(OptionError);
    expect(() => make(51)).toThrow(/from 0 to 50/);
    expect(() => make(50)).not.toThrow();
  });
});

/** Mounts a widget against the loopback server answering `data`; resolves with its view once settled. */
const showRecord = async (config: Record<string, unknown>, data: unknown): Promise<ShadowRoot> => {
  const text = body(data);
  api.handle((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(text));
  const slot = document.body.appendChild(document.createElement('div'));
  const settled = new Promise<string>((resolve) => {
    slot.addEventListener('repkit:load', () => resolve('ready'));
    slot.addEventListener('repkit:error', (e) => resolve(String((e as CustomEvent<{ error: unknown }>).detail.error)));
  });
  createWidget({
    apiKey: 'k',
    address: ADDRESS,
    baseUrl: api.url,
    cacheTtlMs: 0,
    maxResponseBytes: 50_000_000,
    locale: 'en-US',
    ...config,
  } as Parameters<typeof createWidget>[0]).mount(slot);
  expect(await settled).toBe('ready');
  return slot.querySelector('.repkit')!.shadowRoot!;
};

// Far past every cap, which is all these checks need; the browser suite renders 100,000 for
// real layout and memory (test/browser/security.test.ts).
const N = 20_000;
const many = <T>(make: (i: number) => T): T[] => Array.from({ length: N }, (_, i) => make(i));
const reason = (i: number, extra = {}) => ({
  key: `r${i}`,
  points: i,
  title: `Reason ${i}`,
  description: '',
  thresholds: [],
  advices: [],
  ...extra,
});
const moreText = (root: ShadowRoot) => Array.from(root.querySelectorAll('.rk-more'), (e) => e.textContent!.trim());
const count = (n: number) => `+${n.toLocaleString('en-US')} more`;

describe('5. a list of 20,000 renders its limit and says how many more', () => {
  it('category: reasons, thresholds and advice lines', async () => {
    const reasons = many((i) => reason(i));
    reasons[0] = reason(0, { points: 1e9, thresholds: many((i) => ({ label: `T${i}`, description: '' })) });
    reasons[1] = reason(1, { points: 1e9 + 1, advices: many((i) => `Advice ${i}`) });
    const root = await showRecord({ type: 'category', categoryKey: 'governance' }, categoryRecord({ reasons }));
    expect(root.querySelectorAll('li.rk-reason-item')).toHaveLength(LIST_LIMITS.reasons);
    expect(root.querySelectorAll('.rk-thresholds > li')).toHaveLength(LIST_LIMITS.thresholds);
    expect(root.querySelectorAll('.rk-advice li')).toHaveLength(LIST_LIMITS.advices);
    expect(moreText(root)).toEqual([count(N - LIST_LIMITS.thresholds), count(N - LIST_LIMITS.reasons), count(N - LIST_LIMITS.advices)]);
  });

  it('badge: levels of a definition', async () => {
    const levels = many((i) => ({ level: i + 1, key: `L${i}`, value: i, title: `Level ${i}`, shortDescription: '', longDescription: '' }));
    const root = await showRecord({ type: 'badge', badgeKey: 'B0' }, badgeRecord({ levels }));
    expect(root.querySelectorAll('.rk-step')).toHaveLength(LIST_LIMITS.levels);
    expect(moreText(root)).toEqual([count(N - LIST_LIMITS.levels)]);
  });

  it('badges: maxBadges of the list', async () => {
    const badges = many((i) => ({ badgeKey: `B${i}`, achievedLevel: 1, achievedLevelKey: 'k', achievedLevelTitle: 'Bronze' }));
    const root = await showRecord({ type: 'badges', maxBadges: 50 }, { address: ADDRESS, badges, count: N });
    expect(root.querySelectorAll('.rk-badge')).toHaveLength(50);
    expect(moreText(root)).toEqual([count(N - 50)]);
  });

  it('reputation: maxCategories of the categories', async () => {
    const root = await showRecord(
      { type: 'reputation', maxCategories: 50 },
      scoresRecord(Object.fromEntries(many((i) => [`c${i}`, { score: i, reason: '', title: `C${i}` }]))),
    );
    const rows = Array.from(root.querySelectorAll('.rk-category'), (row) => row.getAttribute('data-category'));
    expect(rows).toHaveLength(50);
    expect(rows.slice(0, 2)).toEqual([`c${N - 1}`, `c${N - 2}`]);
  });

  it('profile: social links, identities and the judgements of one', async () => {
    const identities = many((i) => ({ address: `a${i}`, display: `Identity ${i}` }));
    identities[0] = { ...identities[0]!, judgements: many((i) => ({ index: i, judgement: 'Unknown' })) } as never;
    const root = await showRecord(
      { type: 'profile' },
      profileRecord({ socialLinks: Object.fromEntries(many((i) => [`p${i}`, `handle${i}`])), polkadotIdentities: identities }),
    );
    expect(root.querySelectorAll('.rk-social')).toHaveLength(LIST_LIMITS.socials);
    expect(root.querySelectorAll('.rk-identity')).toHaveLength(LIST_LIMITS.identities);
    expect(moreText(root)).toEqual([count(N - LIST_LIMITS.socials), count(N - LIST_LIMITS.identities)]);
    const judgements = Array.from(root.querySelectorAll('.rk-identity')[0]!.querySelectorAll('.rk-fact')).find((f) =>
      f.textContent!.startsWith('Judgements'),
    )!;
    expect(judgements.textContent!.match(/registrar/g)).toHaveLength(LIST_LIMITS.judgements);
    expect(judgements.textContent).toMatch(new RegExp(`, \\${count(N - LIST_LIMITS.judgements)}$`));
  });
});

describe('6. long text is cut past TEXT_LIMIT and clamped behind a toggle', () => {
  it.each([
    ['10,000 characters', 10_000],
    ['1 MB', 1_000_000],
  ])('a category description of %s: %i characters shown at most, clamped, "Show more" opens it', async (_name, length) => {
    const root = await showRecord(
      { type: 'category', categoryKey: 'governance' },
      categoryRecord({ short_description: words(length), reasons: [reason(0)] }),
    );
    const description = root.querySelector('.rk-description')!;
    expect(description.textContent).toHaveLength(TEXT_LIMIT + 1);
    expect(description.textContent!.endsWith('…')).toBe(true);
    const clamp = description.closest('.rk-clamp')!;
    const toggle = clamp.querySelector<HTMLButtonElement>('button[data-action="more"]')!;
    expect(toggle.textContent).toBe('Show more');
    toggle.click();
    expect(clamp.classList.contains('rk-open')).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('a badge description of 1 MB is cut and clamped too', async () => {
    const root = await showRecord({ type: 'badge', badgeKey: 'B0' }, badgeRecord({ shortDescription: words(1_000_000) }));
    const description = root.querySelector('.rk-description')!;
    expect(description.textContent).toHaveLength(TEXT_LIMIT + 1);
    expect(description.closest('.rk-clamp')?.querySelector('[data-action="more"]')).not.toBeNull();
  });

  it('long thresholds and advice lines are clamped items, with one toggle for each list', async () => {
    const long = words(5000);
    const root = await showRecord(
      { type: 'category', categoryKey: 'governance' },
      categoryRecord({ reasons: [reason(0, { thresholds: [{ label: 'At least', description: long }], advices: [long] })] }),
    );
    for (const selector of ['.rk-thresholds > li', '.rk-advice li']) {
      const item = root.querySelector(selector)!;
      expect(item.classList.contains('rk-lc')).toBe(true);
      expect(item.textContent!.length).toBeLessThanOrEqual(ITEM_TEXT_LIMIT + 'At least '.length + 1);
      const list = item.closest('.rk-clamps')!;
      const toggle = list.querySelector<HTMLButtonElement>(':scope > [data-action="more"]')!;
      toggle.click();
      expect(list.classList.contains('rk-open')).toBe(true);
      expect(toggle.textContent).toBe('Show less');
    }
  });

  it('text inside list items is cut at ITEM_TEXT_LIMIT: reason titles, advice, level titles', async () => {
    const long = words(5000);
    const category = await showRecord(
      { type: 'category', categoryKey: 'governance' },
      categoryRecord({ reasons: [reason(0, { title: long, advices: [long] })] }),
    );
    for (const selector of ['.rk-reason-title', '.rk-advice li']) {
      const text = category.querySelector(selector)!.textContent!.trim();
      expect(text, selector).toHaveLength(ITEM_TEXT_LIMIT + 1);
      expect(text.endsWith('…')).toBe(true);
    }
    const badge = await showRecord({ type: 'badge', badgeKey: 'B0' }, badgeRecord({ title: long }));
    expect(badge.querySelector('.rk-badge-title')!.textContent!.trim()).toHaveLength(ITEM_TEXT_LIMIT + 1);
  });

  it('short items get no toggle', async () => {
    const root = await showRecord(
      { type: 'category', categoryKey: 'governance' },
      categoryRecord({ reasons: [reason(0, { thresholds: [{ label: '1', description: 'vote' }], advices: ['Vote once.'] })] }),
    );
    expect(root.querySelectorAll('.rk-clamps [data-action="more"]')).toHaveLength(0);
  });
});

describe('7. keys the browser would refuse are refused at creation', () => {
  it.each(['key\r\nX-Evil: 1', 'key\0', 'ключ', 'key with space'])('%j is an OptionError naming apiKey', (apiKey) => {
    expect(() => new ServiceClient({ apiKey })).toThrow(OptionError);
    expect(() => createWidget({ type: 'reputation', apiKey, address: ADDRESS })).toThrow(/"apiKey" must be printable ASCII/);
  });
});

describe('8. odd option names are ignored by own-property checks', () => {
  it.each(['__defineGetter__', 'constructor', 'hasOwnProperty', 'toString'])('%s', (name) => {
    expect(() => createWidget({ type: 'profile', apiKey: 'k', address: ADDRESS, [name]: 'x' } as never)).not.toThrow();
  });
  it('a JSON "__proto__" key', () => {
    const config = JSON.parse(`{"type":"reputation","apiKey":"k","address":"${ADDRESS}","__proto__":{"theme":"evil"}}`);
    const widget = createWidget(config);
    expect(widget.options.theme).toBe('light');
  });
});

describe('9. retryability is decided by cause, and the cause is kept', () => {
  it('a network failure through a fetch of its own is retried once at most, says so, and carries the cause', async () => {
    let calls = 0;
    const cause = new TypeError('Failed to fetch');
    const fetch = (async () => {
      calls++;
      throw cause;
    }) as typeof globalThis.fetch;
    const error = await failure(new ServiceClient({ apiKey: 'k', retries: 5, cacheTtlMs: 0, fetch }).getScores(ADDRESS));
    expect(calls).toBe(2);
    expect(error.kind).toBe('network');
    expect(error.statusCode).toBe(0);
    expect(error.message).toMatch(/: could not reach the service \(connection failed\)$/);
    expect(error.cause).toBe(cause);
  });
  it('a fetch rejection is a network failure whatever its text: the text never decides', async () => {
    // fetch rejects with a plain TypeError for every cause; the words differ between runtimes.
    for (const text of ["Failed to execute 'fetch': Invalid value for header", 'redirect mode is set to "error"']) {
      let calls = 0;
      const fetch = (async () => {
        calls++;
        throw new TypeError(text);
      }) as typeof globalThis.fetch;
      const error = await failure(new ServiceClient({ apiKey: 'k', retries: 5, cacheTtlMs: 0, fetch }).getScores(ADDRESS));
      expect(error.kind).toBe('network');
      expect(calls).toBe(2);
    }
  });
  it('a key a browser would refuse in a header never reaches fetch', () => {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      return new Response();
    }) as typeof globalThis.fetch;
    expect(() => new ServiceClient({ apiKey: 'k\u00e9y', fetch })).toThrow(OptionError);
    expect(calls).toBe(0);
  });
});
