/**
 * What a page sees of the render path: widgets are mounted and drawn in turn, a widget a
 * task, without waiting for a frame (./tasks), a theme change rewrites no markup, `loading:
 * 'lazy'` makes no request until the widget comes near the viewport, and `cache` shows a
 * repeat visit's data at once from Web Storage. Real HTTP against the sandbox; what only a
 * browser can show (layout shift, real IntersectionObserver) is in test/browser/performance.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  autoMount,
  createWidget,
  defineRepkitElement,
  mountAll,
  ServiceClient,
  snippet,
  type AnyWidget,
  type WidgetConfig,
} from '../../src/index';
import { afterEvaluation, inTurn, SLICE_MS } from '../../src/widgets/tasks';
import { STORAGE_MAX_ENTRIES, STORAGE_VERSION } from '../../src/widgets/storage-area';
import { SKIP_FROM_CARDS } from '../../src/widgets/scheduler';
import { ADDRESSES, API_KEY, reputationConfig, useSandbox } from '../helpers/sandbox';
import {
  cleanupWidgets,
  countRequests,
  elementWith,
  makeContainer,
  mountWidget,
  sleep,
  textOf,
  viewOf,
  waitForState,
} from '../helpers/widgets';

const server = useSandbox();

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
/**
 * Creates a widget of `config` and mounts it into a fresh container; destroyed after the test
 * (removing its container would not end a load still under way).
 */
const mountedCards: AnyWidget[] = [];
const mountCard = (config: WidgetConfig): AnyWidget => {
  const widget = createWidget(config).mount(makeContainer());
  mountedCards.push(widget);
  return widget;
};

