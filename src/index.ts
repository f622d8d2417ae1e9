/**
 * repkit: a typed client and embeddable widgets for on-chain reputation.
 *
 * This entry has no side effects: importing it registers nothing and touches no global.
 */
export { ServiceClient, type RequestOptions, type SignalOrOptions } from './client/service-client';
export { RepkitError, ServiceError, OptionError, MountError, isRepkitError, type ServiceErrorKind } from './errors';
export { DEFAULT_BASE_URL, type ClientOptions } from './client/options';
export type * from './client/types';

export { createWidget, WIDGET_TYPES } from './widgets/create-widget';
export * from './widgets/kinds/registry';
export { displayNameOf, isVerified, socialsOf, type Social } from './rules/profile';
export { TIER_COLORS, tierOf, type Tier } from './widgets/tiers';
export { shortAddress } from './render/address';
export type * from './widgets/types';
export type { LoadDetail, ErrorDetail } from './widgets/widget';
export type { RepkitLoadEvent, RepkitErrorEvent } from './events';
export type { RepkitWidgetAttributes, AttributesOf, AttributeValue, KebabCase } from './jsx';

export { autoMount, mountAll } from './embed/mount-all';
export { setDefaultNonce } from './widgets/styles';
export { RepkitWidgetElement, defineRepkitElement } from './embed/element';
export { snippet, type SnippetOptions } from './embed/snippet';
export { registerLocale } from './i18n/locale';
export type { Catalogue, Locale, Message, Messages, Plural, PluralMessage } from './i18n/messages';
export { VERSION } from './version';
