import type { ChainIdentity, UserProfile } from '../client/types';
import { isText } from '../util/values';
import { shortAddress } from '../render/address';
import { safeUrl } from '../render/html';

/**
 * The profile rules (docs/reference.md, "Profile rules"), as pure functions. Every string they read may be hostile
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
  ('chainIdentities' in subject ? (subject.chainIdentities ?? []) : [subject as ChainIdentity]).some((identity) =>
    identity.judgements?.some((j) => VERIFIED.includes(j.judgement)),
  );

/** Builds a link for a handle, or undefined when the handle is not of the expected form. */
type LinkBuilder = (handle: string) => string | undefined;

const match =
  (pattern: RegExp, make: (m: RegExpMatchArray) => string | undefined): LinkBuilder =>
  (handle) => {
    const m = handle.match(pattern);
    return m ? make(m) : undefined;
  };

// A bare domain is common in identity records; anything else with a scheme must be http(s).
const webLink = /* @__PURE__ */ match(/^[a-z\d-]+(\.[a-z\d-]+)+(\/[^\s]*)?$/i, (m) => safeUrl(`https://${m[0]}`)?.href);

/** A safe link for a web site value: an http(s) URL as given, or a bare domain over https. */
export const webUrl = (value: string): string | undefined => safeUrl(value.trim())?.href ?? webLink(value.trim());

/**
 * A platform both sources can carry. (`$` fields: rollup.config.mjs shortens them.)
 */
interface Platform {
  /** Its id, as `Social.platform` names it. */
  $id: string;
  /** The chain identity field that holds a handle on it. */
  $field: keyof ChainIdentity & string;
  /** The name shown for it. */
  $label: string;
  /** How to build a link from a handle, when one can be built. */
  $link?: LinkBuilder;
  /** The `socialLinks` keys besides its id that mean the same platform. */
  $aliases?: string[];
}

/** The known platforms, in display order. */
const PLATFORMS: Platform[] = [
  { $id: 'web', $field: 'web', $label: 'Website', $link: webLink, $aliases: ['website', 'site'] },
  {
    $id: 'email',
    $field: 'email',
    $label: 'Email',
    $link: /* @__PURE__ */ match(/^[\w.+-]+@[a-z\d-]+(\.[a-z\d-]+)+$/i, (m) => `mailto:${m[0]}`),
    $aliases: ['mail'],
  },
  {
    $id: 'twitter',
    $field: 'microblog',
    $label: 'X',
    $link: /* @__PURE__ */ match(/^@?(\w{1,15})$/, (m) => `https://x.com/${m[1]}`),
    $aliases: ['x'],
  },
  {
    $id: 'github',
    $field: 'codehost',
    $label: 'GitHub',
    $link: /* @__PURE__ */ match(/^@?([a-z\d](?:[a-z\d-]{0,38}))$/i, (m) => `https://github.com/${m[1]}`),
  },
  {
    $id: 'matrix',
    $field: 'matrix',
    $label: 'Matrix',
    $link: /* @__PURE__ */ match(/^@[\w.=/+-]+:[a-z\d.-]+$/i, (m) => `https://matrix.to/#/${m[0]}`),
  },
  { $id: 'discord', $field: 'chatserver', $label: 'Discord' },
  { $id: 'riot', $field: 'legacychat', $label: 'Element', $aliases: ['element'] },
];

/** The name shown for a platform id: a known platform's (`github` → `GitHub`), else the id itself. */
export const platformLabel = (platform: string): string => PLATFORMS.find((p) => p.$id === platform)?.$label ?? platform;

const social = (platform: string, handle: string, link?: LinkBuilder): Social => {
  const value = handle.trim();
  const url = safeUrl(value)?.href ?? link?.(value);
  return url ? { platform, handle: value, url } : { platform, handle: value };
};

/** Each `socialLinks` key a known platform answers to (lower case) → that platform. */
const ALIASES: ReadonlyMap<string, string> = /* @__PURE__ */ (() =>
  new Map(PLATFORMS.flatMap(({ $id, $aliases = [] }) => [$id, ...$aliases].map((a) => [a, $id] as const))))();
/** Longer keys cannot name a known platform: they are not even lower-cased. */
const LONGEST_ALIAS = /* @__PURE__ */ (() => Math.max(...[...ALIASES.keys()].map((alias) => alias.length)))();

/**
 * The first `limit` social accounts of {@link socialsOf}, and how many were left out. Only
 * the accounts returned are built (a link is parsed for each): a record may carry any number
 * of `socialLinks`, and a widget shows a dozen.
 */
export const firstSocials = (profile: UserProfile, limit: number): [Social[], number] => {
  const links = profile.socialLinks ?? {};
  const fromLinks = new Map<string, string>();
  // Other platforms: the first `limit` are kept (no more can be shown), the rest only counted.
  const others: [string, string][] = [];
  let otherCount = 0;
  for (const key in links) {
    const handle = links[key];
    if (!Object.hasOwn(links, key) || !isText(handle)) continue;
    const platform = key.length <= LONGEST_ALIAS ? ALIASES.get(key.toLowerCase()) : undefined;
    if (platform === undefined) {
      if (otherCount++ < limit) others.push([key, handle]);
    } else if (!fromLinks.has(platform)) fromLinks.set(platform, handle);
  }
  const found: Social[] = [];
  for (const { $id: platform, $field: field, $link: link } of PLATFORMS) {
    const handle = fromLinks.get(platform) ?? profile.chainIdentities?.map((identity) => identity[field]).find(isText);
    if (handle) found.push(social(platform, handle, link));
  }
  const total = found.length + otherCount;
  for (const [key, handle] of others) {
    if (found.length >= limit) break;
    found.push(social(key, handle));
  }
  const shown = found.slice(0, limit);
  return [shown, total - shown.length];
};

/**
 * Social accounts from `socialLinks` and the chain identities, one per platform; where both
 * name a platform, `socialLinks` wins. Known platforms come first, in a fixed order.
 */
export const socialsOf = (profile: UserProfile): Social[] => firstSocials(profile, Infinity)[0];
