/**
 * What the tests need to know about the badge widget (test/helpers/kind-sample.ts). A test
 * fixture: nothing the library builds imports it.
 */
import { expect } from 'vitest';
import { tierOf } from '../../../index';
import {
  all,
  asItem,
  expectDate,
  expectImage,
  parsedAttribute,
  parsedText,
  same,
  text,
  trimmedOr,
  type Context,
} from '../../../../test/hostile/checks';
import { addressTitle, error, mismatch, ready, text as shownText } from '../../../../test/lifecycle/expectations';
import type { KindSample } from '../../../../test/helpers/kind-sample';

/** The hostile records as the list shows them. */
const badgeList = (showProgress: boolean) => (ctx: Context) => {
  const { s, view } = ctx;
  const items = all(view, 'li.rk-badge');
  expect(items).toHaveLength(1);
  same(items[0].getAttribute('data-badge'), parsedAttribute(s), 'data-badge');
  same(items[0].getAttribute('data-tier'), 'gold', 'data-tier');
  same(text(items[0].querySelector('.rk-badge-title')), trimmedOr(s, s), 'badge title');
  // The tier says its name, unless the level's title already is it (docs/reference.md, "Badge widget options").
  const title = asItem(trimmedOr(s, 'Gold'));
  same(text(items[0].querySelector('.rk-level')), `${title == 'Gold' ? '' : `${title} · `}Gold · Level 3`, 'level text');
  same(text(view.querySelector('.rk-count')), '1 earned', 'count');
  expectImage(ctx, true);
  expectDate(ctx, showProgress);
};

/** The hostile records as one badge's card shows them. */
const oneBadge = (showProgress: boolean) => (ctx: Context) => {
  const { s, view, key } = ctx;
  const card = view.querySelector('.rk-one')!;
  same(card.getAttribute('data-badge'), parsedAttribute(key), 'data-badge (the config badgeKey)');
  same(text(card.querySelector('.rk-badge-title')), trimmedOr(s, key), 'badge title');
  const title = asItem(trimmedOr(s, 'Gold'));
  same(text(card.querySelector('.rk-level')), `${title == 'Gold' ? '' : `${title} · `}Gold · Level 3`, 'level text');
  const description = card.querySelector('.rk-description');
  if (s) same(text(description), parsedText(s), 'short description');
  else expect(description).toBeNull();
  const steps = all(card, 'li.rk-step');
  expect(steps).toHaveLength(5);
  steps.forEach((step, i) => {
    same(text(step.querySelector('.rk-step-title')), asItem(parsedText(s)) + (i < 3 ? ' (reached)' : ''), `level ${i + 1} title`);
    same(text(step.querySelector('.rk-step-value')), `${(i + 1) * 10} ${asItem(parsedText(s))}`, `level ${i + 1} value and metric`);
  });
  expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
  expectImage(ctx, true);
  expectDate(ctx, showProgress);
};

/** An earned badge of the sandbox's rich fixture, with `extra` in place (test/faults/faults.test.ts patches it). */
const earned = (extra: Record<string, unknown>) => ({
  badgeKey: 'ReferendumVoter',
  achievedLevel: 3,
  achievedLevelKey: 'LEVEL_3_20_VOTES',
  achievedLevelTitle: 'Governance Regular',
  earnedAt: '2024-01-01T00:00:00.000Z',
  ...extra,
});

/** The level number a badge's level line shows. */
const levelShown = (view: HTMLElement) => view.querySelector('.rk-level')?.textContent?.replace(/^.* · Level /, '');

