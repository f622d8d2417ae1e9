import type { RequestOptions, ServiceClient } from '../client/service-client';
import type { ReasonDetail, SpecificCategoryScore } from '../client/types';
import { formatNumber } from '../render/format';
import { html, type Html } from '../render/html';
import { Widget } from './base-widget';
import { CATEGORY_TITLES, ownValue } from './categories';
import { isBoolean, isSegment } from './options';
import type { CategoryWidgetOptions } from './types';
import css from '../../styles/category.css?raw';

/**
 * The category widget: one category's score, what the category measures, every way of
 * earning its points (the one that scored highlighted) and advice for earning more.
 *
 * @example
 * new CategoryWidget({ apiKey, address, categoryKey: 'governance' }).mount('#governance');
 */
export class CategoryWidget extends Widget<
  CategoryWidgetOptions,
  SpecificCategoryScore,
  'showTitle' | 'showDescription' | 'showBreakdown' | 'showAdvice' | 'showScoreOnly' | 'compact'
> {
  /** @throws TypeError when `categoryKey` or another required option is missing, or an option has the wrong type. */
  constructor(options: CategoryWidgetOptions) {
    super(
      {
        name: 'category',
        css,
        defaults: { showTitle: true, showDescription: true, showBreakdown: true, showAdvice: true, showScoreOnly: false, compact: false },
        rules: {
          categoryKey: isSegment,
          showTitle: isBoolean,
          showDescription: isBoolean,
          showBreakdown: isBoolean,
          showAdvice: isBoolean,
          showScoreOnly: isBoolean,
          compact: isBoolean,
        },
        dataOptions: ['categoryKey'],
        required: ['categoryKey'],
      },
      options,
    );
  }

  protected load(client: ServiceClient, request: RequestOptions): Promise<SpecificCategoryScore> {
    return client.getCategoryScore(this.options.address, this.options.categoryKey, request);
  }

  protected notFoundSentence(): string {
    return 'This address has no score in this category yet.';
  }

  protected renderSkeleton(): Html {
    const { compact, showScoreOnly } = this.options;
    const rows = compact || showScoreOnly ? 0 : 3;
    return html`<div class="rk-card${compact && ' rk-compact'}"><span class="rk-hidden">Loading category score…</span><span class="rk-skel rk-skel-score"></span>${Array.from({ length: rows }, () => html`<span class="rk-skel rk-skel-row"></span>`)}</div>`;
  }

  protected renderData({ category, definition }: SpecificCategoryScore): Html {
    const o = this.options;
    const { score, reason, title } = category.score;
    const name = definition?.displayName.trim() || title.trim() || ownValue(CATEGORY_TITLES, category.key) || category.key;
    const reasons = definition ? [...definition.reasons].sort((a, b) => b.points - a.points) : [];
    const current = reasons.find((r) => r.key == reason);
    const full = !o.showScoreOnly && !o.compact;
    // Advice: the achieved reason's own (how to move on from it) first, then that of every
    // way of scoring worth more than it.
    const better = reasons.filter((r) => r !== current && r.points > (current?.points ?? -Infinity));
    const advice = [...new Set([current, ...better].flatMap((r) => r?.advices ?? []))].filter((a) => a.trim());
    return html`<div class="rk-card${o.compact && ' rk-compact'}">
<div class="rk-total" part="total">${o.showTitle && html`<span class="rk-label" part="title">${name}</span>`}<strong class="rk-score" part="score">${formatNumber(score, o.locale)}</strong><span class="rk-unit">points</span></div>
${full && o.showDescription && definition?.short_description.trim() && html`<p class="rk-description" part="description">${definition.short_description}</p>`}
${full && current && !o.showBreakdown && html`<p class="rk-reason">${current.title}</p>`}
${full && o.showBreakdown && reasons.length > 0 && html`<ol class="rk-reasons" part="reasons" aria-label="Ways to score">${reasons.map((r) => this.#reason(r, r === current))}</ol>`}
${full && o.showAdvice && advice.length > 0 && html`<div class="rk-advice" part="advice"><p class="rk-advice-title">How to earn more</p><ul>${advice.map((a) => html`<li>${a}</li>`)}</ul></div>`}
${full && this.renderAddress()}
</div>`;
  }

  #reason(reason: ReasonDetail, achieved: boolean): Html {
    return html`<li class="rk-reason-item${achieved && ' rk-achieved'}" part="reason"${achieved && html` aria-current="true"`}><p class="rk-reason-head"><span class="rk-reason-title">${reason.title}</span><span class="rk-points">${formatNumber(reason.points, this.options.locale)} pts</span></p>${achieved && html`<p class="rk-achieved-label">Your score</p>`}${reason.description.trim() && html`<p class="rk-reason-text">${reason.description}</p>`}${reason.thresholds.length > 0 && html`<ul class="rk-thresholds">${reason.thresholds.map((t) => html`<li><span class="rk-threshold-label">${t.label}</span> ${t.description}</li>`)}</ul>`}</li>`;
  }
}
