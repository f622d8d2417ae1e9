/**
 * `<repkit-widget>` in happy-dom against the sandbox: it renders into its own shadow root and
 * leaves the light DOM exactly as the page (or a server render) wrote it, keeps one record of
 * its widget, batches attribute changes, survives a move and cleans up on disconnect.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRepkitElement, mountAll, WIDGET_TYPES, type AnyWidget, type RepkitWidgetElement } from '../../src/index';
import { extrasOf } from '../helpers/kinds';
import { WIDGET_PARTS } from '../../src/embed/element';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';

const server = useSandbox();

beforeAll(() => defineRepkitElement());
afterEach(() => {
  document.body.replaceChildren();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `<repkit-widget>` with these attributes (and inner HTML), appended to the body. */
const create = (attributes: Record<string, string>, inner = ''): RepkitWidgetElement => {
  const element = document.createElement('repkit-widget');
  for (const [name, value] of Object.entries({ 'api-key': API_KEY, address: ADDRESSES.rich, 'base-url': server.url, ...attributes })) {
    element.setAttribute(name, value);
  }
  element.innerHTML = inner;
  document.body.append(element);
  return element;
};

/** The widget hosts in the element's shadow root (there must be exactly one while connected). */
const hostsOf = (element: Element): HTMLElement[] => Array.from(element.shadowRoot!.querySelectorAll<HTMLElement>('.repkit'));

const settled = async (element: Element): Promise<HTMLElement> => {
  await vi.waitFor(
    () => {
      const [host, ...more] = hostsOf(element);
      expect(more).toEqual([]);
      expect(host?.dataset.state).toMatch(/^(ready|error)$/);
    },
    { timeout: 5000, interval: 5 },
  );
  return hostsOf(element)[0]!;
};

/** What a server would have rendered, to compare the light DOM with. */
const lightDom = (element: Element) => ({
  html: element.innerHTML,
  attributes: element.getAttributeNames().map((n) => [n, element.getAttribute(n)]),
});

describe('<repkit-widget> renders into its own shadow root', () => {
  it('adds no child and no attribute to the element: the light DOM stays as written', async () => {
    const element = create({ type: 'reputation', theme: 'dark', 'class-name': 'mine' });
    const before = lightDom(element);
    const host = await settled(element);
    expect(host.dataset.state).toBe('ready');
    expect(host.dataset.theme).toBe('dark');
    expect(host.classList.contains('mine')).toBe(true);
    expect(element.childNodes).toHaveLength(0);
    expect(lightDom(element)).toEqual(before);
  });

  it('leaves children a server rendered in place (a fallback shown only where the script does not run)', async () => {
    const element = create({ type: 'profile' }, '<a href="/profile">See the profile</a>');
    const before = lightDom(element);
    await settled(element);
    expect(lightDom(element)).toEqual(before);
    expect(element.shadowRoot!.querySelector('slot')).toBeNull();
  });

  it('keeps one record of its widget: element.widget, not a second copy on the element', async () => {
    const element = create({ type: 'badges' });
    const host = await settled(element);
    expect(element.widget?.element).toBe(host);
    expect(Symbol.for('repkit.embedded') in element).toBe(false);
    // The snippet scanner does not count it as one of its own.
    expect(mountAll()).toEqual([]);
    expect(hostsOf(element)).toEqual([host]);
  });

  it('forwards the widget parts, so page CSS reaches them as repkit-widget::part(name)', async () => {
    // Every type of the registry, aliases too, with what it requires (its sample's), and an invalid config's error view.
    const kinds = [
      ...WIDGET_TYPES.map((type) => ({
        type,
        ...Object.fromEntries(
          Object.entries(extrasOf(type)).map(([option, value]) => [option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), value]),
        ),
      })),
      { type: 'reputation', 'max-categories': 'lots' },
    ];
    for (const attributes of kinds) {
      const element = create(attributes);
      const host = await settled(element);
      expect(host.getAttribute('exportparts')!.split(', ')).toEqual(WIDGET_PARTS);
      const parts = Array.from(host.shadowRoot!.querySelectorAll('[part]')).flatMap((node) => node.getAttribute('part')!.split(' '));
      expect(parts.length).toBeGreaterThan(0);
      expect(parts.filter((part) => !WIDGET_PARTS.includes(part))).toEqual([]);
    }
  });
});

