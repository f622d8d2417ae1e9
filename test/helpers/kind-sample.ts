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
  /**
   * The combination never shows the main title (`hostile.title`), whatever the data: the
   * Chromium suite checks it is absent instead of that it shows the hostile text.
   */
  hidesTitle?: true;
}

/** A patch for the sandbox's `patch` fault: fields put into (or, as null, taken out of) the answer's `data`. */
export type Patch = Record<string, unknown>;

/**
 * One way of showing a kind in test/faults/faults.test.ts (the badge kind has two: its list and
 * one badge), with what the faults that depend on its record do to it.
 */
export interface FaultSubject {
  /** Its name in test titles; by default the kind's. */
  name?: string;
  /** Its options besides `apiKey`, `address` and `baseUrl`; by default its `type` and the sample's `required`. */
  config?: Record<string, unknown>;
  /** The path of its own endpoint for `address` (`/api/v2/scores/${address}`): its requests are counted. */
  path: (address: string) => string;
  /** What a 404 shows: the error sentence (README's error table), or `{ empty }` for a ready view saying so. */
  notFound: string | { empty: string };
  /** A number field of its record: a patch putting `value` there, the field's name in errors, where the view shows it. */
  number: { patch: (value: unknown) => Patch; field: string; shown: (view: HTMLElement) => string | null | undefined };
  /** A patch taking out a required field, and the problem the malformed-response error names. */
  missing: { patch: Patch; problem: string };
  /** A patch giving a required field the wrong type, and the problem named. */
  wrongType: { patch: Patch; problem: string };
  /** A patch putting `notADate` in the date it shows; `null` for a kind that shows no date. */
  date: ((notADate: string) => Patch) | null;
  /**
   * For a view that also reads other endpoints (the badge list's definitions): a check of what
   * it shows when those answer 500 while its own answers.
   */
  others?: (view: HTMLElement) => void;
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
    /**
     * The name of the combination of `data` whose render from the stub is compared with the
     * sandbox's (test/hostile/hostile-data.test.ts); by default the `full` one. It must read one
     * endpoint, with a key the sandbox's rich fixture has.
     */
    viaSandbox?: string;
  };
  /** How it meets the faults that depend on its record (test/faults/faults.test.ts). */
  faults: readonly FaultSubject[];
  races: {
    /** What its ready view (or error view) must show for the options in force (test/lifecycle/races.test.ts). */
    expected: (ctx: RaceContext) => Expectation;
    /** The values to draw for each option that reloads its data (effect `reload` in its option table). */
    keys?: Readonly<Record<string, readonly (string | undefined)[]>>;
    /** How to draw its display options; a boolean one left out is drawn with even odds. */
    display?: Readonly<Record<string, (rng: Rng) => unknown>>;
  };
}
