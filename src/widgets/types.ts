import type { ClientOptions } from '../client/options';

/** The widget kinds `createWidget` can build. `'badges'` is an alias of `'badge'`. */
export type WidgetType = 'reputation' | 'badge' | 'badges' | 'profile' | 'category';

/** `'auto'` follows the system colour preference and changes with it live. */
export type Theme = 'light' | 'dark' | 'auto';

/** What the host element's `data-state` attribute says. */
export type WidgetState = 'loading' | 'ready' | 'error';

/** Options every widget kind accepts. */
export interface BaseWidgetOptions extends Omit<ClientOptions, 'apiKey' | 'fetch'> {
  /** API key. Required. */
  apiKey: string;
  /** The address to display. Required. */
  address: string;
  /** Colour theme. Default `'light'`. */
  theme?: Theme;
  /** Extra CSS class(es) for the host element, space separated. Default `''`. */
  className?: string;
  /** BCP 47 locale for numbers and dates. Default: the browser's. */
  locale?: string;
  /**
   * Nonce for the `<style>` element used where constructable stylesheets are unavailable
   * (strict CSP pages). Default: the nonce of the script that loaded repkit, if any.
   */
  nonce?: string;
  /** Called after each successful load. An exception it throws is reported, not propagated. */
  onLoad?: () => void;
  /** Called with the error (usually a `ServiceError`) when loading or rendering fails. */
  onError?: (error: Error) => void;
}

/** Options of the reputation widget. */
export interface ReputationWidgetOptions extends BaseWidgetOptions {
  /** Show the category breakdown. Default `true`; `false` shows only the total score. */
  showCategories?: boolean;
  /** Maximum categories displayed, highest score first. Default `6`. */
  maxCategories?: number;
  /** One-line display. Default `false`. */
  compact?: boolean;
}

/** Options of the badge widget. */
export interface BadgeWidgetOptions extends BaseWidgetOptions {
  /** Show only this badge, with its definition and level ladder. Default: all badges. */
  badgeKey?: string;
  /** Maximum badges displayed. Default `6`. */
  maxBadges?: number;
  /** Show when each badge was earned. Default `false`. */
  showProgress?: boolean;
}

/** Options of the profile widget. */
export interface ProfileWidgetOptions extends BaseWidgetOptions {
  /** Show the avatar (or a generated one). Default `true`. */
  showAvatar?: boolean;
  /** Show the bio. Default `true`. */
  showBio?: boolean;
  /** Show social links from `socialLinks` and the chain identities. Default `true`. */
  showSocials?: boolean;
  /** Show the on-chain identity records. Default `true`. */
  showIdentities?: boolean;
  /** Show the NFT count. Default `true`. */
  showNftCount?: boolean;
}

/** Options of the category widget. */
export interface CategoryWidgetOptions extends BaseWidgetOptions {
  /** The category to show (`longevity`, `txCount`, ...). Required. */
  categoryKey: string;
  /** Show the category's name. Default `true`. */
  showTitle?: boolean;
  /** Show the category's short description. Default `true`. */
  showDescription?: boolean;
  /** Show every way of earning points, the one that scored highlighted. Default `true`. */
  showBreakdown?: boolean;
  /** Show the advice for earning more points. Default `true`. */
  showAdvice?: boolean;
  /** Show only the score (and title), nothing else. Default `false`. */
  showScoreOnly?: boolean;
  /** One-line display. Default `false`. */
  compact?: boolean;
}

/** `createWidget` config: the options of one kind plus its `type`. */
export type WidgetConfig =
  | (ReputationWidgetOptions & { type: 'reputation' })
  | (BadgeWidgetOptions & { type: 'badge' | 'badges' })
  | (ProfileWidgetOptions & { type: 'profile' })
  | (CategoryWidgetOptions & { type: 'category' });
