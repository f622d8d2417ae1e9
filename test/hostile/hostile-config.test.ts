/**
 * Hostile config, in happy-dom against the sandbox:
 * `className`, `theme`, `locale`, `address`, `badgeKey` and `categoryKey` taken from a
 * snippet's `data-*` attributes (mounted with `mountAll`) and from `<repkit-widget>`
 * attributes hold every string of the corpus. None can add markup or attributes; an address
 * or key reaches the service as ONE percent-encoded path segment (witnesses: the URLs the
 * client hands to fetch, and the sandbox's request log); a value that cannot be used gives the
 * error state with a sentence naming the attribute, one `repkit:error`, and no request at all.
 * Also: snippet() output carries hostile values exactly, `data-base-url` refuses other schemes,
 * and two fixed bugs stay fixed: a "path" base URL that resolves to another host is refused,
 * and an address or key with a lone surrogate is a TypeError naming it (not a URIError).
 *
 * The whole corpus goes through the option checks and the client's path building directly
 * (no mount, no server); whole mounts through both attribute paths run the corpus's sample
 * (the escaping they rely on is proven string by string in ./helpers.test.ts).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWidget, defineRepkitElement, mountAll, OptionError, ServiceClient, snippet, type WidgetConfig } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { CORPUS, hostile, htmlParsing, SAMPLE } from './corpus';
import { inspectView, rulesFor, type Kind } from './inspect';
import { extrasOf, SAMPLES } from '../helpers/kinds';

const server = useSandbox();
const { attribute: parsedAttribute } = htmlParsing(document);
const RICH = ADDRESSES.rich;

/**
 * Paths of the URLs the client asked fetch for. The sandbox logs what it receives too, but
 * Node's HTTP server refuses a request head over 16 KiB (431) before logging it, and a
 * 10,000-character value percent-encodes to up to 90 kB.
 */
let fetchSpy: { mock: { calls: unknown[][] }; mockRestore(): void };
// A request the client made with the key; not the keyless `no-cors` probe that tells why none was answered.
/** The paths the client asked for; not its probes of a URL that gave no answer (OPTIONS, or no-cors). */
const requestedPaths = () =>
  fetchSpy.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.mode != 'no-cors' && (init as RequestInit | undefined)?.method != 'OPTIONS')
    .map(([url]) => new URL(String(url)).pathname);

beforeAll(() => defineRepkitElement());
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fetchSpy.mockRestore();
  document.body.replaceChildren();
  server.sandbox.resetRequests();
});

/**
 * The service's definitions, which a widget asks for after a 404 on a `badgeKey` or `categoryKey`
 * to suggest the key it probably meant (once per page): not the record this test is about.
 */
const isDefinitions = (path: string) => path.startsWith('/api/v2/metadata/');

