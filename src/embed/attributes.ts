import { refuseNearMiss } from '../client/option-error';
import { OptionError } from '../errors';
import type { OptionTable } from '../widgets/option-types';
import { ownValue } from '../util/values';

/**
 * Options as HTML attributes: `maxBadges` ↔ `max-badges` (with `data-` for the snippet, bare
 * on the custom element). Each option's descriptor says how to read its text; callbacks have
 * no attribute.
 */

/** `cacheTtlMs` → `cache-ttl-ms`. */
export const attributeName = (option: string): string => option.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

const optionName = (attribute: string): string => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every option of `table` an attribute can set. */
export const attributeOptions = (table: OptionTable): string[] => Object.keys(table).filter((name) => table[name].parse);

/**
 * Reads the options of `table` that an element's attributes carry. `prefix` is `data-` for
 * the snippet and empty for the custom element; other attributes are left alone (the page
 * may use them: `id`, `class`, `data-testid`), unless one is a near miss of an option's
 * attribute (`data-max-badge`), which createWidget would refuse as an option.
 * @throws OptionError naming the attribute when a value cannot be read or the name is a near miss.
 */
export const readOptions = (element: Element, prefix: string, table: OptionTable): Record<string, unknown> => {
  const options: Record<string, unknown> = {};
  const known = attributeOptions(table).map((option) => prefix + attributeName(option));
  for (const { name, value } of Array.from(element.attributes)) {
    if (!name.startsWith(prefix)) continue;
    const option = optionName(name.slice(prefix.length));
    const parse = ownValue(table, option)?.parse;
    if (parse) options[option] = parse(value, name);
    else refuseNearMiss(name, known, 'attribute');
  }
  return options;
};

/**
 * The same error naming the attribute the page wrote (`data-theme`) instead of the option
 * (`theme`), since that is what the page author can fix.
 */
export const forAttribute = (error: unknown, prefix: string, typeAttribute: string): Error => {
  if (!(error instanceof OptionError)) return error instanceof Error ? error : new Error(String(error));
  const attribute =
    error.option == 'type'
      ? typeAttribute
      : error.option.startsWith(prefix) && prefix
        ? error.option
        : prefix + attributeName(error.option);
  return new OptionError(attribute, error.message.replace(`"${error.option}"`, `"${attribute}"`));
};
