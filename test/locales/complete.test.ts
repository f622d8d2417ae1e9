/**
 * The shipped catalogues (src/locales/<tag>.ts): each says every message English says, in that
 * language — every key, every plural form the language has, the 14 category names, the five
 * tiers — with `$` where English has it, right to left exactly for Arabic and Hebrew, and no
 * English left in it but technical names and words the language shares with English (listed). Then the registry
 * (src/i18n/locale.ts) with them: a language's region finds it, and what a catalogue lacks is English.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EN } from '../../src/i18n/en';
import { messagesFor, registerLocale } from '../../src/i18n/locale';
import type { Messages, Plural } from '../../src/i18n/messages';
import { CATEGORY_TITLES } from '../../src/widgets/categories';

/** The languages the package ships, beside English. */
const SHIPPED = ['ar', 'de', 'es', 'fr', 'he', 'ja', 'ko', 'pt-BR', 'zh-CN'];
const RTL = ['ar', 'he'];

/** Technical names any language may keep as English writes them: "$ NFT" is German, French, Spanish… too. */
const TECHNICAL = ['nfts'];
/** Words a language shares with English, by `tag:path` (a message, or one form or place of it). */
const COGNATES = ['de:tiers.0', 'de:tiers.2', 'fr:tiers.0', 'pt-BR:tiers.0', 'fr:badges', 'fr:points'];
/** Whether `path` is `entry` or one of its forms or places (`points.one` is in `points`). */
const within = (path: string, entry: string): boolean => path == entry || path.startsWith(entry + '.');

const catalogues: Record<string, Messages> = {};
for (const file of readdirSync(resolve(__dirname, '../../src/locales'))) {
  const tag = file.replace(/\.ts$/, '');
  catalogues[tag] = ((await import(`../../src/locales/${tag}.ts`)) as { default: Messages }).default;
}

/** English's messages that are plurals: objects other than `categories` and the `tiers` list. */
const isPlural = (value: unknown): value is Plural => typeof value == 'object' && value !== null && !Array.isArray(value);
const dollars = (text: string): number => text.split('$').length - 1;

/** Every message of a catalogue as [path, text, English's text at that place]. */
const leaves = (messages: Messages): [string, string, string | undefined][] =>
  Object.entries(messages).flatMap(([key, value]): [string, string, string | undefined][] => {
    const english: unknown = EN[key as keyof Messages];
    if (key == 'dir') return [];
    if (key == 'categories')
      return Object.entries(value as Record<string, string>).map(([k, v]) => [`categories.${k}`, v, CATEGORY_TITLES[k]]);
    if (Array.isArray(value)) return value.map((v: string, i) => [`${key}.${i}`, v, (english as string[])[i]]);
    if (isPlural(value)) {
      const plural = english as Plural;
      return Object.entries(value).map(([form, v]) => [`${key}.${form}`, v!, plural[form as keyof Plural] ?? plural.other]);
    }
    return [[key, value as string, english as string]];
  });

it('ships the nine languages', () => {
  expect(Object.keys(catalogues).sort()).toEqual(SHIPPED);
});

