/**
 * The TypeScript consumer's source (test/package/typescript.test.ts writes it into the
 * throwaway consumer as `usage.ts`, an ES module, and `usage.cts`, CommonJS). It uses every
 * export of `repkit` and `repkit/embed` in the way the README documents, pins result types
 * with `Equal`, and proves with `@ts-expect-error` that misuse is refused (which also fails
 * if the declarations ever degrade to `any`). Kept as text: it imports the packed `repkit`,
 * which the repository itself cannot resolve before a build.
 */
export const USAGE = String.raw`
import {
  ServiceClient, ServiceError, OptionError, MountError, RepkitError, isRepkitError, DEFAULT_BASE_URL, type ServiceErrorKind,
  createWidget, WIDGET_TYPES, ReputationWidget, BadgeWidget, ProfileWidget, CategoryWidget,
  displayNameOf, isVerified, socialsOf, TIER_COLORS, tierOf, shortAddress,
  autoMount, mountAll, setDefaultNonce, RepkitWidgetElement, defineRepkitElement,
  snippet, VERSION,
  type AnyWidget, type BadgeData, type BadgeDefinition, type BadgeDefinitions, type BadgeLevel,
  type BadgeWidgetOptions, type BaseWidgetOptions, type CategoryDefinition, type CategoryDefinitions,
  type CategoryScore, type CategoryWidgetOptions, type ChainIdentity, type ClientOptions, type DataSource,
  type Judgement, type ProfileWidgetOptions, type ReasonDetail, type ReputationWidgetOptions,
  type RequestOptions, type SignalOrOptions, type SnippetOptions, type Social, type SpecificCategoryScore,
  type SpecificUserBadge, type Theme, type ThresholdDetail, type Tier, type UserBadge, type UserBadges,
  type UserProfile, type UserScores, type WidgetByType, type WidgetConfig, type WidgetOptionsByType, type WidgetState, type WidgetType,
  type WidgetData, type RepkitLoadEvent, type RepkitErrorEvent, type LoadDetail, type ErrorDetail,
  type RepkitWidgetAttributes, type AttributesOf, type AttributeValue, type KebabCase,
} from 'repkit';
import * as embed from 'repkit/embed';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(): T | void => undefined;

const apiKey = 'demo-key';
const address = '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6';

// ---- client -------------------------------------------------------------------------------
const clientOptions: ClientOptions = { apiKey, baseUrl: DEFAULT_BASE_URL, timeoutMs: 5000, retries: 1, cacheTtlMs: 0, fetch: globalThis.fetch };
const client = new ServiceClient(clientOptions);
const baseUrl: string = client.baseUrl;
// No key: a proxy at baseUrl adds it (docs/proxy.md).
new ServiceClient({ baseUrl: '/rep' });
// @ts-expect-error apiKey is a string
new ServiceClient({ apiKey: 42 });
// @ts-expect-error retries is a number
new ServiceClient({ apiKey, retries: '2' });

export async function useClient(): Promise<number> {
  const controller = new AbortController();
  const requestOptions: RequestOptions = { signal: controller.signal, fresh: true };
  const last: SignalOrOptions[] = [controller.signal, requestOptions, {}];

  const scores = await client.getScores(address, controller.signal);
  expectType<Equal<typeof scores, UserScores>>();
  const category = await client.getCategoryScore(address, 'governance', requestOptions);
  expectType<Equal<typeof category, SpecificCategoryScore>>();
  const badges = await client.getBadges(address, last[0]);
  expectType<Equal<typeof badges, UserBadges>>();
  const badge = await client.getBadge(address, 'voter', { fresh: true });
  expectType<Equal<typeof badge, SpecificUserBadge>>();
  const profile = await client.getProfile(address);
  expectType<Equal<typeof profile, UserProfile>>();
  const badgeDefinitions = await client.getBadgeDefinitions();
  expectType<Equal<typeof badgeDefinitions, BadgeDefinitions>>();
  const categoryDefinitions = await client.getCategoryDefinitions({ signal: controller.signal });
  expectType<Equal<typeof categoryDefinitions, CategoryDefinitions>>();
  client.clearCache();
  // @ts-expect-error the address is required
  await client.getScores();
  // @ts-expect-error the category key is required
  await client.getCategoryScore(address);

  const total: number = scores.totalScore;
  const source: DataSource | undefined = scores.source;
  const score: CategoryScore | undefined = scores.categories?.['governance'];
  const definition: CategoryDefinition | null = category.definition;
  const reason: ReasonDetail | undefined = definition?.reasons[0];
  const threshold: ThresholdDetail | undefined = reason?.thresholds[0];
  const earned: UserBadge | undefined = badges.badges[0];
  const badgeDefinition: BadgeDefinition | null = badge.definition;
  const level: BadgeLevel | undefined = badgeDefinitions.badges[0]?.levels[0];
  const identity: ChainIdentity | undefined = profile.chainIdentities?.[0];
  const judgement: Judgement | undefined = identity?.judgements?.[0];
  const category0: CategoryDefinition | undefined = categoryDefinitions.categories[0];
  void [baseUrl, source, score, threshold, earned, badgeDefinition, level, judgement, category0];

  try {
    await client.getProfile('unknown');
  } catch (error) {
    if (error instanceof ServiceError) {
      const status: number = error.statusCode;
      const name: 'ServiceError' = error.name;
      const message: string = error.message;
      const kind: ServiceErrorKind = error.kind;
      void [status, name, message, kind];
    }
    if (!(error instanceof Error)) throw error;
    const asError: Error = new ServiceError(404, 'not found');
    void asError;
    // One family: every error repkit throws is a RepkitError, whichever entry threw it.
    const family: boolean = isRepkitError(error) && error instanceof RepkitError && !(error instanceof MountError);
    void family;
  }
  return total;
}

// ---- widgets ------------------------------------------------------------------------------
const reputation = createWidget({ type: 'reputation', apiKey, address, showCategories: true, maxCategories: 3, compact: false });
expectType<Equal<typeof reputation, ReputationWidget>>();
const badge = createWidget({ type: 'badge', apiKey, address, badgeKey: 'voter', maxBadges: 2, showProgress: true });
expectType<Equal<typeof badge, BadgeWidget>>();
const badges = createWidget({ type: 'badges', apiKey, address });
expectType<Equal<typeof badges, BadgeWidget>>();
const profile = createWidget({ type: 'profile', apiKey, address, showAvatar: true, showBio: false, showSocials: true, showIdentities: true, showNftCount: false });
expectType<Equal<typeof profile, ProfileWidget>>();
const category = createWidget({
  type: 'category', apiKey, address, categoryKey: 'governance',
  showTitle: true, showDescription: true, showBreakdown: false, showAdvice: true, showScoreOnly: false, compact: true,
});
expectType<Equal<typeof category, CategoryWidget>>();
// @ts-expect-error an unknown type
createWidget({ type: 'chart', apiKey, address });
// @ts-expect-error the category widget needs a categoryKey
createWidget({ type: 'category', apiKey, address });
// @ts-expect-error maxCategories is a number
createWidget({ type: 'reputation', apiKey, address, maxCategories: '3' });
// @ts-expect-error theme is light, dark or auto
createWidget({ type: 'profile', apiKey, address, theme: 'blue' });

const configs: WidgetConfig[] = [{ type: 'badges', apiKey, address }, { type: 'category', apiKey, address, categoryKey: 'txCount' }];
const config = configs[0]!;
const any = createWidget(config);
expectType<Equal<typeof any, AnyWidget>>();
expectType<Equal<AnyWidget, ReputationWidget | BadgeWidget | ProfileWidget | CategoryWidget>>();
expectType<Equal<WidgetByType['badges'], BadgeWidget>>();
expectType<Equal<WidgetByType['category'], CategoryWidget>>();
expectType<Equal<WidgetOptionsByType['badges'], BadgeWidgetOptions>>();
expectType<Equal<WidgetOptionsByType['reputation'], ReputationWidgetOptions>>();
const types: readonly WidgetType[] = WIDGET_TYPES;
expectType<Equal<WidgetType, 'reputation' | 'badge' | 'badges' | 'profile' | 'category'>>();

const base: BaseWidgetOptions = {
  apiKey, address, theme: 'auto', className: 'mine', locale: 'en-GB', nonce: 'abc', baseUrl: '/rep-proxy', timeoutMs: 1, retries: 0, cacheTtlMs: 0,
  onLoad: () => undefined,
  onError: (error: Error) => void error.message,
};
const reputationOptions: ReputationWidgetOptions = { ...base, maxCategories: 4 };
const badgeOptions: BadgeWidgetOptions = { ...base, maxBadges: 1 };
const profileOptions: ProfileWidgetOptions = { ...base, showBio: false };
const categoryOptions: CategoryWidgetOptions = { ...base, categoryKey: 'identity' };
const widgets: AnyWidget[] = [
  new ReputationWidget(reputationOptions),
  new BadgeWidget(badgeOptions),
  new ProfileWidget(profileOptions),
  new CategoryWidget(categoryOptions),
];
// @ts-expect-error the category widget needs a categoryKey
new CategoryWidget(base);

export async function useWidget(): Promise<void> {
  const widget = reputation.mount('#reputation');
  expectType<Equal<typeof widget, ReputationWidget>>();
  category.mount(document.body);
  widget.update({ theme: 'dark' }).update({ maxCategories: 2, address });
  // @ts-expect-error an option of another kind
  widget.update({ maxBadges: 1 });
  // @ts-expect-error the loader is not public
  widget.load;
  const state: WidgetState = widget.state;
  const element: HTMLElement | undefined = widget.element;
  const theme: Theme = widget.options.theme;
  const maxCategories: number = widget.options.maxCategories;
  const categoryKey: string = category.options.categoryKey;
  const maxBadges: number = badge.options.maxBadges;
  const done: Promise<void> = widget.refresh();
  await done;
  widget.destroy();
  for (const w of widgets) w.destroy();
  void [state, element, theme, maxCategories, categoryKey, maxBadges, types];
  element?.addEventListener('repkit:load', (event) => void event);
  // Under exactOptionalPropertyTypes, undefined puts an option back to its default (README).
  widget.update({ maxCategories: undefined, theme: undefined });
  badge.update({ badgeKey: undefined });
  category.update({ showAdvice: undefined });
}

// ---- events: typed in HTMLElementEventMap and DocumentEventMap ------------------------------
export function listen(host: HTMLElement): void {
  host.addEventListener('repkit:load', (event) => {
    expectType<Equal<typeof event, RepkitLoadEvent>>();
    const data: WidgetData = event.detail.data;
    if (data && 'totalScore' in data) void (data.totalScore satisfies number);
  });
  host.addEventListener('repkit:error', (event) => {
    expectType<Equal<typeof event, RepkitErrorEvent>>();
    const error: Error = event.detail.error;
    void error.message;
    if (error instanceof ServiceError) void error.statusCode;
    if (error instanceof OptionError) void (error.option satisfies string);
  });
  document.addEventListener('repkit:load', (event) => void (event.detail satisfies LoadDetail<WidgetData>));
  document.addEventListener('repkit:error', (event) => void (event.detail satisfies ErrorDetail));
  document.querySelector('repkit-widget')?.addEventListener('repkit:load', (event) => void event.detail.data);
  expectType<Equal<RepkitLoadEvent<UserScores>['detail']['data'], UserScores>>();
  expectType<Equal<WidgetData, UserScores | BadgeData | UserProfile | null | SpecificCategoryScore>>();
  // @ts-expect-error detail.data is not a string
  host.addEventListener('repkit:load', (event) => void (event.detail.data satisfies string));
}

// ---- <repkit-widget> attributes (what repkit/react and repkit/preact put in JSX) -------------
const attributes: RepkitWidgetAttributes[] = [
  { type: 'reputation', address, 'api-key': apiKey, 'max-categories': 3, compact: true, theme: 'dark', 'base-url': undefined },
  { type: 'badges', address, 'max-badges': '2', 'show-progress': 'false' },
  { type: 'category', address, 'category-key': 'governance', 'show-score-only': '' },
];
// @ts-expect-error a category widget needs its category-key
const noKey: RepkitWidgetAttributes = { type: 'category', address };
expectType<Equal<KebabCase<'cacheTtlMs'>, 'cache-ttl-ms'>>();
const counts: AttributeValue<number>[] = [3, '3'];
// @ts-expect-error a count is a number or its text
const notCount: AttributeValue<number> = 'three';
expectType<Equal<keyof AttributesOf<{ showBio?: boolean; onLoad?: () => void }>, 'show-bio'>>();

const badgeData: BadgeData[] = [{ badges: [], definitions: new Map<string, BadgeDefinition>() }, { badge: { address, badge: null, definition: null } }];

// ---- profile rules, tiers, addresses --------------------------------------------------------
const someProfile: UserProfile = { address, displayName: 'Alice', socialLinks: { github: 'alice' }, chainIdentities: [{ address, judgements: [{ index: 0, judgement: 'KnownGood' }] }] };
const name: string = displayNameOf(someProfile);
const verified: boolean = isVerified(someProfile) || isVerified(someProfile.chainIdentities![0]!);
const socials: Social[] = socialsOf(someProfile);
const social: Social = { platform: 'web', handle: 'example.org', url: 'https://example.org' };
const gold: '#FFD700' = TIER_COLORS.gold;
const tier: Tier = tierOf(3);
expectType<Equal<Tier, 'bronze' | 'silver' | 'gold' | 'platinum' | 'diamond'>>();
const colour: string = TIER_COLORS[tierOf(5)];
// @ts-expect-error the tier colours are read-only
TIER_COLORS.gold = '#000000';
const short: string = shortAddress(address);

// ---- embedding ------------------------------------------------------------------------------
const mounted: AnyWidget[] = mountAll();
mountAll(document.body);
autoMount();
autoMount(document);
setDefaultNonce('nonce');
setDefaultNonce(undefined);
defineRepkitElement();
defineRepkitElement('my-reputation');
const elementClass: CustomElementConstructor = RepkitWidgetElement;
const observed: readonly string[] = RepkitWidgetElement.observedAttributes;
const element = document.createElement('repkit-widget');
expectType<Equal<typeof element, RepkitWidgetElement>>();
expectType<Equal<HTMLElementTagNameMap['repkit-widget'], RepkitWidgetElement>>();
const inside: AnyWidget | undefined = element.widget ?? document.querySelector('repkit-widget')?.widget;
const snippetOptions: SnippetOptions = { scriptUrl: '/assets/repkit.umd.js' };
const html: string = snippet({ type: 'badge', apiKey, address, maxBadges: 3 }, snippetOptions) + snippet(config, snippetOptions);
// @ts-expect-error a snippet needs to know where the page loads repkit from
snippet(config);
// @ts-expect-error a snippet needs a whole config
snippet({ type: 'badge', apiKey });
const version: string = VERSION;

// ---- repkit/embed re-exports the same declarations -----------------------------------------
expectType<Equal<typeof embed.ServiceClient, typeof ServiceClient>>();
expectType<Equal<typeof embed.createWidget, typeof createWidget>>();
expectType<Equal<typeof embed.RepkitWidgetElement, typeof RepkitWidgetElement>>();
expectType<Equal<embed.WidgetConfig, WidgetConfig>>();
const fromEmbed: ReputationWidget = embed.createWidget({ type: 'reputation', apiKey, address });

export const used = [attributes, noKey, counts, notCount, badgeData, name, verified, socials, social, gold, tier, colour, short, mounted, elementClass, observed, inside, html, version, fromEmbed];
`;
