/**
 * What the tests need to know about the reputation widget (test/helpers/kind-sample.ts). A test
 * fixture: nothing the library builds imports it.
 */
import { expect } from 'vitest';
import { all, expectDate, parsedAttribute, same, text, trimmedOr, type Context } from '../../../../test/hostile/checks';
import { addressTitle, mismatch, ready, text as shownText } from '../../../../test/lifecycle/expectations';
import type { KindSample } from '../../../../test/helpers/kind-sample';

/** What the hostile records show, with the categories on or off and the card full or compact. */
const hostileView = (options: { compact?: boolean; categories: boolean }) => (ctx: Context) => {
  const { s, view } = ctx;
  same(text(view.querySelector('.rk-score')), '40', 'total score');
  const items = all(view, 'li.rk-category');
  if (!options.categories) {
    expect(items).toHaveLength(0);
    expect(view.querySelector('.rk-empty')).toBeNull();
  } else {
    // The hostile key scores 30 and comes first; longevity (10) second.
    expect(items).toHaveLength(2);
    same(items[0].getAttribute('data-category'), parsedAttribute(s), 'data-category of the hostile key');
    same(items[1].getAttribute('data-category'), 'longevity', 'data-category of longevity');
    same(text(items[0].querySelector('.rk-category-title')), trimmedOr(s, s), 'title under the hostile key');
    same(text(items[1].querySelector('.rk-category-title')), trimmedOr(s, 'Account Longevity'), 'title under longevity');
  }
  expect(!!view.querySelector('.rk-meta')).toBe(!options.compact);
  expectDate(ctx, !options.compact);
};

export const sample = {
  required: {},
  shows: '89',
  tags: ['div', 'span', 'strong', 'ul', 'li', 'p', 'time'],
  hostile: {
    title: '.rk-category-title',
    config: {},
    data: [
      { name: 'reputation, default', config: { type: 'reputation' }, check: hostileView({ categories: true }), full: true },
      {
        name: 'reputation, compact',
        config: { type: 'reputation', compact: true },
        check: hostileView({ compact: true, categories: true }),
      },
      {
        name: 'reputation, showCategories false',
        config: { type: 'reputation', showCategories: false },
        check: hostileView({ categories: false }),
      },
    ],
    page: [
      { name: 'default', config: { type: 'reputation' } },
      { name: 'compact', config: { type: 'reputation', compact: true } },
      // The title checked is a category's: none is shown.
      { name: 'showCategories false', config: { type: 'reputation', showCategories: false }, hidesTitle: true },
    ],
  },
  faults: [
    {
      path: (address) => `/api/v2/scores/${address}`,
      notFound: 'There is no reputation data for this address yet.',
      number: { patch: (v) => ({ totalScore: v }), field: 'totalScore', shown: (view) => view.querySelector('.rk-score')?.textContent },
      missing: { patch: { totalScore: null }, problem: 'totalScore must be a number' },
      wrongType: { patch: { totalScore: '12' }, problem: 'totalScore must be a number' },
      date: (notADate) => ({ calculatedAt: notADate }),
    },
  ],
  races: {
    expected: ({ o, fx, n }) => {
      const scores = fx.scores;
      return ready((view) => {
        const categories = Object.keys(scores.categories ?? {}).length;
        return (
          mismatch('total score', shownText(view, '.rk-score'), n(scores.totalScore)) ??
          mismatch(
            'category rows',
            view.querySelectorAll('.rk-category').length,
            o.showCategories ? Math.min(categories, Number(o.maxCategories)) : 0,
          ) ??
          (o.compact ? undefined : addressTitle(view, o.address))
        );
      });
    },
    display: {
      showCategories: (r) => r.chance(0.7),
      maxCategories: (r) => r.int(8),
      compact: (r) => r.chance(0.3),
    },
  },
} satisfies KindSample<'reputation'>;
