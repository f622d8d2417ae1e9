/**
 * Teardown leaves nothing running: a timer a view started (the copy
 * button's "Copied" reset) ends with `destroy()`, and `autoMount()` returns a function that
 * ends the auto mode: it stops watching the document and destroys the snippets' widgets.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoMount, createWidget } from '../../src/index';
import { inFlight } from '../../src/client/cache';
import { stubClipboard } from '../helpers/profile-category';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { cleanupWidgets, mountReady, sleep, waitForState } from '../helpers/widgets';

const server = useSandbox();

afterEach(() => {
  vi.useRealTimers();
  cleanupWidgets();
  document.body.replaceChildren();
});

describe("the copy button's timer", () => {
  it('is cleared by destroy(): nothing of the widget runs afterwards', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard({ writeText });
    const { widget, root } = await mountReady({
      type: 'profile',
      apiKey: API_KEY,
      address: ADDRESSES.rich,
      baseUrl: server.url,
      retries: 0,
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const button = root.querySelector<HTMLElement>('[data-action="copy"]')!;
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('Copied'));
    expect(vi.getTimerCount(), 'the reset of "Copied" is pending').toBe(1);
    widget.destroy();
    expect(vi.getTimerCount(), 'a timer outlived destroy()').toBe(0);
  });

  it('still resets the button while the widget lives', async () => {
    stubClipboard(undefined);
    const { root } = await mountReady({ type: 'profile', apiKey: API_KEY, address: ADDRESSES.rich, baseUrl: server.url, retries: 0 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const button = root.querySelector<HTMLElement>('[data-action="copy"]')!;
    button.click();
    expect(button.textContent).toBe('Copy failed');
    vi.advanceTimersByTime(1500);
    expect(button.textContent).toBe('Copy');
  });
});

describe('autoMount() teardown', () => {
  const snippet = () => {
    const element = document.createElement('div');
    element.setAttribute('data-repkit', 'reputation');
    element.setAttribute('data-api-key', API_KEY);
    element.setAttribute('data-address', ADDRESSES.rich);
    element.setAttribute('data-base-url', server.url);
    document.body.append(element);
    return element;
  };
  const hostIn = (element: Element) => element.querySelector<HTMLElement>(':scope > .repkit');

  it('returns one function that stops watching the document and destroys the widgets it mounted', async () => {
    const first = snippet();
    const stop = autoMount(document);
    expect(autoMount(document), 'a second call while it runs gives the same teardown').toBe(stop);
    // Mounted in turn (src/widgets/tasks.ts): at once when the slice has time, else in a later task.
    const host = await vi.waitFor(() => {
      const mounted = hostIn(first);
      if (!mounted) throw new Error('not mounted yet');
      return mounted;
    });
    await waitForState(host, 'ready');

    // Added while it runs: mounted.
    const second = snippet();
    await vi.waitFor(() => expect(hostIn(second)).not.toBeNull());

    stop();
    expect(hostIn(first), 'the widget is destroyed').toBeNull();
    expect(hostIn(second)).toBeNull();
    expect(host.isConnected).toBe(false);
    expect(inFlight()).toBe(0);

    // Added after: left alone.
    const third = snippet();
    await sleep(0);
    expect(hostIn(third)).toBeNull();
    expect(() => stop()).not.toThrow();

    // And it can start again.
    const again = autoMount(document);
    expect(again).not.toBe(stop);
    await vi.waitFor(() => expect(hostIn(third)).not.toBeNull());
    again();
    expect(hostIn(third)).toBeNull();
  });

  it('leaves alone widgets that are not snippets', async () => {
    const stop = autoMount(document);
    const container = document.createElement('div');
    document.body.append(container);
    const widget = createWidget({ type: 'reputation', apiKey: API_KEY, address: ADDRESSES.rich, baseUrl: server.url }).mount(container);
    stop();
    expect(widget.element?.isConnected).toBe(true);
    widget.destroy();
  });
});
