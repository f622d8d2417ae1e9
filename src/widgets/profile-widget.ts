import type { RequestOptions, ServiceClient } from '../client/service-client';
import { ServiceError } from '../client/service-error';
import type { ChainIdentity, UserProfile } from '../client/types';
import { shortAddress } from '../render/address';
import { formatNumber } from '../render/format';
import { html, safeUrl, type Html } from '../render/html';
import { identicon } from '../render/identicon';
import { displayNameOf, isVerified, socialsOf, webUrl, type Social } from '../rules/profile';
import { Widget } from './base-widget';
import { ownValue } from './categories';
import { isBoolean } from './options';
import type { ProfileWidgetOptions } from './types';
import css from '../../styles/profile.css?raw';

const PLATFORM_LABELS: Record<string, string> = {
  web: 'Website',
  email: 'Email',
  twitter: 'X',
  github: 'GitHub',
  matrix: 'Matrix',
  discord: 'Discord',
  riot: 'Element',
};

/** A link that opens outside the widget without handing the page or the referrer to it. */
const link = (url: string | undefined, text: string): Html =>
  url ? html`<a href="${url}" target="_blank" rel="noopener noreferrer nofollow">${text}</a>` : html`<span>${text}</span>`;

const verifiedMark = (): Html => html`<span class="rk-verified" part="verified" title="Verified identity"><span aria-hidden="true">✓</span><span class="rk-hidden">Verified identity</span></span>`;

/**
 * The profile widget: avatar, display name, verified mark, address, bio, social links,
 * on-chain identities and NFT count. An address without a profile is shown as such, not as
 * an error.
 *
 * @example
 * new ProfileWidget({ apiKey, address, showIdentities: false }).mount('#profile');
 */
export class ProfileWidget extends Widget<
  ProfileWidgetOptions,
  UserProfile | null,
  'showAvatar' | 'showBio' | 'showSocials' | 'showIdentities' | 'showNftCount'
> {
  /** @throws TypeError when a required option is missing or an option has the wrong type. */
  constructor(options: ProfileWidgetOptions) {
    super(
      {
        name: 'profile',
        css,
        defaults: { showAvatar: true, showBio: true, showSocials: true, showIdentities: true, showNftCount: true },
        rules: { showAvatar: isBoolean, showBio: isBoolean, showSocials: isBoolean, showIdentities: isBoolean, showNftCount: isBoolean },
      },
      options,
    );
  }

  protected async load(client: ServiceClient, request: RequestOptions): Promise<UserProfile | null> {
    try {
      return await client.getProfile(this.options.address, request);
    } catch (error) {
      // No profile is a normal answer for most addresses, not a failure.
      if (error instanceof ServiceError && error.statusCode == 404) return null;
      throw error;
    }
  }

  protected notFoundSentence(): string {
    return 'No profile set up yet.';
  }

  protected renderSkeleton(): Html {
    return html`<div class="rk-card"><span class="rk-hidden">Loading profile…</span><div class="rk-head">${this.options.showAvatar && html`<span class="rk-avatar rk-skel"></span>`}<span class="rk-skel rk-skel-head"></span></div><span class="rk-skel rk-skel-row"></span><span class="rk-skel rk-skel-row"></span></div>`;
  }

  #avatar(url?: string): Html | false {
    const image = safeUrl(url);
    // The generated avatar sits under the image and shows if the image is missing or broken.
    return this.options.showAvatar && html`<span class="rk-avatar" part="avatar">${identicon(this.options.address)}${image && html`<img src="${image}" alt="" loading="lazy" referrerpolicy="no-referrer">`}</span>`;
  }

  #addressRow(): Html {
    return html`<p class="rk-address-row">${this.renderAddress()}<button type="button" class="rk-copy" part="copy" data-action="copy" aria-label="Copy address">Copy</button><span class="rk-hidden rk-copy-status" role="status"></span></p>`;
  }

  protected renderData(profile: UserProfile | null): Html {
    const o = this.options;
    if (!profile) {
      return html`<div class="rk-card"><div class="rk-head">${this.#avatar()}<div class="rk-who"><p class="rk-empty" part="empty">No profile set up yet</p>${this.#addressRow()}</div></div></div>`;
    }
    const socials = o.showSocials ? socialsOf(profile) : [];
    const identities = o.showIdentities ? profile.chainIdentities ?? [] : [];
    return html`<div class="rk-card">
<div class="rk-head">${this.#avatar(profile.avatarUrl)}<div class="rk-who"><p class="rk-name-row"><strong class="rk-name" part="name">${displayNameOf(profile)}</strong>${isVerified(profile) && verifiedMark()}</p>${this.#addressRow()}</div></div>
${o.showBio && profile.bio?.trim() && html`<p class="rk-bio" part="bio">${profile.bio}</p>`}
${socials.length > 0 && html`<ul class="rk-socials" part="socials" aria-label="Social accounts">${socials.map(this.#social)}</ul>`}
${identities.length > 0 && html`<ul class="rk-identities" part="identities" aria-label="On-chain identities">${identities.map(this.#identity)}</ul>`}
${o.showNftCount && profile.nftCount !== undefined && html`<p class="rk-nfts" part="nfts"><strong>${formatNumber(profile.nftCount, o.locale)}</strong> NFTs</p>`}
</div>`;
  }

  #social = ({ platform, handle, url }: Social): Html =>
    html`<li class="rk-social" data-platform="${platform}"><span class="rk-platform">${ownValue(PLATFORM_LABELS, platform) ?? platform}</span>${link(url, handle)}</li>`;

  #identity = (identity: ChainIdentity): Html => {
    const facts: [string, Html | string | undefined][] = [
      ['Legal name', identity.legal],
      ['Web', identity.web && link(webUrl(identity.web), identity.web)],
      ['Role', identity.role],
      ['Judgements', identity.judgements?.map((j) => `${j.judgement} (registrar ${j.index})`).join(', ')],
    ];
    return html`<li class="rk-identity" part="identity"><p class="rk-name-row"><strong class="rk-identity-name">${identity.display?.trim() || shortAddress(identity.address)}</strong>${isVerified(identity) && verifiedMark()}</p>${facts.map(([label, value]) => value && html`<p class="rk-fact"><span class="rk-fact-label">${label}</span> ${value}</p>`)}</li>`;
  };

  protected override onAction(action: string, button: HTMLElement): void {
    if (action != 'copy') return;
    const status = button.parentElement?.querySelector('.rk-copy-status');
    const say = (text: string) => {
      // The button shows it; the status region announces it to screen readers.
      button.textContent = text;
      if (status) status.textContent = text == 'Copied' ? 'Address copied' : 'The address could not be copied';
      setTimeout(() => {
        button.textContent = 'Copy';
        if (status) status.textContent = '';
      }, 1500);
    };
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) return say('Copy failed');
    clipboard.writeText(this.options.address).then(
      () => say('Copied'),
      () => say('Copy failed'),
    );
  }
}
