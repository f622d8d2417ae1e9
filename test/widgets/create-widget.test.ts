/**
 * createWidget: the right class per `type`, and synchronous validation that names the option
 * and neither renders nor requests anything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  BadgeWidget,
  CategoryWidget,
  createWidget,
  OptionError,
  ProfileWidget,
  ReputationWidget,
  type WidgetConfig,
} from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { cleanupWidgets, countRequests, sleep } from '../helpers/widgets';

const server = useSandbox();
afterEach(cleanupWidgets);

const base = () => ({ apiKey: API_KEY, address: ADDRESSES.rich, baseUrl: server.url });

describe('createWidget picks the class from type', () => {
  it.each([
    ['reputation', ReputationWidget],
    ['badge', BadgeWidget],
    ['badges', BadgeWidget],
    ['profile', ProfileWidget],
  ] as const)('%s', (type, Class) => {
    const widget = createWidget({ ...base(), type });
    expect(widget).toBeInstanceOf(Class);
    for (const Other of [ReputationWidget, BadgeWidget, ProfileWidget, CategoryWidget].filter((c) => c !== Class)) {
      expect(widget).not.toBeInstanceOf(Other);
    }
  });

  it('category (with its categoryKey)', () => {
    expect(createWidget({ ...base(), type: 'category', categoryKey: 'longevity' })).toBeInstanceOf(CategoryWidget);
  });

  it('applies the documented defaults', () => {
    const reputation = createWidget({ ...base(), type: 'reputation' });
    expect(reputation.options).toMatchObject({ theme: 'light', className: '', showCategories: true, maxCategories: 6, compact: false });
    const badge = createWidget({ ...base(), type: 'badge' });
    expect(badge.options).toMatchObject({ theme: 'light', className: '', maxBadges: 6, showProgress: false });
    expect(badge.options.badgeKey).toBeUndefined();
  });
});

/** Configs that must be refused, with the option name the error has to carry. */
const INVALID: Array<[string, string, () => Record<string, unknown>]> = [
  ['unknown type', 'type', () => ({ ...base(), type: 'leaderboard' })],
  ['missing type', 'type', () => ({ ...base() })],
  ['type of the wrong case', 'type', () => ({ ...base(), type: 'Reputation' })],
  ['missing apiKey', 'apiKey', () => ({ type: 'reputation', address: ADDRESSES.rich })],
  ['empty apiKey', 'apiKey', () => ({ ...base(), type: 'reputation', apiKey: '' })],
  ['missing address', 'address', () => ({ type: 'badge', apiKey: API_KEY })],
  ['empty address', 'address', () => ({ ...base(), type: 'reputation', address: '' })],
  ['".." address', 'address', () => ({ ...base(), type: 'badge', address: '..' })],
  ['numeric address', 'address', () => ({ ...base(), type: 'reputation', address: 42 })],
  ['theme "blue"', 'theme', () => ({ ...base(), type: 'reputation', theme: 'blue' })],
  ['maxBadges "lots"', 'maxBadges', () => ({ ...base(), type: 'badge', maxBadges: 'lots' })],
  ['maxBadges -1', 'maxBadges', () => ({ ...base(), type: 'badges', maxBadges: -1 })],
  ['maxBadges 1.5', 'maxBadges', () => ({ ...base(), type: 'badge', maxBadges: 1.5 })],
  ['maxCategories NaN', 'maxCategories', () => ({ ...base(), type: 'reputation', maxCategories: NaN })],
  ['showCategories "yes"', 'showCategories', () => ({ ...base(), type: 'reputation', showCategories: 'yes' })],
  ['compact 1', 'compact', () => ({ ...base(), type: 'reputation', compact: 1 })],
  ['showProgress "true"', 'showProgress', () => ({ ...base(), type: 'badge', showProgress: 'true' })],
  ['empty badgeKey', 'badgeKey', () => ({ ...base(), type: 'badge', badgeKey: '' })],
  ['className 5', 'className', () => ({ ...base(), type: 'reputation', className: 5 })],
  ['locale "not a locale!!"', 'locale', () => ({ ...base(), type: 'reputation', locale: 'not a locale!!' })],
  ['onLoad "x"', 'onLoad', () => ({ ...base(), type: 'reputation', onLoad: 'x' })],
  ['onError {}', 'onError', () => ({ ...base(), type: 'badge', onError: {} })],
  ['baseUrl "javascript:alert(1)"', 'baseUrl', () => ({ ...base(), type: 'reputation', baseUrl: 'javascript:alert(1)' })],
  ['timeoutMs 0', 'timeoutMs', () => ({ ...base(), type: 'reputation', timeoutMs: 0 })],
  ['retries -1', 'retries', () => ({ ...base(), type: 'badge', retries: -1 })],
  ['cacheTtlMs "1m"', 'cacheTtlMs', () => ({ ...base(), type: 'badge', cacheTtlMs: '1m' })],
];

