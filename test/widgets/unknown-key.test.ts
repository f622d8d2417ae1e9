/**
 * A misspelt `categoryKey` or `badgeKey` is a 404 like "no score in this category yet", but
 * not the same news: on a 404 only, the widget looks the key up in the service's definitions
 * (the metadata route, which the client shares between widgets and caches) and, when the key is
 * not there but a near miss of one (one edit, case aside), says so with that key. A shown
 * widget never costs the lookup.
 */
import { describe, expect, it, vi } from 'vitest';
import de from '../../src/locales/de';
import {
  BadgeWidget,
  CategoryWidget,
  registerLocale,
  ServiceClient,
  ServiceError,
  type BadgeWidgetOptions,
  type CategoryWidgetOptions,
} from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { mountSettled, requestsTo, stateOf, textOf } from '../helpers/profile-category';

const server = useSandbox();

const category = (categoryKey: string, options: Partial<CategoryWidgetOptions> = {}) =>
  mountSettled(new CategoryWidget({ apiKey: API_KEY, address: ADDRESSES.rich, categoryKey, baseUrl: server.url, retries: 0, ...options }));

const badge = (badgeKey: string, options: Partial<BadgeWidgetOptions> = {}) =>
  mountSettled(new BadgeWidget({ apiKey: API_KEY, address: ADDRESSES.rich, badgeKey, baseUrl: server.url, retries: 0, ...options }));

/** The sentence the widget shows in its calm error view. */
const sentence = (widget: CategoryWidget | BadgeWidget): string =>
  textOf(widget.element!.shadowRoot!.querySelector('[part="empty"][role="status"]')!);

const metadataRequests = (route: string): number => requestsTo(server.sandbox.requests, `/metadata/${route}`);

describe('a categoryKey the service does not define', () => {
  it('says there is no such category and names the nearest one, with the 404 to onError', async () => {
    const onError = vi.fn();
    const widget = await category('governanse', { baseUrl: server.fault({}), onError });
    expect(stateOf(widget)).toBe('error');
    expect(sentence(widget)).toBe('There is no such category: did you mean "governance"?');
    const error = onError.mock.calls[0]![0] as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.statusCode).toBe(404);
  });

  it('finds it case aside', async () => {
    expect(sentence(await category('STAKINGREWARD', { baseUrl: server.fault({}) }))).toBe(
      'There is no such category: did you mean "stakingRewards"?',
    );
  });

  it("says it in the widget's language", async () => {
    registerLocale('de', de);
    const widget = await category('governanse', { baseUrl: server.fault({}), locale: 'de' });
    expect(sentence(widget)).toBe('Diese Kategorie gibt es nicht: meinten Sie „governance“?');
  });

  it('asks for the definitions once, however many widgets miss (the client shares and caches them)', async () => {
    const baseUrl = server.fault({});
    const before = metadataRequests('categories');
    const widgets = await Promise.all([
      category('governanse', { baseUrl }),
      category('longevty', { baseUrl }),
      category('txcount', { baseUrl }),
    ]);
    expect(widgets.map(sentence)).toEqual([
      'There is no such category: did you mean "governance"?',
      'There is no such category: did you mean "longevity"?',
      'There is no such category: did you mean "txCount"?',
    ]);
    expect(metadataRequests('categories') - before).toBe(1);
  });

  it('a key more than one edit away is suggested only when it starts like a defined one; else the defined keys are listed', async () => {
    const baseUrl = server.fault({});
    const widgets = await Promise.all([
      category('stakingNominees', { baseUrl }),
      category('govern', { baseUrl }),
      category('votes', { baseUrl }),
      category('karma', { baseUrl }),
    ]);
    const defined = await new ServiceClient({ apiKey: API_KEY, baseUrl: server.url }).getCategoryDefinitions();
    const listed = `There is no such category. Defined categories: ${defined.categories.map((c) => c.key).join(', ')}.`;
    expect(widgets.map(sentence)).toEqual([
      'There is no such category: did you mean "stakingNominators"?',
      'There is no such category: did you mean "governance"?',
      listed,
      listed,
    ]);
    expect(listed).toContain('longevity, ');
  });

  it('a defined key without a score for the address still reads "no score in this category yet"', async () => {
    const widget = await category('tokenDiversity', { address: ADDRESSES.identityOnly, baseUrl: server.fault({}) });
    expect(sentence(widget)).toBe('This address has no score in this category yet.');
  });

  it('a shown category costs no definitions request', async () => {
    const before = metadataRequests('categories');
    const widget = await category('governance', { baseUrl: server.fault({}) });
    expect(stateOf(widget)).toBe('ready');
    expect(metadataRequests('categories')).toBe(before);
  });

  it('when the definitions cannot be read, falls back to the 404 sentence', async () => {
    // Every request under this base URL after the first (the score's 404) fails.
    const baseUrl = server.fault({ status: 503 });
    const widget = await category('governanse', { baseUrl, cacheTtlMs: 0 });
    expect(stateOf(widget)).toBe('error');
    expect(textOf(widget)).not.toContain('did you mean');
  });
});

describe('a badgeKey the service does not define', () => {
  it('says there is no such badge and names the nearest one', async () => {
    const widget = await badge('ReferendumVotr', { baseUrl: server.fault({}) });
    expect(stateOf(widget)).toBe('error');
    expect(sentence(widget)).toBe('There is no such badge: did you mean "ReferendumVoter"?');
  });

  it('a badge key like none of them lists the defined badges', async () => {
    const widget = await badge('Karma', { baseUrl: server.fault({}) });
    const defined = await new ServiceClient({ apiKey: API_KEY, baseUrl: server.url }).getBadgeDefinitions();
    expect(sentence(widget)).toBe(`There is no such badge. Defined badges: ${defined.badges.map((b) => b.key).join(', ')}.`);
  });

  it('a defined badge the address has not earned still reads "not earned yet"', async () => {
    const widget = await badge('ReferendumVoter', { address: ADDRESSES.fresh, baseUrl: server.fault({}) });
    expect(sentence(widget)).toBe('This address has not earned this badge yet.');
  });
});
