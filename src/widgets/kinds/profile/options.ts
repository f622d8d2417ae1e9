import { COMMON_OPTIONS, show, type BaseWidgetOptions } from '../../common-options';
import type { OptionTableFor, Settings } from '../../option-types';

/** Options of the profile widget: the common ones, and these. */
export interface ProfileWidgetOptions extends BaseWidgetOptions {
  /**
   * Show the `avatarUrl` image (http(s) only), over an avatar generated from the address that shows
   * when there is no image or it fails to load.
   * @default true
   */
  showAvatar?: boolean;
  /**
   * Show the bio.
   * @default true
   */
  showBio?: boolean;
  /**
   * Show social accounts from `socialLinks` and the chain identities; links open in a new tab with
   * `rel="noopener noreferrer nofollow"`.
   * @default true
   */
  showSocials?: boolean;
  /**
   * Show each on-chain identity: display, legal name, web, role, judgements, verified mark.
   * @default true
   */
  showIdentities?: boolean;
  /**
   * Show the NFT count.
   * @default true
   */
  showNftCount?: boolean;
}

/** How each option is checked and applied. Built in a pure call, so a bundle that never shows this kind drops it. */
export const PROFILE_OPTIONS = /* @__PURE__ */ (() =>
  ({
    ...COMMON_OPTIONS,
    showAvatar: show(true),
    showBio: show(true),
    showSocials: show(true),
    showIdentities: show(true),
    showNftCount: show(true),
  }) satisfies OptionTableFor<ProfileWidgetOptions>)();

/** The profile widget's options in force. */
export type ProfileSettings = Settings<ProfileWidgetOptions, typeof PROFILE_OPTIONS>;
