/**
 * What the client should make of the sandbox's production-shaped fixtures (the service's own
 * field names, `null`s and extra fields), written independently of src/client/wire.ts so the tests can
 * state the mapping: `polkadotIdentities` becomes `chainIdentities`; identity `twitter`,
 * `github`, `discord`, `riot` become `microblog`, `codehost`, `chatserver`, `legacychat`;
 * optional fields sent as `null` are absent; extra fields (`_id`, `source`, `constraints`,
 * `advice`) stay as sent; `{origin}` in URLs is the sandbox's origin. Not a test file.
 */
import { withOrigin, type WireBadges, type WireIdentity, type WireProfile } from '../service/fixtures.mjs';
import type { ChainIdentity, UserBadges, UserProfile } from '../../src/index';

const IDENTITY_NAMES: Record<string, string> = { twitter: 'microblog', github: 'codehost', discord: 'chatserver', riot: 'legacychat' };

/** A copy of `record` without its null fields (all optional where this is used). */
const withoutNulls = <T extends object>(record: T): T => {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record))
    if (value !== null) Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy as T;
};

/** An on-chain identity with the public field names and no nulls. */
export const publicIdentity = (identity: WireIdentity): ChainIdentity => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(withoutNulls(identity))) out[IDENTITY_NAMES[key] ?? key] = value;
  return out as unknown as ChainIdentity;
};

/** The UserProfile the client resolves with for a profile the sandbox at `origin` sends. */
export const publicProfile = (profile: WireProfile, origin: string): UserProfile => {
  const { polkadotIdentities, ...rest } = withoutNulls(withOrigin(profile, origin));
  return { ...rest, ...(polkadotIdentities ? { chainIdentities: polkadotIdentities.map(publicIdentity) } : {}) } as unknown as UserProfile;
};

/** The UserBadges the client resolves with (a null earnedAt is absent). */
export const publicBadges = (badges: WireBadges): UserBadges =>
  ({ ...badges, badges: badges.badges.map((b) => withoutNulls(b)) }) as unknown as UserBadges;

/**
 * JSON with object keys sorted at every level: compares records whose own `__proto__` keys
 * (the hostile fixture's) `toEqual` would not see, without caring about key order.
 */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v == 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