/** The client asked for exactly `path`, once, and the sandbox received it as sent (when it could). */
const expectOneRequest = (path: string) => {
  expect(requestedPaths().filter((p) => !isDefinitions(p))).toEqual([path]);
  const received = server.sandbox.requests
    .filter((r) => r.method == 'GET')
    .map((r) => r.path)
    .filter((p) => !isDefinitions(p));
  expect(received).toEqual(path.length < 8000 ? [path] : received.length ? [path] : []);
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A string the client accepts as a path segment: not empty, blank, "." or ".." (those would change the path). */
const isSegment = (value: string): boolean => {
  try {
    encodeURIComponent(value);
    return value.trim() != '' && value != '.' && value != '..';
  } catch {
    return false; // a lone surrogate cannot be percent-encoded
  }
};

const isLocale = (value: string): boolean => {
  try {
    return Intl.getCanonicalLocales(value).length == 1;
  } catch {
    return false;
  }
};

/** Where the options come from: a snippet's `data-*` or `<repkit-widget>` attributes. */
interface Source {
  name: string;
  /** The attribute that carries `option`. */
  attribute(option: string): string;
  /** Creates the element with these options, appends it to a fresh container and mounts it. */
  mount(options: Record<string, string>): Promise<{ element: Element; container: HTMLElement; events: CustomEvent[] }>;
  /** Where the widget host goes: into the snippet element, or the custom element's shadow root. */
  inside(element: Element): ParentNode;
}

const kebab = (option: string) => option.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

const container = () => {
  const div = document.createElement('div');
  const events: CustomEvent[] = [];
  div.addEventListener('repkit:load', (e) => events.push(e as CustomEvent));
  div.addEventListener('repkit:error', (e) => events.push(e as CustomEvent));
  document.body.append(div);
  return { container: div, events };
};

const SOURCES: Source[] = [
  {
    name: 'snippet data-* attributes (mountAll)',
    attribute: (option) => (option == 'type' ? 'data-repkit' : `data-${kebab(option)}`),
    async mount(options) {
      const { container: div, events } = container();
      const element = document.createElement('div');
      for (const [option, value] of Object.entries(options)) element.setAttribute(this.attribute(option), value);
      div.append(element);
      mountAll(div);
      return { element, container: div, events };
    },
    inside: (element) => element,
  },
  {
    name: '<repkit-widget> attributes',
    attribute: (option) => kebab(option),
    async mount(options) {
      const { container: div, events } = container();
      const element = document.createElement('repkit-widget');
      for (const [option, value] of Object.entries(options)) element.setAttribute(this.attribute(option), value);
      div.append(element);
      await tick(); // the element mounts in a microtask after it is connected
      return { element, container: div, events };
    },
    // It renders into its own shadow root and adds nothing to the light DOM.
    inside: (element) => element.shadowRoot!.firstElementChild!,
  },
];

/** Waits for the first outcome event, then one more task to be sure no second one follows. */
const outcome = async (events: CustomEvent[]) => {
  await vi.waitFor(() => expect(events.length).toBeGreaterThan(0), { timeout: 5000, interval: 5 });
  await tick();
  expect(events, 'exactly one repkit:load / repkit:error').toHaveLength(1);
  return events[0]!.type;
};

const hostOf = (element: Element, source: Source) => {
  const hosts = source.inside(element).querySelectorAll<HTMLElement>(':scope > .repkit');
  expect(hosts, 'one host in the element').toHaveLength(1);
  return hosts[0]!;
};

const viewOf = (host: HTMLElement) => host.shadowRoot!.querySelector<HTMLElement>('[part="widget"]')!;

const errorSentence = (host: HTMLElement) => host.shadowRoot!.querySelector('.rk-error-text')?.textContent;

/** The config of each widget kind, without the hostile option. */
const BASE = (kind: Kind): Record<string, unknown> => ({ type: kind, address: RICH, ...extrasOf(kind), ...SAMPLES[kind].hostile.config });

const configOf = (kind: Kind, extra: Record<string, string>) => ({
  apiKey: API_KEY,
  baseUrl: server.url,
  retries: '0',
  ...BASE(kind),
  ...extra,
});

/** The sentence of an attribute that cannot be used: it names the attribute and quotes the value. */
const expectSetUpWrongly = async (source: Source, mounted: Awaited<ReturnType<Source['mount']>>, option: string, value: string) => {
  expect(await outcome(mounted.events)).toBe('repkit:error');
  const host = hostOf(mounted.element, source);
  expect(host.dataset.state).toBe('error');
  const sentence = errorSentence(host)!;
  expect(sentence.startsWith(`This widget is set up wrongly: "${source.attribute(option)}" must be `)).toBe(true);
  // The value is quoted as JSON: control characters and lone surrogates are escaped, markup is text.
  expect(sentence.endsWith(`, got ${JSON.stringify(value)}.`)).toBe(true);
  expect(host.shadowRoot!.querySelector('[part="retry"]')).toBeNull();
  expect(inspectView(viewOf(host), rulesFor('reputation'))).toEqual([]);
  expect(requestedPaths(), 'no request for a config that cannot be used').toEqual([]);
  expect(server.sandbox.requests).toEqual([]);
};

/** Only the host was added, with the attributes a widget host has. */
const expectOnlyTheHost = (element: Element, host: HTMLElement, attributes: Record<string, string>, source: Source) => {
  expect(Array.from(source.inside(element).children)).toEqual([host]);
  if (source.inside(element) != element) expect(element.childNodes).toHaveLength(0);
  // The custom element forwards the host's parts to the page (exportparts).
  const forwarded = source.inside(element) == element ? [] : ['exportparts'];
  expect(host.getAttributeNames().sort()).toEqual(['class', 'data-state', 'data-theme', 'data-type', ...forwarded].sort());
  // The element keeps exactly the attributes the page wrote.
  expect(element.getAttributeNames().sort()).toEqual(
    Object.keys(attributes)
      .map((o) => source.attribute(o))
      .sort(),
  );
};

const CASES = SAMPLE;

describe('every corpus string through the option checks and the request path', () => {
  /** What createWidget makes of `value` in `option`: the option in force, or the OptionError. */
  const tryOption = (kind: Kind, option: string, value: string) => {
    const config = { apiKey: API_KEY, baseUrl: 'https://service.test', retries: 0, ...BASE(kind), [option]: value } as WidgetConfig;
    try {
      return { value: (createWidget(config).options as unknown as Record<string, unknown>)[option] };
    } catch (error) {
      return { error };
    }
  };
  const expectRefused = (result: ReturnType<typeof tryOption>, option: string, value: string) => {
    expect(result.error).toBeInstanceOf(OptionError);
    expect((result.error as OptionError).option).toBe(option);
    // The value is quoted as JSON: control characters and lone surrogates are escaped.
    expect((result.error as Error).message.endsWith(`, got ${JSON.stringify(value)}`)).toBe(true);
  };
  /** The path the client asks fetch for, for `call` with `value`; undefined when it refuses first. */
  const pathOf = async (call: (client: ServiceClient, value: string) => Promise<unknown>, value: string) => {
    const urls: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response(JSON.stringify({ message: 'stub' }), { status: 404 });
    };
    const client = new ServiceClient({
      apiKey: API_KEY,
      baseUrl: 'https://service.test',
      retries: 0,
      cacheTtlMs: 0,
      fetch: fetch as typeof globalThis.fetch,
    });
    const error = await call(client, value).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!urls.length) expect(error, 'a refusal before any request is a TypeError').toBeInstanceOf(TypeError);
    expect(urls.length).toBeLessThanOrEqual(1);
    return urls[0] && new URL(urls[0]).pathname;
  };

  describe.each(CORPUS)('$label', ({ value }) => {
    it('className is kept as given; theme and type refuse it, naming the option', () => {
      expect(tryOption('reputation', 'className', value)).toEqual({ value });
      expectRefused(tryOption('reputation', 'theme', value), 'theme', value);
      expectRefused(tryOption('reputation', 'type', value), 'type', value);
    });

    it('locale takes it only as a well-formed BCP 47 tag', () => {
      const result = tryOption('reputation', 'locale', value);
      if (isLocale(value)) expect(result).toEqual({ value });
      else expectRefused(result, 'locale', value);
    });

    it('address, badgeKey and categoryKey take it as one percent-encoded path segment, or refuse it before any request', async () => {
      const calls = [
        ['address', 'reputation', (c: ServiceClient, v: string) => c.getScores(v), () => `/api/v2/scores/${encodeURIComponent(value)}`],
        [
          'badgeKey',
          'badge',
          (c: ServiceClient, v: string) => c.getBadge(RICH, v),
          () => `/api/v2/badges/${RICH}/${encodeURIComponent(value)}`,
        ],
        [
          'categoryKey',
          'category',
          (c: ServiceClient, v: string) => c.getCategoryScore(RICH, v),
          () => `/api/v2/scores/${RICH}/${encodeURIComponent(value)}`,
        ],
      ] as const;
      for (const [option, kind, call, path] of calls) {
        const result = tryOption(kind, option, value);
        if (!isSegment(value)) {
          expect((result.error as OptionError | undefined)?.option, option).toBe(option);
          expect(await pathOf(call, value), option).toBeUndefined();
          continue;
        }
        expect(result, option).toEqual({ value });
        expect(await pathOf(call, value), option).toBe(path());
      }
    });
  });
});