describe.each(SHIPPED)('%s', (tag) => {
  const messages = (): Messages => catalogues[tag]!;

  it("has every message of English's and no other", () => {
    const { dir: _, ...rest } = messages();
    expect(Object.keys(rest).sort()).toEqual(Object.keys(EN).sort());
  });

  it('gives every plural message one text per plural category of the language, each with $ where English has it', () => {
    const forms = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.slice().sort();
    const plurals = Object.entries(EN).filter(([key, value]) => key != 'categories' && isPlural(value));
    expect(plurals.map(([key]) => key).sort()).toEqual(['earnedCount', 'more', 'nfts', 'points', 'pts']);
    for (const [key, english] of plurals as [keyof Messages, Plural][]) {
      const plural = messages()[key] as Plural;
      expect(Object.keys(plural).sort(), key).toEqual(forms);
      for (const [form, text] of Object.entries(plural)) {
        expect(text!.trim(), `${key}.${form}`).not.toBe('');
        expect(dollars(text!), `${key}.${form}`).toBe(Math.min(dollars(english[form as keyof Plural] ?? english.other), 1));
      }
    }
  });

  it('keeps $ exactly once where English has it, and nowhere else', () => {
    for (const [path, text, english] of leaves(messages())) {
      expect(text.trim(), path).not.toBe('');
      expect(text, path).toBe(text.trim());
      expect(dollars(text), `${path}: ${text}`).toBe(dollars(english ?? ''));
    }
  });

  it("names each of the service's 14 categories, and five tiers", () => {
    expect(Object.keys(messages().categories)).toEqual(Object.keys(CATEGORY_TITLES));
    expect(Object.keys(messages().categories)).toHaveLength(14);
    expect(messages().tiers).toHaveLength(5);
    expect(new Set(messages().tiers).size).toBe(5);
  });

  it(RTL.includes(tag) ? 'lays the card out right to left' : 'leaves the direction to the page', () => {
    expect(messages().dir).toBe(RTL.includes(tag) ? 'rtl' : undefined);
  });

  it('says nothing as English says it, but technical names and shared words', () => {
    const same = leaves(messages())
      .filter(([, text, english]) => text == english)
      .filter(([path]) => !TECHNICAL.some((key) => within(path, key)) && !COGNATES.some((entry) => within(`${tag}:${path}`, entry)))
      .map(([path, text]) => `${path}: ${text}`);
    expect(same).toEqual([]);
  });
});

it('lists only words a language still writes as English does', () => {
  const stale = COGNATES.filter((entry) => {
    const [tag, path] = entry.split(':') as [string, string];
    return !leaves(catalogues[tag]!).some(([p, text, english]) => within(p, path) && text == english);
  });
  expect(stale).toEqual([]);
});

describe('the registry with the shipped catalogues', () => {
  for (const tag of SHIPPED) registerLocale(tag, catalogues[tag]!);
  registerLocale('nl', { loading: 'Laden…', tiers: ['Brons', 'Zilver', 'Goud', 'Platina', 'Diamant'] });
  // The registry is shared by every file a worker runs: leave it holding nothing but English.
  afterAll(() => {
    for (const tag of [...SHIPPED, 'nl']) registerLocale(tag, {});
  });

  it("finds a language's catalogue from a tag with a region it has none for", () => {
    expect(messagesFor('de-AT').reputationScore).toBe(catalogues.de!.reputationScore);
    expect(messagesFor('de-AT').categories).toEqual(catalogues.de!.categories);
    expect(messagesFor('fr-CA').tiers).toEqual(catalogues.fr!.tiers);
  });

  it("finds a language's one regional catalogue from the language alone", () => {
    expect(messagesFor('pt').reputationScore).toBe(catalogues['pt-BR']!.reputationScore);
    expect(messagesFor('zh').reputationScore).toBe(catalogues['zh-CN']!.reputationScore);
    expect(messagesFor('PT-br').badges).toBe(catalogues['pt-BR']!.badges);
  });

  it('carries the direction of a right-to-left catalogue', () => {
    expect(messagesFor('ar-EG').dir).toBe('rtl');
    expect(messagesFor('he').dir).toBe('rtl');
    expect(messagesFor('ja').dir).toBeUndefined();
  });

  it('falls back to English for a message a catalogue lacks', () => {
    const dutch = messagesFor('nl-BE');
    expect(dutch.loading).toBe('Laden…');
    expect(dutch.tiers[1]).toBe('Zilver');
    expect(dutch.reputationScore).toBe(EN.reputationScore);
    expect(dutch.points).toEqual(EN.points);
    expect(Object.keys(dutch).sort()).toEqual(Object.keys(EN).sort());
  });

  it('gives English for a language no catalogue is registered for, and lets a page override a message', () => {
    expect(messagesFor('sv').reputationScore).toBe(EN.reputationScore);
    expect(messagesFor('de', { reputationScore: 'Ruf' }).reputationScore).toBe('Ruf');
    expect(messagesFor('de', { reputationScore: 'Ruf' }).badges).toBe(catalogues.de!.badges);
  });
});