export const sample = {
  required: {},
  shows: '6 earned',
  tags: ['div', 'p', 'span', 'strong', 'ul', 'ol', 'li', 'img', 'time', 'button'],
  hostile: {
    title: '.rk-badge-title',
    config: { badgeKey: 'early_adopter' },
    data: [
      { name: 'badge list, showProgress false', config: { type: 'badges' }, check: badgeList(false) },
      { name: 'badge list, showProgress true', config: { type: 'badges', showProgress: true }, check: badgeList(true) },
      {
        name: 'one badge (badgeKey)',
        config: { type: 'badge', badgeKey: 'ReferendumVoter' },
        check: oneBadge(false),
      },
      {
        name: 'one badge (badgeKey), showProgress true',
        config: { type: 'badge', badgeKey: 'ReferendumVoter', showProgress: true },
        check: oneBadge(true),
        full: true,
      },
    ],
    page: [
      { name: 'list', config: { type: 'badges' } },
      { name: 'list, showProgress', config: { type: 'badges', showProgress: true } },
      { name: 'badgeKey', config: { type: 'badge', badgeKey: 'ReferendumVoter' } },
      { name: 'badgeKey, showProgress', config: { type: 'badge', badgeKey: 'ReferendumVoter', showProgress: true } },
    ],
  },
  faults: [
    {
      name: 'badge list',
      config: { type: 'badges', showProgress: true },
      path: (address) => `/api/v2/badges/${address}`,
      notFound: 'There is no badge data for this address yet.',
      number: { patch: (v) => ({ badges: [earned({ achievedLevel: v })], count: 1 }), field: 'badges[0].achievedLevel', shown: levelShown },
      missing: { patch: { badges: null }, problem: 'badges must be an array' },
      wrongType: { patch: { count: 'two' }, problem: 'count must be a number' },
      date: (notADate) => ({ badges: [earned({ earnedAt: notADate })], count: 1 }),
      // Without definitions, each badge is titled by its key.
      others: (view) =>
        expect(Array.from(view.querySelectorAll('.rk-badge-title'), (e) => e.textContent)).toEqual([
          'PolkadotRegular',
          'ReferendumVoter',
          'NposGuardian',
          'RelayChainInitiate',
          'ParachainTraveler',
          'IdentityConfirmed',
        ]),
    },
    {
      name: 'one badge',
      config: { type: 'badge', badgeKey: 'ReferendumVoter', showProgress: true },
      path: (address) => `/api/v2/badges/${address}/ReferendumVoter`,
      notFound: 'This address has not earned this badge yet.',
      number: { patch: (v) => ({ badge: earned({ achievedLevel: v }) }), field: 'badge.achievedLevel', shown: levelShown },
      missing: { patch: { address: null }, problem: 'address must be a string' },
      wrongType: { patch: { earned: 'yes' }, problem: 'earned must be a boolean' },
      date: (notADate) => ({ badge: earned({ earnedAt: notADate }) }),
    },
  ],
  races: {
    expected: ({ o, fx, n }) => {
      const earned = fx.badges.badges;
      const badgeKey = typeof o.badgeKey == 'string' ? o.badgeKey : undefined;
      if (badgeKey) {
        const badge = earned.find((b) => b.badgeKey == badgeKey);
        // The service answers 404 for a badge the address has not earned.
        if (!badge) return error('This address has not earned this badge yet.');
        return ready((view) => {
          const card = view.querySelector('.rk-one');
          return (
            mismatch('single badge key', card?.getAttribute('data-badge'), badgeKey) ??
            mismatch('single badge tier', card?.getAttribute('data-tier'), tierOf(badge.achievedLevel)) ??
            addressTitle(view, o.address)
          );
        });
      }
      const keys = [...earned]
        .sort((a, b) => b.achievedLevel - a.achievedLevel)
        .slice(0, Number(o.maxBadges))
        .map((b) => b.badgeKey);
      return ready(
        (view) =>
          mismatch('badge count', shownText(view, '.rk-count'), `${n(earned.length)} earned`) ??
          mismatch(
            'badges shown',
            [...view.querySelectorAll('li[data-badge]')].map((li) => li.getAttribute('data-badge')),
            keys,
          ) ??
          addressTitle(view, o.address),
      );
    },
    keys: { badgeKey: [undefined, undefined, 'ReferendumVoter', 'NposGuardian', 'IdentityConfirmed'] },
    display: {
      maxBadges: (r) => r.int(7),
    },
  },
} satisfies KindSample<'badge'>;
