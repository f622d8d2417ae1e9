/**
 * What the tests need to know about a widget kind that its code does not say: the shape of its
 * sample, `src/widgets/kinds/<kind>/sample.ts`. The sample sits in the kind's folder so that a
 * new kind is its folder, its stylesheet and its registry line; nothing the library builds
 * imports it (test/widgets/kinds.test.ts checks that), so it costs no byte in any bundle.
 * ./kinds.ts collects the samples, one per kind of the registry.
 */
import type { WidgetOptionsByType, WidgetType } from '../../src/widgets/kinds';
import type { HostileCombo } from '../hostile/checks';
import type { ProfileVariant } from '../hostile/records';
import type { Expectation, RaceContext, Rng } from '../lifecycle/expectations';

/** The options `O` requires. */
type RequiredKeys<O> = { [K in keyof O]-?: object extends Pick<O, K> ? never : K }[keyof O];

/** What kind `K` requires besides its type and address (a category widget's `categoryKey`). */
export type ExtraRequired<K extends WidgetType> = Pick<
  WidgetOptionsByType[K],
  Exclude<RequiredKeys<WidgetOptionsByType[K]>, 'type' | 'address'>
>;

/** One option combination of a kind in Chromium (test/browser/hostile.test.ts). */
export interface PageCombo {
  name: string;
  config: Record<string, unknown>;
  variant?: ProfileVariant;
}

/** A kind's sample. `K` is its name (its folder). */
export interface KindSample<K extends WidgetType = WidgetType> {
  /**
   * What it needs besides `apiKey`, `address` and `baseUrl` to show the sandbox's fixtures: its
   * other required options, typed from its options (so tsc asks for each one).
   */
  required: ExtraRequired<K>;
  /** Text its view shows for the sandbox's rich fixture once loaded (test/lifecycle/misuse.test.ts). */
  shows: string;
  /** The tags its templates write, the view's own `div` included (test/hostile/inspect.ts). */
  tags: readonly string[];
  hostile: {
    /**
     * The element showing its main title, which must show a hostile string literally
     * (test/browser/hostile.test.ts); `null` for a kind that shows no text from the service.
     */
    title: string | null;
    /** Options joining `required` in the config a hostile attribute is added to (test/hostile/hostile-config.test.ts). */
    config: Partial<WidgetOptionsByType[K]>;
    /** Its option combinations in happy-dom, each with what it must show (test/hostile/hostile-data.test.ts). */
    data: readonly HostileCombo[];
    /** Its option combinations in Chromium (test/browser/hostile.test.ts). */
    page: readonly PageCombo[];
  };
  races: {
    /** What its ready view (or error view) must show for the options in force (test/lifecycle/races.test.ts). */
    expected: (ctx: RaceContext) => Expectation;
    /** The values to draw for each option that reloads its data (effect `reload` in its option table). */
    keys?: Readonly<Record<string, readonly (string | undefined)[]>>;
    /** How to draw its display options; a boolean one left out is drawn with even odds. */
    display?: Readonly<Record<string, (rng: Rng) => unknown>>;
  };
}
