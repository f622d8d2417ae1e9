/**
 * Faults, in happy-dom against the sandbox over real HTTP: a table of faults. A fault
 * whose outcome depends on the kind (a 404, a field of the kind's record) is driven through
 * every widget kind (reputation, badge list, one badge, profile, category); one that the
 * client handles the same for every record (timeouts, retries, dropped connections, bodies
 * that are not JSON, size caps, redirects) through the client once, inside one widget, the
 * kinds taking turns, so each kind meets every fault. Faults that wait (backoff, Retry-After, a timeout)
 * run on a fake clock that the test moves fast, so no case sleeps for real.
 * For each pair: the right final state (ready, or error with the README's sentence and "Try
 * again" where it helps), onLoad / onError and `repkit:load` / `repkit:error` exactly once
 * (and the other pair never), the right number of requests, no unhandled rejection, nothing
 * logged by repkit through console.error / console.warn, and no skeleton left (no `.rk-skel`,
 * `aria-busy="false"`, `data-state` not `loading`).
 *
 * Console: happy-dom logs like a browser's network panel, through the test realm's own
 * `console` (its window is created with vitest's console): `GET <url> 500 (Internal Server
 * Error)` for every non-2xx answer and the socket error for a dropped connection, both from
 * happy-dom's Fetch (node_modules/happy-dom/…/fetch/Fetch). Those are told apart by the frame
 * that called console.* and set aside; any other call fails the test.
 *
 * How each fault is made:
 * - the sandbox's fault prefix (`server.fault(items)`; a unique `id` per test keeps `times`
 *   counters and the client cache apart). It applies to every request of a widget, so the
 *   badge list's /metadata/badges gets the same fault as /badges/{address}: a `patch` with
 *   `badges` also replaces the definitions with earned badges, which fail their shape check
 *   and are tolerated (titles fall back to keys), exactly like a failing definitions endpoint;
 * - `1e999`: JSON.stringify writes Infinity as null, so the sandbox cannot send it. A patch
 *   puts a marker number in its place and a wrapper around `fetch` rewrites the marker to
 *   `1e999` in the answer text (which JSON.parse reads as Infinity);
 * - a failing definitions endpoint alone: the same wrapper sends /metadata/badges to the
 *   sandbox with `status=500` and leaves /badges/{address} alone.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceError, type WidgetConfig } from '../../src/index';
import type { FaultItems } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { fast, useFastClock } from '../helpers/clock';
import { cleanupWidgets, mountWidget, sleep } from '../helpers/widgets';

const server = useSandbox();
const RICH = ADDRESSES.rich;

/** A widget config without apiKey and address (distributed over the kinds). */
type ConfigOf<C> = C extends unknown ? Omit<C, 'apiKey' | 'address'> : never;

// ---------------------------------------------------------------------------------------
// Kinds
// ---------------------------------------------------------------------------------------

type KindName = 'reputation' | 'badge list' | 'one badge' | 'profile' | 'category';

interface Kind {
  name: KindName;
  config: ConfigOf<WidgetConfig>;
  /** Path of the kind's own endpoint. */
  path: string;
  /** Sentence for a 404 (README's error table). */
  notFound: string;
  /** A patch putting `value` in a number field, and that field's name in error messages. */
  number: (value: unknown) => Record<string, unknown>;
  numberField: string;
  /** Where that number is shown, as the widget formats it. */
  numberShown: (view: HTMLElement) => string | null | undefined;
}

const earned = (extra: Record<string, unknown>) => ({
  badgeKey: 'ReferendumVoter',
  achievedLevel: 3,
  achievedLevelKey: 'LEVEL_3_20_VOTES',
  achievedLevelTitle: 'Governance Regular',
  earnedAt: '2024-01-01T00:00:00.000Z',
  ...extra,
});

