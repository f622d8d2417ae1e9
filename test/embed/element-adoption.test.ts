/**
 * `<repkit-widget>` adopting what a server rendered (repkit/server) in happy-dom: an element
 * that already has a shadow root holding the server's data takes that data as loaded when it
 * upgrades, lazy or not, and asks the service only once the data is older than `cacheTtlMs`.
 * Chromium checks the real thing (declarative shadow roots, layout) in
 * test/browser/server-render.test.ts.
 */
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { defineRepkitElement, ServiceClient, type RepkitWidgetElement } from '../../src/index';
import { storedText } from '../../src/widgets/storage';
import type { UserScores } from '../../src/client/types';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';

const server = useSandbox();
let names = 0;

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
  spy = undefined;
});

/** Requests to the service in this test since the first call. */
let spy: MockInstance<typeof fetch> | undefined;
const apiCalls = (): number => {
  spy ??= vi.spyOn(globalThis, 'fetch');
  return spy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('/api/')).length;
};

/**
 * An element as the parser leaves a server render before repkit runs: attributes, and a shadow
 * root holding the data (`savedAt` old) and stale markup. Then the element is defined (upgraded).
 */
const upgraded = async (data: UserScores, savedAt: number, attributes: Record<string, string> = {}): Promise<RepkitWidgetElement> => {
  const name = `x-adopt-${++names}`;
  const element = document.createElement(name);
  for (const [attribute, value] of Object.entries({
    'base-url': server.fault({}),
    'api-key': API_KEY,
    address: ADDRESSES.rich,
    type: 'reputation',
    ...attributes,
  })) {
    element.setAttribute(attribute, value);
  }
  const root = element.attachShadow({ mode: 'open' });
  const script = document.createElement('script');
  script.type = 'application/json';
  script.textContent = storedText(data, savedAt);
  root.append(script, Object.assign(document.createElement('p'), { textContent: 'server markup' }));
  document.body.append(element);
  defineRepkitElement(name);
  // The element mounts in a microtask, and shows the server's data in that same task.
  await Promise.resolve();
  expect((element as RepkitWidgetElement).widget?.state).toBe('ready');
  return element as RepkitWidgetElement;
};

/** The total score the element's widget holds. */
const totalOf = (element: RepkitWidgetElement): number | undefined => (element.widget?.data as UserScores | undefined)?.totalScore;

const scoresOf = async (): Promise<UserScores> => new ServiceClient({ apiKey: API_KEY, baseUrl: server.url }).getScores(ADDRESSES.rich);

describe('an element with a server render', () => {
  for (const loading of ['eager', 'lazy']) {
    it(`shows the server's data with no request while it is younger than cacheTtlMs (loading="${loading}")`, async () => {
      const data = await scoresOf();
      const requests = apiCalls();
      const element = await upgraded({ ...data, totalScore: 4321 }, Date.now(), { loading });
      expect(totalOf(element)).toBe(4321);
      const host = element.shadowRoot!.querySelector('.repkit')!;
      expect(host.shadowRoot!.querySelector('.rk-score')!.textContent).toBe('4,321');
      // The server's markup and script are gone: the widget drew its own.
      expect(element.shadowRoot!.querySelector('script, p')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(apiCalls() - requests).toBe(0);
    });
  }

  it('shows older data at once and revalidates it behind', async () => {
    const data = await scoresOf();
    const requests = apiCalls();
    const element = await upgraded({ ...data, totalScore: 4321 }, Date.now() - 10_000, { 'cache-ttl-ms': '1000' });
    expect(totalOf(element)).toBe(4321);
    await vi.waitFor(() => expect(totalOf(element)).toBe(data.totalScore));
    expect(apiCalls() - requests).toBe(1);
  });

  it('loads as usual when the embedded data cannot be read', async () => {
    const name = `x-adopt-${++names}`;
    const element = document.createElement(name) as RepkitWidgetElement;
    for (const [attribute, value] of Object.entries({
      'base-url': server.fault({}),
      'api-key': API_KEY,
      address: ADDRESSES.rich,
      type: 'reputation',
    })) {
      element.setAttribute(attribute, value);
    }
    const script = document.createElement('script');
    script.type = 'application/json';
    script.textContent = '{"t":';
    element.attachShadow({ mode: 'open' }).append(script);
    document.body.append(element);
    const requests = apiCalls();
    defineRepkitElement(name);
    await vi.waitFor(() => expect(element.widget?.state).toBe('ready'));
    expect(apiCalls() - requests).toBe(1);
  });
});
