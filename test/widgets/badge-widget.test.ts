/**
 * The badge widget: titles from the
 * definitions (fetched once, falling back to the key), level titles, tiers and their colours,
 * maxBadges, showProgress, badgeKey with its level ladder, empty and 404 states, escaping.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIER_COLORS, tierOf } from '../../src/index';
import { badgeKind } from '../../src/widgets/kinds/badge/view';
import { FIXTURES } from '../service/fixtures.mjs';
import { ADDRESSES, API_KEY, useSandbox, widgetConfig } from '../helpers/sandbox';
import { allElements, cleanupWidgets, mountReady, countRequests, mountWidget, textOf, viewOf } from '../helpers/widgets';
import { ITEM_TEXT_LIMIT } from '../../src/widgets/views/common';

const server = useSandbox();
afterEach(cleanupWidgets);

const badges = (extra: Record<string, unknown> = {}) => widgetConfig(server, 'badge' as const, extra);

const ready = (extra: Record<string, unknown> = {}) => mountReady(badges(extra));

const items = (view: HTMLElement) => [...view.querySelectorAll<HTMLElement>('li.rk-badge')];

/** A fault that answers two level-1 badges, ReferendumVoter then RelayChainInitiate, earned at these times. */
const twoBadgesEarnedAt = (referendumVoter: string | null, relayChainInitiate: string) => ({
  patch: {
    badges: [
      {
        badgeKey: 'ReferendumVoter',
        achievedLevel: 1,
        achievedLevelKey: 'LEVEL_1_FIRST_VOTE',
        achievedLevelTitle: 'First Vote',
        earnedAt: referendumVoter,
      },
      {
        badgeKey: 'RelayChainInitiate',
        achievedLevel: 1,
        achievedLevelKey: 'LEVEL_1_INITIATE',
        achievedLevelTitle: 'Initiate',
        earnedAt: relayChainInitiate,
      },
    ],
    count: 2,
  },
});

// The rich account's six badges, highest level first (equal levels in the service's order).
const RICH = [
  {
    key: 'PolkadotRegular',
    title: 'Polkadot Regular',
    level: 3,
    levelTitle: 'Old Guard',
    tier: 'gold',
    earnedAt: '2024-03-14T12:00:00.000Z',
    date: 'Mar 14, 2024',
  },
  {
    key: 'ReferendumVoter',
    title: 'Referendum Voter',
    level: 3,
    levelTitle: 'Governance Regular',
    tier: 'gold',
    earnedAt: '2024-07-19T09:10:00.000Z',
    date: 'Jul 19, 2024',
  },
  {
    key: 'NposGuardian',
    title: 'NPoS Guardian',
    level: 2,
    levelTitle: 'Steady Nominator',
    tier: 'silver',
    earnedAt: '2023-11-02T18:45:00.000Z',
    date: 'Nov 2, 2023',
  },
  {
    key: 'RelayChainInitiate',
    title: 'Relay Chain Initiate',
    level: 1,
    levelTitle: 'Initiate',
    tier: 'bronze',
    earnedAt: '2021-03-14T12:00:00.000Z',
    date: 'Mar 14, 2021',
  },
  {
    key: 'ParachainTraveler',
    title: 'Parachain Traveler',
    level: 1,
    levelTitle: 'Day Tripper',
    tier: 'bronze',
    earnedAt: '2025-01-08T21:00:00.000Z',
    date: 'Jan 8, 2025',
  },
  {
    key: 'IdentityConfirmed',
    title: 'Identity Confirmed',
    level: 1,
    levelTitle: 'Verified',
    tier: 'bronze',
    earnedAt: '2022-05-05T05:05:00.000Z',
    date: 'May 5, 2022',
  },
];

