import type { UserProfile } from '../../../client/types';
import { Widget } from '../../widget';
import { PROFILE_OPTIONS, type ProfileWidgetOptions, type ProfileSettings } from './options';
import { profileKind } from './view';

/**
 * The profile widget: avatar, display name, verified mark, address, bio, social links,
 * on-chain identities and NFT count. An address without a profile is shown as such, not as
 * an error.
 *
 * @example
 * new ProfileWidget({ apiKey, address, showIdentities: false }).mount('#profile');
 */
export class ProfileWidget extends Widget<ProfileWidgetOptions, ProfileSettings, UserProfile | null> {
  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  constructor(options: ProfileWidgetOptions) {
    super(profileKind, options);
  }
}

/** What `createWidget`, the element and the snippet need of this kind. */
export const profileEntry = { widget: ProfileWidget, options: PROFILE_OPTIONS };
