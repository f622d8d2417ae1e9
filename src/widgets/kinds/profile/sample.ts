/**
 * What the tests need to know about the profile widget (test/helpers/kind-sample.ts). A test
 * fixture: nothing the library builds imports it.
 */
import { expect } from 'vitest';
import { displayNameOf, shortAddress, socialsOf, type UserProfile } from '../../../index';
import {
  all,
  asItem,
  expectImage,
  parsedAttribute,
  parsedText,
  same,
  text,
  trimmedOr,
  type Context,
} from '../../../../test/hostile/checks';
import { hostileRecords, type ProfileVariant } from '../../../../test/hostile/records';
import { addressTitle, mismatch, ready, text as shownText } from '../../../../test/lifecycle/expectations';
import { publicProfile } from '../../../../test/helpers/public-records';
import { ADDRESSES } from '../../../../test/helpers/sandbox';
import type { KindSample } from '../../../../test/helpers/kind-sample';

const ADDRESS = ADDRESSES.rich;

/** The hostile records as the profile shows them, socials from its links or its identities, every part on or off. */
const profileView = (variant: ProfileVariant, on: boolean) => (ctx: Context) => {
  const { s, view } = ctx;
  const records = hostileRecords(s);
  const profile: UserProfile = variant == 'links' ? records.profile : records.profileFromIdentities;
  same(text(view.querySelector('.rk-name')), parsedText(displayNameOf(profile)), 'display name');
  same(view.querySelector('.rk-address')!.getAttribute('title'), ADDRESS, 'address title (from the config)');
  expect(all(view, '[part="avatar"]')).toHaveLength(on ? 1 : 0);
  expectImage(ctx, on);
  const bio = view.querySelector('.rk-bio');
  if (on && s.trim()) same(text(bio), parsedText(s), 'bio');
  else expect(bio).toBeNull();
  expect(all(view, '.rk-nfts')).toHaveLength(on ? 1 : 0);

  const socials = on ? socialsOf(profile) : [];
  const shownSocials = all(view, 'li.rk-social');
  expect(shownSocials).toHaveLength(socials.length);
  const labels: Record<string, string> = {
    web: 'Website',
    email: 'Email',
    twitter: 'X',
    github: 'GitHub',
    matrix: 'Matrix',
    discord: 'Discord',
    riot: 'Element',
  };
  socials.forEach((social, i) => {
    const li = shownSocials[i];
    same(li.getAttribute('data-platform'), parsedAttribute(social.platform), `platform ${i}`);
    same(
      text(li.querySelector('.rk-platform')),
      parsedText(Object.hasOwn(labels, social.platform) ? labels[social.platform] : social.platform),
      `platform label ${i}`,
    );
    const handle = li.children[1];
    same(text(handle), parsedText(social.handle), `handle ${i}`);
    expect(handle.tagName).toBe(social.url ? 'A' : 'SPAN');
    if (social.url) same(handle.getAttribute('href'), social.url, `link ${i}`);
  });

  const identities = on ? profile.chainIdentities! : [];
  const shownIdentities = all(view, 'li.rk-identity');
  expect(shownIdentities).toHaveLength(identities.length);
  identities.forEach((identity, i) => {
    const li = shownIdentities[i];
    same(text(li.querySelector('.rk-identity-name')), trimmedOr(identity.display!, shortAddress(identity.address)), `identity ${i} name`);
    const facts = Object.entries({
      'Legal name': identity.legal,
      Web: identity.web,
      Role: identity.role,
      Judgements: identity.judgements!.map((j) => `${j.judgement} (registrar ${j.index})`).join(', '),
    }).filter(([, value]) => value);
    const shownFacts = all(li, '.rk-fact');
    expect(shownFacts).toHaveLength(facts.length);
    facts.forEach(([label, value], j) =>
      same(text(shownFacts[j]), `${label} ${asItem(parsedText(value!))}`, `identity ${i} fact ${label}`),
    );
  });
  // The second identity has a KnownGood judgement: one mark for it, one for the profile.
  expect(all(view, '[part="verified"]')).toHaveLength(on ? 2 : 1);
};

export const sample = {
  required: {},
  shows: 'Alice Validator',
  tags: ['div', 'span', 'strong', 'p', 'ul', 'li', 'a', 'img', 'button', 'svg', 'rect', 'g'],
  hostile: {
    title: '.rk-name',
    config: {},
    data: [
      {
        name: 'profile, all on, socials from socialLinks',
        config: { type: 'profile' },
        check: profileView('links', true),
        full: true,
      },
      {
        name: 'profile, all on, socials from identities',
        config: { type: 'profile' },
        variant: 'identities',
        check: profileView('identities', true),
      },
      {
        name: 'profile, all off',
        config: { type: 'profile', showAvatar: false, showBio: false, showSocials: false, showIdentities: false, showNftCount: false },
        check: profileView('links', false),
      },
    ],
    page: [
      { name: 'all on, socials from socialLinks', config: { type: 'profile' } },
      { name: 'all on, socials from identities', config: { type: 'profile' }, variant: 'identities' },
      {
        name: 'all off',
        config: { type: 'profile', showAvatar: false, showBio: false, showSocials: false, showIdentities: false, showNftCount: false },
      },
    ],
  },
  faults: [
    {
      path: (address) => `/api/v2/profiles/${address}`,
      notFound: { empty: 'No profile set up yet.' },
      number: { patch: (v) => ({ nftCount: v }), field: 'nftCount', shown: (view) => view.querySelector('.rk-nfts strong')?.textContent },
      missing: { patch: { address: null }, problem: 'address must be a string' },
      wrongType: { patch: { chainIdentities: { display: 'x' } }, problem: 'chainIdentities must be an array' },
      date: null,
    },
  ],
  races: {
    expected: ({ o, fx, serverUrl }) => {
      // Every valid address has a profile (computed when the service has none stored).
      const profile = publicProfile(fx.profile, serverUrl);
      return ready(
        (view) => mismatch('display name', shownText(view, '.rk-name'), displayNameOf(profile)) ?? addressTitle(view, o.address),
      );
    },
  },
} satisfies KindSample<'profile'>;
