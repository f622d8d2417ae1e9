/**
 * Every widget kind, by `type`. A kind is a folder beside this file (its options, view,
 * placeholder, widget class and per-kind script) plus its stylesheet in styles/; adding one is
 * that folder, that stylesheet and its lines here. The public types, `createWidget`, the element,
 * the snippet, the entry's exports and the per-kind scripts all derive from this map.
 */
import { badgeEntry } from './badge/widget';
import { categoryEntry } from './category/widget';
import { profileEntry } from './profile/widget';
import { reputationEntry } from './reputation/widget';

export * from './badge';
export * from './category';
export * from './profile';
export * from './reputation';

/** The kinds by `type`; `badges` is an alias of `badge`. */
export const KINDS = {
  reputation: reputationEntry,
  badge: badgeEntry,
  badges: badgeEntry,
  profile: profileEntry,
  category: categoryEntry,
};

type Kinds = typeof KINDS;

/** The widget kinds `createWidget` can build. `'badges'` is an alias of `'badge'`. */
export type WidgetType = keyof Kinds;

/** The widget class each `type` builds. */
export type WidgetByType = { [K in WidgetType]: InstanceType<Kinds[K]['widget']> };

/** Any widget `createWidget` can return. */
export type AnyWidget = WidgetByType[WidgetType];

/** The options of each `type`'s widget. */
export type WidgetOptionsByType = { [K in WidgetType]: ConstructorParameters<Kinds[K]['widget']>[0] };

/** `createWidget` config: the options of one kind plus its `type`. */
export type WidgetConfig = { [K in WidgetType]: WidgetOptionsByType[K] & { type: K } }[WidgetType];

/** What a widget loads. */
type DataOf<W> = W extends { readonly data: infer D } ? Exclude<D, undefined> : never;

/**
 * What a widget loads, by kind: `UserScores` (reputation), {@link BadgeData} (badge, badges),
 * `UserProfile`, or `null` when the address has no profile yet (profile), and
 * `SpecificCategoryScore` (category).
 */
export type WidgetData = DataOf<AnyWidget>;
