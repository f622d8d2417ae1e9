import { invalid, refuseNearMiss } from '../client/option-error';
import { OptionError } from '../errors';
import { isRecord, ownValue } from '../util/values';
import type { OptionTable } from './option-types';

/** What the resolver needs of a kind: its name (for messages), its option table and required options. */
export interface SettingsSource {
  readonly name: string;
  readonly options: OptionTable;
  readonly required: readonly string[];
}

/**
 * `base` with `changes` applied and checked; without `base`, every option not in `changes` takes
 * its default. Only the kind's own
 * options are read, by own-property lookups: unknown names (`__proto__`, `__defineGetter__`)
 * are ignored, but a near miss of a real option is an error. A change to `undefined` puts the
 * option back to its default.
 * @throws OptionError naming the option when a value is invalid, a required one is unset, or the
 * name is a near miss of one.
 */
export const resolveSettings = <S extends object>(kind: SettingsSource, base: S | undefined, changes: unknown): S => {
  if (!isRecord(changes)) return invalid('options', 'an object', changes);
  // A misspelt option would otherwise be ignored in silence, as unknown names are (another
  // kind's options, a config shared between kinds).
  for (const name of Object.keys(changes)) refuseNearMiss(name, Object.keys(kind.options), 'option');
  const next: Record<string, unknown> = { ...base };
  for (const [name, option] of Object.entries(kind.options)) {
    if (base && !Object.hasOwn(changes, name)) continue;
    const value = ownValue(changes, name);
    if (value === undefined) {
      if (option.default === undefined) Reflect.deleteProperty(next, name);
      else next[name] = option.default;
    } else {
      next[name] = option.check(value, name);
    }
  }
  for (const name of kind.required) {
    if (next[name] === undefined) throw new OptionError(name, `repkit: "${name}" is required for a ${kind.name} widget`);
  }
  if (next.apiKey === undefined && next.baseUrl === undefined) {
    throw new OptionError(
      'apiKey',
      `repkit: "apiKey" is required for a ${kind.name} widget (or a baseUrl pointing at a proxy that adds it)`,
    );
  }
  // Each value has just passed its option's check, and the kind's table `satisfies` the options
  // interface that `S` is built from: this is where unknown input becomes typed settings.
  return next as S;
};
