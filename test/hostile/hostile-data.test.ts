/**
 * Hostile data, in happy-dom: every string of ./corpus.ts, put into every string
 * field of every record by ./records.ts, through one render per widget kind with every field
 * shown (the escaping itself is proven string by string in ./helpers.test.ts); the
 * option combinations that hide or reshape fields run the corpus's sample. For each: the
 * widget is ready, the view holds
 * only the elements and attributes the templates write (./inspect.ts), no event handler,
 * every href / src is an absolute http(s) URL (or mailto: an email address), the only image
 * is the payload's URL when that is absolute http(s), and every displayed field shows the
 * hostile text literally (or what the widget documents in its place: the trimmed text, a
 * fallback title for blank text).
 *
 * Delivery: the records are served by a stubbed global `fetch` (see ./records.ts for why not
 * the sandbox's `patch` fault). Each corpus string has its own base URL,
 * `https://hostile.test/{profile variant}/{index}`, so one widget per combination is reused:
 * `update({ baseUrl })` reloads it with the next string (the client cache is per base URL,
 * so no answer leaks from one string to the next).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shortAddress, type AnyWidget, type WidgetConfig } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { cleanupWidgets, mountWidget, nextOutcome } from '../helpers/widgets';
import { CORPUS, SAMPLE } from './corpus';
import { all, isSegment, same, type HostileCombo } from './checks';
import { inspectView, rulesFor, type Kind } from './inspect';
import { answer, wireRecords, type ProfileVariant } from './records';
import { KIND_NAMES, SAMPLES } from '../helpers/kinds';

const server = useSandbox();

const ORIGIN = 'https://hostile.test';
const ADDRESS = ADDRESSES.rich;
const WARM_UP = 'warm-up';

/** Base URL serving corpus string `index` (or the warm-up records). */
const baseFor = (index: number | 'warm', variant: ProfileVariant = 'links') => `${ORIGIN}/${variant}/${index}`;
const stringAt = (index: string) => (index == 'warm' ? WARM_UP : CORPUS[Number(index)]!.value);

/** Every URL the widgets fetched. */
const fetched: string[] = [];

const realFetch = globalThis.fetch;

const stubFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = typeof input == 'string' ? input : input instanceof URL ? input.href : input.url;
  // The sandbox (the cross-check at the end of this file) is reached for real.
  if (url.startsWith(server.url)) return realFetch(input, init);
  fetched.push(url);
  const match = /^https:\/\/hostile\.test\/(links|identities)\/(\d+|warm)\/api\/v2\/(.+)$/.exec(url);
  if (!match) throw new TypeError(`the hostile suite requested an unexpected URL: ${url}`);
  const { status, body } = answer(stringAt(match[2]!), match[3]!, match[1] as ProfileVariant);
  return new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};