afterEach(() => {
  for (const card of mountedCards.splice(0)) card.destroy();
  cleanupWidgets();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const reputation = (extra: Record<string, unknown> = {}) => reputationConfig(server, extra);

const scores = (address: string = ADDRESSES.rich) => `/api/v2/scores/${address}`;

/** An address no other test asks for (the sandbox computes it on the spot: score 0). */
let addresses = 0;
const unique = (): string => `1Lazy${Date.now()}${++addresses}`.replace(/0/g, 'z').padEnd(48, 'x');

/** Requests the sandbox received for `address`'s scores. */
const requestsFor = (address: string): number => countRequests(server.sandbox, scores(address));

/** Frames under the test's control: `requestAnimationFrame` queues, `frame()` runs the queue. */
const manualFrames = () => {
  let queue: FrameRequestCallback[] = [];
  let frames = 0;
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => queue.push(fn));
  return {
    get pending() {
      return queue.length;
    },
    get count() {
      return frames;
    },
    frame() {
      frames++;
      const run = queue;
      queue = [];
      for (const fn of run) fn(performance.now());
    },
  };
};

/** Resolves once the queue of src/widgets/tasks.ts runs a job at once again (earlier tests' answers drawn). */
const idle = async (): Promise<void> => {
  for (;;) {
    let ranNow = false;
    inTurn(() => (ranNow = true));
    if (ranNow) return;
    await sleep(5);
  }
};

/** Resolves when `condition` holds (polled), or fails after `ms`. */
const until = async (condition: () => boolean, what: string, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
};

describe('widgets drawn in turn, in slices, never waiting for a frame', () => {
  it('jobs run at once while the slice has time; after a long one, the rest wait for a later task, in order', async () => {
    await idle();
    await sleep(5); // the slice idle() started ends, so 'a' starts one of its own, with all its time
    const ran: string[] = [];
    inTurn(() => ran.push('a'));
    inTurn(() => ran.push('b'));
    // A page of a few widgets: their jobs run in the task that queued them, not a task or a frame later.
    expect(ran).toEqual(['a', 'b']);
    inTurn(() => {
      ran.push('long');
      // A job that takes the whole slice (a slow phone drawing a big card).
      for (const end = performance.now() + SLICE_MS + 2; performance.now() < end; );
    });
    inTurn(() => ran.push('c'));
    inTurn(() => ran.push('d'));
    expect(ran).toEqual(['a', 'b', 'long']);
    await until(() => ran.length == 5, 'every job');
    expect(ran).toEqual(['a', 'b', 'long', 'c', 'd']);
    // Once the queue is empty and the slice over, a job runs at once again.
    await sleep(5);
    inTurn(() => ran.push('e'));
    expect(ran.at(-1)).toBe('e');
  });

  it('after a busy slice, the next waits for a frame, so one frame never lays out several slices of cards', async () => {
    await idle();
    const frames = manualFrames();
    const ran: string[] = [];
    inTurn(() => {
      ran.push('long');
      for (const end = performance.now() + SLICE_MS + 2; performance.now() < end; );
    });
    inTurn(() => ran.push('next'));
    await sleep(20);
    expect(ran).toEqual(['long']);
    expect(frames.pending).toBeGreaterThan(0);
    frames.frame();
    await until(() => ran.length == 2, 'the job after the frame');
  });

  it('where frames never come, the slice after a busy one still runs, after a short wait', async () => {
    await idle();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const ran: string[] = [];
    inTurn(() => {
      ran.push('long');
      for (const end = performance.now() + SLICE_MS + 2; performance.now() < end; );
    });
    inTurn(() => ran.push('next'));
    await until(() => ran.length == 2, 'the job without a frame', 1000);
  });

  it("a script's start-up: what it asks for runs in the next task, not in its evaluation's, and waits for no frame", async () => {
    await idle();
    await sleep(5); // the slice idle() started ends: a script starts in a task of its own
    const frames = manualFrames();
    const ran: string[] = [];
    afterEvaluation();
    inTurn(() => ran.push('first mount'));
    inTurn(() => ran.push('second'));
    // The evaluation's task ends with nothing mounted...
    expect(ran).toEqual([]);
    // ...and the next task mounts, with no frame delivered.
    await until(() => ran.length == 2, 'the start-up jobs');
    expect(ran).toEqual(['first mount', 'second']);
    expect(frames.count).toBe(0);
    // Then a job runs at once again.
    inTurn(() => ran.push('later'));
    expect(ran.at(-1)).toBe('later');
  });

  it('snippets and <repkit-widget> elements on the page when the script starts mount in the task after it', async () => {
    await idle();
    await sleep(5);
    manualFrames();
    const snippetHost = makeContainer();
    Object.assign(snippetHost.dataset, { repkit: 'reputation', address: ADDRESSES.rich, apiKey: API_KEY, baseUrl: server.fault({}) });
    const element = elementWith('repkit-widget', {
      type: 'badge',
      address: ADDRESSES.rich,
      'api-key': API_KEY,
      'base-url': server.fault({}),
    });
    makeContainer().append(element);
    // What src/embed.ts does as it is evaluated.
    afterEvaluation();
    defineRepkitElement();
    const stop = autoMount();
    try {
      await Promise.resolve(); // the element's own microtask
      expect(snippetHost.querySelector('.repkit')).toBeNull();
      expect(element.widget).toBeUndefined();
      await until(() => !!snippetHost.querySelector('.repkit') && !!element.widget, 'both mounted, without a frame');
      await waitForState(snippetHost.querySelector<HTMLElement>('.repkit')!, 'ready');
    } finally {
      stop();
      element.remove();
    }
  });

  it("a server's render is taken over at once, even during a script's start-up: never left blank for a task", async () => {
    await idle();
    await sleep(5);
    // Defined under a name of its own, so that this element is upgraded now, as on a page whose script comes after it.
    const name = `repkit-served-${Date.now()}`;
    const element = elementWith(name, { type: 'reputation', address: ADDRESSES.rich, 'api-key': API_KEY, 'base-url': server.fault({}) });
    // What repkit/server writes, as a declarative shadow root (here an error view: no data to seed).
    element.attachShadow({ mode: 'open' }).innerHTML = '<div part="widget">The service is having trouble.</div>';
    makeContainer().append(element);
    afterEvaluation();
    defineRepkitElement(name);
    await Promise.resolve(); // the element's own microtask
    expect(element.shadowRoot!.querySelector('.repkit')).not.toBeNull();
    element.remove();
  });

  it('a job that throws is reported, and the jobs after it still run', async () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const ran: string[] = [];
    inTurn(() => ran.push('first'));
    inTurn(() => {
      throw new Error('boom');
    });
    inTurn(() => ran.push('after'));
    await until(() => ran.length == 2, 'the job after the failing one');
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  });

  it('an answer is drawn without waiting for an animation frame, even where frames never come', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { host, loaded } = mountWidget(reputation({ skipOffscreen: false }));
    expect(await loaded).toBe('ready');
    expect(host.dataset.state).toBe('ready');
  });

  it("a widget's request goes out inside mount(), before its skeleton is drawn", () => {
    const real = globalThis.fetch;
    const container = makeContainer();
    /** At each request: whether the widget's view held anything yet (the host is in the page by then). */
    const drawnAtRequest: boolean[] = [];
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => {
      drawnAtRequest.push(!!container.querySelector('.repkit')?.shadowRoot?.querySelector('.rk')?.childElementCount);
      return real(...args);
    });
    const widget = createWidget(reputation({ address: unique() }));
    widget.mount(container);
    // Not a task, a frame or a yield later: in the call that mounted it.
    expect(drawnAtRequest).toEqual([false]);
    // The skeleton is there when mount() returns.
    expect(viewOf(widget.element!.shadowRoot!).childElementCount).toBeGreaterThan(0);
  });

  it('eight snippets mount in turn, in document order: the first with its request in the task that starts them, every one ready', async () => {
    const containers = Array.from({ length: 8 }, () => {
      const container = makeContainer();
      container.setAttribute('data-repkit', 'reputation');
      container.setAttribute('data-address', ADDRESSES.rich);
      container.setAttribute('data-api-key', API_KEY);
      container.setAttribute('data-base-url', server.fault({ id: `snippets-${Date.now()}` }));
      return container;
    });
    const real = globalThis.fetch;
    let requests = 0;
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => {
      requests++;
      return real(...args);
    });
    await idle();
    const stop = autoMount();
    try {
      const hosts = () => containers.map((c) => c.querySelector('.repkit'));
      const mounted = hosts().filter(Boolean).length;
      expect(mounted).toBeGreaterThanOrEqual(1);
      // In document order: the first ones mounted, none skipped.
      expect(hosts().slice(0, mounted).every(Boolean)).toBe(true);
      expect(requests).toBeGreaterThanOrEqual(1);
      await until(() => hosts().every((h) => h?.getAttribute('data-state') == 'ready'), 'eight ready widgets');
    } finally {
      stop();
    }
  });

  it('a widget destroyed while its answer waits its turn never renders nor reports', async () => {
    const onLoad = vi.fn();
    // A job queued first keeps the queue busy, so the answer waits behind it.
    const { widget, host, container, events } = mountWidget(reputation({ onLoad, baseUrl: server.fault({ latency: 30 }) }));
    await until(() => countRequests(server.sandbox, scores()) > 0, 'the request');
    const held: (() => void)[] = [];
    inTurn(() => {});
    inTurn(() => held.push(() => {}));
    widget.destroy();
    await sleep(80);
    expect(onLoad).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    expect(host.isConnected).toBe(false);
    expect(container.children).toHaveLength(0);
  });

  it('an answer overtaken by update() is dropped; the newer one is drawn', async () => {
    const { widget, host } = mountWidget(reputation({ baseUrl: server.fault({ latency: 30 }) }));
    widget.update({ address: ADDRESSES.fresh });
    await waitForState(host, 'ready');
    expect(textOf(host.shadowRoot)).not.toContain('89');
  });
});

