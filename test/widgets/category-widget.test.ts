/**
 * The category widget, in happy-dom, against the sandbox over HTTP.
 */
import { describe, expect, it, vi } from 'vitest';
import { CategoryWidget, createWidget, ServiceError, type CategoryWidgetOptions } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { all, expectInert, mountSettled, mountWidget, one, requestsTo, settled, stateOf, textOf } from '../helpers/profile-category';

const server = useSandbox();

type Address = keyof typeof ADDRESSES;

/** A category widget for a sandbox address (no retries, so failures settle at once). */
const categoryWidget = (address: Address, categoryKey: string, options: Partial<CategoryWidgetOptions> = {}): CategoryWidget =>
  new CategoryWidget({ apiKey: API_KEY, address: ADDRESSES[address], categoryKey, baseUrl: server.url, retries: 0, ...options });

const showCategory = (address: Address, categoryKey: string, options: Partial<CategoryWidgetOptions> = {}) =>
  mountSettled(categoryWidget(address, categoryKey, options));

/** The reasons of the breakdown, as their visible text. */
const reasons = (widget: CategoryWidget) => all(widget, '[part="reason"]').map((e) => textOf(e));

const score = (widget: CategoryWidget) => one(widget, '[part="score"]').textContent?.trim();

describe('createWidget with type "category"', () => {
  it('builds a CategoryWidget that renders the category', async () => {
    const widget = createWidget({
      type: 'category',
      apiKey: API_KEY,
      address: ADDRESSES.rich,
      categoryKey: 'governance',
      baseUrl: server.url,
    });
    expect(widget).toBeInstanceOf(CategoryWidget);
    await mountSettled(widget);
    expect(widget.element?.dataset.type).toBe('category');
    expect(score(widget)).toBe('20');
  });
});

describe('category widget: categoryKey is required', () => {
  it('createWidget without categoryKey throws a TypeError naming it', () => {
    const config = { type: 'category', apiKey: API_KEY, address: ADDRESSES.rich } as const;
    expect(() => createWidget(config as never)).toThrow(TypeError);
    expect(() => createWidget(config as never)).toThrow(/categoryKey/);
  });

  it('the class without categoryKey throws a TypeError naming it', () => {
    expect(() => new CategoryWidget({ apiKey: API_KEY, address: ADDRESSES.rich } as never)).toThrow(TypeError);
    expect(() => new CategoryWidget({ apiKey: API_KEY, address: ADDRESSES.rich } as never)).toThrow(/categoryKey/);
  });

  it.each(['', '.', '..', 42])('rejects the categoryKey %j, naming it', (categoryKey) => {
    expect(() => createWidget({ type: 'category', apiKey: API_KEY, address: ADDRESSES.rich, categoryKey } as never)).toThrow(/categoryKey/);
  });

  it('update({ categoryKey }) with a bad key throws and keeps the category shown', async () => {
    const widget = await showCategory('rich', 'governance');
    expect(() => widget.update({ categoryKey: '' })).toThrow(/categoryKey/);
    expect(widget.options.categoryKey).toBe('governance');
    expect(score(widget)).toBe('20');
  });
});

