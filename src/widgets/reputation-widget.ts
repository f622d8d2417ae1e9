import type { RequestOptions, ServiceClient } from '../client/service-client';
import type { CategoryScore, UserScores } from '../client/types';
import { formatDate, formatNumber } from '../render/format';
import { html, type Html } from '../render/html';
import { Widget } from './base-widget';
import { CATEGORY_TITLES, ownValue } from './categories';
import { isBoolean, isCount } from './options';
import type { ReputationWidgetOptions } from './types';
import css from '../../styles/reputation.css?raw';

const ORDER = /* @__PURE__ */ Object.keys(CATEGORY_TITLES);

/** Categories to show: highest score first, ties in SPEC.md's order, then unknown keys. */
export const rankCategories = (scores: UserScores): [string, CategoryScore][] =>
  Object.entries(scores.categories ?? {}).sort(
    ([a, x], [b, y]) => y.score - x.score || (ORDER.indexOf(a) >>> 0) - (ORDER.indexOf(b) >>> 0),
  );

/**
 * The reputation widget: the total score, and up to `maxCategories` category scores.
 *
 * @example
 * new ReputationWidget({ apiKey, address, theme: 'auto' }).mount('#reputation');
 */
export class ReputationWidget extends Widget<
  ReputationWidgetOptions,
  UserScores,
  'showCategories' | 'maxCategories' | 'compact'
> {
  /** @throws TypeError when a required option is missing or an option has the wrong type. */
  constructor(options: ReputationWidgetOptions) {
    super(
      {
        name: 'reputation',
        css,
        defaults: { showCategories: true, maxCategories: 6, compact: false },
        rules: { showCategories: isBoolean, maxCategories: isCount, compact: isBoolean },
      },
      options,
    );
  }

  protected load(client: ServiceClient, request: RequestOptions): Promise<UserScores> {
    return client.getScores(this.options.address, request);
  }

  protected notFoundSentence(): string {
    return 'There is no reputation data for this address yet.';
  }

  protected renderSkeleton(): Html {
    const { compact, showCategories, maxCategories } = this.options;
    const rows = compact || !showCategories ? 0 : Math.min(maxCategories, 6);
    return html`<div class="rk-card${compact && ' rk-compact'}"><span class="rk-hidden">Loading reputation…</span><span class="rk-skel rk-skel-score"></span>${Array.from({ length: rows }, () => html`<span class="rk-skel rk-skel-row"></span>`)}</div>`;
  }

  protected renderData(scores: UserScores): Html {
    const { showCategories, maxCategories, compact, locale } = this.options;
    const total = scores.totalScore;
    const all = showCategories ? rankCategories(scores) : [];
    const shown = all.slice(0, maxCategories);
    const updated = formatDate(scores.calculatedAt, locale);
    return html`<div class="rk-card${compact && ' rk-compact'}">
<div class="rk-total" part="total"><span class="rk-label">Reputation score</span><strong class="rk-score" part="score">${formatNumber(total, locale)}</strong></div>
${shown.length > 0 &&
  html`<ul class="rk-categories" part="categories" aria-label="Score by category">${shown.map(
    ([key, category]) => html`<li class="rk-category" part="category" data-category="${key}"><span class="rk-category-title">${category.title.trim() || ownValue(CATEGORY_TITLES, key) || key}</span><span class="rk-category-score">${formatNumber(category.score, locale)}</span><span class="rk-bar" aria-hidden="true"><span class="rk-fill" data-share="${total > 0 ? Math.min(1, Math.max(0, category.score / total)).toFixed(3) : 0}"></span></span></li>`,
  )}</ul>`}
${showCategories && !all.length && html`<p class="rk-empty" part="empty">No category scores yet.</p>`}
${!compact && html`<p class="rk-meta" part="meta">${this.renderAddress()}${updated && html` · Updated <time datetime="${scores.calculatedAt}">${updated}</time>`}</p>`}
</div>`;
  }

  protected override decorate(view: HTMLElement): void {
    // Bar widths are data, and a strict CSP forbids style attributes: set them through CSSOM.
    view.querySelectorAll<HTMLElement>('[data-share]').forEach((bar) => bar.style.setProperty('--rk-share', bar.dataset.share!));
  }
}
