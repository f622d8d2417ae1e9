/**
 * Faults, in happy-dom against the sandbox over real HTTP: a table of faults. A fault
 * whose outcome depends on the kind (a 404, a field of the kind's record) is driven through
 * every way of showing every kind of the registry (its sample's `faults`: the badge kind's list
 * and one badge, each other kind once); one that the
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
 * - failing other endpoints alone (the badge list's definitions): the same wrapper sends every
 *   request but the kind's own endpoint to the sandbox with `status=500`.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceError, type WidgetConfig } from '../../src/index';
import type { FaultItems } from '../service/sandbox.mjs';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { fast, useFastClock } from '../helpers/clock';
import { cleanupWidgets, mountWidget, sleep } from '../helpers/widgets';
import { KIND_NAMES, SAMPLES } from '../helpers/kinds';
import type { FaultSubject, Patch } from '../helpers/kind-sample';

const server = useSandbox();
const RICH = ADDRESSES.rich;

/** A widget config without apiKey and address (distributed over the kinds). */
type ConfigOf<C> = C extends unknown ? Omit<C, 'apiKey' | 'address'> : never;

// ---------------------------------------------------------------------------------------
// Kinds: each kind's ways of showing (its sample's `faults`, src/widgets/kinds/<kind>/sample.ts)
// ---------------------------------------------------------------------------------------

interface Kind extends Omit<FaultSubject, 'path'> {
  name: string;
  config: ConfigOf<WidgetConfig>;
  /** Path of its own endpoint. */
  path: string;
}

/** Every kind's fault subjects, in the registry's order. A kind whose sample has none fails here, by name. */
const KINDS: Kind[] = KIND_NAMES.flatMap((kind) => {
  const { faults, required } = SAMPLES[kind];
  if (!faults?.length)
    throw new Error(
      `the sample of ${kind} has no faults: how do the faults of its record show? (FaultSubject, test/helpers/kind-sample.ts)`,
    );
  return faults.map(
    (subject): Kind => ({
      ...subject,
      name: subject.name ?? kind,
      config: (subject.config ?? { type: kind, ...required }) as ConfigOf<WidgetConfig>,
      path: subject.path(RICH),
    }),
  );
});

// ---------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------

