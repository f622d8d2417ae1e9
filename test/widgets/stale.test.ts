/**
 * Stale if error: a widget that shows data keeps it when a reload fails for a reason that says
 * nothing about the data (the service unreachable, slow, busy, failing or refusing this page),
 * marked with a polite "As of …" note and the reason, in the ready state with `data-stale`; the
 * failure is still reported to onError and repkit:error. A 404 or 400 for the data asked for
 * still shows its sentence. Real HTTP against the sandbox; a network failure is a fetch that
 * rejects, as a browser's does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../src/index';
import { ADDRESSES, reputationConfig, useSandbox } from '../helpers/sandbox';
import { cleanupWidgets, mountWidget, nextOutcome, textOf, viewOf } from '../helpers/widgets';

const server = useSandbox();
afterEach(() => {
  cleanupWidgets();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

/** A reputation widget that has loaded its data (total 89 for the rich fixture). */
const loaded = async (extra: Record<string, unknown> = {}) => {
  const onError = vi.fn<(error: Error) => void>();
  const mounted = mountWidget(reputationConfig(server, { retries: 0, cacheTtlMs: 0, onError, ...extra }));
  expect(await mounted.loaded).toBe('ready');
  expect(textOf(viewOf(mounted.root))).toContain('89');
  return { ...mounted, onError };
};

const staleNote = (root: ShadowRoot) => root.querySelector<HTMLElement>('[part="stale"]');

describe('data shown stays through a failed reload, marked stale', () => {
  it('refresh() when the service cannot be reached: the data, "As of …" and the reason in a polite status, one repkit:error', async () => {
    const { widget, host, root, onError, events } = await loaded();
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const next = nextOutcome(host);
    await widget.refresh();
    expect(await next).toBe('error');
    expect(widget.state).toBe('ready');
    expect(host.dataset.state).toBe('ready');
    expect(host.hasAttribute('data-stale')).toBe(true);
    expect(textOf(viewOf(root))).toContain('89');
    const note = staleNote(root)!;
    expect(note.getAttribute('role')).toBe('status');
    expect(textOf(note)).toMatch(/^As of (now|\d+ seconds? ago)\. Could not reach the service: check baseUrl \(host, port\)\./);
    expect(note.querySelector('time')!.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(root.querySelector('[part="error"]')).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(ServiceError);
    expect(events.map((e) => e.type)).toEqual(['repkit:load', 'repkit:error']);

    // The next successful load clears the mark.
    vi.stubGlobal('fetch', realFetch);
    const again = nextOutcome(host);
    await widget.refresh();
    expect(await again).toBe('ready');
    expect(host.hasAttribute('data-stale')).toBe(false);
    expect(staleNote(root)).toBeNull();
  });

  it.each([
    ['a 503', { status: 503 }, 'The service is having trouble.'],
    // The 429 says the quota resets in an hour: the note says when the widget tries again.
    ['a 429', { status: 429 }, 'Quota used up: trying again at '],
    ['a timeout', { hang: true }, 'Timed out.'],
  ])('an update() that reloads from another service answering %s keeps the data', async (_label, fault, reason) => {
    const { widget, host, root, onError } = await loaded({ timeoutMs: 300 });
    const next = nextOutcome(host);
    widget.update({ baseUrl: server.fault({ ...fault, id: Math.random() }) });
    expect(await next).toBe('error');
    expect(host.dataset.state).toBe('ready');
    expect(host.hasAttribute('data-stale')).toBe(true);
    expect(textOf(viewOf(root))).toContain('89');
    expect(textOf(staleNote(root))).toContain(reason);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('says how old the data is in the locale: minutes, hours, days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { widget, host, root } = await loaded({ locale: 'en-US' });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    const next = nextOutcome(host);
    widget.update({ baseUrl: server.fault({ status: 502, id: Math.random() }) });
    expect(await next).toBe('error');
    expect(textOf(staleNote(root))).toMatch(/^As of 5 minutes ago\./);
  });
});

describe('failures that are about the data, or with no data yet, still show their sentence', () => {
  it('a 404 for the data asked for replaces the data with its sentence', async () => {
    const { widget, host, root } = await loaded();
    const next = nextOutcome(host);
    widget.update({ baseUrl: server.fault({ status: 404, id: Math.random() }) });
    expect(await next).toBe('error');
    expect(host.dataset.state).toBe('error');
    expect(host.hasAttribute('data-stale')).toBe(false);
    expect(textOf(viewOf(root))).toBe('There is no reputation data for this address yet.');
  });

  it('another address that fails shows its error, not the old address as stale', async () => {
    const { widget, host, root } = await loaded();
    const next = nextOutcome(host);
    widget.update({ address: ADDRESSES.fresh, baseUrl: server.fault({ status: 503, id: Math.random() }) });
    expect(await next).toBe('error');
    expect(host.dataset.state).toBe('error');
    expect(textOf(viewOf(root))).toContain('The service is having trouble.');
    expect(textOf(viewOf(root))).not.toContain('89');
  });

  it('a first load that fails shows the error view', async () => {
    const {
      host,
      root,
      loaded: outcome,
    } = mountWidget(reputationConfig(server, { retries: 0, baseUrl: server.fault({ status: 503, id: Math.random() }) }));
    expect(await outcome).toBe('error');
    expect(host.dataset.state).toBe('error');
    expect(staleNote(root)).toBeNull();
  });
});

describe('a stored answer whose revalidation fails', () => {
  it("cache: 'session' shows the stored answer at once and keeps it, as of when it was stored, when the service fails", async () => {
    const first = await loaded({ cache: 'session', cacheTtlMs: 1 });
    first.widget.destroy();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const {
      host,
      root,
      loaded: outcome,
      events,
    } = mountWidget(reputationConfig(server, { retries: 0, cache: 'session', cacheTtlMs: 1, baseUrl: first.widget.options.baseUrl }));
    expect(await outcome).toBe('ready');
    expect(textOf(viewOf(root))).toContain('89');
    await new Promise<void>((resolve) => host.addEventListener('repkit:error', () => resolve(), { once: true }));
    expect(host.dataset.state).toBe('ready');
    expect(host.hasAttribute('data-stale')).toBe(true);
    expect(textOf(staleNote(root))).toMatch(/^As of /);
    expect(events.map((e) => e.type)).toEqual(['repkit:load', 'repkit:error']);
    vi.stubGlobal('fetch', realFetch);
  });
});
