import { isServiceError } from '../../../errors';
import type { ChainIdentity, UserProfile } from '../../../client/types';
import { shortAddress } from '../../../render/address';
import type { Message, Words } from '../../../i18n/messages';
import { formatNumber } from '../../../render/format';
import { html, linkUrl, safeUrl, type Html, type HtmlValue } from '../../../render/html';
import { identicon } from '../../../render/identicon';
import { displayNameOf, firstSocials, isVerified, platformLabel, webUrl, type Social } from '../../../rules/profile';
import { widgetClass, type WidgetClass } from '../../widget-class';
import type { ActionContext, Kind, Localized } from '../../descriptor';
import { profilePlaceholder } from './placeholder';
import { PROFILE_OPTIONS, type ProfileWidgetOptions, type ProfileSettings } from './options';
import { addressView, boundedItem, clamped, firstOf, image, link, LIST_LIMITS, moreLine } from '../../views/common';
import clampCss from '../../../../styles/clamp.css?raw';
import css from '../../../../styles/profile.css?raw';

type S = ProfileSettings & Localized;

/** A name and, when a registrar vouches for its subject, the verified mark. */
const nameRow = (name: Html, subject: ChainIdentity | UserProfile, t: Words['t']): Html =>
  html`<p class="rk-name-row">${name}${isVerified(subject) && html`<span class="rk-verified" part="verified" title="${t('Verified identity')}"><span aria-hidden="true">✓</span><span class="rk-hidden">${t('Verified identity')}</span></span>`}</p>`;

/**
 * The card with its head, which the empty view and the profile share: the avatar (the generated
 * one under the image, which shows if the image is missing or broken), `who` above the address
 * row, and `body` under the head.
 */
const card = (s: S, who: Html, avatarUrl?: string, body?: HtmlValue[]): Html =>
  html`<div class="rk-card">
    <div class="rk-head">
      ${s.showAvatar && html`<span class="rk-avatar" part="avatar">${identicon(s.address)}${image(safeUrl(avatarUrl))}</span>`}
      <div class="rk-who">
        ${who}
        <p class="rk-address-row">
          ${addressView(s.address)}<button type="button" class="rk-copy" part="copy" data-action="copy" aria-label="${s.t('Copy address')}">${s.t('Copy')}</button>
          <span class="rk-hidden rk-copy-status" role="status"></span>
        </p>
      </div>
    </div>
    ${body}
  </div>`;

/** A social account; the two platforms named by a common word (Website, Email) are named in the locale's words. */
const socialItem = ({ platform, handle, url }: Social, t: Words['t']): Html =>
  html`<li class="rk-social" data-platform="${platform}">
    <span class="rk-platform">${boundedItem(t(platformLabel(platform) as Message))}</span>${link(url ? linkUrl(url) : undefined, boundedItem(handle))}
  </li>`;

const fact = (label: string, value: Html | string | undefined): Html | false =>
  !!value &&
  html`<p class="rk-fact"><span class="rk-fact-label">${label}</span> ${typeof value == 'string' ? boundedItem(value) : value}</p>`;

const judgementsText = (identity: ChainIdentity, { t, n, locale }: S): string | undefined => {
  if (!identity.judgements?.length) return undefined;
  const [shown, hidden] = firstOf(identity.judgements, LIST_LIMITS.judgements);
  const text = shown.map((j) => `${boundedItem(j.judgement)} (${t('registrar $', formatNumber(j.index, locale))})`).join(', ');
  return hidden ? `${text}, ${n('+$ more', hidden)}` : text;
};

const identityItem = (identity: ChainIdentity, s: S): Html => {
  const { t } = s;
  const judgements = judgementsText(identity, s);
  return html`<li class="rk-identity" part="identity">
    ${nameRow(html`<strong class="rk-identity-name">${boundedItem(identity.display?.trim() || shortAddress(identity.address))}</strong>`, identity, t)}
    ${fact(t('Legal name'), identity.legal)}
    ${fact(t('Web'), identity.web && link(safeUrl(webUrl(identity.web)), boundedItem(identity.web)))}
    ${fact(t('Role'), identity.role)}
    ${fact(t('Judgements'), judgements)}
  </li>`;
};