/** README's error sentences. */
const SAY = {
  invalidKey: 'Invalid API key.',
  unreachable: 'Could not reach the service: check baseUrl (host, port).',
  connection: 'Could not reach the service.',
  // The time is the visitor's, in the widget's locale (en-US here).
  quota: /^Quota used up: trying again at \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M\.$/,
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
  /** Rewrites a request URL of the kind before it is fetched. */
  route?: (url: string, kind: Kind) => string;
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
const malformedField = (name: string, field: (kind: Kind) => { patch: Patch; problem: string }): Fault => ({
  name,
  perKind: true,
  items: (kind) => ({ patch: field(kind).patch }),
  expect: (kind) => malformed(new RegExp(`malformed response: ${field(kind).problem}`)),
});

/** The malformed-response error naming `kind`'s number field. */
const notANumber = (kind: Kind) =>
  malformed(new RegExp(`malformed response: ${kind.number.field.replace(/[[\].]/g, '\\$&')} must be a number`));

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
    // A view reading two endpoints (the badge list) shares the spec's `times` counter between
    // them: whichever request comes first gets the 429.
    expect: (kind) => ({ state: 'ready', requests: kind.others ? undefined : 2 }),
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
    expect: (kind) => ({ state: 'ready', requests: kind.others ? undefined : 2 }),
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
    expect: ({ notFound }) =>
      typeof notFound == 'object'
        ? { state: 'ready', requests: 1, check: (view) => expect(view.querySelector('[part="empty"]')?.textContent).toBe(notFound.empty) }
        : error(notFound, false, { status: 404, requests: 1 }),
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
  malformedField('a required field missing', (kind) => kind.missing),
  malformedField('a required field of the wrong type', (kind) => kind.wrongType),
  {
    name: 'a number that is "NaN"',
    perKind: true,
    items: (kind) => ({ patch: kind.number.patch('NaN') }),
    expect: notANumber,
  },
  {
    name: 'a negative number',
    perKind: true,
    items: (kind) => ({ patch: kind.number.patch(-5) }),
    expect: (kind) => ({ state: 'ready', requests: 1, check: (view) => expect(kind.number.shown(view)).toBe(fmt(-5)) }),
  },
  {
    name: 'a huge number (1e308)',
    perKind: true,
    items: (kind) => ({ patch: kind.number.patch(1e308) }),
    expect: (kind) => ({ state: 'ready', requests: 1, check: (view) => expect(kind.number.shown(view)).toBe(fmt(1e308)) }),
  },
  {
    name: 'a number 1e999 (Infinity once parsed)',
    perKind: true,
    items: (kind) => ({ patch: kind.number.patch(INFINITY_MARKER) }),
    rewrite: (text) => text.replaceAll(String(INFINITY_MARKER), '1e999'),
    expect: notANumber,
  },
  {
    name: 'an earnedAt / calculatedAt that is not a date',
    perKind: true,
    items: (kind) => ({ patch: kind.date?.(NOT_A_DATE) }),
    expect: (kind) => (kind.date ? { state: 'ready', requests: 1, check: noDate } : undefined),
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
    // The badge list's definitions: its own answer is shown without them.
    name: 'the other endpoints it reads fail (500)',
    perKind: true,
    route: (url, kind) =>
      url.replace(/\/__fault\/([^/]*)(\/api\/v2\/.*)$/, (whole, spec: string, path: string) =>
        path == kind.path ? whole : `/__fault/${spec},status=500${path}`,
      ),
    expect: (kind) => (kind.others ? { state: 'ready', requests: 1, check: kind.others } : undefined),
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
let route: ((url: string) => string) | undefined;
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
const SHARED = FAULTS.filter((fault) => !fault.perKind);
const CASES = FAULTS.flatMap((fault) =>
  // The shared faults are dealt out in turn, so each kind meets as many as the others, give or take one.
  (fault.perKind ? KINDS : [KINDS[SHARED.indexOf(fault) % KINDS.length]!]).flatMap((kind) => {
    const expected = fault.expect(kind);
    return expected ? [{ kind, fault, expected, title: `${kind.name}: ${fault.name}` }] : [];
  }),
);

describe('faults × widget kinds', () => {
  it.each(CASES)('$title', async ({ kind, fault, expected }) => {
    route = fault.route && ((url) => fault.route!(url, kind));
    rewrite = fault.rewrite;
    if (fault.waits) useFastClock();
    const calls = { onLoad: 0, onError: [] as unknown[] };
    const baseUrl = server.fault(fault.items?.(kind) ?? {});
    const { widget, host, root, loaded, events } = mountWidget({
      apiKey: API_KEY,
      address: RICH,
      baseUrl,
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
      // Requests with the key (not the keyless probe that tells why nothing was answered) to this
      // case's base URL: a widget of an earlier case may still have one on the wire.
      const spec = baseUrl.slice(baseUrl.indexOf('/__fault/') + '/__fault/'.length);
      const sent = server.sandbox.requests.filter((r) => r.fault == spec && r.path == kind.path && r.apiKey !== null);
      expect(sent).toHaveLength(expected.requests);
    }

    // Nothing unhandled, nothing logged by repkit (happy-dom's own network log aside).
    await fast(sleep(0));
    expect(rejections).toEqual([]);
    expect(logged.filter((entry) => !HAPPY_DOM.test(entry.caller))).toEqual([]);
  });

  it('covers every kind with every kind-specific fault, every other fault once, and every kind with some of those', () => {
    const perKind = FAULTS.filter((f) => f.perKind);
    // Not applicable: a date for a kind that shows none (the profile), and other endpoints for a
    // kind that reads only its own (all but the badge list).
    const notApplicable = KINDS.filter((k) => !k.date).length + KINDS.filter((k) => !k.others).length;
    expect(CASES.filter((c) => c.fault.perKind)).toHaveLength(KINDS.length * perKind.length - notApplicable);
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