describe.each(SOURCES)('$name', (source) => {
  describe('className', () => {
    it.each(CASES)('$label', async ({ value }) => {
      const config = configOf('reputation', { className: value });
      const mounted = await source.mount(config);
      expect(await outcome(mounted.events)).toBe('repkit:load');
      const host = hostOf(mounted.element, source);
      expectOnlyTheHost(mounted.element, host, config, source);
      // The class attribute is the value, as classes; never markup and never another attribute.
      expect(host.getAttribute('class')).toBe(`repkit ${value}`.trim());
      expect(host.classList.contains('repkit')).toBe(true);
      expect(inspectView(viewOf(host), rulesFor('reputation'))).toEqual([]);
    });
  });

  describe('theme', () => {
    it.each(CASES)('$label', async ({ value }) => {
      const mounted = await source.mount(configOf('reputation', { theme: value }));
      await expectSetUpWrongly(source, mounted, 'theme', value);
    });
  });

  describe('locale', () => {
    it.each(CASES)('$label', async ({ value }) => {
      const config = configOf('reputation', { locale: value });
      const mounted = await source.mount(config);
      if (!isLocale(value)) return expectSetUpWrongly(source, mounted, 'locale', value);
      // A well-formed tag (`toString` is one: an 8-letter language subtag) is merely a locale.
      expect(await outcome(mounted.events)).toBe('repkit:load');
      const host = hostOf(mounted.element, source);
      expectOnlyTheHost(mounted.element, host, config, source);
      expect(inspectView(viewOf(host), rulesFor('reputation'))).toEqual([]);
    });
  });

  describe.each([
    {
      option: 'address',
      kind: 'reputation' as Kind,
      path: (v: string) => `/api/v2/scores/${encodeURIComponent(v)}`,
      // Like production, the sandbox answers 400 to anything but 47-48 base58 characters.
      sentences: [/^This is not a valid address\.$/],
    },
    {
      option: 'badgeKey',
      kind: 'badge' as Kind,
      path: (v: string) => `/api/v2/badges/${RICH}/${encodeURIComponent(v)}`,
      // Like production, the sandbox answers 404 to a key it does not define: the widget then says
      // so, naming the defined key that starts like it, else listing the defined keys.
      sentences: [/^There is no such badge: did you mean "\w+"\?$/, /^There is no such badge\. Defined badges: \w+(, \w+)*\.$/],
    },
    {
      option: 'categoryKey',
      kind: 'category' as Kind,
      path: (v: string) => `/api/v2/scores/${RICH}/${encodeURIComponent(v)}`,
      // Like production, the sandbox answers 404 to a key it does not define: the widget then says
      // so, naming the defined key that starts like it, else listing the defined keys.
      sentences: [/^There is no such category: did you mean "\w+"\?$/, /^There is no such category\. Defined categories: \w+(, \w+)*\.$/],
    },
  ])('$option', ({ option, kind, path, sentences }) => {
    it.each(CASES)('$label', async ({ value }) => {
      const config = configOf(kind, { [option]: value });
      const mounted = await source.mount(config);
      if (!isSegment(value)) return expectSetUpWrongly(source, mounted, option, value);
      expect(await outcome(mounted.events)).toBe('repkit:error');
      // One request, to exactly this path: the value is one percent-encoded segment.
      expectOneRequest(path(value));
      const host = hostOf(mounted.element, source);
      expectOnlyTheHost(mounted.element, host, config, source);
      // A path beyond the sandbox's 16 KiB head limit is refused by Node before any answer.
      const tooLong = path(value).length >= 8000 ? [/^Could not reach the service\.$/, /^Malformed response\.$/] : [];
      const said = errorSentence(host) ?? '';
      expect(
        [...sentences, ...tooLong].some((sentence) => sentence.test(said)),
        said,
      ).toBe(true);
      expect(inspectView(viewOf(host), rulesFor(kind))).toEqual([]);
    });
  });

  describe('type', () => {
    it.each(CASES)('$label', async ({ value }) => {
      const mounted = await source.mount(configOf('reputation', { type: value }));
      await expectSetUpWrongly(source, mounted, 'type', value);
    });
  });
});

