import type { ReasonDetail, SpecificCategoryScore, ThresholdDetail } from '../../../client/types';
import { formatNumber } from '../../../render/format';
import { html, type Html } from '../../../render/html';
import { categoryTitleOf } from '../../categories';
import { widgetClass, type WidgetClass } from '../../widget-class';
import type { Kind, Localized } from '../../descriptor';
import { categoryPlaceholder } from './placeholder';
import { CATEGORY_OPTIONS, type CategoryWidgetOptions, type CategorySettings } from './options';
import { addressView, boundedItem, clamped, clampedList, firstOf, LIST_LIMITS, moreLine } from '../../views/common';
import { checkKey, missingKeySentence } from '../../unknown-key';
import clampCss from '../../../../styles/clamp.css?raw';
import css from '../../../../styles/category.css?raw';

type S = CategorySettings & Localized;

const thresholdItem = (t: ThresholdDetail): Html =>
  html`<li class="rk-lc"><span class="rk-threshold-label">${boundedItem(t.label)}</span> ${boundedItem(t.description)}</li>`;

const thresholdList = (thresholds: ThresholdDetail[], s: S): Html | false => {
  const [shown, hidden] = firstOf(thresholds, LIST_LIMITS.thresholds);
  return (
    shown.length > 0 &&
    html`${clampedList(
      html`<ul class="rk-thresholds">${shown.map(thresholdItem)}</ul>`,
      shown.map((t) => t.label + t.description),
      s,
    )}${moreLine(hidden, s)}`
  );
};

const reasonItem = (reason: ReasonDetail, achieved: boolean, s: S): Html =>
  html`<li class="rk-reason-item${achieved ? ' rk-achieved' : ''}" part="reason"${achieved && html` aria-current="true"`}>
    <p class="rk-reason-head">
      <span class="rk-reason-title">${boundedItem(reason.title)}</span>
      <span class="rk-points">${s.n('$ pts', reason.points)}</span>
    </p>
    ${achieved && html`<p class="rk-achieved-label">${s.t('Your score')}</p>`}
    ${reason.description.trim() && clamped('reason-text', reason.description, s)}
    ${thresholdList(reason.thresholds, s)}
  </li>`;

const reasonList = (reasons: ReasonDetail[], current: ReasonDetail | undefined, s: S): Html | false => {
  const [shown, hidden] = firstOf(reasons, LIST_LIMITS.reasons);
  // The achieved reason is always shown, even when it ranks past the limit.
  if (current && !shown.includes(current)) shown.push(current);
  return (
    shown.length > 0 &&
    html`<ol class="rk-reasons" part="reasons" aria-label="${s.t('Ways to score')}">${shown.map((r) => reasonItem(r, r === current, s))}</ol>
      ${moreLine(hidden - (current && shown.length > LIST_LIMITS.reasons ? 1 : 0), s)}`
  );
};

/**
 * Advice: the achieved reason's own (how to move on from it) first, then that of every reason
 * worth more; the first lines to show, each once, and how many other lines there are.
 */
const adviceOf = (reasons: ReasonDetail[], current: ReasonDetail | undefined): [string[], number] => {
  const better = reasons.filter((r) => r !== current && r.points > (current?.points ?? -Infinity));
  const shown = new Set<string>();
  let hidden = 0;
  for (const reason of [current, ...better]) {
    for (const advice of reason?.advices ?? []) {
      if (!advice.trim() || shown.has(advice)) continue;
      if (shown.size < LIST_LIMITS.advices) shown.add(advice);
      else hidden++;
    }
  }
  return [[...shown], hidden];
};

const adviceView = ([shown, hidden]: [string[], number], s: S): Html | false =>
  shown.length > 0 &&
  html`<div class="rk-advice" part="advice">
    <p class="rk-advice-title">${s.t('How to earn more')}</p>
    ${clampedList(html`<ul>${shown.map((a) => html`<li class="rk-lc">${boundedItem(a)}</li>`)}</ul>`, shown, s)}${moreLine(hidden, s)}
  </div>`;

const ready = ({ category, definition }: SpecificCategoryScore, s: S): Html => {
  const { score, reason, title } = category.score;
  const name = boundedItem(categoryTitleOf(category.key, definition?.displayName.trim() || title, s.t));
  const reasons = definition ? [...definition.reasons].sort((a, b) => b.points - a.points) : [];
  const current = reasons.find((r) => r.key == reason);
  return html`<div class="rk-card${s.compact ? ' rk-compact' : ''}">
    <div class="rk-total" part="total">
      ${s.showTitle && html`<span class="rk-label" part="title">${name}</span>`}
      <strong class="rk-score" part="score">${formatNumber(score, s.locale)}</strong><span class="rk-unit">${s.n('points', score)}</span>
    </div>
    ${
      // Score only (or compact): none of the rest.
      !s.showScoreOnly &&
      !s.compact && [
        s.showDescription && definition?.short_description.trim() && clamped('description', definition.short_description, s),
        current && !s.showBreakdown && html`<p class="rk-reason">${boundedItem(current.title)}</p>`,
        s.showBreakdown && reasonList(reasons, current, s),
        s.showAdvice && adviceView(adviceOf(reasons, current), s),
        addressView(s.address),
      ]
    }
  </div>`;
};

/** The category widget: one category's score, its ways of scoring and advice for earning more. */
export const categoryKind: Kind<CategoryWidgetOptions, CategorySettings, SpecificCategoryScore, 'category'> = {
  name: 'category',
  css: /* @__PURE__ */ (() => clampCss + css)(),
  parts: ['total', 'score', 'title', 'description', 'reasons', 'reason', 'reason-text', 'advice'],
  options: CATEGORY_OPTIONS,
  required: ['address', 'categoryKey'],
  placeholder: categoryPlaceholder,
  load: (client, s, request) =>
    client
      .getCategoryScore(s.address, s.categoryKey, request)
      .catch((error: unknown) => checkKey(error, s.categoryKey, () => client.getCategoryDefinitions().then((d) => d.categories))),
  views: {
    ready,
    notFound: ({ t }, error) => missingKeySentence(error, { t }, 'category') ?? t('This address has no score in this category yet.'),
  },
};

/**
 * The category widget: one category's score, what the category measures, every way of
 * earning its points (the one that scored highlighted) and advice for earning more.
 *
 * @example
 * new CategoryWidget({ apiKey, address, categoryKey: 'governance' }).mount('#governance');
 */
export const CategoryWidget: WidgetClass<CategoryWidgetOptions, CategorySettings, SpecificCategoryScore, 'category'> =
  /* @__PURE__ */ widgetClass(categoryKind);
export type CategoryWidget = InstanceType<typeof CategoryWidget>;

export type { CategoryWidgetOptions } from './options';