/** The shown items of a list and how many were left out, as a list (part `part`, class `rk-<part>`) and a "+N more" line. */
const listOf = <T>([shown, hidden]: [T[], number], part: string, label: string, item: (x: T) => Html, s: S): Html | false =>
  shown.length > 0 && html`<ul class="rk-${part}" part="${part}" aria-label="${label}">${shown.map(item)}</ul>${moreLine(hidden, s)}`;

/** "12 NFTs", the count in bold. */
const nftsLine = (count: number, { n, locale }: S): Html => {
  const [before, after] = n('$ NFTs', count, true).split('$');
  return html`<p class="rk-nfts" part="nfts">${before}<strong>${formatNumber(count, locale)}</strong>${after}</p>`;
};

const ready = (profile: UserProfile | null, s: S): Html =>
  profile
    ? card(
        s,
        nameRow(html`<strong class="rk-name" part="name">${boundedItem(displayNameOf(profile))}</strong>`, profile, s.t),
        profile.avatarUrl,
        [
          s.showBio && profile.bio?.trim() && clamped('bio', profile.bio, s),
          s.showSocials &&
            listOf(firstSocials(profile, LIST_LIMITS.socials), 'socials', s.t('Social accounts'), (social) => socialItem(social, s.t), s),
          s.showIdentities &&
            listOf(
              firstOf(profile.chainIdentities ?? [], LIST_LIMITS.identities),
              'identities',
              s.t('On-chain identities'),
              (i) => identityItem(i, s),
              s,
            ),
          s.showNftCount && profile.nftCount !== undefined && nftsLine(profile.nftCount, s),
        ],
      )
    : card(s, html`<p class="rk-empty" part="empty">${s.t('No profile set up yet.')}</p>`);

/** Says how the copy went on the button and, for screen readers, in the status region. */
const copied = (button: HTMLElement, ok: boolean, { settings: { t }, later }: ActionContext<S>): void => {
  const status = button.parentElement?.querySelector('.rk-copy-status');
  button.textContent = ok ? t('Copied') : t('Copy failed');
  if (status) status.textContent = ok ? t('Address copied') : t('The address could not be copied');
  later(() => {
    button.textContent = t('Copy');
    if (status) status.textContent = '';
  }, 1500);
};

/** The profile widget: avatar, name, verified mark, bio, social links, identities, NFT count. */
export const profileKind: Kind<ProfileWidgetOptions, ProfileSettings, UserProfile | null, 'profile'> = {
  name: 'profile',
  css: /* @__PURE__ */ (() => clampCss + css)(),
  parts: ['avatar', 'name', 'verified', 'copy', 'bio', 'socials', 'identities', 'identity', 'nfts'],
  options: PROFILE_OPTIONS,
  required: ['address'],
  placeholder: profilePlaceholder,
  async load(client, s, request) {
    try {
      return await client.getProfile(s.address, request);
    } catch (error) {
      // No profile is a normal answer for most addresses, not a failure.
      if (isServiceError(error) && error.statusCode == 404) return null;
      throw error;
    }
  },
  views: {
    ready,
    notFound: ({ t }) => t('No profile set up yet.'),
  },
  actions: {
    copy(button, context) {
      const clipboard = globalThis.navigator?.clipboard;
      if (!clipboard) return copied(button, false, context);
      clipboard.writeText(context.settings.address).then(
        () => copied(button, true, context),
        () => copied(button, false, context),
      );
    },
  },
};

/**
 * The profile widget: avatar, display name, verified mark, address, bio, social links,
 * on-chain identities and NFT count. An address without a profile is shown as such, not as
 * an error.
 *
 * @example
 * new ProfileWidget({ apiKey, address, showIdentities: false }).mount('#profile');
 */
export const ProfileWidget: WidgetClass<ProfileWidgetOptions, ProfileSettings, UserProfile | null, 'profile'> =
  /* @__PURE__ */ widgetClass(profileKind);
export type ProfileWidget = InstanceType<typeof ProfileWidget>;

export type { ProfileWidgetOptions } from './options';
