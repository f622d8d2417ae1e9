import type { CategoryScore, UserScores } from '../../../client/types';
import { formatDate, formatNumber } from '../../../render/format';
import { html, type Html } from '../../../render/html';
import { categoryTitleOf, rankCategories } from '../../categories';
import { widgetClass, type WidgetClass } from '../../widget-class';
import type { Kind, Localized } from '../../descriptor';
import { scoresPlaceholder } from './placeholder';
import { REPUTATION_OPTIONS, type ReputationWidgetOptions, type ReputationSettings } from './options';
import { addressView, boundedItem, moreLine } from '../../views/common';
import { keepChipsFitted } from '../../views/fit-chips';
import css from '../../../../styles/reputation.css?raw';

type S = ReputationSettings & Localized;

/** A category's share of the total, for its bar (0 to 1; a penalty has none). */
const share = (score: number, total: number): string => (total > 0 ? Math.min(1, Math.max(0, score / total)).toFixed(3) : '0');

const categoryRow = ([key, category]: [string, CategoryScore], total: number, { t, locale }: S): Html =>
  html`<li class="rk-category" part="category" data-category="${key}">
    <span class="rk-category-title">${boundedItem(categoryTitleOf(key, category.title, t))}</span>
    <span class="rk-category-score">${formatNumber(category.score, locale)}</span>
    <span class="rk-bar" aria-hidden="true"><span class="rk-fill" data-share="${share(category.score, total)}"></span></span>
  </li>`;

const ready = (scores: UserScores, s: S): Html => {
  const all = s.showCategories ? rankCategories(scores) : [];
  const shown = all.slice(0, s.maxCategories);
  const updated = formatDate(scores.calculatedAt, s.locale);
  const [before, after] = s.t('Updated $').split('$');
  return html`<div class="rk-card${s.compact ? ' rk-compact' : ''}">
    <div class="rk-total" part="total">
      <span class="rk-label">${s.t('Reputation score')}</span><strong class="rk-score" part="score">${formatNumber(scores.totalScore, s.locale)}</strong>
    </div>
    ${
      shown.length > 0 &&
      html`<ul class="rk-categories" part="categories" aria-label="${s.t('Score by category')}">
      ${shown.map((entry) => categoryRow(entry, scores.totalScore, s))}
    </ul>`
    }
    ${
      // Compact: the "+N" chip that fit-chips.ts fills, or, with no chips to fit, a "+N more" line.
      s.compact &&
      (shown.length
        ? html`<span class="rk-chip-more" part="more" aria-hidden="true" data-extra="${all.length - shown.length}" hidden></span>`
        : moreLine(all.length, s))
    }
    ${s.showCategories && !all.length && html`<p class="rk-empty" part="empty">${s.t('No category scores yet.')}</p>`}
    ${
      !s.compact &&
      html`<p class="rk-meta" part="meta">
        ${addressView(s.address)}${updated && html` · ${before}<time datetime="${scores.calculatedAt}">${updated}</time>${after}`}
      </p>`
    }
  </div>`;
};

/** The reputation widget: the total score and the highest-scoring categories. */
export const reputationKind: Kind<ReputationWidgetOptions, ReputationSettings, UserScores, 'reputation'> = {
  name: 'reputation',
  css,
  parts: ['total', 'score', 'categories', 'category', 'meta'],
  options: REPUTATION_OPTIONS,
  required: ['address'],
  placeholder: scoresPlaceholder,
  load: (client, s, request) => client.getScores(s.address, request),
  views: {
    ready,
    notFound: ({ t }) => t('There is no reputation data for this address yet.'),
    decorate: (view) => {
      // Bar widths are data, and a strict CSP forbids style attributes: set them through CSSOM.
      view.querySelectorAll<HTMLElement>('[data-share]').forEach((bar) => bar.style.setProperty('--rk-share', bar.dataset.share!));
      const list = view.querySelector<HTMLElement>('.rk-compact .rk-categories');
      const more = view.querySelector<HTMLElement>('.rk-chip-more');
      return list && more ? keepChipsFitted(list, more, Number(more.dataset.extra)) : undefined;
    },
  },
};

/**
 * The reputation widget: the total score, and up to `maxCategories` category scores.
 *
 * @example
 * new ReputationWidget({ apiKey, address, theme: 'auto' }).mount('#reputation');
 */
export const ReputationWidget: WidgetClass<ReputationWidgetOptions, ReputationSettings, UserScores, 'reputation'> =
  /* @__PURE__ */ widgetClass(reputationKind);
export type ReputationWidget = InstanceType<typeof ReputationWidget>;

export type { ReputationWidgetOptions } from './options';