const KINDS: Kind[] = [
  {
    name: 'reputation',
    config: { type: 'reputation' },
    path: `/api/v2/scores/${RICH}`,
    notFound: 'There is no reputation data for this address yet.',
    number: (v) => ({ totalScore: v }),
    numberField: 'totalScore',
    numberShown: (view) => view.querySelector('.rk-score')?.textContent,
  },
  {
    name: 'badge list',
    config: { type: 'badges', showProgress: true },
    path: `/api/v2/badges/${RICH}`,
    notFound: 'There is no badge data for this address yet.',
    number: (v) => ({ badges: [earned({ achievedLevel: v })], count: 1 }),
    numberField: 'badges[0].achievedLevel',
    numberShown: (view) => view.querySelector('.rk-level')?.textContent?.replace(/^.* · Level /, ''),
  },
  {
    name: 'one badge',
    config: { type: 'badge', badgeKey: 'ReferendumVoter', showProgress: true },
    path: `/api/v2/badges/${RICH}/ReferendumVoter`,
    notFound: 'This address has not earned this badge yet.',
    number: (v) => ({ badge: earned({ achievedLevel: v }) }),
    numberField: 'badge.achievedLevel',
    numberShown: (view) => view.querySelector('.rk-level')?.textContent?.replace(/^.* · Level /, ''),
  },
  {
    name: 'profile',
    config: { type: 'profile' },
    path: `/api/v2/profiles/${RICH}`,
    notFound: 'No profile set up yet.', // not an error: a ready view
    number: (v) => ({ nftCount: v }),
    numberField: 'nftCount',
    numberShown: (view) => view.querySelector('.rk-nfts strong')?.textContent,
  },
  {
    name: 'category',
    config: { type: 'category', categoryKey: 'governance' },
    path: `/api/v2/scores/${RICH}/governance`,
    notFound: 'This address has no score in this category yet.',
    number: (v) => ({ category: { key: 'governance', score: { score: v, reason: 'Full', title: 'Governance' } } }),
    numberField: 'category.score.score',
    numberShown: (view) => view.querySelector('.rk-score')?.textContent,
  },
];

// ---------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------

/** README's error sentences. */
const SAY = {
  invalidKey: 'Invalid API key.',
  unreachable: 'Could not reach the service: check baseUrl (host, port).',
  connection: 'Could not reach the service.',
  // The time is the visitor's, in the widget's locale (en-US here).
  quota: /^Quota used up until \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M\.$/,
  tooLarge: 'Response too large.',
  timeout: 'Timed out.',
  busy: 'The service is busy (rate limited).',
  trouble: 'The service is having trouble.',
  malformed: 'Malformed response.',
  redirected: 'Redirect not followed.',
};

interface Expected {
  state: 'ready' | 'error';
  /** Error view sentence (error state). */
  sentence?: string | RegExp;
  /** Whether "Try again" is offered (error state). */
  retry?: boolean;
  /** `statusCode` of the ServiceError given to onError. */
  status?: number;
  /** The error message given to onError. */
  message?: RegExp;
  /** Requests to the kind's own endpoint. */
  requests?: number;
  /** More checks of the final view. */
  check?: (view: HTMLElement) => void;
}

interface Fault {
  name: string;
  /** Sandbox fault items (a unique id is added). */
  items?: (kind: Kind) => FaultItems;
  /** Widget options (client options included). */
  options?: Record<string, unknown>;
  /** Rewrites a request URL before it is fetched. */
  route?: (url: string) => string;
  /** Rewrites an answer's text. */
  rewrite?: (text: string) => string;
  /** How long to keep watching after the outcome (late events, late requests). */
  watchMs?: number;
  /** What must happen; undefined where the fault does not apply to the kind. */
  expect: (kind: Kind) => Expected | undefined;
  /** The outcome depends on the kind's record or sentences: run it through every kind. */
  perKind?: boolean;
  /** The client waits (backoff, Retry-After, a timeout): run it on the fast fake clock. */
  waits?: boolean;
}

const error = (sentence: string | RegExp, retry: boolean, more: Partial<Expected> = {}): Expected => ({
  state: 'error',
  sentence,
  retry,
  ...more,
});
const malformed = (message: RegExp, status = 200): Expected => error(SAY.malformed, true, { status, message, requests: 1 });

