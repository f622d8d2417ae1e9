/**
 * What the tests need to know about the category widget (test/helpers/kind-sample.ts). A test
 * fixture: nothing the library builds imports it.
 */
import { expect } from 'vitest';
import { all, asItem, parsedText, same, text, trimmedOr, type Context, type HostileCombo } from '../../../../test/hostile/checks';
import { addressTitle, error, mismatch, ready, text as shownText } from '../../../../test/lifecycle/expectations';
import type { KindSample } from '../../../../test/helpers/kind-sample';

/** The hostile records as the card shows them, with what its options leave shown. */
const categoryView = (shown: { full: boolean; breakdown?: boolean; advice?: boolean }) => (ctx: Context) => {
  const { s, view } = ctx;
  same(text(view.querySelector('[part="title"]')), trimmedOr(s, s), 'category name');
  same(text(view.querySelector('.rk-score')), '30', 'score');
  const description = view.querySelector('.rk-description');
  if (shown.full && s.trim()) same(text(description), parsedText(s), 'description');
  else expect(description).toBeNull();
  const reasons = all(view, 'li.rk-reason-item');
  expect(reasons).toHaveLength(shown.full && shown.breakdown ? 2 : 0);
  reasons.forEach((reason, i) => {
    same(text(reason.querySelector('.rk-reason-title')), parsedText(s), `reason ${i} title`);
    same(text(reason.querySelector('.rk-points')), i == 0 ? '50 pts' : '10 pts', `reason ${i} points`);
    const description = reason.querySelector('.rk-reason-text');
    if (s.trim()) same(text(description), parsedText(s), `reason ${i} description`);
    else expect(description).toBeNull();
    const thresholds = all(reason, '.rk-thresholds > li');
    expect(thresholds).toHaveLength(2);
    thresholds.forEach((li, j) => same(text(li), `${asItem(parsedText(s))} ${asItem(parsedText(s))}`, `reason ${i} threshold ${j}`));
  });
  expect(reasons.map((r) => r.getAttribute('aria-current'))).toEqual(reasons.length ? ['true', null] : []);
  const achieved = view.querySelector('p.rk-reason');
  if (shown.full && !shown.breakdown) same(text(achieved), parsedText(s), 'achieved reason title');
  else expect(achieved).toBeNull();
  const advice = all(view, '.rk-advice li');
  expect(advice).toHaveLength(shown.full && shown.advice && s.trim() ? 1 : 0);
  if (advice[0]) same(text(advice[0]), parsedText(s), 'advice');
  expect(all(view, '.rk-address')).toHaveLength(shown.full ? 1 : 0);
};

export const sample = {
  required: { categoryKey: 'governance' },
  shows: 'Governance',
  tags: ['div', 'span', 'strong', 'p', 'ul', 'ol', 'li', 'button'],
  hostile: {
    title: '[part="title"]',
    config: {},
    data: (
      [
        ['default', {}, { full: true, breakdown: true, advice: true }],
        ['showScoreOnly', { showScoreOnly: true }, { full: false }],
        ['compact', { compact: true }, { full: false }],
        ['showBreakdown false', { showBreakdown: false }, { full: true, breakdown: false, advice: true }],
        ['showAdvice false', { showAdvice: false }, { full: true, breakdown: true, advice: false }],
      ] as const
    ).map(
      ([name, options, shown]): HostileCombo => ({
        name: `category, ${name}`,
        config: { type: 'category', categoryKey: 'governance', ...options },
        check: categoryView(shown),
        full: name == 'default',
      }),
    ),
    page: [
      { name: 'default', config: { type: 'category', categoryKey: 'governance' } },
      { name: 'showScoreOnly', config: { type: 'category', categoryKey: 'governance', showScoreOnly: true } },
      { name: 'compact', config: { type: 'category', categoryKey: 'governance', compact: true } },
      { name: 'showBreakdown false', config: { type: 'category', categoryKey: 'governance', showBreakdown: false } },
      { name: 'showAdvice false', config: { type: 'category', categoryKey: 'governance', showAdvice: false } },
    ],
  },
  faults: [
    {
      path: (address) => `/api/v2/scores/${address}/governance`,
      notFound: 'This address has no score in this category yet.',
      number: {
        patch: (v) => ({ category: { key: 'governance', score: { score: v, reason: 'Full', title: 'Governance' } } }),
        field: 'category.score.score',
        shown: (view) => view.querySelector('.rk-score')?.textContent,
      },
      missing: { patch: { category: null }, problem: 'category must be an object' },
      wrongType: { patch: { definition: 'none' }, problem: 'definition must be an object' },
      date: (notADate) => ({ calculatedAt: notADate }),
    },
  ],
  races: {
    expected: ({ o, fx, n }) => {
      const categories = fx.scores.categories;
      const key = String(o.categoryKey);
      const score = Object.hasOwn(categories, key) ? categories[key] : undefined;
      if (!score) return error('This address has no score in this category yet.');
      return ready(
        (view) =>
          mismatch('category score', shownText(view, '.rk-score'), n(score.score)) ??
          (o.compact || o.showScoreOnly ? undefined : addressTitle(view, o.address)),
      );
    },
    keys: { categoryKey: ['longevity', 'governance', 'txCount', 'stakingSlash', 'stakingRewards', 'tokenDiversity'] },
    display: {
      showTitle: (r) => r.chance(0.7),
      showScoreOnly: (r) => r.chance(0.2),
      compact: (r) => r.chance(0.2),
    },
  },
} satisfies KindSample<'category'>;
