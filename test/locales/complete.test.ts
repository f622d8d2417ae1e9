/**
 * The shipped catalogues (src/locales/<tag>.ts): each says every message English says, in that
 * language — every message of the `Messages` interface (the 14 category names and the five tiers
 * among them), every plural form the language has — with `$` where English has it, right to
 * left exactly for Arabic and Hebrew, and no English left in it but technical names and words
 * the language shares with English (listed). Then the registry (src/i18n/locale.ts) with them:
 * a language's region finds it, and what a catalogue lacks is said in English.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registerLocale, wordsFor } from '../../src/i18n/locale';
import type { Locale, Message, Plural } from '../../src/i18n/messages';
import { CATEGORY_TITLES } from '../../src/widgets/categories';
import { MESSAGE_KEYS } from '../helpers/message-keys';

/** The languages the package ships, beside English. */
const SHIPPED = ['ar', 'de', 'es', 'fr', 'he', 'ja', 'ko', 'pt-BR', 'zh-CN'];
const RTL = ['ar', 'he'];
const TIERS = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'];

/** English's own forms for one, where they differ from the message (src/i18n/locale.ts). */
const ENGLISH_ONE: Record<string, string> = { points: 'point', '$ NFTs': '$ NFT', '$ badges earned by $': '$ badge earned by $.' };

/** Technical names any language may keep as English writes them: "$ NFT" is German, French, Spanish… too. */
const TECHNICAL = ['$ NFTs'];
/** Words a language shares with English, by `tag:message` (all of a plural's forms that match). */
const COGNATES = ['de:Bronze', 'de:Gold', 'fr:Bronze', 'pt-BR:Bronze', 'fr:Badges', 'fr:badges', 'fr:points'];

const catalogues: Record<string, Locale> = {};
for (const file of readdirSync(resolve(__dirname, '../../src/locales'))) {
  const tag = file.replace(/\.ts$/, '');
  catalogues[tag] = ((await import(`../../src/locales/${tag}.ts`)) as { default: Locale }).default;
}

const dollars = (text: string): number => text.split('$').length - 1;

/** Every text of a catalogue as [message, form (plurals), text, English's text for it]. */
const texts = (catalogue: Locale): [string, string, string, string][] =>
  MESSAGE_KEYS.flatMap(({ key, plural }): [string, string, string, string][] => {
    const value = (catalogue as unknown as Record<string, string | Plural>)[key];
    if (!plural || typeof value != 'object') return [[key, '', value as string, key]];
    return Object.entries(value).map(([form, text]) => [key, form, text!, (form == 'one' && ENGLISH_ONE[key]) || key]);
  });

it('ships the nine languages', () => {
  expect(Object.keys(catalogues).sort()).toEqual(SHIPPED);
});

it("names the service's 14 categories and the five tiers among the messages", () => {
  const keys = MESSAGE_KEYS.map(({ key }) => key);
  expect(Object.values(CATEGORY_TITLES)).toHaveLength(14);
  for (const name of [...Object.values(CATEGORY_TITLES), ...TIERS]) expect(keys).toContain(name);
  expect(MESSAGE_KEYS.filter(({ plural }) => plural).map(({ key }) => key)).toEqual([
    '+$ more',
    '$ earned',
    'points',
    '$ pts',
    '$ NFTs',
    '$ badges earned by $',
  ]);
});

