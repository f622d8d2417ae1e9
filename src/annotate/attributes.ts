import { refuseNearMiss } from '../client/option-error';
import { OptionError } from '../errors';
import { attributeName } from '../embed/attributes';
import { parseJson } from '../util/values';
import { ANNOTATE_OPTION_NAMES, type AnnotateOptions } from './options';

/**
 * The options a script tag carries as `data-*` attributes, named as the embed's are
 * (`data-base-url`, `data-api-key`, `data-theme`…): numbers as numbers, `true`/`false` (a bare
 * attribute is `true`), network lists comma separated, `data-messages` as JSON. The checks are
 * `annotate()`'s own; this only reads the text.
 * @throws OptionError naming the attribute when its text cannot be read, or for a near miss of an option's attribute.
 */
export const readScriptOptions = (script: Element): AnnotateOptions => {
  const options: Record<string, unknown> = {};
  const names = ANNOTATE_OPTION_NAMES.filter((name) => name != 'fetch');
  const attributes = names.map((name) => 'data-' + attributeName(name));
  for (const { name, value } of Array.from(script.attributes)) {
    if (!name.startsWith('data-')) continue;
    const option = names[attributes.indexOf(name)];
    if (!option) {
      refuseNearMiss(name, attributes, 'attribute');
      continue;
    }
    options[option] = parse(option, value.trim(), name);
  }
  return options as AnnotateOptions;
};

const NUMBERS = new Set(['timeoutMs', 'retries', 'cacheTtlMs', 'maxResponseBytes']);
const FLAGS = new Set(['includeCode', 'links', 'card']);

const parse = (option: string, text: string, attribute: string): unknown => {
  const wrong = (expected: string): never => {
    throw new OptionError(attribute, `repkit: "${attribute}" must be ${expected}, got ${JSON.stringify(text)}`);
  };
  if (NUMBERS.has(option)) return /^\d+$/.test(text) ? Number(text) : wrong('a whole number');
  if (FLAGS.has(option)) return text == '' || text == 'true' ? true : text == 'false' ? false : wrong('"true" or "false"');
  if (option == 'networks' && text == 'all') return 'all';
  if (option == 'networks' || option == 'excludeNetworks') {
    return /^\d+(\s*,\s*\d+)*$/.test(text) ? text.split(',').map(Number) : wrong('SS58 prefixes separated by commas (or "all")');
  }
  if (option == 'messages') {
    const messages = parseJson(text);
    return messages === undefined ? wrong('JSON (an object of messages by their English text)') : messages;
  }
  return text;
};