/**
 * A fault, per kind, that patches one field of the answer and expects the malformed-response
 * failure naming that field.
 */
const malformedField = (name: string, cases: Record<KindName, { patch: Record<string, unknown>; problem: string }>): Fault => ({
  name,
  perKind: true,
  items: (kind) => ({ patch: cases[kind.name].patch }),
  expect: (kind) => malformed(new RegExp(`malformed response: ${cases[kind.name].problem}`)),
});

const fmt = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(n);

/** A number marker that the fetch wrapper rewrites to 1e999. */
const INFINITY_MARKER = 987654321987;

const NOT_A_DATE = 'not a date';

const noDate = (view: HTMLElement) => {
  expect(view.querySelectorAll('time')).toHaveLength(0);
  expect(view.textContent).not.toMatch(/Invalid Date|NaN|not a date/);
};

const FAULTS: Fault[] = [
  {
    name: 'hang past the timeout (timeoutMs 300)',
    items: () => ({ hang: true }),
    options: { timeoutMs: 300 },
    watchMs: 400,
    waits: true,
    expect: () => error(SAY.timeout, true, { status: 0, message: /timed out after 300 ms/, requests: 1 }),
  },
  {
    name: 'connection dropped before answering',
    items: () => ({ drop: true }),
    waits: true,
    expect: () => error(SAY.unreachable, true, { status: 0, message: /could not reach the service: check baseUrl/, requests: 2 }),
  },
  {
    name: 'connection dropped mid-body',
    items: () => ({ dropMidBody: true }),
    waits: true,
    expect: () => error(SAY.connection, true, { status: 0, message: /connection failed before the response was complete/, requests: 2 }),
  },
  {
    name: '429 with Retry-After: 1, then OK',
    items: () => ({ status: 429, retryAfter: 1, times: 1 }),
    waits: true,
    // The badge list's two requests share the spec's `times` counter: whichever comes first gets the 429.
    expect: (kind) => ({ state: 'ready', requests: kind.name == 'badge list' ? undefined : 2 }),
  },
  {
    // As the service sends it: X-RateLimit-Reset (epoch ms) a moment away, no Retry-After.
    name: '429 with a near X-RateLimit-Reset, persistent (retries 1)',
    items: () => ({ resetIn: 50 }),
    waits: true,
    // A 429 that says when the quota resets: no "Try again" before then (the widget reloads itself).
    expect: () => error(SAY.quota, false, { status: 429, message: /^GET \S+: Rate limit exceeded\./, requests: 2 }),
  },
  {
    name: '429 whose X-RateLimit-Reset is an hour away: not retried',
    items: () => ({ status: 429 }),
    expect: () => error(SAY.quota, false, { status: 429, requests: 1 }),
  },
  {
    name: '503, then 200',
    items: () => ({ status: 503, times: 1 }),
    waits: true,
    expect: (kind) => ({ state: 'ready', requests: kind.name == 'badge list' ? undefined : 2 }),
  },
  {
    name: 'persistent 500',
    items: () => ({ status: 500 }),
    expect: () => error(SAY.trouble, true, { status: 500, message: /^GET \S+: Failed to get /, requests: 1 }),
  },
  {
    name: '401',
    items: () => ({ status: 401 }),
    expect: () => error(SAY.invalidKey, false, { status: 401, requests: 1 }),
  },
  {
    name: '404',
    items: () => ({ status: 404 }),
    perKind: true,
    expect: (kind) =>
      kind.name == 'profile'
        ? { state: 'ready', requests: 1, check: (view) => expect(view.querySelector('[part="empty"]')?.textContent).toBe(kind.notFound) }
        : error(kind.notFound, false, { status: 404, requests: 1 }),
  },
  {
    name: 'a body that is not JSON',
    items: () => ({ body: 'text' }),
    expect: () => malformed(/the body is not JSON/),
  },
  {
    name: 'an HTML error page (500)',
    items: () => ({ body: 'html', status: 500 }),
    expect: () => error(SAY.trouble, true, { status: 500, requests: 1 }),
  },
  {
    name: 'an empty body',
    items: () => ({ body: 'empty' }),
    expect: () => malformed(/the body is empty/),
  },
  {
    name: 'success: false with 200',
    items: () => ({ body: 'successfalse' }),
    expect: () => malformed(/Something went wrong/),
  },
  {
    name: 'data missing',
    items: () => ({ body: 'nodata' }),
    expect: () => malformed(/data is missing/),
  },
  malformedField('a required field missing', {
    reputation: { patch: { totalScore: null }, problem: 'totalScore must be a number' },
    'badge list': { patch: { badges: null }, problem: 'badges must be an array' },
    'one badge': { patch: { address: null }, problem: 'address must be a string' },
    profile: { patch: { address: null }, problem: 'address must be a string' },
    category: { patch: { category: null }, problem: 'category must be an object' },
  }),
  malformedField('a required field of the wrong type', {
    reputation: { patch: { totalScore: '12' }, problem: 'totalScore must be a number' },
    'badge list': { patch: { count: 'two' }, problem: 'count must be a number' },
    'one badge': { patch: { earned: 'yes' }, problem: 'earned must be a boolean' },
    profile: { patch: { chainIdentities: { display: 'x' } }, problem: 'chainIdentities must be an array' },
    category: { patch: { definition: 'none' }, problem: 'definition must be an object' },
  }),
  {
    name: 'a number that is "NaN"',
    perKind: true,
    items: (kind) => ({ patch: kind.number('NaN') }),
    expect: (kind) => malformed(new RegExp(`malformed response: ${kind.numberField.replace(/[[\].]/g, '\\$&')} must be a number`)),
  },
  {
    name: 'a negative number',
    perKind: true,
    items: (kind) => ({ patch: kind.number(-5) }),
    expect: (kind) => ({ state: 'ready', requests: 1, check: (view) => expect(kind.numberShown(view)).toBe(fmt(-5)) }),
  },
  {
    name: 'a huge number (1e308)',
    perKind: true,
    items: (kind) => ({ patch: kind.number(1e308) }),
    expect: (kind) => ({ state: 'ready', requests: 1, check: (view) => expect(kind.numberShown(view)).toBe(fmt(1e308)) }),
  },
  {
    name: 'a number 1e999 (Infinity once parsed)',
    perKind: true,
    items: (kind) => ({ patch: kind.number(INFINITY_MARKER) }),
    rewrite: (text) => text.replaceAll(String(INFINITY_MARKER), '1e999'),
    expect: (kind) => malformed(new RegExp(`malformed response: ${kind.numberField.replace(/[[\].]/g, '\\$&')} must be a number`)),
  },
  {
    name: 'an earnedAt / calculatedAt that is not a date',
    perKind: true,
    items: (kind) => ({
      patch: {
        reputation: { calculatedAt: NOT_A_DATE },
        'badge list': { badges: [earned({ earnedAt: NOT_A_DATE })], count: 1 },
        'one badge': { badge: earned({ earnedAt: NOT_A_DATE }) },
        profile: undefined,
        category: { calculatedAt: NOT_A_DATE },
      }[kind.name],
    }),
    expect: (kind) => (kind.name == 'profile' ? undefined : { state: 'ready', requests: 1, check: noDate }),
  },
  {
    // Past maxResponseBytes (2 MB by default): never parsed, never retried.
    name: 'a 5 MB payload',
    items: () => ({ body: 'huge' }),
    expect: () => error(SAY.tooLarge, false, { status: 0, message: /response too large/, requests: 1 }),
  },
  {
    name: 'a 5 MB payload under a raised maxResponseBytes',
    items: () => ({ body: 'huge' }),
    options: { maxResponseBytes: 8000000 },
    expect: () => ({ state: 'ready', requests: 1 }),
  },
  {
    // Small on the wire, 5 MB once inflated: the cap counts decompressed bytes.
    name: 'a gzip bomb',
    items: () => ({ bomb: 5000000 }),
    expect: () => error(SAY.tooLarge, false, { status: 0, message: /response too large/, requests: 1 }),
  },
  {
    // 2.5 MB of valid JSON, uncompressed: over the 2 MB default cap.
    name: 'a body over the cap, uncompressed',
    items: () => ({ big: 2500000 }),
    expect: () => error(SAY.tooLarge, false, { status: 0, message: /response too large/, requests: 1 }),
  },
  {
    name: 'a redirect elsewhere',
    items: () => ({ redirect: 'https://elsewhere.example/api/v2/x' }),
    expect: () => error(SAY.redirected, false, { status: 0, requests: 1 }),
  },
  {
    name: 'the badge definitions endpoint fails (500)',
    perKind: true,
    route: (url) => url.replace(/\/__fault\/([^/]*)\/api\/v2\/metadata\/badges$/, '/__fault/$1,status=500/api/v2/metadata/badges'),
    expect: (kind) =>
      kind.name != 'badge list'
        ? undefined
        : {
            state: 'ready',
            requests: 1,
            // Without definitions, each badge is titled by its key.
            check: (view) =>
              expect(Array.from(view.querySelectorAll('.rk-badge-title'), (e) => e.textContent)).toEqual([
                'PolkadotRegular',
                'ReferendumVoter',
                'NposGuardian',
                'RelayChainInitiate',
                'ParachainTraveler',
                'IdentityConfirmed',
              ]),
          },
  },
];