describe.each(SHIPPED)('%s', (tag) => {
  const catalogue = (): Locale => catalogues[tag]!;

  it('has every message and no other', () => {
    const { dir: _, ...rest } = catalogue();
    expect(Object.keys(rest)).toEqual(MESSAGE_KEYS.map(({ key }) => key));
  });

  it('gives every plural message one text per plural category of the language', () => {
    const forms = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.slice().sort();
    for (const { key } of MESSAGE_KEYS.filter(({ plural }) => plural)) {
      const value = (catalogue() as unknown as Record<string, Plural>)[key]!;
      expect(typeof value, key).toBe('object');
      expect(Object.keys(value).sort(), key).toEqual(forms);
    }
  });

  it('keeps $ exactly once where English has it, and nowhere else', () => {
    for (const [key, form, text, english] of texts(catalogue())) {
      const where = `${key}${form && ` (${form})`}: ${text}`;
      expect(typeof text, where).toBe('string');
      expect(text.trim(), where).not.toBe('');
      expect(text, where).toBe(text.trim());
      expect(dollars(text), where).toBe(dollars(english));
    }
  });

  it(RTL.includes(tag) ? 'lays the card out right to left' : 'leaves the direction to the page', () => {
    expect(catalogue().dir).toBe(RTL.includes(tag) ? 'rtl' : undefined);
  });

  it('says nothing as English says it, but technical names and shared words', () => {
    const same = texts(catalogue())
      .filter(([key, , text, english]) => text == english && !TECHNICAL.includes(key) && !COGNATES.includes(`${tag}:${key}`))
      .map(([key, form, text]) => `${key}${form && ` (${form})`}: ${text}`);
    expect(same).toEqual([]);
  });
});

it('lists only words a language still writes as English does', () => {
  const stale = COGNATES.filter((entry) => {
    const [tag, key] = entry.split(':') as [string, string];
    return !texts(catalogues[tag]!).some(([k, , text, english]) => k == key && text == english);
  });
  expect(stale).toEqual([]);
});

describe('the registry with the shipped catalogues', () => {
  for (const tag of SHIPPED) registerLocale(tag, catalogues[tag]!);
  registerLocale('da', { 'Loading…': 'Indlæser…', Silver: 'Sølv' });
  // The registry is shared by every file a worker runs: leave it holding nothing but English
  // (a language's first catalogue also serves the bare language, `pt` for `pt-BR`).
  afterAll(() => {
    for (const tag of [...SHIPPED, 'da']) for (const key of [tag, tag.split('-')[0]!]) registerLocale(key, {});
  });

  const say = (locale: string, message: Message): string => wordsFor(locale).t(message);

  it("finds a language's catalogue from a tag with a region it has none for", () => {
    expect(say('de-AT', 'Reputation score')).toBe(catalogues.de!['Reputation score']);
    expect(say('de-AT', 'Account Longevity')).toBe(catalogues.de!['Account Longevity']);
    expect(say('fr-CA', 'Gold')).toBe(catalogues.fr!.Gold);
  });

  it("finds a language's one regional catalogue from the language alone", () => {
    expect(say('pt', 'Reputation score')).toBe(catalogues['pt-BR']!['Reputation score']);
    expect(say('zh', 'Reputation score')).toBe(catalogues['zh-CN']!['Reputation score']);
    expect(say('PT-br', 'Badges')).toBe(catalogues['pt-BR']!.Badges);
  });

  it('picks the plural form by the language, and puts the value in place of $', () => {
    expect(wordsFor('he').n('points', 2, true)).toBe(catalogues.he!.points.two);
    expect(wordsFor('ar').n('points', 0, true)).toBe(catalogues.ar!.points.zero);
    expect(wordsFor('de').n('points', 1, true)).toBe('Punkt');
    expect(wordsFor('de').t('Level $', '3')).toBe('Stufe 3');
  });

  it('carries the direction of a right-to-left catalogue', () => {
    expect(wordsFor('ar-EG').dir).toBe('rtl');
    expect(wordsFor('he').dir).toBe('rtl');
    expect(wordsFor('ja').dir).toBeUndefined();
  });

  it('says in English a message a catalogue lacks', () => {
    expect(say('da-DK', 'Loading…')).toBe('Indlæser…');
    expect(say('da-DK', 'Silver')).toBe('Sølv');
    expect(say('da-DK', 'Reputation score')).toBe('Reputation score');
    expect(wordsFor('da').n('points', 1, true)).toBe('point');
  });

  it('speaks English for a language no catalogue is registered for, and lets a page override a message', () => {
    expect(say('fi', 'Reputation score')).toBe('Reputation score');
    expect(wordsFor('de', { 'Reputation score': 'Ruf' }).t('Reputation score')).toBe('Ruf');
    expect(wordsFor('de', { 'Reputation score': 'Ruf' }).t('Badges')).toBe(catalogues.de!.Badges);
  });
});
