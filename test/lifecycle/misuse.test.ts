/**
 * Misuse: every wrong call gets a clear error or the harmless
 * result README.md documents, for every widget kind. Mount twice; mount into a detached
 * element; update or refresh before mount; any call after destroy; unknown options; a
 * `className` with spaces; a mount target that is not an element.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createWidget, type AnyWidget } from '../../src/index';
import { inFlight } from '../../src/client/cache';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { makeContainer, cleanupWidgets, nextOutcome, sleep, textOf, viewOf, waitForState } from '../helpers/widgets';
import { extrasOf, KIND_NAMES, SAMPLES, type WidgetType } from '../helpers/kinds';

const server = useSandbox();
const created: AnyWidget[] = [];
afterEach(() => {
  for (const widget of created.splice(0)) widget.destroy();
  cleanupWidgets();
});

type Kind = WidgetType;
const KINDS = KIND_NAMES;

/** What `kind` shows for the rich fixture once loaded (its sample's `shows`). */
const shows = (kind: Kind): string => SAMPLES[kind].shows;

/** A widget of `kind` on its own base URL (own cache: its first load is a request). */
const make = (kind: Kind, extra: Record<string, unknown> = {}): AnyWidget => {
  const widget = createWidget({
    type: kind,
    apiKey: API_KEY,
    address: ADDRESSES.rich,
    baseUrl: server.fault({}),
    retries: 0,
    ...extrasOf(kind),
    ...extra,
  } as never) as AnyWidget;
  created.push(widget);
  return widget;
};

/** API requests the sandbox receives while `action` runs and for a moment after. */
const requestsDuring = async (action: () => unknown): Promise<number> => {
  await sleep(20); // earlier requests have arrived
  const before = server.sandbox.requests.length;
  await action();
  await sleep(40);
  return server.sandbox.requests.length - before;
};

const hosts = (): number => document.querySelectorAll('.repkit').length;