describe('createWidget refuses an invalid config with a TypeError naming the option', () => {
  it.each(INVALID)('%s', (_label, option, config) => {
    let thrown: unknown;
    try {
      createWidget(config() as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).toContain(`"${option}"`);
  });

  it('a null or non-object config is refused with a TypeError', () => {
    expect(() => createWidget(null as never)).toThrow(TypeError);
    expect(() => createWidget('reputation' as never)).toThrow(TypeError);
  });

  // Intl.getCanonicalLocales(5) and (true) return [] instead of throwing, so the locale rule
  // in src/widgets/options.ts lets any non-string through.
  it('a non-string locale (5) is refused with a TypeError naming "locale"', () => {
    expect(() => createWidget({ ...base(), type: 'reputation', locale: 5 as never })).toThrow(/"locale"/);
  });
});

describe('a misspelt option is refused with "did you mean"; other unknown names are ignored', () => {
  const refusal = (config: Record<string, unknown>, change?: Record<string, unknown>): OptionError | undefined => {
    try {
      const widget = createWidget(config as unknown as WidgetConfig);
      if (change) widget.update(change);
    } catch (error) {
      return error as OptionError;
    }
    return undefined;
  };

  it.each([
    ['another case', 'reputation', 'showcategories', 'showCategories'],
    ['one letter missing', 'badge', 'badgKey', 'badgeKey'],
    ['one letter more', 'profile', 'showBios', 'showBio'],
    ['one letter changed', 'category', 'showAdvise', 'showAdvice'],
    ['a common option', 'reputation', 'baseURL', 'baseUrl'],
  ])('%s: %s widget, "%s" names "%s"', (_label, type, wrong, right) => {
    const config = { ...base(), type, ...(type == 'category' ? { categoryKey: 'governance' } : {}) };
    for (const error of [refusal({ ...config, [wrong]: true }), refusal(config, { [wrong]: true })]) {
      expect(error).toBeInstanceOf(OptionError);
      expect(error!.option).toBe(wrong);
      expect(error!.message).toBe(`repkit: unknown option "${wrong}"; did you mean "${right}"?`);
    }
  });

  it("names far from every option (another kind's, or made up) are still ignored", () => {
    expect(refusal({ ...base(), type: 'reputation', maxBadges: 3, badgeKey: 'X', somethingElse: 1 })).toBeUndefined();
    expect(refusal({ ...base(), type: 'badge', showCategories: false, compact: true })).toBeUndefined();
  });
});

describe('a refused config renders nothing and requests nothing', () => {
  it('no host element and no request after every invalid config', async () => {
    const before = countRequests(server.sandbox);
    const container = document.createElement('div');
    document.body.append(container);
    for (const [, , config] of INVALID) expect(() => createWidget(config() as never)).toThrow();
    await sleep(100); // a request started by mistake would have arrived by now
    expect(countRequests(server.sandbox)).toBe(before);
    expect(document.querySelectorAll('.repkit')).toHaveLength(0);
    container.remove();
  });

  it('a valid config requests nothing until mount()', async () => {
    const before = countRequests(server.sandbox);
    createWidget({ ...base(), type: 'reputation', baseUrl: server.fault({}) });
    createWidget({ ...base(), type: 'badge', baseUrl: server.fault({}) });
    await sleep(100);
    expect(countRequests(server.sandbox)).toBe(before);
    expect(document.querySelectorAll('.repkit')).toHaveLength(0);
  });
});