describe('an answer the page already has is drawn inside mount(), with no skeleton first', () => {
  /** What a widget shows the moment mount() or update() returns. */
  const shownNow = (host: HTMLElement) => ({
    state: host.dataset.state,
    busy: viewOf(host.shadowRoot!).getAttribute('aria-busy'),
    skeleton: !!host.shadowRoot!.querySelector('.rk-skel'),
  });
  const READY = { state: 'ready', busy: 'false', skeleton: false };
  const LOADING = { state: 'loading', busy: 'true', skeleton: true };
  /** One service for the test's widgets (each `server.fault` is a base URL of its own). */
  let baseUrl = '';
  beforeEach(() => {
    baseUrl = server.fault({});
  });
  const widgetOf = (extra: Record<string, unknown> = {}) => reputation({ baseUrl, ...extra });

  /** A widget of `address` mounted and loaded, so that the page has its answer. */
  const loadOnce = async (address: string, extra: Record<string, unknown> = {}) => {
    const first = mountWidget(widgetOf({ address, ...extra }));
    expect(await first.loaded).toBe('ready');
    return first;
  };

  it('a widget of an address already loaded shows the ready view when mount() returns, reports once, and asks nothing', async () => {
    const address = unique();
    const first = await loadOnce(address);
    const requests = requestsFor(address);
    const onLoad = vi.fn();
    const { host, events } = mountWidget(widgetOf({ address, onLoad }));
    expect(shownNow(host)).toEqual(READY);
    expect(textOf(host.shadowRoot)).toBe(textOf(first.root));
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(events.map((e) => e.type)).toEqual(['repkit:load']);
    await sleep(50);
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(events).toHaveLength(1);
    expect(requestsFor(address)).toBe(requests);
  });

  it('the same widget created again after destroy() shows its answer at once', async () => {
    const address = unique();
    const { widget } = await loadOnce(address);
    widget.destroy();
    const again = mountWidget(widgetOf({ address }));
    expect(shownNow(again.host)).toEqual(READY);
  });

  it('an address not loaded yet still shows the skeleton first, then the answer', async () => {
    await loadOnce(unique());
    const { host, loaded } = mountWidget(widgetOf({ address: unique() }));
    expect(shownNow(host)).toEqual(LOADING);
    expect(await loaded).toBe('ready');
  });

  it('update() to an address already loaded draws it at once; the answer of the address before is dropped', async () => {
    const known = unique();
    await loadOnce(known);
    const onLoad = vi.fn();
    const slow = unique();
    const { widget, host, events } = mountWidget(reputation({ address: slow, onLoad, baseUrl: server.fault({ latency: 30 }) }));
    expect(shownNow(host)).toEqual(LOADING);
    widget.update({ address: known, baseUrl });
    expect(shownNow(host)).toEqual(READY);
    expect(onLoad).toHaveBeenCalledTimes(1);
    await sleep(80);
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(events.map((e) => (e.detail as { data: { address: string } }).data.address)).toEqual([known]);
  });

  it('destroy() right after such a mount leaves nothing and reports nothing more', async () => {
    const address = unique();
    await loadOnce(address);
    const onLoad = vi.fn();
    const { widget, container, events } = mountWidget(widgetOf({ address, onLoad }));
    widget.destroy();
    await sleep(20);
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(events).toHaveLength(1);
    expect(container.children).toHaveLength(0);
  });

  it('not with cacheTtlMs: 0, after clearCache() of a client of the same service and key, nor for another key', async () => {
    const address = unique();
    await loadOnce(address, { cacheTtlMs: 0 });
    expect(shownNow(mountWidget(widgetOf({ address, cacheTtlMs: 0 })).host)).toEqual(LOADING);
    await loadOnce(address);
    expect(shownNow(mountWidget(widgetOf({ address, apiKey: `${API_KEY}-other` })).host)).toEqual(LOADING);
    new ServiceClient({ apiKey: API_KEY, baseUrl }).clearCache();
    expect(shownNow(mountWidget(widgetOf({ address })).host)).toEqual(LOADING);
  });

  it('refresh() asks the service again', async () => {
    const address = unique();
    await loadOnce(address);
    const { widget } = mountWidget(widgetOf({ address }));
    const requests = requestsFor(address);
    await widget.refresh();
    expect(requestsFor(address)).toBe(requests + 1);
  });
});