describe.each(KINDS)('%s widget', (kind) => {
  it('mount() twice throws an Error saying it is already mounted, and adds no second host', async () => {
    const first = makeContainer();
    const second = makeContainer();
    const widget = make(kind).mount(first);
    expect(() => widget.mount(first)).toThrow(/already mounted/);
    expect(() => widget.mount(second)).toThrow(/already mounted.*destroy\(\)/);
    expect(first.querySelectorAll('.repkit')).toHaveLength(1);
    expect(second.children).toHaveLength(0);
    await waitForState(widget.element!, 'ready');
    expect(widget.element!.parentElement).toBe(first);
  });

  it('mount() into a detached element works: it renders and loads there, and shows once attached', async () => {
    const detached = document.createElement('div');
    let loads = 0;
    const widget = make(kind, { onLoad: () => loads++ });
    const outcome = nextOutcome(detached);
    expect(widget.mount(detached)).toBe(widget);
    const host = detached.querySelector<HTMLElement>(':scope > .repkit')!;
    expect(host).toBeTruthy();
    expect(host.isConnected).toBe(false);
    expect(await outcome).toBe('ready');
    expect(loads).toBe(1);
    expect(textOf(viewOf(host.shadowRoot!))).toContain(shows(kind));
    makeContainer().append(detached);
    expect(host.isConnected).toBe(true);
    expect(widget.state).toBe('ready');
    widget.destroy();
    expect(detached.children).toHaveLength(0);
  });

  it('update() before mount() records the options, requests nothing; mount() then uses them', async () => {
    const widget = make(kind, { theme: 'light' });
    let returned: unknown;
    const requests = await requestsDuring(() => {
      const key = kind == 'category' ? { categoryKey: 'txVolume' } : {}; // a category identityOnly has a score in
      returned = widget.update({ theme: 'dark', address: ADDRESSES.identityOnly, className: 'later', ...key } as never);
    });
    expect(returned).toBe(widget);
    expect(requests).toBe(0);
    expect(widget.element).toBeUndefined();
    expect(widget.options).toMatchObject({ theme: 'dark', address: ADDRESSES.identityOnly, className: 'later' });
    const container = makeContainer();
    const outcome = nextOutcome(container);
    widget.mount(container);
    expect(widget.element!.dataset.theme).toBe('dark');
    expect(widget.element!.classList.contains('later')).toBe(true);
    await outcome;
    // The identityOnly fixture, not the rich one, is what loaded.
    expect(widget.element!.shadowRoot!.querySelector('.rk-address')?.getAttribute('title')).toBe(ADDRESSES.identityOnly);
  });

  it('update() before mount() still refuses a bad value with a TypeError, changing nothing', () => {
    const widget = make(kind);
    const before = widget.options;
    expect(() => widget.update({ theme: 'purple' } as never)).toThrow(TypeError);
    expect(widget.options).toBe(before);
  });

  it('refresh() before mount() resolves and requests nothing', async () => {
    const widget = make(kind);
    let result: Promise<void> | undefined;
    const requests = await requestsDuring(async () => {
      result = widget.refresh();
      await expect(result).resolves.toBeUndefined();
    });
    expect(result).toBeInstanceOf(Promise);
    expect(requests).toBe(0);
    expect(widget.element).toBeUndefined();
  });

  it('after destroy(): mount() throws, update()/refresh()/destroy() are harmless and request nothing', async () => {
    let callbacks = 0;
    const container = makeContainer();
    const events: string[] = [];
    container.addEventListener('repkit:load', (e) => events.push(e.type));
    container.addEventListener('repkit:error', (e) => events.push(e.type));
    const widget = make(kind, { onLoad: () => callbacks++, onError: () => callbacks++ }).mount(container);
    await waitForState(widget.element!, 'ready');
    const [loadsSoFar, eventsSoFar] = [callbacks, events.length];
    widget.destroy();
    expect(container.children).toHaveLength(0);
    expect(widget.element).toBeUndefined();
    const options = widget.options;
    const requests = await requestsDuring(async () => {
      expect(() => widget.mount(container)).toThrow(/destroyed.*create a new one/);
      expect(widget.update({ address: ADDRESSES.fresh, theme: 'dark' } as never)).toBe(widget);
      // Not even validated: nothing can come of it.
      expect(() => widget.update({ theme: 'purple' } as never)).not.toThrow();
      await expect(widget.refresh()).resolves.toBeUndefined();
      expect(() => widget.destroy()).not.toThrow();
    });
    expect(requests).toBe(0);
    expect(widget.options).toBe(options);
    expect(widget.element).toBeUndefined();
    expect(container.children).toHaveLength(0);
    expect([callbacks, events.length]).toEqual([loadsSoFar, eventsSoFar]);
    expect(inFlight()).toBe(0);
  });

  it('destroy() before mount() is harmless, and the widget cannot be mounted afterwards', async () => {
    const widget = make(kind);
    const requests = await requestsDuring(() => {
      widget.destroy();
      widget.destroy();
      expect(() => widget.mount(makeContainer())).toThrow(/destroyed/);
    });
    expect(requests).toBe(0);
    expect(hosts()).toBe(0);
  });

  it('unknown options are ignored, at creation and in update(): no error, no request, same view', async () => {
    const container = makeContainer();
    const widget = make(kind, { colour: 'red', showEverything: true, onHover: () => {}, 42: 'x' }).mount(container);
    await waitForState(widget.element!, 'ready');
    const view = viewOf(widget.element!.shadowRoot!);
    const before = view.innerHTML;
    expect(textOf(view)).toContain(shows(kind));
    const requests = await requestsDuring(() => widget.update({ flavour: 'mint', maxItems: 'lots' } as never));
    expect(requests).toBe(0);
    expect(widget.state).toBe('ready');
    expect(view.innerHTML).toBe(before);
    expect(widget.element!.className).toBe('repkit');
  });

  it('a className with spaces puts each token on the host; update() replaces them', async () => {
    const widget = make(kind, { className: '  card   wide\tdark-ish ' }).mount(makeContainer());
    const host = widget.element!;
    expect([...host.classList]).toEqual(['repkit', 'card', 'wide', 'dark-ish']);
    widget.update({ className: 'one two' } as never);
    expect([...host.classList]).toEqual(['repkit', 'one', 'two']);
    widget.update({ className: undefined } as never);
    expect([...host.classList]).toEqual(['repkit']);
    await waitForState(host, 'ready');
  });

  it('a mount target that is not an element throws a TypeError, and the widget can still be mounted', async () => {
    const widget = make(kind);
    const text = document.createTextNode('text');
    makeContainer().append(text);
    const requests = await requestsDuring(() => {
      for (const target of [42, null, undefined, text, document, document.createDocumentFragment(), {}, [], true]) {
        expect(() => widget.mount(target as never), String(target)).toThrow(TypeError);
        expect(() => widget.mount(target as never), String(target)).toThrow(/mount\(\) needs a CSS selector or an element/);
      }
      expect(() => widget.mount('')).toThrow(TypeError);
      expect(() => widget.mount('###')).toThrow(/not a valid CSS selector/);
      expect(() => widget.mount('#nowhere')).toThrow(/"#nowhere" was not found/);
    });
    expect(requests).toBe(0);
    expect(hosts()).toBe(0);
    expect(widget.element).toBeUndefined();
    // None of that left the widget half-mounted.
    const container = makeContainer();
    widget.mount(container);
    await waitForState(widget.element!, 'ready');
    expect(container.querySelectorAll('.repkit')).toHaveLength(1);
  });
});

