/**
 * The lifecycle every widget shares: mount, the three
 * states and their sentences, callbacks and events, update, refresh, destroy, the rule that
 * only the newest load renders, and themes. Exercised through the reputation widget (and the
 * badge widget where its own data option matters), over real HTTP against the sandbox.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWidget, ServiceError } from '../../src/index';
import { ADDRESSES, API_KEY, reputationConfig, useSandbox } from '../helpers/sandbox';
import { ORIGIN_LOCKED_KEY } from '../service/fixtures.mjs';
import {
  cleanupWidgets,
  countRequests,
  fakeColorScheme,
  makeContainer,
  mountWidget,
  nextOutcome,
  sleep,
  textOf,
  viewOf,
  waitForState,
} from '../helpers/widgets';

const server = useSandbox();
afterEach(() => {
  cleanupWidgets();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const reputation = (extra: Record<string, unknown> = {}) => reputationConfig(server, extra);

const scoresPath = (address: string) => `/api/v2/scores/${address}`;

describe('mount() into a selector or an element', () => {
  it('mounts into the element a CSS selector finds', async () => {
    const container = makeContainer('rep-by-selector');
    const widget = createWidget(reputation());
    expect(widget.mount('#rep-by-selector')).toBe(widget);
    const host = container.querySelector<HTMLElement>(':scope > div.repkit')!;
    expect(host).toBeTruthy();
    await waitForState(host, 'ready');
    expect(textOf(viewOf(host.shadowRoot!))).toContain('89');
  });

  it('mounts into an element passed directly', async () => {
    const { host, loaded } = mountWidget(reputation());
    expect(await loaded).toBe('ready');
    expect(host.dataset.state).toBe('ready');
  });

  it('a selector that matches nothing throws an Error naming it, and nothing is requested', async () => {
    const before = countRequests(server.sandbox);
    const widget = createWidget(reputation());
    expect(() => widget.mount('#no-such-container')).toThrow(/#no-such-container.*not found/);
    await sleep(50);
    expect(countRequests(server.sandbox)).toBe(before);
    expect(document.querySelectorAll('.repkit')).toHaveLength(0);
  });

  it('a bare word that matched nothing, but would as an id or a class, says which selector was meant', () => {
    const byId = makeContainer('rep-hint');
    const byClass = makeContainer();
    byClass.className = 'rep-hint-class';
    expect(() => createWidget(reputation()).mount('rep-hint')).toThrow(
      'repkit: mount target "rep-hint" was not found; did you mean "#rep-hint"?',
    );
    expect(() => createWidget(reputation()).mount('rep-hint-class')).toThrow('was not found; did you mean ".rep-hint-class"?');
    expect(() => createWidget(reputation()).mount('nothing-here')).toThrow(/^repkit: mount target "nothing-here" was not found$/);
    expect(byId.children).toHaveLength(0);
    expect(byClass.children).toHaveLength(0);
  });

  it('an invalid selector throws an error saying it is not a valid selector', () => {
    const widget = createWidget(reputation());
    expect(() => widget.mount('###')).toThrow(/"###".*not a valid CSS selector/);
    expect(document.querySelectorAll('.repkit')).toHaveLength(0);
  });

  it('something that is neither a selector nor an element throws a TypeError', () => {
    const widget = createWidget(reputation());
    expect(() => widget.mount(null as never)).toThrow(TypeError);
    expect(() => widget.mount({ nodeType: 3 } as never)).toThrow(TypeError);
    expect(() => widget.mount(document.createTextNode('x') as never)).toThrow(TypeError);
  });
});

describe('mount() appends exactly one host with an open shadow root', () => {
  it('one div.repkit with the className tokens, after what the container held', async () => {
    const container = makeContainer();
    container.innerHTML = '<p id="existing">page content</p>';
    const { host, root, loaded } = mountWidget(reputation({ className: 'card  wide' }), container);
    expect(container.children).toHaveLength(2);
    expect(container.firstElementChild!.id).toBe('existing');
    expect(container.querySelectorAll('.repkit')).toHaveLength(1);
    expect(host.tagName).toBe('DIV');
    expect([...host.classList].sort()).toEqual(['card', 'repkit', 'wide']);
    expect(host.shadowRoot).toBe(root);
    expect(root.mode).toBe('open');
    await loaded;
    // What is shown lives in the shadow root, not in the light DOM.
    expect(host.children).toHaveLength(0);
    expect(textOf(viewOf(root))).toContain('Reputation score');
  });

  it('mounting a mounted widget throws and adds no second host', async () => {
    const { widget, container, loaded } = mountWidget(reputation());
    expect(() => widget.mount(container)).toThrow(/already mounted/);
    expect(() => widget.mount(makeContainer())).toThrow(/already mounted/);
    expect(document.querySelectorAll('.repkit')).toHaveLength(1);
    await loaded;
  });

  it('mounting a destroyed widget throws', () => {
    const { widget, container } = mountWidget(reputation());
    widget.destroy();
    expect(() => widget.mount(container)).toThrow(/destroyed/);
    expect(document.querySelectorAll('.repkit')).toHaveLength(0);
    const never = createWidget(reputation());
    never.destroy();
    expect(() => never.mount(container)).toThrow(/destroyed/);
  });
});

describe('the loading state', () => {
  it('data-state loading with aria-busy and a skeleton, then ready without them', async () => {
    const { host, root, loaded } = mountWidget(reputation({ baseUrl: server.fault({ latency: 150 }) }));
    const view = viewOf(root);
    expect(host.dataset.state).toBe('loading');
    expect(view.getAttribute('aria-busy')).toBe('true');
    expect(view.querySelectorAll('.rk-skel').length).toBeGreaterThan(0);
    // The skeleton is the ready layout drawn from blank data, hidden from assistive technology.
    expect(Array.from(view.querySelectorAll('.rk-score')).every((score) => score.closest('[aria-hidden="true"][inert]'))).toBe(true);
    expect(textOf(view)).toMatch(/loading/i);
    await sleep(100);
    expect(host.dataset.state).toBe('loading');
    expect(await loaded).toBe('ready');
    expect(host.dataset.state).toBe('ready');
    expect(view.getAttribute('aria-busy')).toBe('false');
    expect(view.querySelector('.rk-skel')).toBeNull();
    expect(textOf(view.querySelector('.rk-score'))).toBe('89');
  });
});

describe('error state: invalid API key (401)', () => {
  it('says "invalid API key", calls onError once with the 401 ServiceError and fires repkit:error', async () => {
    const onError = vi.fn();
    const onLoad = vi.fn();
    const seen: CustomEvent[] = [];
    const listener = (e: Event) => seen.push(e as CustomEvent);
    document.addEventListener('repkit:error', listener);
    try {
      // What a server-side caller (or a proxy) gets; from a page an invalid key is a CORS refusal (below).
      const { host, root, loaded } = mountWidget(
        reputation({ apiKey: 'wrong-key', baseUrl: server.fault({ status: 401 }), onError, onLoad }),
      );
      expect(await loaded).toBe('error');
      expect(host.dataset.state).toBe('error');
      expect(viewOf(root).getAttribute('aria-busy')).toBe('false');
      expect(textOf(root.querySelector('[role="alert"]'))).toContain('Invalid API key');
      expect(onError).toHaveBeenCalledTimes(1);
      const error = onError.mock.calls[0]![0];
      expect(error).toBeInstanceOf(ServiceError);
      expect(error.statusCode).toBe(401);
      expect(onLoad).not.toHaveBeenCalled();
      expect(seen).toHaveLength(1);
      expect(seen[0]!.bubbles).toBe(true);
      expect(seen[0]!.target).toBe(host);
      expect(seen[0]!.detail.error).toBe(error);
      await sleep(50);
      expect(onError).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener('repkit:error', listener);
    }
  });

  it('the request carried the key it was given', async () => {
    const { loaded } = mountWidget(reputation({ apiKey: 'wrong-key' }));
    await loaded;
    expect(server.sandbox.requests.at(-1)).toMatchObject({ path: scoresPath(ADDRESSES.rich), apiKey: 'wrong-key' });
  });
});

describe('error state: a key refused for this page (403, the CORS refusal)', () => {
  // happy-dom can read the refusal, which a browser cannot (test/browser covers that case).
  it.each([
    // The service says the key is what is wrong: that is the sentence, not the origin.
    ['an invalid key', { apiKey: 'wrong-key' }, 'Invalid API key.'],
    [
      'a key locked to another origin',
      { apiKey: ORIGIN_LOCKED_KEY },
      `Origin (${location.origin}) not allowed: add it to the proxy's allowOrigins.`,
    ],
  ])('%s: the sentence says what to fix, no retry', async (_name, extra, sentence) => {
    const onError = vi.fn();
    const { root, loaded } = mountWidget(reputation({ ...extra, onError }));
    expect(await loaded).toBe('error');
    expect(textOf(root.querySelector('[role="alert"]'))).toBe(sentence);
    expect(root.querySelector('button')).toBeNull();
    expect(onError.mock.calls[0]![0].statusCode).toBe(403);
  });
});

describe('error state: reputation 404', () => {
  it('an unknown address is computed by the service: ready with score 0, not a 404', async () => {
    const onError = vi.fn();
    const { root, loaded } = mountWidget(reputation({ address: ADDRESSES.unknown, onError }));
    expect(await loaded).toBe('ready');
    expect(textOf(viewOf(root).querySelector('.rk-score'))).toBe('0');
    expect(onError).not.toHaveBeenCalled();
  });

  it('a 404 (other deployments) says there is no reputation data for it yet, with onError(404)', async () => {
    const onError = vi.fn();
    const { host, root, loaded } = mountWidget(reputation({ address: ADDRESSES.unknown, baseUrl: server.fault({ status: 404 }), onError }));
    expect(await loaded).toBe('error');
    expect(host.dataset.state).toBe('error');
    expect(textOf(viewOf(root))).toMatch(/no reputation data for this address yet/i);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0].statusCode).toBe(404);
  });
});

describe('error state: network failure', () => {
  it('says the service could not be reached and offers "Try again"', async () => {
    const onError = vi.fn();
    const { root, loaded } = mountWidget(reputation({ baseUrl: server.fault({ drop: true }), onError }));
    expect(await loaded).toBe('error');
    expect(textOf(viewOf(root))).toContain('Could not reach the service: check baseUrl');
    const button = root.querySelector<HTMLButtonElement>('button');
    expect(textOf(button)).toBe('Try again');
    expect(button!.type).toBe('button');
    expect(onError.mock.calls[0]![0].statusCode).toBe(0);
  });
});

describe('"Try again" reloads', () => {
  it('after a 503 (once), clicking it loads the widget: error then ready', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const baseUrl = server.fault({ status: 503, times: 1 });
    const before = countRequests(server.sandbox, scoresPath(ADDRESSES.rich));
    const { host, root, container, loaded } = mountWidget(reputation({ baseUrl, onLoad, onError }));
    expect(await loaded).toBe('error');
    expect(onError).toHaveBeenCalledTimes(1);
    const next = nextOutcome(container);
    root.querySelector<HTMLButtonElement>('button')!.click();
    expect(host.dataset.state).toBe('loading');
    expect(await next).toBe('ready');
    expect(host.dataset.state).toBe('ready');
    expect(textOf(viewOf(root).querySelector('.rk-score'))).toBe('89');
    expect(root.querySelector('button')).toBeNull();
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(countRequests(server.sandbox, scoresPath(ADDRESSES.rich)) - before).toBe(2);
  });
});

describe('error state: 5xx and unreadable bodies show a sentence, never raw data', () => {
  it.each([
    ['500 with a JSON envelope', { status: 500 }],
    ['502 with an HTML error page', { status: 502, body: 'html' as const }],
    ['200 with a non-JSON body', { body: 'text' as const }],
    ['200 without data', { body: 'nodata' as const }],
  ])('%s', async (_label, fault) => {
    const { host, root, loaded } = mountWidget(reputation({ baseUrl: server.fault(fault) }));
    expect(await loaded).toBe('error');
    expect(host.dataset.state).toBe('error');
    const text = textOf(viewOf(root));
    expect(text).toMatch(/^[A-Z][^{}<>]*\.\s*(Try again)?$/);
    for (const raw of ['{', '"success"', 'Injected', 'upstream', 'ServiceError', 'Error:', ' at ', 'malformed', 'http://', 'not json']) {
      expect(text).not.toContain(raw);
    }
    expect(viewOf(root).querySelectorAll('pre, code, h1')).toHaveLength(0);
  });
});

describe('onLoad and repkit:load after each successful load', () => {
  it('onLoad is called once with no argument, and repkit:load bubbles to the document', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const seen: CustomEvent[] = [];
    const listener = (e: Event) => seen.push(e as CustomEvent);
    document.addEventListener('repkit:load', listener);
    try {
      const { widget, host, loaded, events } = mountWidget(reputation({ onLoad, onError }));
      expect(await loaded).toBe('ready');
      expect(onLoad).toHaveBeenCalledTimes(1);
      expect(onLoad.mock.calls[0]).toEqual([]);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.target).toBe(host);
      expect(seen[0]!.bubbles).toBe(true);
      expect(events.map((e) => e.type)).toEqual(['repkit:load']);
      await widget.refresh();
      expect(onLoad).toHaveBeenCalledTimes(2);
      expect(seen).toHaveLength(2);
      expect(onError).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('repkit:load', listener);
    }
  });

  it('onLoad runs once the ready view is in place', async () => {
    let seenOnLoad: { state?: string; text: string } | undefined;
    const container = makeContainer();
    const { loaded } = mountWidget(
      reputation({
        onLoad: () => {
          const host = container.querySelector<HTMLElement>('.repkit')!;
          seenOnLoad = { state: host.dataset.state, text: textOf(viewOf(host.shadowRoot!)) };
        },
      }),
      container,
    );
    await loaded;
    expect(seenOnLoad?.state).toBe('ready');
    expect(seenOnLoad?.text).toContain('89');
  });
});

describe('an exception thrown by a callback is contained', () => {
  it('a throwing onLoad: the widget is ready, the event still fires, and later updates work', async () => {
    const onLoad = vi.fn(() => {
      throw new Error('integrator bug in onLoad');
    });
    const { widget, host, root, loaded, events } = mountWidget(reputation({ onLoad }));
    expect(await loaded).toBe('ready');
    expect(host.dataset.state).toBe('ready');
    expect(events.map((e) => e.type)).toEqual(['repkit:load']);
    widget.update({ maxCategories: 1 });
    expect(viewOf(root).querySelectorAll('.rk-category')).toHaveLength(1);
    const next = nextOutcome(host);
    widget.update({ address: ADDRESSES.noProfile });
    expect(await next).toBe('ready');
    expect(host.dataset.state).toBe('ready');
    expect(viewOf(root).querySelector('[title]')!.getAttribute('title')).toBe(ADDRESSES.noProfile);
    expect(onLoad).toHaveBeenCalledTimes(2);
  });

  it('a throwing onError: the widget shows its error, and "Try again" still works', async () => {
    const onError = vi.fn(() => {
      throw new Error('integrator bug in onError');
    });
    const { host, root, loaded, events } = mountWidget(reputation({ baseUrl: server.fault({ status: 503, times: 1 }), onError }));
    expect(await loaded).toBe('error');
    expect(host.dataset.state).toBe('error');
    expect(events.map((e) => e.type)).toEqual(['repkit:error']);
    const next = nextOutcome(host);
    root.querySelector<HTMLButtonElement>('button')!.click();
    expect(await next).toBe('ready');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('the exception is handed to reportError where the page has one', async () => {
    // happy-dom has no reportError (the widget then drops the exception silently); a browser does.
    expect((globalThis as { reportError?: unknown }).reportError).toBeUndefined();
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const thrown = new Error('integrator bug');
    const { host, loaded } = mountWidget(
      reputation({
        onLoad: () => {
          throw thrown;
        },
      }),
    );
    expect(await loaded).toBe('ready');
    expect(host.dataset.state).toBe('ready');
    expect(reportError).toHaveBeenCalledWith(thrown);
  });
});

describe('what onError and repkit:error report is always an Error', () => {
  it('a view that throws something else (here a string, from a number formatter) is reported as an Error saying what was thrown', async () => {
    const NumberFormat = Intl.NumberFormat;
    vi.spyOn(Intl, 'NumberFormat').mockImplementation((locale, options) => {
      if (locale == 'de-CH') throw 'formatter unavailable';
      return new NumberFormat(locale, options);
    });
    const onError = vi.fn<(error: Error) => void>();
    const { host, loaded, events } = mountWidget(reputation({ locale: 'de-CH', onError }));
    expect(await loaded).toBe('error');
    expect(host.dataset.state).toBe('error');
    expect(onError).toHaveBeenCalledTimes(1);
    const reported = onError.mock.calls[0]![0];
    expect(reported).toBeInstanceOf(Error);
    expect(reported.message).toBe('formatter unavailable');
    expect((events[0] as CustomEvent<{ error: unknown }>).detail.error).toBe(reported);
  });
});

describe('update() with display options re-renders with no request', () => {
  it.each([
    ['theme', { theme: 'dark' }, (host: HTMLElement) => expect(host.dataset.theme).toBe('dark')],
    [
      'className',
      { className: 'big framed' },
      (host: HTMLElement) => expect([...host.classList].sort()).toEqual(['big', 'framed', 'repkit']),
    ],
    [
      'maxCategories',
      { maxCategories: 2 },
      (_h: HTMLElement, view: HTMLElement) => expect(view.querySelectorAll('.rk-category')).toHaveLength(2),
    ],
    ['compact', { compact: true }, (_h: HTMLElement, view: HTMLElement) => expect(view.querySelector('.rk-compact')).not.toBeNull()],
    [
      'showCategories',
      { showCategories: false },
      (_h: HTMLElement, view: HTMLElement) => expect(view.querySelector('.rk-categories')).toBeNull(),
    ],
    ['locale', { locale: 'de-DE' }, (_h: HTMLElement, view: HTMLElement) => expect(textOf(view)).toContain('01.06.2025')],
  ] as const)('%s', async (_name, change, check) => {
    const onLoad = vi.fn();
    // No cache: a reload would have to reach the sandbox, so "no request" means "no reload".
    const { widget, host, root, loaded } = mountWidget(reputation({ cacheTtlMs: 0, onLoad }));
    await loaded;
    const before = countRequests(server.sandbox);
    expect(widget.update(change as never)).toBe(widget);
    expect(host.dataset.state).toBe('ready');
    check(host, viewOf(root));
    await sleep(60);
    expect(countRequests(server.sandbox)).toBe(before);
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(widget.options).toMatchObject(change);
  });

  it('badge widget: maxBadges and showProgress', async () => {
    const { widget, root, loaded } = mountWidget({ ...reputation({ cacheTtlMs: 0 }), type: 'badge' });
    await loaded;
    const before = countRequests(server.sandbox);
    expect(viewOf(root).querySelectorAll('.rk-badge')).toHaveLength(6);
    expect(viewOf(root).querySelector('time')).toBeNull();
    widget.update({ maxBadges: 1 });
    expect(viewOf(root).querySelectorAll('.rk-badge')).toHaveLength(1);
    widget.update({ showProgress: true });
    expect(viewOf(root).querySelectorAll('time')).toHaveLength(1);
    await sleep(60);
    expect(countRequests(server.sandbox)).toBe(before);
  });

  it('a display option changed during loading keeps loading and applies when the data arrives', async () => {
    const { widget, host, root, loaded } = mountWidget(reputation({ baseUrl: server.fault({ latency: 100 }), cacheTtlMs: 0 }));
    widget.update({ maxCategories: 3 });
    expect(host.dataset.state).toBe('loading');
    expect(await loaded).toBe('ready');
    expect(viewOf(root).querySelectorAll('.rk-category')).toHaveLength(3);
  });
});

describe('update() with data options reloads with a request', () => {
  it('address', async () => {
    const { widget, host, root, loaded } = mountWidget(reputation());
    await loaded;
    const before = countRequests(server.sandbox, scoresPath(ADDRESSES.noProfile));
    const next = nextOutcome(host);
    widget.update({ address: ADDRESSES.noProfile });
    expect(host.dataset.state).toBe('loading');
    expect(await next).toBe('ready');
    expect(countRequests(server.sandbox, scoresPath(ADDRESSES.noProfile)) - before).toBe(1);
    expect(viewOf(root).querySelector('.rk-address')!.getAttribute('title')).toBe(ADDRESSES.noProfile);
    expect(textOf(viewOf(root).querySelector('.rk-score'))).toBe('16');
  });

  it('apiKey', async () => {
    const onError = vi.fn();
    const { widget, host, root, loaded } = mountWidget(reputation({ onError }));
    await loaded;
    const next = nextOutcome(host);
    widget.update({ apiKey: 'revoked-key' });
    expect(await next).toBe('error');
    expect(server.sandbox.requests.at(-1)).toMatchObject({ apiKey: 'revoked-key', path: scoresPath(ADDRESSES.rich) });
    // From this page (happy-dom's origin, which can read the refusal) an unknown key is a 403
    // saying so: the data shown is kept, with the sentence about the key.
    expect(textOf(viewOf(root))).toContain('Invalid API key');
    expect(onError.mock.calls[0]![0].statusCode).toBe(403);
  });

  it('baseUrl', async () => {
    const { widget, host, root, loaded } = mountWidget(reputation());
    await loaded;
    const next = nextOutcome(host);
    widget.update({ baseUrl: server.fault({ patch: { totalScore: 777 } }) });
    expect(await next).toBe('ready');
    expect(textOf(viewOf(root).querySelector('.rk-score'))).toBe('777');
  });

  it('badgeKey (badge widget)', async () => {
    const { widget, host, root, loaded } = mountWidget({ ...reputation(), type: 'badge' });
    await loaded;
    const path = `/api/v2/badges/${ADDRESSES.rich}/NposGuardian`;
    const before = countRequests(server.sandbox, path);
    const next = nextOutcome(host);
    widget.update({ badgeKey: 'NposGuardian' });
    expect(await next).toBe('ready');
    expect(countRequests(server.sandbox, path) - before).toBe(1);
    expect(viewOf(root).querySelectorAll('.rk-step')).toHaveLength(3);
  });

  it('setting a data option to its current value does not reload', async () => {
    const { widget, loaded } = mountWidget(reputation({ cacheTtlMs: 0 }));
    await loaded;
    const before = countRequests(server.sandbox);
    widget.update({ address: ADDRESSES.rich });
    await sleep(60);
    expect(countRequests(server.sandbox)).toBe(before);
  });
});

describe('update() before mount stores the options', () => {
  it('mount() then uses them, and nothing is requested before mount', async () => {
    const widget = createWidget(reputation());
    const before = countRequests(server.sandbox);
    const richBefore = countRequests(server.sandbox, scoresPath(ADDRESSES.rich));
    widget.update({ address: ADDRESSES.noProfile, theme: 'dark', maxCategories: 1 });
    await sleep(50);
    expect(countRequests(server.sandbox)).toBe(before);
    expect(document.querySelectorAll('.repkit')).toHaveLength(0);
    const container = makeContainer();
    const loaded = nextOutcome(container);
    widget.mount(container);
    const host = container.querySelector<HTMLElement>('.repkit')!;
    expect(host.dataset.theme).toBe('dark');
    expect(await loaded).toBe('ready');
    expect(countRequests(server.sandbox, scoresPath(ADDRESSES.noProfile))).toBeGreaterThan(0);
    expect(countRequests(server.sandbox, scoresPath(ADDRESSES.rich))).toBe(richBefore);
    const view = viewOf(host.shadowRoot!);
    expect(view.querySelector('.rk-address')!.getAttribute('title')).toBe(ADDRESSES.noProfile);
    expect(view.querySelectorAll('.rk-category')).toHaveLength(1);
    widget.destroy();
  });
});

describe('update() after destroy does nothing', () => {
  it('no throw, no host, no request, no callback', async () => {
    const onLoad = vi.fn();
    const { widget, container, loaded } = mountWidget(reputation({ onLoad, cacheTtlMs: 0 }));
    await loaded;
    widget.destroy();
    const before = countRequests(server.sandbox);
    expect(widget.update({ address: ADDRESSES.noProfile, theme: 'dark' })).toBe(widget);
    expect(() => widget.update({ maxCategories: -1 } as never)).not.toThrow();
    await sleep(60);
    expect(countRequests(server.sandbox)).toBe(before);
    expect(container.querySelector('.repkit')).toBeNull();
    expect(onLoad).toHaveBeenCalledTimes(1);
  });
});

describe('update() with an invalid value throws and changes nothing', () => {
  it.each([
    ['maxCategories', { maxCategories: -1 }],
    ['theme', { theme: 'blue' }],
    ['address', { address: '..' }],
    ['apiKey', { apiKey: '' }],
    ['showCategories', { showCategories: 'no' }],
    ['baseUrl', { baseUrl: 'javascript:alert(1)' }],
    ['timeoutMs', { timeoutMs: 0 }],
  ])('%s', async (option, change) => {
    const { widget, host, root, loaded } = mountWidget(reputation({ cacheTtlMs: 0 }));
    await loaded;
    const options = { ...widget.options };
    const html = viewOf(root).innerHTML;
    const before = countRequests(server.sandbox);
    // A valid change next to the invalid one must not be applied either.
    expect(() => widget.update({ compact: true, ...change } as never)).toThrow(TypeError);
    expect(() => widget.update(change as never)).toThrow(new RegExp(`"${option}"`));
    expect(widget.options).toEqual(options);
    expect(viewOf(root).innerHTML).toBe(html);
    expect(host.dataset.state).toBe('ready');
    await sleep(50);
    expect(countRequests(server.sandbox)).toBe(before);
    // The widget still works with its old options.
    await widget.refresh();
    expect(server.sandbox.requests.at(-1)).toMatchObject({ path: scoresPath(ADDRESSES.rich), apiKey: API_KEY });
    expect(host.dataset.state).toBe('ready');
  });

  it('type cannot be changed', async () => {
    const { widget, loaded } = mountWidget(reputation());
    await loaded;
    expect(() => widget.update({ type: 'badge' } as never)).toThrow(TypeError);
    expect(() => widget.update({ type: 'reputation' } as never)).toThrow(/type/);
  });

  it('a non-object is refused', () => {
    const widget = createWidget(reputation());
    expect(() => widget.update(null as never)).toThrow(TypeError);
    expect(() => widget.update('dark' as never)).toThrow(TypeError);
  });
});

describe('refresh()', () => {
  it('bypasses the cache: a new request within cacheTtlMs', async () => {
    const config = reputation({ cacheTtlMs: 60_000 });
    const path = scoresPath(ADDRESSES.rich);
    const start = countRequests(server.sandbox, path);
    const first = mountWidget(config);
    await first.loaded;
    expect(countRequests(server.sandbox, path) - start).toBe(1);
    // The cache is on: a second widget with the same options requests nothing.
    const second = mountWidget(config);
    expect(await second.loaded).toBe('ready');
    expect(countRequests(server.sandbox, path) - start).toBe(1);
    await first.widget.refresh();
    expect(countRequests(server.sandbox, path) - start).toBe(2);
  });

  it('returns a promise that resolves after the load has settled', async () => {
    const onLoad = vi.fn();
    const { widget, host, loaded } = mountWidget(reputation({ baseUrl: server.fault({ latency: 80 }), onLoad }));
    await loaded;
    const promise = widget.refresh();
    expect(promise).toBeInstanceOf(Promise);
    expect(host.dataset.state).toBe('loading');
    await expect(promise).resolves.toBeUndefined();
    expect(host.dataset.state).toBe('ready');
    expect(onLoad).toHaveBeenCalledTimes(2);
  });

  it('resolves (never rejects) when the reload fails', async () => {
    const onError = vi.fn();
    const { widget, host, loaded } = mountWidget(reputation({ baseUrl: server.fault({ status: 500 }), onError }));
    await loaded;
    await expect(widget.refresh()).resolves.toBeUndefined();
    expect(host.dataset.state).toBe('error');
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('before mount does nothing', async () => {
    const onLoad = vi.fn();
    const widget = createWidget(reputation({ onLoad }));
    const before = countRequests(server.sandbox);
    await expect(widget.refresh()).resolves.toBeUndefined();
    await sleep(50);
    expect(countRequests(server.sandbox)).toBe(before);
    expect(onLoad).not.toHaveBeenCalled();
    expect(document.querySelectorAll('.repkit')).toHaveLength(0);
  });

  it('after destroy does nothing', async () => {
    const onLoad = vi.fn();
    const { widget, loaded } = mountWidget(reputation({ onLoad }));
    await loaded;
    widget.destroy();
    const before = countRequests(server.sandbox);
    await expect(widget.refresh()).resolves.toBeUndefined();
    await sleep(50);
    expect(countRequests(server.sandbox)).toBe(before);
    expect(onLoad).toHaveBeenCalledTimes(1);
  });
});

describe('destroy()', () => {
  it('removes the host and leaves the rest of the container alone', async () => {
    const container = makeContainer();
    container.innerHTML = '<span id="mine">keep me</span>';
    const { widget, loaded } = mountWidget(reputation(), container);
    await loaded;
    widget.destroy();
    expect(container.querySelector('.repkit')).toBeNull();
    expect(container.querySelector('#mine')).not.toBeNull();
    expect(widget.element).toBeUndefined();
  });

  it('during a load: the request is cancelled, the host goes, and no callback or event ever follows', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const seen: Event[] = [];
    const listener = (e: Event) => seen.push(e);
    document.addEventListener('repkit:load', listener);
    document.addEventListener('repkit:error', listener);
    // Answers the sandbox could not finish writing: the client hung up on them.
    const cutShort: string[] = [];
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      if (req.method == 'GET') res.on('close', () => res.writableFinished || cutShort.push(req.url ?? ''));
    };
    server.sandbox.server.on('request', watch);
    try {
      const before = countRequests(server.sandbox, scoresPath(ADDRESSES.rich));
      const { widget, host, container } = mountWidget(reputation({ baseUrl: server.fault({ latency: 250 }), onLoad, onError }));
      expect(host.dataset.state).toBe('loading');
      // Destroy once the request is at the sandbox, waiting out its latency.
      await vi.waitFor(() => expect(countRequests(server.sandbox, scoresPath(ADDRESSES.rich)) - before).toBe(1), {
        timeout: 3000,
        interval: 5,
      });
      widget.destroy();
      expect(container.querySelector('.repkit')).toBeNull();
      expect(host.isConnected).toBe(false);
      await sleep(350); // the answer would have arrived by now
      expect(cutShort).toEqual([expect.stringContaining(scoresPath(ADDRESSES.rich))]);
      expect(onLoad).not.toHaveBeenCalled();
      expect(onError).not.toHaveBeenCalled();
      expect(seen).toHaveLength(0);
      expect(container.querySelector('.repkit')).toBeNull();
    } finally {
      server.sandbox.server.off('request', watch);
      document.removeEventListener('repkit:load', listener);
      document.removeEventListener('repkit:error', listener);
    }
  });

  it('calling it twice is harmless', async () => {
    const { widget, container, loaded } = mountWidget(reputation());
    await loaded;
    widget.destroy();
    expect(() => widget.destroy()).not.toThrow();
    expect(container.querySelector('.repkit')).toBeNull();
  });

  it('destroying a widget that was never mounted is harmless', () => {
    const widget = createWidget(reputation());
    expect(() => widget.destroy()).not.toThrow();
    expect(() => widget.destroy()).not.toThrow();
  });

  it('destroying one widget leaves another on the same options loading and working', async () => {
    const config = reputation({ baseUrl: server.fault({ latency: 150 }) });
    const a = mountWidget(config);
    const b = mountWidget(config);
    a.widget.destroy();
    expect(await b.loaded).toBe('ready');
    expect(textOf(viewOf(b.root).querySelector('.rk-score'))).toBe('89');
  });
});

describe('only the newest load renders', () => {
  it('switching from a slow address to a fast one: only the fast one is ever shown, onLoad once', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const shown: string[] = [];
    const slow = server.fault({ latency: 200 });
    const { widget, host, root, container, events } = mountWidget(reputation({ baseUrl: slow, address: ADDRESSES.rich, onLoad, onError }));
    // Record every score the widget ever shows.
    const observer = new MutationObserver(() => {
      const score = root.querySelector('.rk-score');
      // The skeleton's blank score (inside the hidden placeholder) is not a score shown.
      if (score && !score.closest('.rk-placeholder')) shown.push(textOf(score));
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    await sleep(50);
    const next = nextOutcome(container);
    widget.update({ baseUrl: server.fault({}), address: ADDRESSES.noProfile });
    expect(await next).toBe('ready');
    expect(textOf(viewOf(root).querySelector('.rk-score'))).toBe('16');
    await sleep(300); // the slow answer for the old address would have arrived by now
    observer.disconnect();
    expect(host.dataset.state).toBe('ready');
    expect(textOf(viewOf(root).querySelector('.rk-score'))).toBe('16');
    expect(viewOf(root).querySelector('.rk-address')!.getAttribute('title')).toBe(ADDRESSES.noProfile);
    expect(shown.every((s) => s == '16')).toBe(true);
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(events.map((e) => e.type)).toEqual(['repkit:load']);
  });

  it('a slow success for the old address never replaces a newer error', async () => {
    const onLoad = vi.fn();
    const { widget, host, root, container } = mountWidget(reputation({ baseUrl: server.fault({ latency: 150 }), onLoad }));
    await sleep(30);
    const next = nextOutcome(container);
    widget.update({ baseUrl: server.fault({ status: 404 }), address: ADDRESSES.unknown });
    expect(await next).toBe('error');
    await sleep(220);
    expect(host.dataset.state).toBe('error');
    expect(textOf(viewOf(root))).toMatch(/no reputation data/);
    expect(onLoad).not.toHaveBeenCalled();
  });

  it('refresh() twice in a row: one load event for the newest', async () => {
    const onLoad = vi.fn();
    const { widget, loaded } = mountWidget(reputation({ baseUrl: server.fault({ latency: 50 }), onLoad }));
    await loaded;
    const first = widget.refresh();
    const second = widget.refresh();
    await Promise.all([first, second]);
    await sleep(50);
    expect(onLoad).toHaveBeenCalledTimes(2);
  });
});

describe('theme', () => {
  it('light by default', async () => {
    const { host } = mountWidget(reputation());
    expect(host.dataset.theme).toBe('light');
  });

  it('dark', async () => {
    const { host } = mountWidget(reputation({ theme: 'dark' }));
    expect(host.dataset.theme).toBe('dark');
  });

  it('the stylesheet styles the dark theme from the host attribute', () => {
    // Read from disk: vitest's default `css` option turns `?raw` CSS imports into '' in tests.
    const css = readFileSync(resolve(__dirname, '../../styles/base.css'), 'utf8');
    expect(css).toMatch(/:host\(\[data-theme=['"]?dark['"]?\]\)\s*\{[^}]*--rk-bg/);
  });

  it('auto follows prefers-color-scheme and changes live', async () => {
    const scheme = fakeColorScheme(true);
    vi.spyOn(window, 'matchMedia').mockImplementation(scheme.matchMedia);
    const { widget, host, loaded } = mountWidget(reputation({ theme: 'auto' }));
    expect(scheme.queries).toContain('(prefers-color-scheme: dark)');
    expect(host.dataset.theme).toBe('dark');
    scheme.set(false);
    expect(host.dataset.theme).toBe('light');
    scheme.set(true);
    expect(host.dataset.theme).toBe('dark');
    await loaded;
    expect(host.dataset.theme).toBe('dark');
    // Leaving auto stops following the system.
    widget.update({ theme: 'light' });
    expect(host.dataset.theme).toBe('light');
    expect(scheme.listeners.size).toBe(0);
    scheme.set(true);
    expect(host.dataset.theme).toBe('light');
  });

  it('auto starts light when the system is light', async () => {
    const scheme = fakeColorScheme(false);
    vi.spyOn(window, 'matchMedia').mockImplementation(scheme.matchMedia);
    const { host } = mountWidget(reputation({ theme: 'auto' }));
    expect(host.dataset.theme).toBe('light');
  });

  it('destroy() removes the colour-scheme listener', async () => {
    const scheme = fakeColorScheme(false);
    vi.spyOn(window, 'matchMedia').mockImplementation(scheme.matchMedia);
    const { widget, loaded } = mountWidget(reputation({ theme: 'auto' }));
    await loaded;
    expect(scheme.listeners.size).toBe(1);
    widget.destroy();
    expect(scheme.listeners.size).toBe(0);
    expect(() => scheme.set(true)).not.toThrow();
  });

  it('update to auto after mount starts following; repeated updates keep one listener', async () => {
    const scheme = fakeColorScheme(true);
    vi.spyOn(window, 'matchMedia').mockImplementation(scheme.matchMedia);
    const { widget, host, loaded } = mountWidget(reputation());
    await loaded;
    expect(host.dataset.theme).toBe('light');
    widget.update({ theme: 'auto' });
    expect(host.dataset.theme).toBe('dark');
    widget.update({ maxCategories: 2 });
    widget.update({ theme: 'auto' });
    expect(scheme.listeners.size).toBe(1);
    scheme.set(false);
    expect(host.dataset.theme).toBe('light');
  });
});
