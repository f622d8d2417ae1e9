/**
 * Helpers shared by the profile and category widget tests (not a test file itself).
 */
import { afterEach, expect, vi } from 'vitest';

/** What the helpers need of a widget. */
interface Mountable {
  mount(target: Element): unknown;
  destroy(): void;
  readonly element: HTMLElement | undefined;
  readonly state: string;
}

const live: Mountable[] = [];

afterEach(() => {
  for (const widget of live.splice(0)) widget.destroy();
  document.body.replaceChildren();
  delete (navigator as { clipboard?: unknown }).clipboard; // the own stub, if any
});

/** Replaces `navigator.clipboard` for the current test (`undefined`: no clipboard at all). */
export const stubClipboard = (clipboard: { writeText(text: string): Promise<void> } | undefined): void => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, get: () => clipboard });
};

/** Mounts `widget` into a fresh container in the page; it is destroyed after the test. */
export const mountWidget = <W extends Mountable>(widget: W): W => {
  const container = document.createElement('div');
  document.body.append(container);
  live.push(widget);
  widget.mount(container);
  return widget;
};

/** Waits until the widget has left the loading state. */
export const settled = async <W extends Mountable>(widget: W): Promise<W> => {
  await vi.waitFor(
    () => {
      if (widget.state == 'loading') throw new Error('the widget is still loading');
    },
    { timeout: 5000, interval: 5 },
  );
  return widget;
};

/** Mounts and waits for the first load to settle. */
export const mountSettled = <W extends Mountable>(widget: W): Promise<W> => settled(mountWidget(widget));

/** The widget's shadow root. */
export const shadow = (widget: Mountable): ShadowRoot => {
  const root = widget.element?.shadowRoot;
  if (!root) throw new Error('the widget is not mounted');
  return root;
};

/** The visible text of the widget, whitespace collapsed. */
export const textOf = (widget: Mountable | Element): string =>
  (('mount' in widget ? shadow(widget) : widget).textContent ?? '').replace(/\s+/g, ' ').trim();

/** Elements of the widget matching `selector`. */
export const all = (widget: Mountable, selector: string): Element[] => [...shadow(widget).querySelectorAll(selector)];

/** The one element matching `selector` (fails the test when there is none). */
export const one = (widget: Mountable, selector: string): Element => {
  const found = shadow(widget).querySelector(selector);
  expect(found, `an element matching ${selector}`).not.toBeNull();
  return found!;
};

/** The host's `data-state`. */
export const stateOf = (widget: Mountable): string | undefined => widget.element?.dataset.state;

/** API requests in `log` whose path contains every one of `parts`. */
export const requestsTo = (log: { path: string }[], ...parts: string[]): number =>
  log.filter((r) => parts.every((p) => r.path.includes(p))).length;

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** Attributes the widgets write themselves; data never chooses an attribute name. */
const OWN_ATTRIBUTES =
  /^(class|part|title|role|aria-[a-z]+|data-(action|platform)|type|href|target|rel|src|alt|loading|referrerpolicy|viewbox|x|y|width|height|fill|lang|dir)$/i;

/**
 * Asserts that nothing in the rendered widget came from data as markup: every element is one
 * the widget itself writes, every attribute is one the widget writes (none an event handler),
 * and every `href` / `src` is an http(s) or mailto URL.
 */
export const expectInert = (widget: Mountable, allowedTags: string[]): void => {
  const elements = all(widget, '*');
  expect(elements.length).toBeGreaterThan(0);
  const tags = new Set(elements.map((e) => e.tagName.toLowerCase()));
  for (const tag of tags) expect(allowedTags, `unexpected <${tag}> in the widget`).toContain(tag);
  for (const element of elements) {
    for (const { name, value } of [...element.attributes]) {
      expect(name.toLowerCase().startsWith('on'), `event handler attribute ${name}`).toBe(false);
      expect(name, `attribute ${name} on <${element.tagName.toLowerCase()}>`).toMatch(OWN_ATTRIBUTES);
      if (name == 'href' || name == 'src') expect(value).toMatch(SAFE_LINK);
    }
  }
};
