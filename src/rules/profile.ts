import type { ChainIdentity, UserProfile } from '../client/types';
import { isText } from '../util/values';
import { shortAddress } from '../render/address';
import { safeUrl } from '../render/html';

/**
 * The profile rules (README, "Profile rules"), as pure functions. Every string they read may be hostile
 * (identity fields are written by anyone); what they return is data, still to be escaped.
 */

/** One social account, combined from `socialLinks` and the chain identity fields. */
export interface Social {
  /** Platform id: `web`, `email`, `twitter`, `github`, `matrix`, `discord`, `riot`, or another `socialLinks` key. */
  platform: string;
  handle: string;
  /** A safe link to the account (http(s), or `mailto:` for email), when one can be built. */
  url?: string;
}

/** `displayName` if set, else the first chain identity's `display`, else the short address. */
export const displayNameOf = (profile: UserProfile): string =>
  [profile.displayName, profile.chainIdentities?.[0]?.display].find(isText)?.trim() ?? shortAddress(profile.address);

const VERIFIED = ['Reasonable', 'KnownGood'];

/** True when any registrar judgement of the identity (or of any of the profile's) is `Reasonable` or `KnownGood`. */
export const isVerified = (subject: ChainIdentity | UserProfile): boolean =>
  ('chainIdentities' in subject ? subject.chainIdentities ?? [] : [subject as ChainIdentity]).some((identity) =>
    identity.judgements?.some((j) => VERIFIED.includes(j.judgement)),
  );

/** Builds a link for a handle, or undefined when the handle is not of the expected form. */
type LinkBuilder = (handle: string) => string | undefined;

const match = (pattern: RegExp, make: (m: RegExpMatchArray) => string | undefined): LinkBuilder => (handle) => {
  const m = handle.match(pattern);
  return m ? make(m) : undefined;
};

// A bare domain is common in identity records; anything else with a scheme must be http(s).
const webLink = /* @__PURE__ */ match(/^[a-z\d-]+(\.[a-z\d-]+)+(\/[^\s]*)?$/i, (m) => safeUrl(`https://${m[0]}`)?.href);

/** A safe link for a web site value: an http(s) URL as given, or a bare domain over https. */
export const webUrl = (value: string): string | undefined => safeUrl(value.trim())?.href ?? webLink(value.trim());

/**
 * Platforms that both sources can carry: the identity field, the `socialLinks` keys that mean
 * the same platform, and how to build a link. Listed in display order.
 */
const PLATFORMS: { platform: string; field: keyof ChainIdentity; aliases: string[]; link?: LinkBuilder }[] = [
  { platform: 'web', field: 'web', aliases: ['web', 'website', 'site'], link: webLink },
  { platform: 'email', field: 'email', aliases: ['email', 'mail'], link: /* @__PURE__ */ match(/^[\w.+-]+@[a-z\d-]+(\.[a-z\d-]+)+$/i, (m) => `mailto:${m[0]}`) },
  { platform: 'twitter', field: 'microblog', aliases: ['twitter', 'x'], link: /* @__PURE__ */ match(/^@?(\w{1,15})$/, (m) => `https://x.com/${m[1]}`) },
  {
    platform: 'github',
    field: 'codehost',
    aliases: ['github'],
    link: /* @__PURE__ */ match(/^@?([a-z\d](?:[a-z\d-]{0,38}))$/i, (m) => `https://github.com/${m[1]}`),
  },
  {
    platform: 'matrix',
    field: 'matrix',
    aliases: ['matrix'],
    link: /* @__PURE__ */ match(/^@[\w.=/+-]+:[a-z\d.-]+$/i, (m) => `https://matrix.to/#/${m[0]}`),
  },
  { platform: 'discord', field: 'chatserver', aliases: ['discord'] },
  { platform: 'riot', field: 'legacychat', aliases: ['riot', 'element'] },
];

const social = (platform: string, handle: string, link?: LinkBuilder): Social => {
  const value = handle.trim();
  const url = safeUrl(value)?.href ?? link?.(value);
  return url ? { platform, handle: value, url } : { platform, handle: value };
};

/**
 * Social accounts from `socialLinks` and the chain identities, one per platform; where both
 * name a platform, `socialLinks` wins. Known platforms come first, in a fixed order.
 */
export const socialsOf = (profile: UserProfile): Social[] => {
  const links = Object.entries(profile.socialLinks ?? {}).filter(([, handle]) => isText(handle));
  const used = new Set<string>();
  const found: Social[] = [];
  for (const { platform, field, aliases, link } of PLATFORMS) {
    const fromLinks = links.filter(([key]) => aliases.includes(key.toLowerCase()));
    const fromIdentity = profile.chainIdentities?.map((identity) => identity[field]).find(isText) as string | undefined;
    for (const [key] of fromLinks) used.add(key);
    const handle = fromLinks[0]?.[1] ?? fromIdentity;
    if (handle) found.push(social(platform, handle, link));
  }
  for (const [key, handle] of links) if (!used.has(key)) found.push(social(key, handle));
  return found;
};
