/**
 * Helpers shared by the widget tests (not a test file itself): mount a widget into a fresh
 * container, wait for its `data-state`, read what a user would see in its shadow root, and
 * count the requests the sandbox received.
 *
 * Call `afterEach(cleanupWidgets)` in a file that uses {@link mountWidget}.
 */
import { expect } from 'vitest';
import {
  createWidget,
  type AnyWidget,
  type WidgetByType,
  type WidgetConfig,
  type WidgetOptionsByType,
  type WidgetType,
} from '../../src/index';
import type { Sandbox } from '../service/sandbox.mjs';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export type Outcome = 'ready' | 'error';

export interface Mounted<W extends AnyWidget = AnyWidget> {
  widget: W;
  /** The container the widget was mounted into (a fresh div in document.body). */
  container: HTMLElement;
  /** The host element the widget appended (`div.repkit`). */
  host: HTMLElement;
  /** The host's open shadow root. */
  root: ShadowRoot;
  /** Settles with the outcome of the first load (`repkit:load` → 'ready', `repkit:error` → 'error'). */
  loaded: Promise<Outcome>;
  /** Every `repkit:load` / `repkit:error` event seen on the container, in order. */
  events: CustomEvent[];
}

const mounted = new Set<{ widget: AnyWidget; container: HTMLElement }>();

/** The next `repkit:load` or `repkit:error` that reaches `target` (bubbling from the host). */
export const nextOutcome = (target: EventTarget, timeoutMs = 8000): Promise<Outcome> =>
  new Promise((resolve, reject) => {
    const done = (outcome: Outcome) => () => {
      clearTimeout(timer);
      target.removeEventListener('repkit:load', onLoad);
      target.removeEventListener('repkit:error', onError);
      resolve(outcome);
    };
    const onLoad = done('ready');
    const onError = done('error');
    const timer = setTimeout(() => {
      target.removeEventListener('repkit:load', onLoad);
      target.removeEventListener('repkit:error', onError);
      reject(new Error(`no repkit:load or repkit:error within ${timeoutMs} ms`));
    }, timeoutMs);
    target.addEventListener('repkit:load', onLoad);
    target.addEventListener('repkit:error', onError);
  });

/** A `tagName` element (not yet in the page) with these attributes set, in order. */
export function elementWith<K extends keyof HTMLElementTagNameMap>(
  tagName: K,
  attributes: Record<string, string>,
): HTMLElementTagNameMap[K];
export function elementWith(tagName: string, attributes: Record<string, string>): HTMLElement;
export function elementWith(tagName: string, attributes: Record<string, string>): HTMLElement {
  const element = document.createElement(tagName);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** A fresh container appended to document.body (removed by {@link cleanupWidgets}). */
export const makeContainer = (id?: string): HTMLElement => {
  const container = document.createElement('div');
  if (id) container.id = id;
  document.body.append(container);
  mounted.add({ widget: undefined as unknown as AnyWidget, container });
  return container;
};

/**
 * Creates a widget from `config` and mounts it into a fresh container (or `container`).
 * `loaded` settles with the first load's outcome.
 */
export const mountWidget = <T extends WidgetType>(
  config: WidgetOptionsByType[T] & { type: T },
  container: HTMLElement = makeContainer(),
): Mounted<WidgetByType[T]> => {
  const widget = createWidget(config);
  const events: CustomEvent[] = [];
  container.addEventListener('repkit:load', (e) => events.push(e as CustomEvent));
  container.addEventListener('repkit:error', (e) => events.push(e as CustomEvent));
  const loaded = nextOutcome(container);
  // A test that never awaits `loaded` must not get an unhandled rejection.
  loaded.catch(() => {});
  mounted.add({ widget, container });
  widget.mount(container);
  const host = container.querySelector<HTMLElement>(':scope > .repkit')!;
  expect(host, 'mount() appended a .repkit host').toBeTruthy();
  expect(host.shadowRoot, 'the host has an open shadow root').toBeTruthy();
  return { widget: widget, container, host, root: host.shadowRoot!, loaded, events };
};

/** Destroys every widget and removes every container created through these helpers. */
export const cleanupWidgets = (): void => {
  for (const { widget, container } of mounted) {
    widget?.destroy();
    container.remove();
  }
  mounted.clear();
};

/** Resolves once the host's `data-state` is `state`; rejects after `timeoutMs`. */
export const waitForState = async (host: HTMLElement, state: 'loading' | Outcome, timeoutMs = 8000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (host.dataset.state != state) {
    if (Date.now() > end) throw new Error(`data-state stayed ${JSON.stringify(host.dataset.state)}, expected ${JSON.stringify(state)}`);
    await sleep(5);
  }
};

/** The text a user sees in the widget, white space collapsed. */
export const textOf = (node: ParentNode | null | undefined): string =>
  (node as Node | null)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** How many logged sandbox requests have a path ending in `suffix` (all when omitted). */
export const countRequests = (sandbox: Sandbox, suffix = ''): number => sandbox.requests.filter((r) => r.path.endsWith(suffix)).length;

/** Every element of `root`, the shadow root's own children included. */
export const allElements = (root: ParentNode): Element[] => Array.from(root.querySelectorAll('*'));

/** The widget's view: the element inside the shadow root that holds what is shown. */
export const viewOf = (root: ShadowRoot): HTMLElement => {
  const view = root.querySelector<HTMLElement>('[part="widget"]');
  expect(view, 'the shadow root holds a [part=widget] view').toBeTruthy();
  return view!;
};

/**
 * A controllable stand-in for `matchMedia('(prefers-color-scheme: dark)')`: `set(matches)`
 * changes the system preference and fires `change` to the listeners currently registered.
 */
export const fakeColorScheme = (initiallyDark: boolean) => {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const queries: string[] = [];
  const mql = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    onchange: null,
    addEventListener: (type: string, fn: (event: { matches: boolean }) => void) => {
      if (type == 'change') listeners.add(fn);
    },
    removeEventListener: (type: string, fn: (event: { matches: boolean }) => void) => {
      if (type == 'change') listeners.delete(fn);
    },
    addListener: (fn: (event: { matches: boolean }) => void) => listeners.add(fn),
    removeListener: (fn: (event: { matches: boolean }) => void) => listeners.delete(fn),
    dispatchEvent: () => true,
  };
  const matchMedia = (query: string) => {
    queries.push(query);
    return mql as unknown as MediaQueryList;
  };
  return {
    matchMedia,
    queries,
    listeners,
    set(dark: boolean) {
      mql.matches = dark;
      for (const fn of [...listeners]) fn({ matches: dark });
    },
  };
};

/** Mounts `config`, waits for the ready state and returns the mount with its view. */
export const mountReady = async <C extends WidgetConfig>(config: C) => {
  const mounted = mountWidget(config);
  expect(await mounted.loaded).toBe('ready');
  expect(mounted.host.dataset.state).toBe('ready');
  return { ...mounted, view: viewOf(mounted.root) };
};
