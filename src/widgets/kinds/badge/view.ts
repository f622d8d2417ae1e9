import type { BadgeDefinition, BadgeLevel, SpecificUserBadge, UserBadge } from '../../../client/types';
import { formatDate, formatNumber } from '../../../render/format';
import { html, safeUrl, type Html } from '../../../render/html';
import { widgetClass, type WidgetClass } from '../../widget-class';
import type { Kind, Localized } from '../../descriptor';
import { badgesPlaceholder } from './placeholder';
import { BADGE_OPTIONS, type BadgeWidgetOptions, type BadgeSettings } from './options';
import { tierCss, tierOf, tierWord } from '../../tiers';
import { addressView, boundedItem, clamped, firstOf, image, LIST_LIMITS, moreLine } from '../../views/common';
import { checkKey, missingKeySentence } from '../../unknown-key';
import clampCss from '../../../../styles/clamp.css?raw';
import css from '../../../../styles/badge.css?raw';

type S = BadgeSettings & Localized;

/** What the badge widget shows: every badge, or one badge with its definition. */
export type BadgeData = { badges: UserBadge[]; definitions: ReadonlyMap<string, BadgeDefinition> } | { badge: SpecificUserBadge };

/**
 * A badge's medal (its level number, covered by the badge's image when there is one) and text:
 * `title`, then the level reached (or that none was) and, with showProgress, when.
 */
const medalAndText = (
  level: number,
  definition: BadgeDefinition | null | undefined,
  title: Html,
  badge: UserBadge | null | undefined,
  s: S,
): Html =>
  html`<span class="rk-medal" part="medal" aria-hidden="true">${Math.round(level) || ''}${image(safeUrl(definition?.imageUrl))}</span>
    <span class="rk-badge-text">
      ${title}
      <span class="rk-level">${badge ? levelText(badge, s) : s.t('Not earned yet')}</span>${badge && earned(badge, s)}
    </span>`;

const earned = (badge: UserBadge, s: S): Html | false => {
  const date = s.showProgress && formatDate(badge.earnedAt, s.locale);
  const [before, after] = s.t('Earned $').split('$');
  return !!date && html`<span class="rk-earned">${before}<time datetime="${badge.earnedAt ?? ''}">${date}</time>${after}</span>`;
};

/** The level's title, its tier's name (unless the title is that name: the tier never shows by colour alone) and its number. */
const levelText = (badge: UserBadge, { t, locale }: S): string => {
  const name = tierOf(badge.achievedLevel);
  const tier = t(tierWord(name));
  const title = boundedItem(badge.achievedLevelTitle.trim());
  return `${title && title != tier ? `${title} · ` : ''}${tier} · ${t('Level $', formatNumber(badge.achievedLevel, locale))}`;
};

const badgeItem = (badge: UserBadge, definition: BadgeDefinition | undefined, s: S): Html => {
  const tier = tierOf(badge.achievedLevel);
  return html`<li class="rk-badge rk-tier-${tier}" part="badge" data-badge="${badge.badgeKey}" data-tier="${tier}">
    ${medalAndText(badge.achievedLevel, definition, html`<span class="rk-badge-title">${boundedItem(definition?.title.trim() || badge.badgeKey)}</span>`, badge, s)}
  </li>`;
};

const list = (badges: UserBadge[], definitions: ReadonlyMap<string, BadgeDefinition>, s: S): Html => {
  const sorted = [...badges].sort((a, b) => b.achievedLevel - a.achievedLevel);
  const [shown, hidden] = firstOf(sorted, s.maxBadges);
  return html`<div class="rk-card">
    <p class="rk-heading"><span>${s.t('Badges')}</span><span class="rk-count">${s.n('$ earned', badges.length)}</span></p>
    ${
      badges.length
        ? html`<ul class="rk-badges" part="badges">${shown.map((b) => badgeItem(b, definitions.get(b.badgeKey), s))}</ul>${moreLine(hidden, s)}`
        : html`<p class="rk-empty" part="empty">${s.t('No badges earned yet.')}</p>`
    }
    ${addressView(s.address)}
  </div>`;
};

