import type { UserProfile } from '../client/types';
import { profileKind, type ProfileWidgetOptions } from './kinds/profile';
import { Widget } from './widget';

/**
 * The profile widget: avatar, display name, verified mark, address, bio, social links,
 * on-chain identities and NFT count. An address without a profile is shown as such, not as
 * an error.
 *
 * @example
 * new ProfileWidget({ apiKey, address, showIdentities: false }).mount('#profile');
 */
export class ProfileWidget extends Widget<(typeof profileKind)['options'], UserProfile | null, 'address'> {
  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  constructor(options: ProfileWidgetOptions) {
    super(profileKind, options);
  }
}