beforeAll(() => {
  vi.stubGlobal('fetch', stubFetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
  cleanupWidgets();
});

// ---------------------------------------------------------------------------------------
// Combinations: each kind's, with what each must show, from its sample
// (src/widgets/kinds/<kind>/sample.ts `hostile.data`; the shared checks are in ./checks.ts).
// ---------------------------------------------------------------------------------------

interface Combo extends HostileCombo {
  kind: Kind;
}

const COMBOS: Combo[] = KIND_NAMES.flatMap((kind) => SAMPLES[kind].hostile.data.map((combo) => ({ ...combo, kind })));

const CASES = CORPUS.map((entry, index) => ({ ...entry, index }));

describe('the combinations', () => {
  it('give every kind one render with the most fields shown, which runs the whole corpus', () => {
    const kinds = KIND_NAMES;
    for (const kind of kinds)
      expect(
        COMBOS.filter((c) => c.kind == kind && c.full),
        kind,
      ).toHaveLength(1);
  });
});

describe.each(COMBOS)('$name', (combo) => {
  let widget: AnyWidget;
  let container: HTMLElement;
  let host: HTMLElement;
  let view: HTMLElement;
  let root: ShadowRoot;
  const rules = rulesFor(combo.kind);
  const calls = { load: 0, error: 0 };

  beforeAll(async () => {
    const mounted = mountWidget({
      apiKey: API_KEY,
      address: ADDRESS,
      baseUrl: baseFor('warm', combo.variant),
      retries: 0,
      // Combinations share base URLs: each load must reach the stub, not another's cached answer.
      cacheTtlMs: 0,
      locale: 'en-US',
      onLoad: () => calls.load++,
      onError: () => calls.error++,
      ...combo.config,
    } as WidgetConfig);
    ({ widget, container, host, root } = mounted);
    expect(await mounted.loaded).toBe('ready');
    view = root.querySelector<HTMLElement>('[part="widget"]')!;
  });

  it.each(combo.full ? CASES : SAMPLE)('$label', async ({ value: s, index }) => {
    const key = combo.hostileKey ? (isSegment(s) ? s : combo.hostileKey.fallback) : '';
    const outcome = nextOutcome(container);
    const before = { ...calls };
    fetched.length = 0;
    widget.update({ baseUrl: baseFor(index, combo.variant), ...(combo.hostileKey && { [combo.hostileKey.option]: key }) });
    expect(await outcome).toBe('ready');
    expect(calls).toEqual({ load: before.load + 1, error: before.error });
    expect(host.dataset.state).toBe('ready');
    expect(view.getAttribute('aria-busy')).toBe('false');

    // A badgeKey / categoryKey from the config is one percent-encoded path segment.
    if (combo.hostileKey) {
      const area = combo.kind == 'badge' ? 'badges' : 'scores';
      expect(fetched).toContain(`${baseFor(index, combo.variant)}/api/v2/${area}/${ADDRESS}/${encodeURIComponent(key)}`);
    }
    // Only the view is in the shadow root (styles are adopted sheets), and the host keeps the
    // attributes the widget gives it.
    expect(Array.from(root.children)).toEqual([view]);
    expect(host.getAttributeNames().sort()).toEqual(['class', 'data-state', 'data-theme', 'data-type']);

    expect(inspectView(view, rules)).toEqual([]);
    // The `address` of a record is hostile too, but the address row shows the config's.
    for (const row of all(view, '.rk-address')) {
      same(row.getAttribute('title'), ADDRESS, 'address title');
      same(row.textContent, shortAddress(ADDRESS), 'short address');
    }
    combo.check({ s, view, key });
  });
});

/**
 * The stub is faithful: for every corpus string short enough to travel in a fault spec (see
 * ./records.ts), the same records delivered by the real sandbox through its `patch` fault (which
 * replaces every field of the fixture's `data`) render exactly the same markup. Shown on the
 * corpus's sample: the stub is one function for every string. The badge list
 * is left out: its definitions cannot be patched (both endpoints' data use the key `badges`).
 */
describe('the fetch stub renders what the sandbox would (patch fault, over HTTP)', () => {
  afterAll(cleanupWidgets);

  const SHORT = SAMPLE.filter(({ value }) => encodeURIComponent(JSON.stringify(wireRecords(value).profile)).length < 6000);
  const KINDS = [
    { kind: 'reputation', config: { type: 'reputation' }, patch: (s: string) => wireRecords(s).scores },
    { kind: 'one badge', config: { type: 'badge', badgeKey: 'ReferendumVoter' }, patch: (s: string) => wireRecords(s).badge },
    { kind: 'profile', config: { type: 'profile' }, patch: (s: string) => wireRecords(s).profile },
    { kind: 'category', config: { type: 'category', categoryKey: 'governance' }, patch: (s: string) => wireRecords(s).categoryScore },
  ] as const;

  it('covers most of the sample', () => {
    expect(SHORT.length).toBeGreaterThan(SAMPLE.length * 0.8);
  });

  describe.each(KINDS)('$kind', ({ config, patch }) => {
    it.each(SHORT)('$label', async ({ value, index }) => {
      const options = { apiKey: API_KEY, address: ADDRESS, retries: 0, locale: 'en-US', ...config } as WidgetConfig;
      const viaSandbox = mountWidget({ ...options, baseUrl: server.fault({ patch: patch(value) as unknown as Record<string, unknown> }) });
      const viaStub = mountWidget({ ...options, baseUrl: baseFor(index) });
      expect(await Promise.all([viaSandbox.loaded, viaStub.loaded])).toEqual(['ready', 'ready']);
      same(viaSandbox.root.innerHTML, viaStub.root.innerHTML, 'the two renders');
    });
  });
});
