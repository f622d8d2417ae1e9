/**
 * A misspelt attribute is refused as createWidget refuses a misspelt option: the snippet and
 * `<repkit-widget>` show the set-up-wrongly view naming the attribute written and the one it
 * probably meant, instead of ignoring it (six badges for `data-max-badge="3"`). Attributes that
 * are no near miss of an option (`id`, `class`, `data-testid`) stay the page's own.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRepkitElement, mountAll } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';

const server = useSandbox();

beforeAll(() => defineRepkitElement());
afterEach(() => {
  document.body.replaceChildren();
});

/** The widget host inside a snippet, or inside `<repkit-widget>`'s shadow root. */
const hostIn = (element: Element): HTMLElement | null =>
  (element.shadowRoot ?? element).querySelector<HTMLElement>(element.shadowRoot ? '.repkit' : ':scope > .repkit');

const settled = async (element: Element): Promise<HTMLElement> => {
  await vi.waitFor(() => expect(hostIn(element)?.dataset.state).toMatch(/^(ready|error)$/), { timeout: 5000 });
  return hostIn(element)!;
};

const snippet = (attributes: string): HTMLElement => {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<div data-repkit="badge" data-api-key="${API_KEY}" data-address="${ADDRESSES.rich}" data-base-url="${server.url}" ${attributes}></div>`,
  );
  const element = document.body.lastElementChild as HTMLElement;
  mountAll();
  return element;
};

const element = (attributes: Record<string, string>): HTMLElement => {
  const node = document.createElement('repkit-widget');
  for (const [name, value] of Object.entries({
    type: 'badge',
    'api-key': API_KEY,
    address: ADDRESSES.rich,
    'base-url': server.url,
    ...attributes,
  })) {
    node.setAttribute(name, value);
  }
  document.body.append(node);
  return node;
};

describe('a misspelt attribute', () => {
  it.each([
    ['data-max-badge="3"', 'data-max-badge', 'data-max-badges'],
    ['data-maxbadges="3"', 'data-maxbadges', 'data-max-badges'],
    ['data-show-progres', 'data-show-progres', 'data-show-progress'],
    ['data-them="dark"', 'data-them', 'data-theme'],
  ])('on a snippet (%s) shows the set-up-wrongly view with the attribute it probably meant', async (attribute, wrong, right) => {
    const errors: Error[] = [];
    document.addEventListener('repkit:error', (e) => errors.push((e as CustomEvent<{ error: Error }>).detail.error), { once: true });
    const host = await settled(snippet(attribute));
    expect(host.dataset.state).toBe('error');
    expect(host.shadowRoot!.textContent).toContain(`This widget is set up wrongly: unknown attribute "${wrong}"; did you mean "${right}"?`);
    expect(host.shadowRoot!.textContent).not.toContain('?.');
    expect(errors[0]).toMatchObject({ name: 'OptionError', option: wrong });
  });

  it('on <repkit-widget> (max-badge) shows the same view, naming max-badges', async () => {
    const host = await settled(element({ 'max-badge': '3' }));
    expect(host.dataset.state).toBe('error');
    expect(host.shadowRoot!.textContent).toContain('unknown attribute "max-badge"; did you mean "max-badges"?');
  });

  it('fixed, mounts the widget with the option it meant', async () => {
    const node = snippet('data-max-badge="3"');
    await settled(node);
    node.removeAttribute('data-max-badge');
    node.setAttribute('data-max-badges', '3');
    await vi.waitFor(() => expect(hostIn(node)?.dataset.state).toBe('ready'), { timeout: 5000 });
    expect(hostIn(node)!.shadowRoot!.querySelectorAll('[part~="badge"]')).toHaveLength(3);
  });
});

describe('attributes that are no near miss of an option', () => {
  it('stay allowed on a snippet: the widget loads', async () => {
    const host = await settled(snippet('id="rep" class="card wide" title="Reputation" lang="en" data-testid="rep" data-track="1"'));
    expect(host.dataset.state).toBe('ready');
  });

  it('stay allowed on <repkit-widget>: the widget loads', async () => {
    const host = await settled(
      element({ id: 'rep', class: 'card', title: 'Reputation', lang: 'en', slot: 'a', 'data-testid': 'rep', 'aria-label': 'Reputation' }),
    );
    expect(host.dataset.state).toBe('ready');
  });
});
