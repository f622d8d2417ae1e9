/**
 * The model of ./races.test.ts: what a config must show, as checks on a rendered view. Each
 * kind's own part (what its ready view shows for a fixture) is in its sample
 * (src/widgets/kinds/<kind>/sample.ts `races.expected`), built from these.
 */
import { FIXTURES, brandNewRecords } from '../service/fixtures.mjs';

/** Options as the checks read them (`widget.options` of any kind). */
export type Opts = Record<string, unknown> & { address: string; apiKey: string; locale?: string };

/** The seeded random source of ./races.test.ts. */
export interface Rng {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** What the sandbox serves for an address: its fixture, or the record it computes for an unseen one. */
export const fixtureOf = (address: string) => (Object.hasOwn(FIXTURES, address) ? FIXTURES[address]! : brandNewRecords(address, ''));

export const text = (view: Element, selector: string): string | undefined => view.querySelector(selector)?.textContent?.trim();

export interface Expectation {
  state: 'ready' | 'error';
  /** Describes what is wrong with the rendered view, or returns undefined. */
  check(view: Element): string | undefined;
}

export const error = (sentence: string): Expectation => ({
  state: 'error',
  check: (view) => {
    // A 404 is shown calmly ([part="empty"]); other failures as an alert ([part="error"]).
    const shown = text(view, '[part="error"] .rk-error-text, [part="empty"] .rk-error-text');
    return shown == sentence ? undefined : `error view says ${JSON.stringify(shown)}, expected ${JSON.stringify(sentence)}`;
  },
});

export const ready = (check: (view: Element) => string | undefined): Expectation => ({
  state: 'ready',
  check: (view) => (view.querySelector('[part="error"]') ? 'an error view where data was expected' : check(view)),
});

export const mismatch = (what: string, shown: unknown, wanted: unknown): string | undefined =>
  JSON.stringify(shown) == JSON.stringify(wanted)
    ? undefined
    : `${what}: shown ${JSON.stringify(shown)}, expected ${JSON.stringify(wanted)}`;

/** The shortened address element carries the full address the view is about. */
export const addressTitle = (view: Element, address: string): string | undefined => {
  const title = view.querySelector('.rk-address')?.getAttribute('title');
  return title === undefined || title === null ? 'no .rk-address in the view' : mismatch('address title', title, address);
};

/** What a kind's `races.expected` is given: the options in force and the fixture they name. */
export interface RaceContext {
  o: Opts;
  fx: ReturnType<typeof fixtureOf>;
  /** A number as the view formats it in the options' locale. */
  n: (value: number) => string;
  /** The sandbox's origin (profile images are served from it). */
  serverUrl: string;
}
