/**
 * Every word a visitor sees or hears, as one typed catalogue keyed by its English text (as
 * gettext is): English is the keys themselves, so an English page carries no catalogue at all.
 * Other languages are modules of their own (src/locales/), registered with `registerLocale`
 * only on pages that load them, and a page can override any message with the `messages` option.
 * A message a catalogue lacks is said in English, never as a key.
 *
 * `$` stands for the message's one value (a number already formatted for the locale, a date, an
 * origin, a name), or two where its JSDoc says so, in order; a {@link Plural} picks its form by
 * `Intl.PluralRules`.
 */

/** A message that depends on a count: one text per plural category of the language (`other` is required). `$` is the formatted count. */
export type Plural = { other: string } & Partial<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>>;

/** Every message, by its English text, with what it is for. */
export interface Messages {
  // Every kind
  /** Read by screen readers while a widget loads. */
  'Loading…': string;
  /** Said when a first load takes more than a few seconds (the service computes a new address's scores on the spot). */
  'Calculating this reputation from chain data. The first look at an address can take up to a minute…': string;
  /** The button after a failure that trying again may fix. */
  'Try again': string;
  /** Opens long text cut to a few lines. */
  'Show more': string;
  /** Closes it again. */
  'Show less': string;
  /** Under a list cut at its limit: `$` is how many items were left out. */
  '+$ more': Plural;
  /** Over data kept through a failure: `$` is how long ago it was loaded ("5 minutes ago"); the failure's sentence follows. */
  'As of $.': string;

  // Why a widget shows no data
  /** Something other than the service failed (a view threw); also any failure while the sentences saying why (`repkit.chunk-failure.js`, beside the script) cannot load. */
  'This widget could not be shown.': string;
  /** An embed's attributes are wrong: `$` is the developer's error message (in English). */
  'This widget is set up wrongly: $.': string;
  /** HTTP 400: the address is not one the service takes. */
  'This is not a valid address.': string;
  /** HTTP 403 from a proxy: `$` is the page's origin, in brackets after a space, or nothing. */
  "Origin$ not allowed: add it to the proxy's allowOrigins.": string;
  /** HTTP 429 without a reset time. */
  'The service is busy (rate limited).': string;
  /** HTTP 5xx. */
  'The service is having trouble.': string;
  /** Any other HTTP status. */
  'The service did not accept this request.': string;
  /** The connection failed. */
  'Could not reach the service.': string;
  /** Nothing answers at `baseUrl`. */
  'Could not reach the service: check baseUrl (host, port).': string;
  /**
   * A browser request the service refused without CORS headers, so the page cannot tell why: the
   * key does not allow the page's origin (the likeliest: a new key allows only the portal's own
   * origin), or the key is wrong or missing. `$` is the page's origin, in brackets after a space,
   * or nothing.
   */
  'The service refused this page. Most likely the API key does not allow origin$: add it in the developer portal, or use a proxy. Otherwise the key is wrong or missing: check apiKey.': string;
  /** The page's Content-Security-Policy blocked the request. */
  'Blocked by CSP: add the service to connect-src.': string;
  /** `baseUrl` answers, but it is not the service. */
  'No service at baseUrl (404): check its path.': string;
  /** `baseUrl` is a repkit proxy whose `upstream` is not the service (it answered a 404 that is not the service's own). */
  "The proxy's upstream is not the service (404): check the proxy's upstream option.": string;
  /** The API key is not valid. */
  'Invalid API key.': string;
  /** The key's quota is spent: `$` is when it resets and the widget loads again by itself (date and time, in the visitor's time zone). */
  'Quota used up: trying again at $.': string;
  /** The service took longer than `timeoutMs`. */
  'Timed out.': string;
  /** The answer was over `maxResponseBytes`. */
  'Response too large.': string;
  /** The service redirected, which repkit does not follow. */
  'Redirect not followed.': string;
  /** The answer was not the record it should be. */
  'Malformed response.': string;

  // Reputation widget
  /** The label of the total score. */
  'Reputation score': string;
  /** The name of the list of category scores. */
  'Score by category': string;
  /** When the address has no category scores. */
  'No category scores yet.': string;
  /** When the scores were calculated: `$` is the date. */
  'Updated $': string;
  /** HTTP 404 for scores. */
  'There is no reputation data for this address yet.': string;
  // The service's categories, shown when a score carries no title of its own (English shows the service's titles as sent).
  /** Category `longevity`. */
  'Account Longevity': string;
  /** Category `txCount`. */
  'Transaction Count': string;
  /** Category `txVolume`. */
  'Transaction Volume': string;
  /** Category `modules`. */
  'Module Diversity': string;
  /** Category `governance`. */
  'Governance Participation': string;
  /** Category `stakingRewards`. */
  'Staking Rewards': string;
  /** Category `stakingNominators`. */
  'Staking Nominator Diversity': string;
  /** Category `stakingSlash`. */
  'Staking Slash Penalties': string;
  /** Category `tokenDiversity`. */
  'Token Diversity': string;
  /** Category `nftHoldings`. */
  'NFT Holdings': string;
  /** Category `nftActivity`. */
  'NFT Activity': string;
  /** Category `extrinsicDepth`. */
  'Extrinsic Depth': string;
  /** Category `identity`. */
  Identity: string;
  /** Category `uniqueInteractions`. */
  'Unique Interactions': string;

