import type { UserProfile } from '../../../client/types';
import { blank, prose } from '../../placeholder';

/** A typical app user's profile: a name, a short bio, five social accounts, two identities. */
export const profilePlaceholder = ({ address }: { address: string }): UserProfile => ({
  address,
  displayName: blank(15),
  bio: prose(11),
  socialLinks: { twitter: blank(15), github: blank(15), discord: blank(10), telegram: blank(9) },
  chainIdentities: [
    { address, display: blank(5), web: 'https://x.example', judgements: [{ index: 0, judgement: 'KnownGood' }] },
    { address, display: blank(13) },
  ],
});