describe('category widget: the full view of a category', () => {
  it('shows the score, the name and the short description', async () => {
    const widget = await showCategory('rich', 'governance');
    expect(stateOf(widget)).toBe('ready');
    expect(score(widget)).toBe('20');
    // The definition's displayName, not the score's title ("Governance").
    expect(textOf(one(widget, '[part="title"]'))).toBe('Governance Participation');
    expect(textOf(widget)).toContain('How much the account takes part in on-chain governance');
  });

  it('shows every reason with its points', async () => {
    const widget = await showCategory('rich', 'governance');
    const shown = reasons(widget);
    expect(shown).toHaveLength(4);
    for (const [title, points] of [
      ['Not Voting Yet', '0 pts'],
      ['Occasional Voter', '2 pts'],
      ['Committed Voter', '10 pts'],
      ['Governance Champion', '20 pts'],
    ]) {
      expect(
        shown.some((r) => r.includes(title) && r.includes(points)),
        `${title} ${points}`,
      ).toBe(true);
    }
  });

  it('shows each reason description and its thresholds', async () => {
    const widget = await showCategory('rich', 'governance');
    const text = textOf(one(widget, '[part="reasons"]'));
    for (const fact of [
      'No referendum voted on.',
      '0%',
      'Share of referenda voted on',
      'Voted on fewer than half of the referenda.',
      '< 50%',
      '50-99%',
      '100%',
      'Voted on every referendum.',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('highlights the reason that produced the score', async () => {
    const widget = await showCategory('rich', 'governance');
    const current = all(widget, '[aria-current]');
    expect(current).toHaveLength(1);
    expect(current[0]!.getAttribute('aria-current')).not.toBe('false');
    expect(textOf(current[0]!)).toContain('Governance Champion');
    expect(textOf(current[0]!)).toContain('Your score');
    expect(textOf(widget).match(/Your score/g)).toHaveLength(1);
  });

  it('highlights a lower reason when that one scored', async () => {
    const widget = await showCategory('noProfile', 'governance');
    expect(score(widget)).toBe('0');
    const current = all(widget, '[aria-current]');
    expect(current).toHaveLength(1);
    expect(textOf(current[0]!)).toContain('Not Voting Yet');
  });

  it('shows the shortened address with the full one in a title', async () => {
    const widget = await showCategory('rich', 'governance');
    expect(all(widget, `[title="${ADDRESSES.rich}"]`).map((e) => e.textContent?.trim())).toContain('1bW2n3…CFa6');
  });
});

describe('category widget: a penalty category', () => {
  it('shows a negative score, its reason highlighted', async () => {
    const widget = await showCategory('identityOnly', 'stakingSlash');
    expect(score(widget)).toMatch(/^[-−]1$/);
    expect(textOf(one(widget, '[part="title"]'))).toBe('Staking Slash Penalties');
    expect(textOf(one(widget, '[aria-current]'))).toContain('Minor Penalty');
  });
});

describe('category widget: the definition as the service sends it', () => {
  it('renders a definition that carries no key (the key is the one asked for)', async () => {
    const wire = await (
      await fetch(`${server.url}/api/v2/scores/${ADDRESSES.rich}/governance`, { headers: { 'X-API-Key': API_KEY } })
    ).json();
    expect(wire.data.definition).not.toHaveProperty('key');
    const widget = await showCategory('rich', 'governance');
    expect(stateOf(widget)).toBe('ready');
    expect(textOf(one(widget, '[part="title"]'))).toBe('Governance Participation');
    expect(reasons(widget)).toHaveLength(4);
  });
});

describe('category widget: name from the definition', () => {
  it('uses the definition displayName, not the score title', async () => {
    const widget = await showCategory('rich', 'longevity');
    expect(textOf(one(widget, '[part="title"]'))).toBe('Account Longevity');
    expect(textOf(widget)).not.toContain('Account Age');
    expect(score(widget)).toBe('10');
  });
});

describe('category widget: category without a definition', () => {
  it('shows the score with its title only when the definition is null', async () => {
    const widget = await showCategory('rich', 'governance', { baseUrl: server.fault({ patch: { definition: null } }) });
    expect(stateOf(widget)).toBe('ready');
    expect(score(widget)).toBe('20');
    expect(textOf(one(widget, '[part="title"]'))).toBe('Governance');
    expect(all(widget, '[part="reasons"], [part="reason"], [part="description"], [part="advice"], [aria-current]')).toEqual([]);
    expect(textOf(widget)).not.toContain('How to earn more');
  });
});

describe('category widget: advice for earning more', () => {
  it('suggests the advice of the reasons worth more than the one achieved', async () => {
    const widget = await showCategory('noProfile', 'governance');
    const advice = textOf(one(widget, '[part="advice"]'));
    expect(advice).toContain('How to earn more');
    expect(advice).toContain('Vote on more referenda to reach half of them.');
  });

  it('gives no advice when the best reason is achieved and it has none', async () => {
    const widget = await showCategory('rich', 'governance');
    expect(textOf(widget)).not.toContain('How to earn more');
    expect(all(widget, '[part="advice"]')).toEqual([]);
  });

  // The widget highlights the reason that produced the score, with its thresholds, and shows its
  // `advices` as suggestions to earn more. The fixtures attach to each reason the advice for moving on
  // from it (the top reasons have none), so the achieved reason's own advice must be shown.
  it.each([
    ['identityOnly', 'txCount', 'Fifty transactions reach the top tier.'],
    ['identityOnly', 'stakingSlash', 'Check your validators’ history before nominating them.'],
    ['noProfile', 'governance', 'Vote on an open referendum.'],
    ['noProfile', 'stakingRewards', 'Keep your stake bonded to reach 1 DOT.'],
  ] as const)("for %s in %s, suggests the achieved reason's own advice %j", async (address, key, advice) => {
    const widget = await showCategory(address, key);
    expect(
      all(widget, '[part="advice"]')
        .map((e) => textOf(e))
        .join(' '),
    ).toContain(advice);
  });
});

describe('category widget: showTitle', () => {
  it('shows the name by default and hides it when false', async () => {
    expect(textOf(await showCategory('rich', 'longevity'))).toContain('Account Longevity');
    const hidden = await showCategory('rich', 'longevity', { showTitle: false });
    expect(textOf(hidden)).not.toContain('Account Longevity');
    expect(all(hidden, '[part="title"]')).toEqual([]);
    expect(score(hidden)).toBe('10');
  });
});

describe('category widget: showDescription', () => {
  it('shows the short description by default and hides it when false', async () => {
    expect(textOf(await showCategory('rich', 'longevity'))).toContain('How long the account has been active');
    const hidden = await showCategory('rich', 'longevity', { showDescription: false });
    expect(textOf(hidden)).not.toContain('How long the account has been active');
    expect(reasons(hidden)).toHaveLength(5);
  });
});

describe('category widget: showBreakdown', () => {
  it('shows every reason by default and only the achieved one when false', async () => {
    expect(reasons(await showCategory('rich', 'longevity'))).toHaveLength(5);
    const hidden = await showCategory('rich', 'longevity', { showBreakdown: false });
    expect(reasons(hidden)).toEqual([]);
    expect(all(hidden, '[aria-current]')).toEqual([]);
    const text = textOf(hidden);
    for (const other of ['Just Arrived', 'First Week', 'One Month In', 'Settled In', '6 pts', 'First activity less than a week ago']) {
      expect(text).not.toContain(other);
    }
    expect(text).toContain('Veteran');
    expect(text).toContain('How long the account has been active');
  });
});

describe('category widget: showAdvice', () => {
  it('shows advice by default and hides it when false', async () => {
    expect(textOf(await showCategory('noProfile', 'governance'))).toContain('How to earn more');
    const hidden = await showCategory('noProfile', 'governance', { showAdvice: false });
    expect(textOf(hidden)).not.toContain('How to earn more');
    expect(textOf(hidden)).not.toContain('Vote on an open referendum.');
    expect(reasons(hidden)).toHaveLength(4);
  });
});

describe('category widget: showScoreOnly', () => {
  it('shows only the score and the name', async () => {
    const widget = await showCategory('noProfile', 'governance', { showScoreOnly: true });
    expect(score(widget)).toBe('0');
    expect(textOf(widget)).toContain('Governance');
    for (const part of ['description', 'reasons', 'reason', 'advice']) expect(all(widget, `[part="${part}"]`), part).toEqual([]);
    for (const gone of ['How much the account takes part', 'How to earn more', 'Not Voting Yet', '15a4gY…nKB2'])
      expect(textOf(widget)).not.toContain(gone);
  });

  it('is off by default', async () => {
    const widget = await showCategory('noProfile', 'governance');
    expect(textOf(widget)).toContain('How much the account takes part in on-chain governance');
    expect(reasons(widget)).toHaveLength(4);
  });

  it('is not the compact layout', async () => {
    const widget = await showCategory('noProfile', 'governance', { showScoreOnly: true });
    expect(all(widget, '.rk-compact')).toEqual([]);
  });
});

describe('category widget: compact', () => {
  it('is a one-line view: the compact layout with the name and score only', async () => {
    const widget = await showCategory('noProfile', 'governance', { compact: true });
    expect(all(widget, '.rk-compact')).toHaveLength(1);
    expect(score(widget)).toBe('0');
    expect(textOf(widget)).toContain('Governance');
    for (const gone of ['How much the account takes part', 'How to earn more', 'Not Voting Yet'])
      expect(textOf(widget)).not.toContain(gone);
  });

  it('is off by default', async () => {
    const widget = await showCategory('noProfile', 'governance');
    expect(all(widget, '.rk-compact')).toEqual([]);
    expect(reasons(widget)).toHaveLength(4);
  });
});

describe('category widget: unknown category for the address (404)', () => {
  it('is the error state with a calm sentence (not an alert) and calls onError', async () => {
    const onLoad = vi.fn();
    const onError = vi.fn();
    const widget = await showCategory('rich', 'Governanse', { onLoad, onError });
    expect(stateOf(widget)).toBe('error');
    expect(widget.element!.shadowRoot!.querySelector('[role="alert"]')).toBeNull();
    expect(textOf(one(widget, '[part="empty"][role="status"]'))).toBe('There is no such category: did you mean "governance"?');
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0]![0] as ServiceError).statusCode).toBe(404);
    expect(onLoad).not.toHaveBeenCalled();
  });

  it('is an error for a category the address has no score in', async () => {
    const widget = await showCategory('identityOnly', 'tokenDiversity');
    expect(stateOf(widget)).toBe('error');
    expect(textOf(widget)).toMatch(/no score in this category/);
  });
});

describe('category widget: failures', () => {
  it('shows the error state on 401', async () => {
    const onError = vi.fn();
    // From a page, an invalid key is refused by CORS: the 401 is what a server-side caller (or a proxy) sees.
    const widget = await showCategory('rich', 'governance', { apiKey: 'not-the-key', baseUrl: server.fault({ status: 401 }), onError });
    expect(stateOf(widget)).toBe('error');
    expect((onError.mock.calls[0]![0] as ServiceError).statusCode).toBe(401);
    expect(textOf(one(widget, '[role="alert"]'))).toMatch(/API key/);
  });
});

describe('category widget: update({ categoryKey })', () => {
  it('reloads and shows the new category', async () => {
    const baseUrl = server.fault({});
    const onLoad = vi.fn();
    const widget = await showCategory('rich', 'governance', { baseUrl, onLoad });
    const path = `/scores/${ADDRESSES.rich}/longevity`;
    const before = requestsTo(server.sandbox.requests, path);
    widget.update({ categoryKey: 'longevity' });
    await settled(widget);
    expect(requestsTo(server.sandbox.requests, path)).toBe(before + 1);
    expect(textOf(one(widget, '[part="title"]'))).toBe('Account Longevity');
    expect(score(widget)).toBe('10');
    expect(textOf(widget)).not.toContain('Governance Champion');
    expect(onLoad).toHaveBeenCalledTimes(2);
  });

  it('reloads into the error state for a category without a score, and back', async () => {
    const widget = await showCategory('identityOnly', 'longevity', { baseUrl: server.fault({}) });
    widget.update({ categoryKey: 'tokenDiversity' });
    await settled(widget);
    expect(stateOf(widget)).toBe('error');
    widget.update({ categoryKey: 'stakingSlash' });
    await settled(widget);
    expect(stateOf(widget)).toBe('ready');
    expect(textOf(one(widget, '[part="title"]'))).toBe('Staking Slash Penalties');
  });
});

describe('category widget: display options re-render without a request', () => {
  it.each([
    ['showTitle', false, (w: CategoryWidget) => all(w, '[part="title"]').length == 1],
    ['showDescription', false, (w: CategoryWidget) => textOf(w).includes('How much the account takes part in on-chain governance')],
    ['showBreakdown', false, (w: CategoryWidget) => reasons(w).length == 4],
    ['showAdvice', false, (w: CategoryWidget) => textOf(w).includes('How to earn more')],
    ['showScoreOnly', true, (w: CategoryWidget) => textOf(w).includes('How much the account takes part in on-chain governance')],
    ['compact', true, (w: CategoryWidget) => reasons(w).length == 4],
  ] as const)('update({ %s: %s }) changes the view with no request', async (option, value, fullView) => {
    const widget = await showCategory('noProfile', 'governance', { baseUrl: server.fault({}), cacheTtlMs: 0 });
    const path = `/scores/${ADDRESSES.noProfile}/governance`;
    const before = requestsTo(server.sandbox.requests, path);
    expect(fullView(widget)).toBe(true);
    widget.update({ [option]: value });
    expect(stateOf(widget)).toBe('ready');
    expect(fullView(widget)).toBe(false);
    widget.update({ [option]: !value });
    expect(fullView(widget)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(requestsTo(server.sandbox.requests, path)).toBe(before);
  });
});

describe('category widget: common options', () => {
  it('formats the score in the locale', async () => {
    const baseUrl = server.fault({
      patch: {
        category: { key: 'governance', score: { score: 12345, reason: 'Full', title: 'Governance', _id: '6650f0c2a1b2fffffffffff0' } },
      },
    });
    const widget = await showCategory('rich', 'governance', { baseUrl, locale: 'de-DE' });
    expect(score(widget)).toBe('12.345');
  });

  it('applies theme and className to the host', async () => {
    const widget = await showCategory('rich', 'governance', { theme: 'dark', className: 'my-cat' });
    expect(widget.element?.dataset.theme).toBe('dark');
    expect(widget.element?.classList.contains('my-cat')).toBe(true);
  });

  it.each(['showTitle', 'showDescription', 'showBreakdown', 'showAdvice', 'showScoreOnly', 'compact'])(
    'rejects a non-boolean %s, naming it',
    (option) => {
      expect(() => categoryWidget('rich', 'governance', { [option]: 'yes' })).toThrow(new RegExp(option));
    },
  );

  it('is loading until the score arrives', async () => {
    const widget = mountWidget(categoryWidget('rich', 'governance', { baseUrl: server.fault({ latency: 150 }) }));
    expect(stateOf(widget)).toBe('loading');
    await settled(widget);
    expect(stateOf(widget)).toBe('ready');
  });
});

describe('category widget: hostile data', () => {
  it('renders every string of a hostile definition as text', async () => {
    for (const key of ['governance', 'longevity']) {
      const widget = await showCategory('hostile', key);
      expect(stateOf(widget)).toBe('ready');
      expectInert(widget, ['div', 'p', 'span', 'strong', 'ol', 'ul', 'li']);
      expect(textOf(widget)).toMatch(/<(img|script|svg)/);
    }
  });
});