describe('badge list: titles from the definitions, level titles', () => {
  it('each badge shows its definition title and its level title', async () => {
    const { view } = await ready();
    const shown = items(view);
    expect(shown.map((li) => li.dataset.badge)).toEqual(RICH.map((b) => b.key));
    expect(shown.map((li) => textOf(li.querySelector('.rk-badge-title')))).toEqual(RICH.map((b) => b.title));
    shown.forEach((li, i) => {
      const level = textOf(li.querySelector('.rk-level'));
      expect(level).toContain(RICH[i]!.levelTitle);
      expect(level).toContain(`Level ${RICH[i]!.level}`);
    });
    expect(textOf(view.querySelector('.rk-count'))).toBe('6 earned');
  });

  it('a blank level title falls back to the tier name', async () => {
    const baseUrl = server.fault({
      patch: {
        badges: [{ badgeKey: 'ReferendumVoter', achievedLevel: 2, achievedLevelKey: 'LEVEL_2_5_VOTES', achievedLevelTitle: ' ' }],
        count: 1,
      },
    });
    const { view } = await ready({ baseUrl });
    expect(textOf(view.querySelector('.rk-level'))).toBe('Silver · Level 2');
  });
});

describe('badge titles fall back to the key when there is no definition', () => {
  it('the hostile account: badges whose keys have no definition are titled by their key, literally', async () => {
    const { view } = await ready({ address: ADDRESSES.hostile });
    const byKey = new Map(items(view).map((li) => [li.dataset.badge!, li.querySelector('.rk-badge-title')!.textContent]));
    expect(byKey.get('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(byKey.get('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(byKey.get('__proto__')).toBe('__proto__');
    // ReferendumVoter has a definition in /metadata/badges.
    expect(byKey.get('ReferendumVoter')).toBe('Referendum Voter');
  });
});

describe('tiers: levels 1..5 are bronze..diamond, each with its tier colour (the service uses 1 to 3)', () => {
  it('each badge carries its tier as a class and as data-tier', async () => {
    const { view } = await ready();
    items(view).forEach((li, i) => {
      expect(li.dataset.tier).toBe(RICH[i]!.tier);
      expect(li.classList.contains(`rk-tier-${RICH[i]!.tier}`)).toBe(true);
      expect([...li.classList].filter((c) => c.startsWith('rk-tier-'))).toHaveLength(1);
    });
  });

  it('tierOf and TIER_COLORS match the table exactly', () => {
    expect([1, 2, 3, 4, 5].map(tierOf)).toEqual(['bronze', 'silver', 'gold', 'platinum', 'diamond']);
    expect(TIER_COLORS).toEqual({ bronze: '#CD7F32', silver: '#C0C0C0', gold: '#FFD700', platinum: '#E5E4E2', diamond: '#B9F2FF' });
  });

  it('the stylesheet the badge widget adopts gives each tier class exactly its colour', () => {
    const css = badgeKind.css;
    const expected = { bronze: '#CD7F32', silver: '#C0C0C0', gold: '#FFD700', platinum: '#E5E4E2', diamond: '#B9F2FF' };
    for (const [tier, colour] of Object.entries(expected)) {
      // The tier class uses the page's --rk-tier-<tier> if it sets one, else exactly the colour.
      const rule = new RegExp(`\\.rk-tier-${tier}\\s*\\{([^}]*)\\}`).exec(css);
      const value = new RegExp(`--rk-tier\\s*:\\s*var\\(--rk-tier-${tier}\\s*,\\s*([^)]+)\\)`).exec(rule?.[1] ?? '');
      expect(value?.[1]?.trim().toUpperCase(), `.rk-tier-${tier}`).toBe(colour);
    }
  });
});

describe('maxBadges: exactly min(available, maxBadges)', () => {
  it.each([
    [undefined, 6, null],
    [6, 6, null],
    [10, 6, null],
    [5, 5, '+1 more'],
    [2, 2, '+4 more'],
    [1, 1, '+5 more'],
  ])('maxBadges %s → %s shown', async (maxBadges, count, more) => {
    const { view } = await ready(maxBadges === undefined ? {} : { maxBadges });
    expect(items(view)).toHaveLength(count);
    expect(items(view).map((li) => li.dataset.badge)).toEqual(RICH.slice(0, count).map((b) => b.key));
    if (more) expect(textOf(view.querySelector('.rk-more'))).toBe(more);
    else expect(view.querySelector('.rk-more')).toBeNull();
  });

  it('maxBadges 0 shows no badge and says how many there are', async () => {
    const { view } = await ready({ maxBadges: 0 });
    expect(items(view)).toHaveLength(0);
    expect(textOf(view.querySelector('.rk-more'))).toBe('+6 more');
    expect(view.querySelector('.rk-empty')).toBeNull();
  });
});

describe('showProgress shows earned dates', () => {
  it('off by default: no dates', async () => {
    const { view } = await ready();
    expect(view.querySelectorAll('time')).toHaveLength(0);
    expect(textOf(view)).not.toMatch(/Earned/);
  });

  it('on: each badge shows its earned date in a <time datetime>', async () => {
    const { view } = await ready({ showProgress: true });
    items(view).forEach((li, i) => {
      const time = li.querySelector('time')!;
      expect(time.getAttribute('datetime')).toBe(RICH[i]!.earnedAt);
      expect(textOf(time)).toBe(RICH[i]!.date);
      expect(textOf(li.querySelector('.rk-earned'))).toBe(`Earned ${RICH[i]!.date}`);
    });
  });

  it('a computed badge whose earnedAt the service filled in with the time of the answer shows no date', async () => {
    const { view } = await ready({ address: ADDRESSES.identityOnly, showProgress: true });
    expect(items(view)).toHaveLength(3);
    expect(view.querySelectorAll('time')).toHaveLength(0);
    expect(textOf(view)).not.toMatch(/Earned/);
    const mixed = server.fault(twoBadgesEarnedAt(null, '2024-01-20T08:00:00.000Z'));
    const byKey = new Map(items((await ready({ baseUrl: mixed, showProgress: true })).view).map((li) => [li.dataset.badge, li]));
    expect(byKey.get('ReferendumVoter')!.querySelector('time')).toBeNull();
    expect(byKey.get('RelayChainInitiate')!.querySelector('time')).not.toBeNull();
  });

  it('an invalid earnedAt shows no date, never "Invalid Date"', async () => {
    const baseUrl = server.fault(twoBadgesEarnedAt('not a date', '2024-02-30T99:99:99Z'));
    const { view } = await ready({ baseUrl, showProgress: true });
    expect(items(view)).toHaveLength(2);
    expect(view.querySelectorAll('time')).toHaveLength(0);
    expect(textOf(view)).not.toMatch(/Invalid|NaN|Earned/);
  });

  it('the hostile account: only real dates are shown', async () => {
    const { view } = await ready({ address: ADDRESSES.hostile, showProgress: true });
    expect(textOf(view)).not.toMatch(/Invalid Date|NaN/);
    for (const time of view.querySelectorAll('time')) {
      expect(Number.isNaN(Date.parse(time.getAttribute('datetime')!))).toBe(false);
    }
  });
});

describe('badgeKey shows that one badge with its definition and level ladder', () => {
  it('an earned badge: title, description, its levels, reached ones marked, the current one aria-current', async () => {
    const { view } = await ready({ badgeKey: 'NposGuardian', showProgress: true });
    expect(items(view)).toHaveLength(0);
    const card = view.querySelector<HTMLElement>('.rk-one')!;
    expect(card.dataset.badge).toBe('NposGuardian');
    expect(card.dataset.tier).toBe('silver');
    expect(card.classList.contains('rk-tier-silver')).toBe(true);
    expect(textOf(card.querySelector('.rk-badge-title'))).toBe('NPoS Guardian');
    expect(textOf(card.querySelector('.rk-level'))).toBe('Steady Nominator · Silver · Level 2');
    expect(textOf(card.querySelector('.rk-description'))).toBe('Secures the network by nominating');
    expect(card.querySelector('time')!.getAttribute('datetime')).toBe('2023-11-02T18:45:00.000Z');
    const steps = [...card.querySelectorAll<HTMLElement>('ol.rk-ladder > li.rk-step')];
    expect(steps).toHaveLength(3);
    expect(steps.map((s) => textOf(s.querySelector('.rk-step-title')).replace(' (reached)', ''))).toEqual([
      'Nominator',
      'Steady Nominator',
      'Guardian',
    ]);
    expect(steps.map((s) => s.classList.contains('rk-reached'))).toEqual([true, true, false]);
    expect(steps.map((s) => s.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    // Reached is said in words too, not only by colour.
    expect(steps.map((s) => /reached/.test(textOf(s)))).toEqual([true, true, false]);
  });

  it('a definition sent without key (as the service does) is used, with its 1 to 3 levels', async () => {
    const wire = await (
      await fetch(`${server.url}/api/v2/badges/${ADDRESSES.rich}/ReferendumVoter`, { headers: { 'X-API-Key': API_KEY } })
    ).json();
    expect(wire.data.definition).not.toHaveProperty('key');
    const { view } = await ready({ badgeKey: 'ReferendumVoter' });
    const card = view.querySelector<HTMLElement>('.rk-one')!;
    expect(textOf(card.querySelector('.rk-badge-title'))).toBe('Referendum Voter');
    expect(textOf(card.querySelector('.rk-level'))).toBe('Governance Regular · Gold · Level 3');
    expect(card.querySelectorAll('.rk-step')).toHaveLength(3);
    const single = (await ready({ badgeKey: 'RelayChainInitiate' })).view.querySelector<HTMLElement>('.rk-one')!;
    expect(single.querySelectorAll('.rk-step')).toHaveLength(1);
    expect(single.dataset.tier).toBe('bronze');
  });

  it('requests only that badge', async () => {
    const baseUrl = server.fault({});
    const before = countRequests(server.sandbox);
    await ready({ badgeKey: 'ReferendumVoter', baseUrl });
    expect(server.sandbox.requests.slice(before).map((r) => r.path)).toEqual([`/api/v2/badges/${ADDRESSES.rich}/ReferendumVoter`]);
  });

  it('a deployment that answers an unearned badge with 200 and badge null: "Not earned yet", no step marked', async () => {
    // The sandbox answers 404 like production; a patch of an earned badge plays the other kind.
    const baseUrl = server.fault({ patch: { badge: null, earned: false } });
    const { view } = await ready({ badgeKey: 'ReferendumVoter', baseUrl });
    const card = view.querySelector<HTMLElement>('.rk-one')!;
    expect(textOf(card.querySelector('.rk-badge-title'))).toBe('Referendum Voter');
    expect(textOf(card.querySelector('.rk-level'))).toBe('Not earned yet');
    expect(card.dataset.tier).toBe('none');
    expect(card.querySelectorAll('.rk-step')).toHaveLength(3);
    expect(card.querySelectorAll('.rk-reached, [aria-current]')).toHaveLength(0);
  });

  it('a badge the address has not earned is a 404 shown calmly', async () => {
    const { host, root, loaded } = mountWidget(badges({ address: ADDRESSES.fresh, badgeKey: 'ReferendumVoter' }));
    expect(await loaded).toBe('error');
    expect(host.dataset.state).toBe('error');
    expect(textOf(root.querySelector('[part="empty"][role="status"]'))).toBe('This address has not earned this badge yet.');
  });

  it('an unknown badge key is a 404: error state, shown calmly, naming the nearest defined badge', async () => {
    const onError = vi.fn();
    const { host, root, loaded } = mountWidget(badges({ badgeKey: 'ReferendumVoters', onError }));
    expect(await loaded).toBe('error');
    expect(host.dataset.state).toBe('error');
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(textOf(root.querySelector('[part="empty"][role="status"]'))).toBe('There is no such badge: did you mean "ReferendumVoter"?');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0].statusCode).toBe(404);
  });
});

describe('an address with no badges gets an empty state', () => {
  it.each([
    ['fresh', ADDRESSES.fresh],
    ['unknown', ADDRESSES.unknown],
    ['noBadges', ADDRESSES.noBadges],
  ])('%s: ready, "No badges earned yet", no list', async (_name, address) => {
    const onLoad = vi.fn();
    const { view } = await ready({ address, onLoad });
    expect(textOf(view.querySelector('.rk-empty'))).toBe('No badges earned yet.');
    expect(view.querySelector('.rk-badges')).toBeNull();
    expect(textOf(view.querySelector('.rk-count'))).toBe('0 earned');
    expect(onLoad).toHaveBeenCalledTimes(1);
  });
});

describe('the address', () => {
  it('is shortened with the full address in a title', async () => {
    const { view } = await ready();
    const el = view.querySelector('.rk-address')!;
    expect(textOf(el)).toBe(`${ADDRESSES.rich.slice(0, 6)}…${ADDRESSES.rich.slice(-4)}`);
    expect(el.getAttribute('title')).toBe(ADDRESSES.rich);
  });
});

describe('badge definitions are fetched once per client options', () => {
  const DEFS = '/api/v2/metadata/badges';

  it('several widgets, at once and later, for several addresses: one definitions request', async () => {
    const baseUrl = server.fault({});
    const before = countRequests(server.sandbox, DEFS);
    const first = [ADDRESSES.rich, ADDRESSES.noProfile, ADDRESSES.rich].map((address) => mountWidget(badges({ baseUrl, address })));
    expect(await Promise.all(first.map((m) => m.loaded))).toEqual(['ready', 'ready', 'ready']);
    const later = mountWidget(badges({ baseUrl, address: ADDRESSES.identityOnly }));
    expect(await later.loaded).toBe('ready');
    expect(textOf(viewOf(later.root).querySelector('.rk-badge-title'))).toBe('Referendum Voter');
    expect(countRequests(server.sandbox, DEFS) - before).toBe(1);
  });

  it('a different API key or base URL fetches its own', async () => {
    const baseUrl = server.fault({});
    const before = countRequests(server.sandbox, DEFS);
    await ready({ baseUrl });
    await ready({ baseUrl: server.fault({}) });
    expect(countRequests(server.sandbox, DEFS) - before).toBe(2);
  });
});

describe('hostile data is shown as text, never as markup', () => {
  const strings = FIXTURES[ADDRESSES.hostile]!.badges.badges.map((b) => b.achievedLevelTitle.trim());

  it.each([
    ['list', {}],
    ['list with dates', { showProgress: true }],
    ['one badge (hostile definition)', { badgeKey: 'ReferendumVoter', showProgress: true }],
  ])('%s', async (_label, extra) => {
    const { view, root } = await ready({ address: ADDRESSES.hostile, ...extra });
    expect(root.querySelectorAll('script, svg, iframe, object, embed, style, link, a, form')).toHaveLength(0);
    // The only images are badge art from definitions, with an http(s) URL.
    for (const img of root.querySelectorAll('img')) {
      expect(img.getAttribute('src')).toMatch(/^https?:\/\/[^"\s]+$/);
      expect(img.closest('.rk-medal')).not.toBeNull();
    }
    for (const el of allElements(root)) {
      for (const attr of el.getAttributeNames()) expect(attr).not.toMatch(/^on/i);
    }
    if (!('badgeKey' in extra)) {
      expect(view.textContent).toContain('<img src=x onerror=alert(1)>');
      // Level titles are list text, cut past ITEM_TEXT_LIMIT characters (docs/security.md, "Security model").
      for (const s of strings) expect(view.textContent).toContain(s.length > ITEM_TEXT_LIMIT ? s.slice(0, ITEM_TEXT_LIMIT) + '…' : s);
    } else {
      expect(view.querySelectorAll('.rk-step')).toHaveLength(3);
    }
  });
});