describe('off screen, a card skips its rendering (content-visibility: auto in base.css)', () => {
  const slowConfig = () => reputation({ baseUrl: server.fault({ latency: 2000 }) });
  const skips = (widget: { element?: HTMLElement | undefined }) => viewOf(widget.element!.shadowRoot!).classList.contains('rk-skip');
  /** Places the widget's card at `top` (happy-dom lays nothing out) with the given height. */
  const placeAt = (widget: { element?: HTMLElement | undefined }, top: number, height = 300) => {
    const card = viewOf(widget.element!.shadowRoot!);
    vi.spyOn(card, 'getBoundingClientRect').mockImplementation(() => new DOMRect(0, top, 500, height));
    return card;
  };

  /**
   * Skipping pays only on long pages: with at most SKIP_FROM_CARDS cards every card is
   * rendered. The tests of skipping put a crowd of far cards on the page first.
   */
  const crowd = () => {
    for (let i = 0; i < SKIP_FROM_CARDS; i++) placeAt(mountCard(slowConfig()), 20000 + i * 300);
  };

  it('on a page of up to 20 cards, every card is rendered from its first frame, even far below', async () => {
    const frames = manualFrames();
    vi.stubGlobal('innerHeight', 800);
    const cards = Array.from({ length: SKIP_FROM_CARDS }, () => mountCard(slowConfig()));
    cards.forEach((card, i) => placeAt(card, i * 5000));
    frames.frame();
    expect(cards.map(skips)).toEqual(cards.map(() => false));
    await sleep(20);
    expect(cards.map(skips)).toEqual(cards.map(() => false));
  });

  it('skipOffscreen: false renders the card even on a long page; the others still skip', async () => {
    const frames = manualFrames();
    vi.stubGlobal('innerHeight', 800);
    crowd();
    const always = mountCard({ ...slowConfig(), skipOffscreen: false });
    const usual = mountCard(slowConfig());
    placeAt(always, 50000);
    placeAt(usual, 60000);
    expect([always, usual].map(skips)).toEqual([false, true]);
    frames.frame();
    expect([always, usual].map(skips)).toEqual([false, true]);
    await sleep(20);
    expect(skips(always)).toBe(false);
  });

  it('a card starts skipped; before the first frame the ones near the viewport are laid out, and skippable again once drawn', async () => {
    const frames = manualFrames();
    vi.stubGlobal('innerHeight', 800);
    crowd();
    const near = mountCard(slowConfig());
    const below = mountCard(slowConfig());
    const far = mountCard(slowConfig());
    const gone = mountCard(slowConfig());
    placeAt(near, 100);
    placeAt(below, 1500); // within a screen of the viewport's bottom edge
    const farCard = placeAt(far, 5000);
    // Mounted, not yet painted: every card is skipped, so a hundred of them cost no layout.
    expect([near, below, far, gone].map(skips)).toEqual([true, true, true, true]);
    gone.destroy();
    frames.frame();
    // Just before the first paint: the near cards are laid out in full, never at a guessed size.
    expect([near, below, far].map(skips)).toEqual([false, false, true]);
    // The far card takes the height of the cards of its shape laid out (300 px boxes, less
    // their 1 px borders: the property sizes the content box), not the stylesheet's guess.
    expect(farCard.style.getPropertyValue('contain-intrinsic-height')).toBe('auto 298px');
    // Once that frame is drawn, the near ones too are skipped while off screen.
    await until(() => skips(near) && skips(below), 'the near cards skippable again');
    expect(near.state).toBe('loading');
  });

  it('one far card of each shape not yet laid out is measured before the first frame; the others of its shape take its height', async () => {
    const frames = manualFrames();
    vi.stubGlobal('innerHeight', 800);
    crowd();
    const row = mountCard(slowConfig());
    const compact = [1, 2].map(() => mountCard({ ...slowConfig(), compact: true }));
    placeAt(row, 100);
    placeAt(compact[0]!, 6000, 60);
    const second = placeAt(compact[1]!, 7000, 60);
    frames.frame();
    // The row in view is laid out; of the two compact rows far below, one is, as a sample.
    expect([row, ...compact].map(skips)).toEqual([false, false, true]);
    // The other compact row takes the compact row's height, not the full card's.
    expect(second.style.getPropertyValue('contain-intrinsic-height')).toBe('auto 58px');
    await until(() => [row, ...compact].every(skips), 'every card skippable again');
  });

  it('a shape measured in one frame is not measured again in a later one: its far cards take its height, never laid out', async () => {
    const frames = manualFrames();
    vi.stubGlobal('innerHeight', 800);
    crowd();
    // A width no other test gives its cards: a shape this page has not measured.
    const farAt = (widget: AnyWidget, top: number) => {
      const card = viewOf(widget.element!.shadowRoot!);
      vi.spyOn(card, 'getBoundingClientRect').mockImplementation(() => new DOMRect(0, top, 431, 120));
      return card;
    };
    const sample = mountCard(slowConfig());
    farAt(sample, 6000);
    frames.frame();
    expect(skips(sample)).toBe(false);
    const later = mountCard(slowConfig());
    const laterCard = farAt(later, 7000);
    frames.frame();
    expect(skips(later)).toBe(true);
    expect(laterCard.style.getPropertyValue('contain-intrinsic-height')).toBe('auto 118px');
  });

  it('a card with no box (a display: none parent) is left unskipped: shown later, it is laid out, not guessed', async () => {
    const frames = manualFrames();
    crowd();
    const hidden = mountCard(slowConfig());
    placeAt(hidden, 0, 0);
    frames.frame();
    expect(skips(hidden)).toBe(false);
    await sleep(20);
    expect(skips(hidden)).toBe(false);
  });

  it('in a hidden tab answers are drawn without a frame, and the card stays as mounted until one is painted', async () => {
    const frames = manualFrames();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    crowd();
    const widget = mountCard(reputation());
    placeAt(widget, 100);
    await waitForState(widget.element!, 'ready');
    expect(skips(widget)).toBe(true);
    frames.frame();
    expect(skips(widget)).toBe(false);
    await until(() => skips(widget), 'the card skippable again');
  });
});