describe('<repkit-widget> attributes', () => {
  it('batches the changes of one task into one update()', async () => {
    const element = create({ type: 'reputation' });
    await settled(element);
    const widget = element.widget as AnyWidget;
    const update = vi.spyOn(widget, 'update');
    element.setAttribute('theme', 'dark');
    element.setAttribute('max-categories', '2');
    element.setAttribute('compact', '');
    await tick();
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith({ theme: 'dark', maxCategories: 2, compact: true });
    expect(element.widget).toBe(widget);
  });

  it('a removed attribute puts the option back to its default', async () => {
    const element = create({ type: 'reputation', 'max-categories': '2' });
    await settled(element);
    element.removeAttribute('max-categories');
    await tick();
    expect(element.widget!.options).toMatchObject({ maxCategories: 6 });
  });

  it('an invalid value shows the error state naming the attribute, and fixing it mounts the widget', async () => {
    const errors: EventTarget[][] = [];
    document.addEventListener('repkit:error', (e) => errors.push(e.composedPath()), { once: true });
    const element = create({ type: 'badges', 'max-badges': 'lots' });
    const failed = await settled(element);
    expect(failed.dataset.state).toBe('error');
    expect(failed.shadowRoot!.textContent).toContain('"max-badges" must be');
    expect(element.widget).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(element);
    element.setAttribute('max-badges', '2');
    await vi.waitFor(() => expect(element.widget).toBeDefined());
    const host = await settled(element);
    expect(host).not.toBe(failed);
    expect(hostsOf(element)).toEqual([host]);
    expect(element.childNodes).toHaveLength(0);
  });

  it('a new type mounts a new widget in place of the old one', async () => {
    const element = create({ type: 'reputation' });
    await settled(element);
    const first = element.widget!;
    element.setAttribute('type', 'profile');
    await tick();
    expect(first.element).toBeUndefined();
    expect(element.widget).not.toBe(first);
    expect((await settled(element)).dataset.type).toBe('profile');
  });
});

describe('<repkit-widget> lifecycle', () => {
  it('keeps its widget when moved within one task', async () => {
    const element = create({ type: 'reputation' });
    const host = await settled(element);
    const widget = element.widget;
    const section = document.createElement('section');
    document.body.append(section);
    section.append(element);
    await tick();
    expect(element.widget).toBe(widget);
    expect(hostsOf(element)).toEqual([host]);
  });

  it('destroys the widget when removed, and mounts a fresh one when connected again', async () => {
    const element = create({ type: 'reputation' });
    await settled(element);
    const widget = element.widget!;
    const destroy = vi.spyOn(widget, 'destroy');
    element.remove();
    await tick();
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(element.widget).toBeUndefined();
    expect(hostsOf(element)).toEqual([]);
    document.body.append(element);
    const host = await settled(element);
    expect(element.widget).not.toBe(widget);
    expect(hostsOf(element)).toEqual([host]);
  });

  it('dispatches repkit:load from the element, with the data as detail', async () => {
    const loads: { path: EventTarget[]; detail: unknown }[] = [];
    document.addEventListener('repkit:load', (e) => loads.push({ path: e.composedPath(), detail: (e as CustomEvent).detail }), {
      once: true,
    });
    const element = create({ type: 'reputation' });
    await settled(element);
    expect(loads).toHaveLength(1);
    expect(loads[0]!.path).toContain(element);
    expect((loads[0]!.detail as { data: { totalScore: number } }).data.totalScore).toBeGreaterThan(0);
  });
});

describe('<repkit-widget> in another language', () => {
  it('reads locale, and messages as JSON, and a bad JSON is the error it names', async () => {
    const element = create({ type: 'reputation', locale: 'fr-CA', messages: '{"Reputation score":"Score de réputation"}' });
    const host = await settled(element);
    const view = host.shadowRoot!.querySelector<HTMLElement>('.rk')!;
    expect(view.lang).toBe('fr-CA');
    expect(host.shadowRoot!.querySelector('.rk-label')?.textContent).toBe('Score de réputation');
    const broken = create({ type: 'reputation', messages: '{"Reputation score": oops}' });
    const failed = await settled(broken);
    expect(failed.dataset.state).toBe('error');
    expect(failed.shadowRoot!.textContent).toContain('"messages" must be JSON');
  });
});
