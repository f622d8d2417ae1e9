/**
 * One line per option for README's option tables (test/docs checks README against them). Kept
 * apart from the descriptors so that no bundle carries documentation prose: nothing under src/
 * imports this module. The types make the table complete: an option added to a kind without a
 * line here fails to compile.
 * @internal repkit's own machinery, not part of the public API: it may change in any release.
 */
import type { COMMON_OPTIONS } from './common-options';
import type { badgeKind } from './kinds/badge';
import type { categoryKind } from './kinds/category';
import type { profileKind } from './kinds/profile';
import type { reputationKind } from './kinds/reputation';

type Common = keyof typeof COMMON_OPTIONS;
/** One line for each option a kind adds to the common ones. */
type OwnDocs<K extends { options: object }> = Record<Exclude<keyof K['options'], Common>, string>;

export const OPTION_DOCS: {
  readonly common: Record<Common, string>;
  readonly reputation: OwnDocs<typeof reputationKind>;
  readonly badge: OwnDocs<typeof badgeKind>;
  readonly profile: OwnDocs<typeof profileKind>;
  readonly category: OwnDocs<typeof categoryKind>;
} = {
  common: {
    apiKey: 'API key, sent as `X-API-Key` to `baseUrl` only. Required unless `baseUrl` is a proxy that adds it.',
    address: 'The address to display. Required.',
    baseUrl:
      'Service base URL: absolute http(s), or a path on this origin such as `/rep`. It receives your key. Default `https://api.dotpassport.io`.',
    timeoutMs: 'Time allowed for each attempt, in ms (the first answer for a new address can take 30 s).',
    retries: 'Retries after the first attempt: network errors (one at most), 429, 502, 503, 504.',
    cacheTtlMs: 'How long answers are cached and shared, in ms; `0` disables.',
    maxResponseBytes: 'The largest answer read, in bytes, after decompression.',
    theme: "Colour theme; `'auto'` follows the system preference live.",
    className: 'Extra CSS class(es) for the host element, space separated.',
    locale: 'BCP 47 locale for numbers and dates. Default: the browser’s.',
    nonce: 'Nonce for the `<style>` fallback on strict-CSP pages. Default: the loading script’s.',
    loading: "`'lazy'`: no request until the widget is within 300 px of the viewport, as a lazy image does.",
    cache: 'Keep the last answer in Web Storage: a repeat visit shows it at once, revalidated when older than `cacheTtlMs`.',
    onLoad: 'Called after each successful load.',
    onError: 'Called with the error (usually a `ServiceError`) when loading or rendering fails.',
  },
  reputation: {
    showCategories: 'Show the category breakdown; `false` shows only the total score.',
    maxCategories: 'Maximum categories displayed, highest score first.',
    compact: 'One-line display: the score and category chips.',
  },
  badge: {
    badgeKey: 'Show only this badge, with its definition and level ladder. Default: every badge.',
    maxBadges: 'Maximum badges displayed, highest level first.',
    showProgress: 'Show when each badge was earned.',
  },
  profile: {
    showAvatar: 'Show the avatar (or one generated from the address).',
    showBio: 'Show the bio.',
    showSocials: 'Show social links from `socialLinks` and the chain identities.',
    showIdentities: 'Show the on-chain identity records.',
    showNftCount: 'Show the NFT count.',
  },
  category: {
    categoryKey: 'The category to show (`longevity`, `governance`, ...). Required.',
    showTitle: 'Show the category’s name.',
    showDescription: 'Show the category’s short description.',
    showBreakdown: 'Show every way of earning points, the one that scored highlighted.',
    showAdvice: 'Show the advice for earning more points.',
    showScoreOnly: 'Show only the score (and title), nothing else.',
    compact: 'One-line display.',
  },
};