  // Badge widget
  /** The heading of the badge list. */
  Badges: string;
  /** Beside it: `$` is how many badges the address earned. */
  '$ earned': Plural;
  /** When the address has earned none. */
  'No badges earned yet.': string;
  /** For one badge the address has not earned. */
  'Not earned yet': string;
  /** When a badge was earned: `$` is the date. */
  'Earned $': string;
  /** A badge's level: `$` is its number. */
  'Level $': string;
  /** The name of a badge's ladder of levels. */
  Levels: string;
  /** Read after a level the address has reached. */
  '(reached)': string;
  /** Tier of level 1: every tier says its name, not only its colour. */
  Bronze: string;
  /** Tier of level 2. */
  Silver: string;
  /** Tier of level 3. */
  Gold: string;
  /** Tier of level 4. */
  Platinum: string;
  /** Tier of level 5. */
  Diamond: string;
  /** HTTP 404 for the badge list. */
  'There is no badge data for this address yet.': string;
  /** HTTP 404 for one badge. */
  'This address has not earned this badge yet.': string;
  /** HTTP 404 for a `badgeKey` the service does not define: `$` is the defined key nearest to it. */
  'There is no such badge: did you mean "$"?': string;
  /** HTTP 404 for a `badgeKey` the service does not define and that is like none it does: `$` lists the defined keys. */
  'There is no such badge. Defined badges: $.': string;

  // Category widget
  /** After the category's score (English: "point" for 1). */
  points: Plural;
  /** A way of scoring's worth: `$` is its points. */
  '$ pts': Plural;
  /** Marks the way of scoring the address achieved. */
  'Your score': string;
  /** The name of the list of ways of scoring. */
  'Ways to score': string;
  /** The heading of the advice. */
  'How to earn more': string;
  /** HTTP 404 for a category score. */
  'This address has no score in this category yet.': string;
  /** HTTP 404 for a `categoryKey` the service does not define: `$` is the defined key nearest to it. */
  'There is no such category: did you mean "$"?': string;
  /** HTTP 404 for a `categoryKey` the service does not define and that is like none it does: `$` lists the defined keys. */
  'There is no such category. Defined categories: $.': string;

  // Profile widget
  /** The verified mark's name. */
  'Verified identity': string;
  /** The copy button. */
  Copy: string;
  /** The copy button's accessible name. */
  'Copy address': string;
  /** The copy button after a copy. */
  Copied: string;
  /** The copy button when copying failed. */
  'Copy failed': string;
  /** Announced after a copy. */
  'Address copied': string;
  /** Announced when copying failed. */
  'The address could not be copied': string;
  /** The list of social accounts. */
  'Social accounts': string;
  /** A website among the social accounts. */
  Website: string;
  /** An email address among the social accounts. */
  Email: string;
  /** The list of on-chain identities. */
  'On-chain identities': string;
  /** An identity's legal name. */
  'Legal name': string;
  /** An identity's website. */
  Web: string;
  /** An identity's role. */
  Role: string;
  /** An identity's registrar judgements. */
  Judgements: string;
  /** After a judgement: `$` is the registrar's number. */
  'registrar $': string;
  /** After the NFT count, which is `$` (English: "NFT" for 1). */
  '$ NFTs': Plural;
  /** When the address has no profile. */
  'No profile set up yet.': string;

  // Annotate (repkit/annotate): the chip after an address and the card it opens
  /** The chip's accessible name: the first `$` is the total score, the second its tier's name ("Gold"), both in this order. */
  'Reputation $, $ tier': string;
  /** The card's accessible name: `$` is the shortened address. */
  'Reputation of $': string;

  // The proxy's SVG badges: images for READMEs, a label and a value in a few words (lower case where the language has it)
  /** The label of the proxy's SVG reputation badge. */
  reputation: string;
  /** The label of the proxy's SVG badges badge. */
  badges: string;
  /** The SVG badges badge's value when the address has earned none. */
  none: string;
  /** An SVG badge's value when the service cannot be reached and nothing is kept. */
  unavailable: string;
  /** An SVG badge's value when the service has no data for the address. */
  'no data': string;
  /** An SVG badge's value for an address the service would refuse. */
  'invalid address': string;
  /** The SVG reputation badge's accessible name: the first `$` is the score, the second the shortened address (both, in this order). */
  'Reputation score $ for $': string;
  /** After it and a full stop, when the SVG badge shows categories: `$` is the list of them with their scores. */
  'Top categories: $': string;
  /** The SVG badges badge's accessible name: the first `$` is how many badges (English: "badge" for 1), the second the shortened address (both, in this order). */
  '$ badges earned by $': Plural;
  /** After it and a full stop, when the SVG badge shows badges: `$` is the list of them, each with its tier. */
  'Top badges: $': string;
}

/** A message said as is (with at most one `$`). */
export type Message = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];

/** A message that depends on a count. */
export type PluralMessage = Exclude<keyof Messages, Message>;

/**
 * A language's words: any messages (those it lacks are said in English), and `dir: 'rtl'` for
 * a right-to-left language, whose card is then laid out right to left whatever the page's
 * direction. What `registerLocale` and the `messages` option take.
 */
export type Catalogue = Partial<Messages> & { dir?: 'ltr' | 'rtl' };

/** A shipped language: every message. */
export type Locale = Messages & { dir?: 'ltr' | 'rtl' };

/**
 * The words of one render: the locale in force, its direction (when the catalogue gives one), and
 * `t` (a message, its `$` replaced by `value` when one is given: without, the caller splits the text
 * around markup) and `n` (a plural message for `count`; `bare`: with `$` left in, likewise).
 */
export interface Words {
  readonly locale: string;
  readonly dir?: 'ltr' | 'rtl';
  t(message: Message, value?: string): string;
  n(message: PluralMessage, count: number, bare?: boolean): string;
}