describe('misuse that is the same for every kind', () => {
  it('an object that only looks like an element (nodeType 1) is refused without a half-mounted widget', () => {
    const widget = make('reputation');
    const fake = { nodeType: 1, append: () => {} };
    let error: unknown;
    try {
      widget.mount(fake as never);
    } catch (e) {
      error = e;
    }
    // Whatever the message, it is an error thrown by mount(), and nothing was mounted.
    expect(error).toBeInstanceOf(TypeError);
    expect(widget.element).toBeUndefined();
    const container = makeContainer();
    expect(() => widget.mount(container)).not.toThrow();
    expect(container.querySelectorAll('.repkit')).toHaveLength(1);
  });

  it('mount() into an element of a document without a window works, styled by a <style> fallback', async () => {
    const other = document.implementation.createHTMLDocument('elsewhere');
    const target = other.createElement('div');
    other.body.append(target);
    let loads = 0;
    const widget = make('reputation', { theme: 'auto', onLoad: () => loads++ }).mount(target);
    await waitForState(widget.element!, 'ready');
    expect(loads).toBe(1);
    expect(widget.element!.ownerDocument).toBe(other);
    expect(widget.element!.dataset.theme).toBe('light'); // no window, no matchMedia: light
    expect(widget.element!.shadowRoot!.querySelector('style')?.textContent).toContain('--rk-bg');
    expect(textOf(viewOf(widget.element!.shadowRoot!))).toContain('89');
    widget.destroy();
    expect(target.children).toHaveLength(0);
  });

  it('update() with a "type" change throws before anything changes, mounted or not', () => {
    const widget = make('reputation');
    expect(() => widget.update({ type: 'badge' } as never)).toThrow(/"type" cannot be changed/);
    widget.mount(makeContainer());
    const options = widget.options;
    expect(() => widget.update({ type: 'badge', address: ADDRESSES.fresh } as never)).toThrow(TypeError);
    expect(widget.options).toBe(options);
  });

  it('refresh() after destroy() resolves even while the destroyed load was still under way', async () => {
    const widget = make('reputation', { baseUrl: server.fault({ latency: 100 }) }).mount(makeContainer());
    const pending = widget.refresh();
    widget.destroy();
    await expect(widget.refresh()).resolves.toBeUndefined();
    await expect(pending).resolves.toBeUndefined();
    expect(inFlight()).toBe(0);
    // happy-dom still sends a GET whose fetch was aborted during its CORS preflight: let it
    // arrive before the sandbox closes, or happy-dom logs ECONNREFUSED.
    await sleep(30);
  });
});