describe('path traversal through the address', () => {
  it('requests ../../metadata/badges as /api/v2/scores/..%2F..%2Fmetadata%2Fbadges', async () => {
    const mounted = await SOURCES[0]!.mount(configOf('reputation', { address: hostile('path traversal') }));
    expect(await outcome(mounted.events)).toBe('repkit:error');
    expectOneRequest('/api/v2/scores/..%2F..%2Fmetadata%2Fbadges');
  });

  it.each(['.', '..', '', '   '])('refuses the address %j before any request, naming data-address', async (address) => {
    const mounted = await SOURCES[0]!.mount(configOf('reputation', { address }));
    await expectSetUpWrongly(SOURCES[0]!, mounted, 'address', address);
  });
});

describe('snippet() output', () => {
  /** Parses snippet() HTML as a page would; returns the widget element (the script is inert here). */
  const parse = (html: string) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  };

  const parsed = (value: string) => {
    const config = {
      type: 'badge' as const,
      apiKey: API_KEY,
      address: value,
      badgeKey: value,
      className: value,
      baseUrl: server.url,
      retries: 0,
    };
    const fragment = parse(snippet(config, { scriptUrl: '/dist/repkit.umd.js' }));
    expect(Array.from(fragment.children).map((e) => e.tagName)).toEqual(['DIV', 'SCRIPT']);
    const [element, script] = Array.from(fragment.children);
    expect(element!.getAttributeNames()).toEqual([
      'data-repkit',
      'data-api-key',
      'data-address',
      'data-badge-key',
      'data-class-name',
      'data-base-url',
      'data-retries',
    ]);
    for (const name of ['data-address', 'data-badge-key', 'data-class-name'])
      expect(element!.getAttribute(name)).toBe(parsedAttribute(value));
    expect(element!.children).toHaveLength(0);
    expect(script!.getAttributeNames()).toEqual(['src', 'async']);
    expect(script!.textContent).toBe('');
    return element!;
  };

  it.each(CORPUS.filter(({ value }) => isSegment(value)))('carries $label as exactly the attribute value', ({ value }) => {
    parsed(value);
  });

  it.each(CASES.filter(({ value }) => isSegment(value)))('mounted, asks for exactly the badge and address of $label', async ({ value }) => {
    const element = parsed(value);
    // Mounted, it asks for exactly that badge of exactly that address.
    const { container: div, events } = container();
    div.append(element);
    mountAll(div);
    expect(await outcome(events)).toBe('repkit:error');
    const sent = encodeURIComponent(parsedAttribute(value));
    expectOneRequest(`/api/v2/badges/${sent}/${sent}`);
  });
});