const step = (level: BadgeLevel, reachedLevel: number, metric: string, { t, locale }: S): Html => {
  const reached = level.level <= reachedLevel;
  return html`<li class="rk-step rk-tier-${tierOf(level.level)}${reached ? ' rk-reached' : ''}"${level.level == reachedLevel && html` aria-current="step"`}>
    <span class="rk-dot" aria-hidden="true">${formatNumber(level.level, locale)}</span>
    <span class="rk-step-title">${boundedItem(level.title)}${reached && html`<span class="rk-hidden"> ${t('(reached)')}</span>`}</span>
    <span class="rk-step-value">${formatNumber(level.value, locale)} ${boundedItem(metric)}</span>
  </li>`;
};

const ladder = (definition: BadgeDefinition, reachedLevel: number, s: S): Html | false => {
  const sorted = [...definition.levels].sort((a, b) => a.level - b.level);
  const [shown, hidden] = firstOf(sorted, LIST_LIMITS.levels);
  return (
    shown.length > 0 &&
    html`<ol class="rk-ladder" part="ladder" aria-label="${s.t('Levels')}">${shown.map((l) => step(l, reachedLevel, definition.metric, s))}</ol>
      ${moreLine(hidden, s)}`
  );
};

const one = ({ badge, definition }: SpecificUserBadge, s: S): Html => {
  const level = badge?.achievedLevel ?? 0;
  const tier = badge ? tierOf(level) : undefined;
  return html`<div class="rk-card rk-one${tier ? ` rk-tier-${tier}` : ''}" part="badge" data-badge="${s.badgeKey ?? ''}" data-tier="${tier ?? 'none'}">
    <div class="rk-badge-head">
      ${medalAndText(level, definition, html`<strong class="rk-badge-title">${boundedItem(definition?.title.trim() || s.badgeKey || '')}</strong>`, badge, s)}
    </div>
    ${definition?.shortDescription && clamped('description', definition.shortDescription, s)}
    ${definition && ladder(definition, level, s)}
    ${addressView(s.address)}
  </div>`;
};

/** The badge widget: earned badges coloured by tier, or one badge with its level ladder. */
export const badgeKind: Kind<BadgeWidgetOptions, BadgeSettings, BadgeData, 'badge' | 'badges'> = {
  name: 'badge',
  aliases: ['badges'],
  css: /* @__PURE__ */ (() => tierCss() + clampCss + css)(),
  parts: ['badges', 'badge', 'medal', 'ladder', 'description'],
  options: BADGE_OPTIONS,
  required: ['address'],
  placeholder: badgesPlaceholder,
  async load(client, s, request) {
    const key = s.badgeKey;
    if (key)
      return {
        badge: await client
          .getBadge(s.address, key, request)
          .catch((error: unknown) => checkKey(error, key, () => client.getBadgeDefinitions().then((d) => d.badges))),
      };
    const [earnedBadges, definitions] = await Promise.all([
      client.getBadges(s.address, request),
      // Definitions only supply titles and images: without them, badges show their keys.
      client.getBadgeDefinitions(request).then(
        (all) => all.badges,
        (error: Error) => {
          if (request.signal?.aborted) throw error;
          return [];
        },
      ),
    ]);
    return { badges: earnedBadges.badges, definitions: new Map(definitions.map((d) => [d.key, d])) };
  },
  views: {
    ready: (data, s) => ('badge' in data ? one(data.badge, s) : list(data.badges, data.definitions, s)),
    notFound: ({ badgeKey, t }, error) =>
      missingKeySentence(error, { t }, 'badge') ??
      (badgeKey ? t('This address has not earned this badge yet.') : t('There is no badge data for this address yet.')),
  },
};

/**
 * The badge widget: earned badges coloured by tier, or with `badgeKey` one badge with its
 * definition and level ladder.
 *
 * @example
 * new BadgeWidget({ apiKey, address, maxBadges: 3, showProgress: true }).mount('#badges');
 */
export const BadgeWidget: WidgetClass<BadgeWidgetOptions, BadgeSettings, BadgeData, 'badge' | 'badges'> =
  /* @__PURE__ */ widgetClass(badgeKind);
export type BadgeWidget = InstanceType<typeof BadgeWidget>;

export type { BadgeWidgetOptions } from './options';
