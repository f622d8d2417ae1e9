import { afterEach, describe, expect, it } from 'vitest';
import { mountAll, type ReputationWidget } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';

const server = useSandbox();

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const settle = (host: HTMLElement) =>
  new Promise<string>((resolve) => {
    const done = () => resolve(host.dataset.state!);
    if (host.dataset.state != 'loading') return done();
    host.addEventListener('repkit:load', done, { once: true });
    host.addEventListener('repkit:error', done, { once: true });
  });

const embed = (attributes: string) => {
  document.body.insertAdjacentHTML('beforeend', `<div class="slot" ${attributes}></div>`);
  return document.body.lastElementChild as HTMLElement;
};

const hostIn = (element: Element) => element.querySelector<HTMLElement>(':scope > .repkit')!;

afterEach(() => {
  document.body.replaceChildren();
});

describe('mountAll()', () => {
  it('mounts every [data-repkit] element once and returns the widgets it mounted', async () => {
    const base = `data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${server.url}"`;
    embed(`data-repkit="reputation" ${base}`);
    embed(`data-repkit="profile" ${base}`);
    const widgets = mountAll();
    expect(widgets.map((w) => w.element!.dataset.type)).toEqual(['reputation', 'profile']);
    expect(mountAll()).toEqual([]);
    expect(document.querySelectorAll('.repkit')).toHaveLength(2);
    expect(await Promise.all(widgets.map((w) => settle(w.element!)))).toEqual(['ready', 'ready']);
  });

  it('only looks under the root it is given', () => {
    const outside = embed(
      `data-repkit="reputation" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${server.url}"`,
    );
    const section = document.createElement('section');
    section.innerHTML = `<div data-repkit="badge" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${server.url}"></div>`;
    document.body.append(section);
    expect(mountAll(section)).toHaveLength(1);
    expect(hostIn(outside)).toBeNull();
  });

  it('parses booleans and numbers in kebab-case attributes', () => {
    embed(
      `data-repkit="reputation" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${server.url}" data-show-categories="false" data-max-categories="2" data-compact data-theme="dark"`,
    );
    const [widget] = mountAll();
    expect((widget as ReputationWidget).options).toMatchObject({ showCategories: false, maxCategories: 2, compact: true, theme: 'dark' });
  });

  it.each([
    ['data-max-badges="lots"', 'data-max-badges'],
    ['data-show-progress="yes"', 'data-show-progress'],
    ['data-theme="blue"', 'data-theme'],
  ])('shows an error state naming the attribute for %s, without throwing', async (attribute, name) => {
    const element = embed(`data-repkit="badge" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" ${attribute}`);
    const errors: Error[] = [];
    document.addEventListener('repkit:error', (e) => errors.push((e as CustomEvent).detail.error), { once: true });
    expect(() => mountAll()).not.toThrow();
    const host = hostIn(element);
    expect(host.dataset.state).toBe('error');
    expect(host.shadowRoot!.textContent).toContain(name);
    expect(errors[0]?.message).toContain(name);
  });

  it('names data-repkit for an unknown type and data-address when it is missing', () => {
    const unknown = embed(`data-repkit="chart" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}"`);
    const missing = embed(`data-repkit="reputation" data-api-key="${API_KEY}"`);
    mountAll();
    expect(hostIn(unknown).shadowRoot!.textContent).toContain('data-repkit');
    expect(hostIn(missing).shadowRoot!.textContent).toContain('data-address');
  });

  it('applies a changed data-* attribute with update(), without a new request for display options', async () => {
    const element = embed(
      `data-repkit="reputation" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${server.url}"`,
    );
    const [widget] = mountAll();
    await settle(widget!.element!);
    const requests = server.sandbox.requests.length;
    element.dataset.maxCategories = '1';
    await tick();
    expect((widget as ReputationWidget).options.maxCategories).toBe(1);
    expect(widget!.element!.shadowRoot!.querySelectorAll('[part="category"]')).toHaveLength(1);
    expect(server.sandbox.requests.length).toBe(requests);
  });

  it('remounts with the error state when a changed attribute is invalid, and recovers when fixed', async () => {
    const element = embed(`data-repkit="badge" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${server.url}"`);
    mountAll();
    element.dataset.maxBadges = 'lots';
    await tick();
    expect(hostIn(element).dataset.state).toBe('error');
    element.dataset.maxBadges = '1';
    await tick();
    expect(element.querySelectorAll('.repkit')).toHaveLength(1);
    expect(await settle(hostIn(element))).toBe('ready');
  });
});