describe('a theme change touches one attribute on the host', () => {
  it('update({ theme }) keeps every rendered node and makes no request', async () => {
    const { widget, host, root, loaded } = mountWidget(reputation());
    expect(await loaded).toBe('ready');
    const nodes = Array.from(root.querySelectorAll('*'));
    const requests = server.sandbox.requests.length;
    const changed: string[] = [];
    new MutationObserver((records) =>
      changed.push(...records.map((r) => `${r.target.nodeName} ${r.type} ${r.attributeName ?? ''}`.trim())),
    ).observe(host, {
      attributes: true,
      childList: true,
      subtree: true,
    });
    const shadowChanges: MutationRecord[] = [];
    new MutationObserver((records) => shadowChanges.push(...records)).observe(root, {
      attributes: true,
      childList: true,
      subtree: true,
      characterData: true,
    });
    widget.update({ theme: 'dark' });
    await sleep(20);
    expect(host.dataset.theme).toBe('dark');
    expect(changed).toEqual(['DIV attributes data-theme']);
    expect(shadowChanges).toEqual([]);
    expect(Array.from(root.querySelectorAll('*'))).toEqual(nodes);
    expect(server.sandbox.requests.length).toBe(requests);
  });
});

/** A stand-in IntersectionObserver (happy-dom's never reports) that the test makes intersect. */
const fakeIntersection = () => {
  const observers: { callback: IntersectionObserverCallback; targets: Set<Element>; margin?: string; self: IntersectionObserver }[] = [];
  class FakeObserver {
    readonly #entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.#entry = { callback, targets: new Set(), margin: options?.rootMargin, self: this as unknown as IntersectionObserver };
      observers.push(this.#entry);
    }
    observe(target: Element) {
      this.#entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.#entry.targets.delete(target);
    }
    disconnect() {
      this.#entry.targets.clear();
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    watched: () => observers.reduce((n, o) => n + o.targets.size, 0),
    /** Reports `target` as intersecting (or not) to every observer watching it. */
    show(target: Element, isIntersecting = true) {
      for (const o of observers) {
        if (!o.targets.has(target)) continue;
        o.callback([{ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 } as unknown as IntersectionObserverEntry], o.self);
      }
    },
  };
};

describe("loading: 'lazy'", () => {
  it('makes no request until the host comes within 300 px of the viewport, then loads', async () => {
    const io = fakeIntersection();
    const address = unique();
    const { host, root, loaded } = mountWidget(reputation({ address, loading: 'lazy' }));
    expect(host.dataset.state).toBe('loading');
    expect(root.querySelectorAll('.rk-skel').length).toBeGreaterThan(0);
    // The first lazy widget of a page loads the watcher (a chunk) first.
    await vi.waitFor(() => expect(io.observers.at(-1)?.margin).toBe('300px'));
    await sleep(100);
    expect(requestsFor(address)).toBe(0);
    io.show(host, false);
    await sleep(50);
    expect(requestsFor(address)).toBe(0);
    io.show(host);
    expect(await loaded).toBe('ready');
    expect(requestsFor(address)).toBe(1);
    expect(textOf(viewOf(root))).toContain('Reputation score');
    expect(io.watched()).toBe(0);
  });

  it('widgets never scrolled to make no request; one shared observer watches them all', async () => {
    const io = fakeIntersection();
    const shown = [unique(), unique(), unique()];
    const mounts = shown.map((address) => mountWidget(reputation({ address, loading: 'lazy' })));
    await vi.waitFor(() => expect(io.observers).toHaveLength(1));
    expect(io.watched()).toBe(3);
    io.show(mounts[1]!.host);
    expect(await mounts[1]!.loaded).toBe('ready');
    await sleep(50);
    expect(shown.map(requestsFor)).toEqual([0, 1, 0]);
    expect(mounts[0]!.host.dataset.state).toBe('loading');
  });

  it('update() while out of view changes what will load, and loads nothing yet', async () => {
    const io = fakeIntersection();
    const [first, second] = [unique(), unique()];
    const { widget, host, root, loaded } = mountWidget(reputation({ address: first, loading: 'lazy' }));
    widget.update({ address: second });
    await widget.refresh();
    await sleep(50);
    expect([requestsFor(first), requestsFor(second)]).toEqual([0, 0]);
    io.show(host);
    expect(await loaded).toBe('ready');
    expect([requestsFor(first), requestsFor(second)]).toEqual([0, 1]);
    expect(root.querySelector('.rk-address')?.getAttribute('title')).toBe(second);
  });

  it("update({ loading: 'eager' }) loads at once", async () => {
    const io = fakeIntersection();
    const { widget, loaded } = mountWidget(reputation({ loading: 'lazy' }));
    widget.update({ loading: 'eager' });
    expect(await loaded).toBe('ready');
    expect(io.watched()).toBe(0);
  });

  it('destroy() before it comes into view stops watching and never requests', async () => {
    const io = fakeIntersection();
    const address = unique();
    const { widget, host } = mountWidget(reputation({ address, loading: 'lazy' }));
    widget.destroy();
    expect(io.watched()).toBe(0);
    io.show(host);
    await sleep(50);
    expect(requestsFor(address)).toBe(0);
  });

  it('where IntersectionObserver is missing, loads eagerly', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { loaded } = mountWidget(reputation({ loading: 'lazy' }));
    expect(await loaded).toBe('ready');
  });

  it('is read from data-loading by the snippet and from the element attribute, and written by snippet()', async () => {
    const io = fakeIntersection();
    const container = makeContainer();
    const slot = document.createElement('div');
    const address = unique();
    const attrs = {
      'data-repkit': 'reputation',
      'data-api-key': API_KEY,
      'data-address': address,
      'data-base-url': server.fault({}),
      'data-loading': 'lazy',
    };
    for (const [name, value] of Object.entries(attrs)) slot.setAttribute(name, value);
    container.append(slot);
    mountAll(container);
    const host = slot.querySelector<HTMLElement>('.repkit')!;
    expect(host.dataset.state).toBe('loading');
    await vi.waitFor(() => expect(io.watched()).toBe(1));
    await sleep(50);
    expect(requestsFor(address)).toBe(0);
    io.show(host);
    await waitForState(host, 'ready');
    expect(requestsFor(address)).toBe(1);

    const bad = document.createElement('div');
    for (const [name, value] of Object.entries({ ...attrs, 'data-loading': 'later' })) bad.setAttribute(name, value);
    container.append(bad);
    mountAll(container);
    expect(bad.querySelector<HTMLElement>('.repkit')!.dataset.state).toBe('error');
    expect(textOf(bad.querySelector('.repkit')!.shadowRoot)).toContain('data-loading');

    expect(
      snippet({ type: 'reputation', apiKey: API_KEY, address: ADDRESSES.rich, loading: 'lazy' }, { scriptUrl: '/dist/repkit.umd.js' }),
    ).toContain('data-loading="lazy"');
    expect(() => createWidget({ ...reputation(), loading: 'soon' as 'lazy' })).toThrow(/loading/);
  });
});

