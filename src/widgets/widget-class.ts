import type { CommonSettings, BaseWidgetOptions } from './common-options';
import type { Kind } from './descriptor';
import { Widget } from './widget';

/**
 * A kind's public class (`new BadgeWidget(options)`), made from its descriptor, which it keeps
 * on `kind` for createWidget, the element, the snippet and the server renderer.
 */
export interface WidgetClass<O extends BaseWidgetOptions, S extends CommonSettings, Data, T extends string> {
  /** @throws OptionError (a TypeError) naming the option when a value is invalid or a required one is missing. */
  new (options: O): Widget<O, S, Data>;
  /**
   * The kind's descriptor.
   * @internal repkit's own machinery, not part of the public API: it may change in any release.
   */
  readonly kind: Kind<O, S, Data, T>;
}

/**
 * The class of a kind: every kind's class is the shared controller bound to that kind's
 * descriptor, so a kind folder holds no class of its own to keep in step with the others.
 */
export const widgetClass = <O extends BaseWidgetOptions, S extends CommonSettings, Data, T extends string>(
  kind: Kind<O, S, Data, T>,
): WidgetClass<O, S, Data, T> =>
  class extends Widget<O, S, Data> {
    static readonly kind = kind;
    constructor(options: O) {
      super(kind, options);
    }
  };
