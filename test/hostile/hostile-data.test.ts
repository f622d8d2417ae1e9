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
import { KIND_NAMES, SAMPLES, ownOptionsOf } from '../helpers/kinds';

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
  /**
   * The options of the kind's own that reload its data (its option table: `badgeKey`,
   * `categoryKey`) which the combination sets: each carries the hostile string too, when it is
   * a usable path segment, and the combination's own value otherwise.
   */
  keyOptions: string[];
}

const COMBOS: Combo[] = KIND_NAMES.flatMap((kind) =>
  SAMPLES[kind].hostile.data.map((combo) => ({
    ...combo,
    kind,
    keyOptions: ownOptionsOf(combo.config.type, 'reload').filter((option) => Object.hasOwn(combo.config, option)),
  })),
);

/** The combination's own value of its key options (they share one: the key the checks see). */
const ownKey = (combo: Combo): string => {
  const values = new Set(combo.keyOptions.map((option) => (combo.config as Record<string, unknown>)[option]));
  if (values.size > 1) throw new Error(`${combo.name}: its key options ${combo.keyOptions.join(', ')} differ; give them one value`);
  return String([...values][0]);
};

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
  /** What the warm-up requested for the combination's own key: a hostile key must take its place. */
  let keyedUrl: string | undefined;
  const rules = rulesFor(combo.kind);
  const calls = { load: 0, error: 0 };

  beforeAll(async () => {
    fetched.length = 0;
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
    if (combo.keyOptions.length) {
      const keyed = fetched.filter((url) => url.endsWith(`/${ADDRESS}/${encodeURIComponent(ownKey(combo))}`));
      expect(keyed, 'the request naming the key').toHaveLength(1);
      keyedUrl = keyed[0];
    }
    view = root.querySelector<HTMLElement>('[part="widget"]')!;
  });

  it.each(combo.full ? CASES : SAMPLE)('$label', async ({ value: s, index }) => {
    const key = combo.keyOptions.length ? (isSegment(s) ? s : ownKey(combo)) : '';
    const outcome = nextOutcome(container);
    const before = { ...calls };
    fetched.length = 0;
    widget.update({ baseUrl: baseFor(index, combo.variant), ...Object.fromEntries(combo.keyOptions.map((option) => [option, key])) });
    expect(await outcome).toBe('ready');
    expect(calls).toEqual({ load: before.load + 1, error: before.error });
    expect(host.dataset.state).toBe('ready');
    expect(view.getAttribute('aria-busy')).toBe('false');

    // A badgeKey / categoryKey from the config is one percent-encoded path segment, where the
    // warm-up's own key was.
    if (keyedUrl) {
      const path = keyedUrl.slice(baseFor('warm', combo.variant).length, -encodeURIComponent(ownKey(combo)).length);
      expect(fetched).toContain(`${baseFor(index, combo.variant)}${path}${encodeURIComponent(key)}`);
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
 * corpus's sample, for each kind's combination with the most fields shown (its sample's
 * `hostile.viaSandbox` names another): the stub is one function for every string. The patch is
 * what the stub served that combination, so the combination must read one endpoint: one patch
 * cannot give two endpoints their own data (the badge list's both have a `badges` key).
 */
describe('the fetch stub renders what the sandbox would (patch fault, over HTTP)', () => {
  afterAll(cleanupWidgets);

  /** Strings whose every record fits in a request head as a patch. */
  const SHORT = SAMPLE.filter(({ value }) =>
    Object.values(wireRecords(value)).every((record) => encodeURIComponent(JSON.stringify(record)).length < 6000),
  );

  /** Each kind's combination to compare: the one its sample names, or its full one. */
  const VIA_SANDBOX = KIND_NAMES.map((kind) => {
    const { viaSandbox } = SAMPLES[kind].hostile;
    const combo = COMBOS.find((c) => c.kind == kind && (viaSandbox === undefined ? c.full : c.name == viaSandbox));
    if (!combo)
      throw new Error(`the sample of ${kind} has no hostile.data combination named by hostile.viaSandbox (${String(viaSandbox)})`);
    return combo;
  });

  it('covers most of the sample', () => {
    expect(SHORT.length).toBeGreaterThan(SAMPLE.length * 0.8);
  });

  describe.each(VIA_SANDBOX)('$name', (combo) => {
    it.each(SHORT)('$label', async ({ value, index }) => {
      // Kinds share endpoints and base URLs: each load must reach the stub, not another's cached answer.
      const options = { apiKey: API_KEY, address: ADDRESS, retries: 0, cacheTtlMs: 0, locale: 'en-US', ...combo.config } as WidgetConfig;
      fetched.length = 0;
      const viaStub = mountWidget({ ...options, baseUrl: baseFor(index, combo.variant) });
      expect(await viaStub.loaded).toBe('ready');
      const endpoints = [...new Set(fetched)];
      if (endpoints.length != 1)
        throw new Error(
          `${combo.name} reads ${endpoints.length} endpoints (${endpoints.join(', ')}): one patch cannot serve them; name a combination that reads one in the sample's hostile.viaSandbox`,
        );
      const apiPath = endpoints[0]!.slice(`${baseFor(index, combo.variant)}/api/v2/`.length);
      const { data } = JSON.parse(answer(value, apiPath, combo.variant).body) as { data: Record<string, unknown> };
      const viaSandbox = mountWidget({ ...options, baseUrl: server.fault({ patch: data }) });
      expect(await viaSandbox.loaded).toBe('ready');
      same(viaSandbox.root.innerHTML, viaStub.root.innerHTML, 'the two renders');
    });
  });
});
