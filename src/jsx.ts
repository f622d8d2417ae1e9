import type { WidgetOptionsByType, WidgetType } from './widgets/kinds';

/**
 * The attributes of `<repkit-widget>`, typed, for JSX and templates: framework-neutral (no
 * React or Preact types). `repkit/react` and `repkit/preact` add them to their JSX
 * `IntrinsicElements`; use this type to do the same for another JSX library.
 */

/** `maxCategories` → `max-categories`. */
export type KebabCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${KebabCase<Tail>}`
  : S;

/**
 * What a template may pass for an option of type `V`: the value itself, which frameworks write
 * as attribute text (`true` → `""`, `false` → no attribute, `3` → `"3"`), or that text.
 */
export type AttributeValue<V> = [V] extends [boolean]
  ? boolean | 'true' | 'false' | ''
  : [V] extends [number]
    ? number | `${number}`
    : // `messages`: JSON text.
      [V] extends [object]
      ? string
      : V;

type RequiredKeys<O> = { [K in keyof O]-?: object extends Pick<O, K> ? never : K }[keyof O];

/**
 * One widget kind's options as attributes: kebab-case names, callbacks left out (they have no
 * attribute). Required options stay required; an optional one also takes `undefined` (no
 * attribute), even under `exactOptionalPropertyTypes`.
 */
export type AttributesOf<O> = {
  [K in keyof O as O[K] extends ((...args: never[]) => unknown) | undefined ? never : KebabCase<K & string>]: K extends RequiredKeys<O>
    ? AttributeValue<O[K]>
    : AttributeValue<Exclude<O[K], undefined>> | undefined;
};

/** The attribute names of one kind. */
type NamesOf<K extends WidgetType> = keyof AttributesOf<WidgetOptionsByType[K]>;

/** Every kind's attribute names. */
type AnyKindNames = { [K in WidgetType]: NamesOf<K> }[WidgetType];

/**
 * `<repkit-widget>`'s own attributes: `type`, then the options of that kind in kebab-case
 * (`address`, `api-key`, `base-url`, `theme`, `max-categories`, `category-key`…). `address` is
 * required, and `category-key` for `type="category"`. Another kind's attribute is refused
 * (`max-badges` on `type="reputation"`): JSX lets any name with a dash through unless the type
 * names it, so each kind names the others' as `never`. A name no kind has (a misspelling) is
 * still let through by JSX; the element reports it when it runs.
 *
 * @example
 * <repkit-widget type="reputation" address={address} api-key="YOUR_KEY" max-categories={3} compact />
 */
export type RepkitWidgetAttributes = {
  [K in WidgetType]: { type: K } & AttributesOf<WidgetOptionsByType[K]> & { [N in Exclude<AnyKindNames, NamesOf<K>>]?: never };
}[WidgetType];