describe('data-base-url', () => {
  /** Resolves a request URL as fetch would, against the page. */
  const resolved = (url: string) => new URL(url, location.href);

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '//evil.example',
    'vbscript:x',
    'file:///etc',
    'relative/path',
    '',
  ])('refuses %j, naming data-base-url', async (baseUrl) => {
    const mounted = await SOURCES[0]!.mount({ ...configOf('reputation', {}), baseUrl });
    await expectSetUpWrongly(SOURCES[0]!, mounted, 'baseUrl', baseUrl);
  });

  // README: baseUrl is "absolute http(s), or a path on your own origin". The path check in
  // src/client/options.ts (`/^\/(?!\/)/`) lets through paths that the URL parser resolves to
  // ANOTHER host: a backslash counts as a slash in http(s) URLs, and tabs and newlines are
  // removed before parsing, so "/\evil.example" and "/\t/evil.example" mean "//evil.example".
  it.each(['/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/\r/evil.example'])(
    'a "path" base URL %j cannot send the API key to another host',
    async (baseUrl) => {
      const requested: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        requested.push(url);
        return new Response(JSON.stringify({ success: false, message: 'stub' }), { status: 404 });
      });
      try {
        const mounted = await SOURCES[0]!.mount({ ...configOf('reputation', {}), baseUrl });
        await outcome(mounted.events);
        // Either refused (no request at all) or every request stays on the page's origin.
        for (const url of requested) expect(resolved(url).origin).toBe(location.origin);
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );
});

describe('the client, given an address or key that cannot be percent-encoded', () => {
  const client = () => new ServiceClient({ apiKey: API_KEY, baseUrl: server.url, retries: 0 });
  const calls: [string, (c: ServiceClient, v: string) => Promise<unknown>][] = [
    ['getScores(address)', (c, v) => c.getScores(v)],
    ['getCategoryScore(address, categoryKey)', (c, v) => c.getCategoryScore(RICH, v)],
    ['getBadge(address, badgeKey)', (c, v) => c.getBadge(RICH, v)],
    ['getProfile(address)', (c, v) => c.getProfile(v)],
  ];

  it.each(calls)('%s with a lone surrogate makes no request', async (_, call) => {
    await expect(call(client(), hostile('lone high surrogate'))).rejects.toThrow();
    expect(requestedPaths()).toEqual([]);
  });

  // README, client errors: "bad arguments: TypeError, before any request"; the TypeError names
  // the argument, so the caller knows which one to fix. src/client/path.ts `segment()` checks for empty, "." and
  // "..", then calls encodeURIComponent, which throws URIError("URI malformed") for a lone
  // surrogate: the caller gets an error of another type that names nothing. (The widgets
  // catch it in src/widgets/options.ts `isSegment` and do name the option, but with the
  // sentence 'must be a non-empty string other than "." and ".."', which the value is.)
  it.each(calls)('%s with a lone surrogate rejects with a TypeError naming the argument', async (_, call) => {
    await expect(call(client(), hostile('lone high surrogate'))).rejects.toThrow(TypeError);
  });
});
