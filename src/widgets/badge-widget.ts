import type { RequestOptions, ServiceClient } from '../client/service-client';
import type { BadgeDefinition, SpecificUserBadge, UserBadge } from '../client/types';
import { formatDate, formatNumber } from '../render/format';
import { html, safeUrl, type Html } from '../render/html';
import { Widget } from './base-widget';
import { isBoolean, isCount, isSegment } from './options';
import { tierOf } from './tiers';
import type { BadgeWidgetOptions } from './types';
import css from '../../styles/badge.css?raw';

/** What the badge widget shows: every badge, or one badge with its definition. */
export type BadgeData =
  | { badges: UserBadge[]; definitions: ReadonlyMap<string, BadgeDefinition> }
  | { badge: SpecificUserBadge };

/**
 * The badge widget: earned badges coloured by tier, or with `badgeKey` one badge with its
 * definition and level ladder.
 *
 * @example
 * new BadgeWidget({ apiKey, address, maxBadges: 3, showProgress: true }).mount('#badges');
 */
export class BadgeWidget extends Widget<BadgeWidgetOptions, BadgeData, 'maxBadges' | 'showProgress'> {
  /** @throws TypeError when a required option is missing or an option has the wrong type. */
  constructor(options: BadgeWidgetOptions) {
    super(
      {
        name: 'badge',
        css,
        defaults: { maxBadges: 6, showProgress: false },
        rules: { badgeKey: isSegment, maxBadges: isCount, showProgress: isBoolean },
        dataOptions: ['badgeKey'],
      },
      options,
    );
  }

  protected async load(client: ServiceClient, request: RequestOptions): Promise<BadgeData> {
    const { address, badgeKey } = this.options;
    if (badgeKey) return { badge: await client.getBadge(address, badgeKey, request) };
    const [earned, definitions] = await Promise.all([
      client.getBadges(address, request),
      // Definitions only supply titles and images: without them, badges show their keys.
      client.getBadgeDefinitions(request).then(
        (all) => all.badges,
        (error: Error) => {
          if (error.name == 'AbortError') throw error;
          return [];
        },
      ),
    ]);
    return { badges: earned.badges, definitions: new Map(definitions.map((d) => [d.key, d])) };
  }

  protected notFoundSentence(): string {
    return this.options.badgeKey ? 'This badge does not exist.' : 'There is no badge data for this address yet.';
  }

  protected renderSkeleton(): Html {
    const rows = this.options.badgeKey ? 3 : Math.min(this.options.maxBadges, 6);
    return html`<div class="rk-card"><span class="rk-hidden">Loading badges…</span><span class="rk-skel rk-skel-head"></span>${Array.from({ length: rows }, () => html`<span class="rk-skel rk-skel-row"></span>`)}</div>`;
  }

  protected renderData(data: BadgeData): Html {
    return 'badge' in data ? this.#renderOne(data.badge) : this.#renderList(data.badges, data.definitions);
  }

  #medal(level: number, definition?: BadgeDefinition | null): Html {
    const image = safeUrl(definition?.imageUrl);
    return html`<span class="rk-medal" part="medal" aria-hidden="true">${Math.round(level) || ''}${image && html`<img src="${image}" alt="" loading="lazy" referrerpolicy="no-referrer">`}</span>`;
  }

  #earned(badge: UserBadge): Html | false {
    const date = this.options.showProgress && formatDate(badge.earnedAt, this.options.locale);
    return !!date && html`<span class="rk-earned">Earned <time datetime="${badge.earnedAt}">${date}</time></span>`;
  }

  #levelText(badge: UserBadge): string {
    const tier = tierOf(badge.achievedLevel);
    return `${badge.achievedLevelTitle.trim() || tier[0]!.toUpperCase() + tier.slice(1)} · Level ${formatNumber(badge.achievedLevel, this.options.locale)}`;
  }

  #renderList(badges: UserBadge[], definitions: ReadonlyMap<string, BadgeDefinition>): Html {
    const { maxBadges } = this.options;
    const sorted = [...badges].sort((a, b) => b.achievedLevel - a.achievedLevel);
    const shown = sorted.slice(0, maxBadges);
    const hidden = badges.length - shown.length;
    return html`<div class="rk-card">
<p class="rk-heading"><span>Badges</span><span class="rk-count">${formatNumber(badges.length, this.options.locale)} earned</span></p>
${badges.length
  ? html`<ul class="rk-badges" part="badges">${shown.map((badge) => {
      const definition = definitions.get(badge.badgeKey);
      const tier = tierOf(badge.achievedLevel);
      return html`<li class="rk-badge rk-tier-${tier}" part="badge" data-badge="${badge.badgeKey}" data-tier="${tier}">${this.#medal(badge.achievedLevel, definition)}<span class="rk-badge-text"><span class="rk-badge-title">${definition?.title.trim() || badge.badgeKey}</span><span class="rk-level">${this.#levelText(badge)}</span>${this.#earned(badge)}</span></li>`;
    })}</ul>${hidden > 0 && html`<p class="rk-more">+${formatNumber(hidden, this.options.locale)} more</p>`}`
  : html`<p class="rk-empty" part="empty">No badges earned yet.</p>`}
${this.renderAddress()}
</div>`;
  }

  #renderOne({ badge, definition }: SpecificUserBadge): Html {
    const { badgeKey, locale } = this.options;
    const level = badge?.achievedLevel ?? 0;
    const tier = badge ? tierOf(level) : undefined;
    return html`<div class="rk-card rk-one${tier && ` rk-tier-${tier}`}" part="badge" data-badge="${badgeKey}" data-tier="${tier ?? 'none'}">
<div class="rk-badge-head">${this.#medal(level, definition)}<span class="rk-badge-text"><strong class="rk-badge-title">${definition?.title.trim() || badgeKey}</strong><span class="rk-level">${badge ? this.#levelText(badge) : 'Not earned yet'}</span>${badge && this.#earned(badge)}</span></div>
${definition?.shortDescription && html`<p class="rk-description">${definition.shortDescription}</p>`}
${!!definition?.levels.length &&
  html`<ol class="rk-ladder" part="ladder" aria-label="Levels">${[...definition.levels]
    .sort((a, b) => a.level - b.level)
    .map((step) => {
      const reached = step.level <= level;
      return html`<li class="rk-step rk-tier-${tierOf(step.level)}${reached && ' rk-reached'}"${step.level == level && html` aria-current="step"`}><span class="rk-dot" aria-hidden="true">${formatNumber(step.level, locale)}</span><span class="rk-step-title">${step.title}${reached && html`<span class="rk-hidden"> (reached)</span>`}</span><span class="rk-step-value">${formatNumber(step.value, locale)} ${definition.metric}</span></li>`;
    })}</ol>`}
${this.renderAddress()}
</div>`;
  }
}
