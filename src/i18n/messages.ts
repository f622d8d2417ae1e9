/**
 * Every word a visitor sees or hears, as one typed catalogue. English is built in (./en.ts);
 * other languages are modules of their own (src/locales/), registered with {@link registerLocale}
 * only on pages that load them, and a page can override any message with the `messages` option.
 * A message a catalogue lacks falls back to English.
 *
 * Conventions: `$` stands for the message's one value (a number already formatted for the
 * locale, a date, an origin, a name); a {@link Plural} picks its form by `Intl.PluralRules`.
 */

/** A message that depends on a count: one text per plural category of the language (`other` is required). `$` is the formatted count. */
export type Plural = { other: string } & Partial<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>>;

/** The catalogue: what each message says, in English, is in src/i18n/en.ts. */
export interface Messages {
  /** `'rtl'` for a right-to-left language: the card is then laid out right to left whatever the page's direction. Unset: the page's direction. */
  dir?: 'ltr' | 'rtl';

  // Every kind
  /** Read by screen readers while a widget loads. */
  loading: string;
  /** Said when a first load takes more than a few seconds (the service computes a new address's scores on the spot). */
  calculating: string;
  /** The button after a failure that trying again may fix. */
  tryAgain: string;
  /** Opens long text cut to a few lines. */
  showMore: string;
  /** Closes it again. */
  showLess: string;
  /** The line under a list cut at its limit: `$` is how many items were left out. */
  more: Plural;
  /** Over data kept through a failure: `$` is how long ago it was loaded ("5 minutes ago"), followed by the failure's sentence. */
  asOf: string;

  // Why a widget shows no data
  /** Something other than the service failed (a view threw). */
  failed: string;
  /** An embed's attributes are wrong: `$` is the developer's error message (in English). */
  setupWrong: string;
  /** HTTP 400: the address is not one the service takes. */
  invalidAddress: string;
  /** HTTP 403 from a proxy: `$` is the page's origin. */
  originNotAllowed: string;
  /** HTTP 429 without a reset time. */
  busy: string;
  /** HTTP 5xx. */
  trouble: string;
  /** Any other HTTP status. */
  notAccepted: string;
  /** The connection failed. */
  network: string;
  /** Nothing answers at `baseUrl`. */
  unreachable: string;
  /** The service answered but refused this page's origin or key: `$` is the page's origin. */
  refused: string;
  /** The page's Content-Security-Policy blocked the request. */
  blocked: string;
  /** `baseUrl` answers, but it is not the service. */
  notService: string;
  /** The API key is not valid. */
  invalidKey: string;
  /** The key's quota is spent: `$` is when it resets (date and time, in the visitor's time zone). */
  quota: string;
  /** The service took longer than `timeoutMs`. */
  timeout: string;
  /** The answer was over `maxResponseBytes`. */
  tooLarge: string;
  /** The service redirected, which repkit does not follow. */
  redirect: string;
  /** The answer was not the record it should be. */
  malformed: string;

  // Reputation widget
  /** The label of the total score. */
  reputationScore: string;
  /** The name of the list of category scores. */
  scoreByCategory: string;
  /** When the address has no category scores. */
  noCategoryScores: string;
  /** When the scores were calculated: `$` is the date. */
  updated: string;
  /** HTTP 404 for scores. */
  noReputation: string;
  /**
   * Names of the service's categories, by key (`longevity`, `txCount`, …), shown when a score
   * carries no title of its own; in English, the service's titles are shown as sent.
   */
  categories: Readonly<Record<string, string>>;

  // Badge widget
  /** The heading of the badge list. */
  badges: string;
  /** Beside it: `$` is how many badges the address earned. */
  earnedCount: Plural;
  /** When the address has earned none. */
  noBadges: string;
  /** For one badge the address has not earned. */
  notEarned: string;
  /** When a badge was earned: `$` is the date. */
  earnedOn: string;
  /** A badge's level: `$` is its number. */
  level: string;
  /** The name of a badge's ladder of levels. */
  levels: string;
  /** Read after a level the address has reached. */
  reached: string;
  /** Tier names, from level 1 to 5 (bronze, silver, gold, platinum, diamond): every tier says its name, not only its colour. */
  tiers: readonly [string, string, string, string, string];
  /** HTTP 404 for the badge list. */
  noBadgeData: string;
  /** HTTP 404 for one badge. */
  badgeNotEarned: string;

  // Category widget
  /** After the category's score. */
  points: Plural;
  /** A way of scoring's worth: `$` is its points. */
  pts: Plural;
  /** Marks the way of scoring the address achieved. */
  yourScore: string;
  /** The name of the list of ways of scoring. */
  waysToScore: string;
  /** The heading of the advice. */
  howToEarn: string;
  /** HTTP 404 for a category score. */
  noCategoryScore: string;

  // Profile widget
  /** The verified mark's name. */
  verified: string;
  /** The copy button. */
  copy: string;
  /** The copy button's accessible name. */
  copyAddress: string;
  /** The copy button after a copy. */
  copied: string;
  /** The copy button when copying failed. */
  copyFailed: string;
  /** Announced after a copy. */
  addressCopied: string;
  /** Announced when copying failed. */
  addressNotCopied: string;
  /** The list of social accounts. */
  socials: string;
  /** The list of on-chain identities. */
  identities: string;
  /** An identity's legal name. */
  legalName: string;
  /** An identity's website. */
  web: string;
  /** An identity's role. */
  role: string;
  /** An identity's registrar judgements. */
  judgements: string;
  /** After a judgement: `$` is the registrar's number. */
  registrar: string;
  /** After the NFT count: `$` is the count. */
  nfts: Plural;
  /** When the address has no profile. */
  noProfile: string;
}

/** Some of the messages: a page's overrides, or a catalogue still being written. */
export type MessageOverrides = Partial<Messages>;