describe("cache: 'session' | 'local'", () => {
  /** Our entries in `storage`: key and text. */
  const entries = (storage: Storage) =>
    Array.from({ length: storage.length }, (_, i) => storage.key(i)!)
      .filter((k) => k.startsWith('repkit:'))
      .map((k) => [k, storage.getItem(k)!] as const);

  /** Forgets the in-memory answers for `config`, as a new page load would. */
  const newPage = (config: { apiKey: string; baseUrl: string }) =>
    new ServiceClient({ apiKey: config.apiKey, baseUrl: config.baseUrl }).clearCache();

  it('a repeat visit shows the stored answer at mount, with no request while it is younger than cacheTtlMs', async () => {
    const config = reputation({ cache: 'session' });
    const first = mountWidget(config);
    expect(await first.loaded).toBe('ready');
    expect(countRequests(server.sandbox, scores())).toBeGreaterThan(0);
    const stored = entries(sessionStorage);
    expect(stored).toHaveLength(1);
    expect(stored[0]![0].startsWith(`repkit:${STORAGE_VERSION}:`)).toBe(true);
    // The key is the one thing that must never be written down.
    expect(stored[0]!.join('')).not.toContain(API_KEY);
    expect(entries(localStorage)).toHaveLength(0);

    newPage(config);
    const before = server.sandbox.requests.length;
    const onLoad = vi.fn();
    const again = mountWidget({ ...config, onLoad });
    // Drawn in mount() itself, so the first frame has it.
    expect(again.host.dataset.state).toBe('ready');
    expect(textOf(viewOf(again.root))).toContain('89');
    expect(onLoad).toHaveBeenCalledTimes(1);
    await sleep(100);
    expect(server.sandbox.requests.length).toBe(before);
  });

  it('an entry older than cacheTtlMs is shown at once and revalidated behind it', async () => {
    const config = reputation({ cache: 'local', cacheTtlMs: 1 });
    expect(await mountWidget(config).loaded).toBe('ready');
    expect(entries(localStorage)).toHaveLength(1);
    await sleep(5);
    newPage(config);
    const before = countRequests(server.sandbox, scores());
    const again = mountWidget(config);
    expect(again.host.dataset.state).toBe('ready');
    await until(() => countRequests(server.sandbox, scores()) == before + 1, 'the revalidation');
    await sleep(50);
    expect(again.host.dataset.state).toBe('ready');
    expect(textOf(viewOf(again.root))).toContain('89');
  });

  it('a stored answer that changed upstream is replaced by the revalidated one', async () => {
    const config = reputation({ cache: 'session', cacheTtlMs: 1 });
    expect(await mountWidget(config).loaded).toBe('ready');
    const [key, text] = entries(sessionStorage)[0]!;
    // As if the score had been 12345 on the last visit.
    sessionStorage.setItem(key, text.replace(/"totalScore":\d+/, '"totalScore":12345'));
    await sleep(5);
    newPage(config);
    const again = mountWidget(config);
    expect(textOf(viewOf(again.root))).toContain('12,345');
    await until(() => !textOf(viewOf(again.root)).includes('12,345'), 'the fresh answer');
    expect(textOf(viewOf(again.root))).toContain('89');
    expect(sessionStorage.getItem(key)).not.toContain('12345');
  });

  it('refresh() bypasses the stored answer', async () => {
    const config = reputation({ cache: 'session' });
    const { widget, loaded } = mountWidget(config);
    expect(await loaded).toBe('ready');
    const before = countRequests(server.sandbox, scores());
    await widget.refresh();
    expect(countRequests(server.sandbox, scores())).toBe(before + 1);
  });

  it("keeps nothing with the default cache 'none', or with cacheTtlMs 0", async () => {
    expect(await mountWidget(reputation()).loaded).toBe('ready');
    expect(await mountWidget(reputation({ cache: 'local', cacheTtlMs: 0 })).loaded).toBe('ready');
    expect(entries(sessionStorage).length + entries(localStorage).length).toBe(0);
  });

  it('a badge list (with its definitions) survives the round trip', async () => {
    const config = {
      type: 'badge' as const,
      apiKey: API_KEY,
      address: ADDRESSES.rich,
      baseUrl: server.fault({}),
      retries: 0,
      cache: 'session' as const,
    };
    const first = mountWidget(config);
    expect(await first.loaded).toBe('ready');
    const shown = textOf(viewOf(first.root));
    newPage(config);
    const again = mountWidget(config);
    expect(again.host.dataset.state).toBe('ready');
    expect(textOf(viewOf(again.root))).toBe(shown);
  });

  it('an unreadable entry, or one that cannot be shown, is dropped and the widget loads as usual', async () => {
    const config = reputation({ cache: 'session' });
    expect(await mountWidget(config).loaded).toBe('ready');
    const [key] = entries(sessionStorage)[0]!;
    for (const broken of ['{"t":' + Date.now() + ',"v":', '{"t":' + Date.now() + ',"v":null}']) {
      sessionStorage.setItem(key, broken);
      newPage(config);
      const onError = vi.fn();
      const again = mountWidget({ ...config, onError });
      expect(again.host.dataset.state).toBe('loading');
      expect(await again.loaded).toBe('ready');
      expect(textOf(viewOf(again.root))).toContain('89');
      expect(onError).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(key)).toContain('"totalScore"');
    }
  });

  it('keeps at most STORAGE_MAX_ENTRIES entries, dropping the oldest, and removes other versions', async () => {
    localStorage.setItem(`repkit:${STORAGE_VERSION - 1}:old`, '{"t":1,"v":{}}');
    localStorage.setItem('page-own', 'kept');
    const now = Date.now();
    for (let i = 0; i < STORAGE_MAX_ENTRIES; i++)
      localStorage.setItem(`repkit:${STORAGE_VERSION}:filler${i}`, `{"t":${now - 100000 + i},"v":{}}`);
    expect(await mountWidget(reputation({ cache: 'local' })).loaded).toBe('ready');
    const ours = entries(localStorage).map(([k]) => k);
    expect(ours).toHaveLength(STORAGE_MAX_ENTRIES);
    expect(ours).not.toContain(`repkit:${STORAGE_VERSION}:filler0`);
    expect(ours).not.toContain(`repkit:${STORAGE_VERSION - 1}:old`);
    expect(ours.filter((k) => !k.includes(':filler'))).toHaveLength(1);
    expect(localStorage.getItem('page-own')).toBe('kept');
  });

  it('storage that throws (disabled, SecurityError, quota) is ignored: the widget works as without a cache', async () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(await mountWidget(reputation({ cache: 'session' })).loaded).toBe('ready');

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const onError = vi.fn();
    const { loaded, root } = mountWidget(reputation({ cache: 'local', onError }));
    expect(await loaded).toBe('ready');
    expect(onError).not.toHaveBeenCalled();
    expect(textOf(viewOf(root))).toContain('89');
  });
});