// ---------------------------------------------------------------------------------------
// Watching the page
// ---------------------------------------------------------------------------------------

const rejections: unknown[] = [];
const onProcessRejection = (reason: unknown) => rejections.push(reason);
const onWindowRejection = (event: Event) => rejections.push((event as PromiseRejectionEvent).reason ?? event);

interface Logged {
  method: string;
  text: string;
  /** The file of the frame that called console.*. */
  caller: string;
}
let logged: Logged[] = [];

/** The first stack frame outside this file and the spy machinery. */
const callerOf = (stack: string | undefined): string =>
  (stack ?? '')
    .split('\n')
    .slice(1)
    .find((line) => !/faults\.test\.ts|@vitest[/\\]spy|tinyspy/.test(line))
    ?.trim() ?? '(unknown)';

const HAPPY_DOM = /node_modules[/\\]happy-dom[/\\]/;

const realFetch = globalThis.fetch;
let route: Fault['route'];
let rewrite: Fault['rewrite'];

beforeAll(() => {
  process.on('unhandledRejection', onProcessRejection);
  window.addEventListener('unhandledrejection', onWindowRejection);
  // Pass-through unless the row asks for a route or a rewrite.
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const response = await realFetch(route ? route(input) : input, init);
    if (!rewrite) return response;
    const text = await response.text();
    return new Response(rewrite(text), { status: response.status, statusText: response.statusText, headers: response.headers });
  });
});
afterAll(() => {
  process.off('unhandledRejection', onProcessRejection);
  window.removeEventListener('unhandledrejection', onWindowRejection);
  vi.unstubAllGlobals();
});
beforeEach(() => {
  rejections.length = 0;
  logged = [];
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push({ method, text: args.map(String).join(' '), caller: callerOf(new Error().stack) });
    });
  }
  server.sandbox.resetRequests();
});
afterEach(() => {
  vi.useRealTimers();
  cleanupWidgets();
  vi.restoreAllMocks();
  route = rewrite = undefined;
});

