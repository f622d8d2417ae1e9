import { invalid } from '../client/options';

/**
 * Options as HTML attributes: `maxBadges` ↔ `max-badges` (with `data-` for the snippet,
 * bare on the custom element). Values are text, so each option says how to read it.
 */
const BOOLEANS = [
  'showCategories',
  'compact',
  'showProgress',
  'showAvatar',
  'showBio',
  'showSocials',
  'showIdentities',
  'showNftCount',
  'showTitle',
  'showDescription',
  'showBreakdown',
  'showAdvice',
  'showScoreOnly',
];
const NUMBERS = ['maxCategories', 'maxBadges', 'timeoutMs', 'retries', 'cacheTtlMs'];
const STRINGS = ['address', 'apiKey', 'baseUrl', 'theme', 'className', 'locale', 'nonce', 'badgeKey', 'categoryKey'];

/** Every option an attribute can set. */
export const ATTRIBUTE_OPTIONS = [...STRINGS, ...BOOLEANS, ...NUMBERS];

/** `cacheTtlMs` → `cache-ttl-ms`. */
export const attributeName = (option: string): string => option.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

const optionName = (attribute: string): string => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Reads the options an element's attributes carry. `prefix` is `data-` for the snippet and
 * empty for the custom element; other attributes are left alone (the page may use them).
 * @throws TypeError naming the attribute when a value cannot be read.
 */
export const readOptions = (element: Element, prefix: string): Record<string, unknown> => {
  const options: Record<string, unknown> = {};
  for (const { name, value } of Array.from(element.attributes)) {
    if (!name.startsWith(prefix)) continue;
    const option = optionName(name.slice(prefix.length));
    if (BOOLEANS.includes(option)) {
      // A bare attribute (`data-compact`) means true, as HTML boolean attributes do.
      options[option] = value == '' || value == 'true' || (value != 'false' && invalid(name, '"true" or "false"', value));
    } else if (NUMBERS.includes(option)) {
      options[option] = /^\s*\d+\s*$/.test(value) ? Number(value) : invalid(name, 'a whole number of 0 or more', value);
    } else if (STRINGS.includes(option)) {
      options[option] = value;
    }
  }
  return options;
};

/**
 * Rewrites an option error ("theme" must be ...) to name the attribute the page wrote
 * ("data-theme" must be ...), since that is what the page author can fix.
 */
export const nameAttribute = (message: string, prefix: string, typeAttribute: string): string =>
  message.replace(/^repkit: "(\w+)"/, (whole, option: string) =>
    option == 'type' ? `repkit: "${typeAttribute}"` : ATTRIBUTE_OPTIONS.includes(option) ? `repkit: "${prefix}${attributeName(option)}"` : whole,
  );