// ---------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------

/** Kind-specific faults through every kind they apply to; the others through one kind each, in turn. */
const CASES = FAULTS.flatMap((fault, i) =>
  (fault.perKind ? KINDS : [KINDS[i % KINDS.length]!]).flatMap((kind) => {
    const expected = fault.expect(kind);
    return expected ? [{ kind, fault, expected, title: `${kind.name}: ${fault.name}` }] : [];
  }),
);

describe('faults × widget kinds', () => {
  it.each(CASES)('$title', async ({ kind, fault, expected }) => {
    route = fault.route;
    rewrite = fault.rewrite;
    if (fault.waits) useFastClock();
    const calls = { onLoad: 0, onError: [] as unknown[] };
    const { widget, host, root, loaded, events } = mountWidget({
      apiKey: API_KEY,
      address: RICH,
      baseUrl: server.fault(fault.items?.(kind) ?? {}),
      retries: 1,
      locale: 'en-US',
      onLoad: () => calls.onLoad++,
      onError: (error) => calls.onError.push(error),
      ...kind.config,
      ...fault.options,
    } as WidgetConfig);

    const outcome = await fast(loaded);
    await fast(sleep(fault.watchMs ?? 25)); // a second event, a late request or a late log would show now

    // The final state.
    expect(outcome).toBe(expected.state);
    expect(widget.state).toBe(expected.state);
    expect(host.dataset.state).toBe(expected.state);
    const view = root.querySelector<HTMLElement>('[part="widget"]')!;
    expect(view.getAttribute('aria-busy')).toBe('false');
    expect(root.querySelectorAll('.rk-skel')).toHaveLength(0);

    // Callbacks and events: exactly one of the right kind, none of the other.
    expect(events.map((e) => e.type)).toEqual([`repkit:${expected.state == 'ready' ? 'load' : 'error'}`]);
    expect(calls.onLoad).toBe(expected.state == 'ready' ? 1 : 0);
    expect(calls.onError).toHaveLength(expected.state == 'error' ? 1 : 0);

    if (expected.state == 'error') {
      const text = root.querySelector('.rk-error-text')?.textContent;
      if (expected.sentence instanceof RegExp) expect(text).toMatch(expected.sentence);
      else expect(text).toBe(expected.sentence);
      expect(!!root.querySelector('[part="retry"]')).toBe(expected.retry);
      const error = calls.onError[0] as ServiceError;
      expect(error).toBeInstanceOf(ServiceError);
      expect(events[0]!.detail.error).toBe(error);
      if (expected.status !== undefined) expect(error.statusCode).toBe(expected.status);
      if (expected.message) expect(error.message).toMatch(expected.message);
    } else {
      expect(root.querySelector('[part="error"]')).toBeNull();
    }
    expected.check?.(view);

    if (expected.requests !== undefined) {
      // Requests with the key: not the keyless no-cors probe that tells why nothing was answered.
      expect(server.sandbox.requests.filter((r) => r.path == kind.path && r.apiKey !== null)).toHaveLength(expected.requests);
    }

    // Nothing unhandled, nothing logged by repkit (happy-dom's own network log aside).
    await fast(sleep(0));
    expect(rejections).toEqual([]);
    expect(logged.filter((entry) => !HAPPY_DOM.test(entry.caller))).toEqual([]);
  });

  it('covers every kind with every kind-specific fault, every other fault once, and every kind with some of those', () => {
    const perKind = FAULTS.filter((f) => f.perKind);
    // Not applicable: a date for the profile (it shows none), and the definitions endpoint for
    // every kind but the badge list.
    expect(CASES.filter((c) => c.fault.perKind)).toHaveLength(KINDS.length * perKind.length - 1 - (KINDS.length - 1));
    const shared = CASES.filter((c) => !c.fault.perKind);
    expect(shared.map((c) => c.fault)).toEqual(FAULTS.filter((f) => !f.perKind));
    for (const kind of KINDS) expect(shared.filter((c) => c.kind == kind).length, kind.name).toBeGreaterThanOrEqual(2);
  });
});

describe("happy-dom's own console output", () => {
  it('is its network log: a line per non-2xx answer, from its Fetch', async () => {
    const { loaded } = mountWidget({
      type: 'reputation',
      apiKey: API_KEY,
      address: RICH,
      baseUrl: server.fault({ status: 500 }),
      retries: 0,
    });
    expect(await loaded).toBe('error');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.method).toBe('error');
    expect(logged[0]!.text).toMatch(/^GET http:\/\/\S+\/api\/v2\/scores\/\S+ 500 \(Internal Server Error\)$/);
    expect(logged[0]!.caller).toMatch(HAPPY_DOM);
    expect(logged[0]!.caller).toMatch(/Fetch/);
  });
});
