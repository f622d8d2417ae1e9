/** Types of ./worst-records.mjs: the worst records the client's validator accepts, per kind. */

export declare const DEFAULT_BUDGET: number;
export declare const ADDRESS: string;

/** The service's answer body for `data` (the `{ success, data }` envelope). */
export declare function body(data: unknown): string;
/** Words separated by spaces, exactly `length` characters. */
export declare function words(length: number, word?: string): string;
/** As many items as fit in `bytes` of JSON, or exactly `count`. */
export declare function fill<T>(make: (i: number) => T, options?: { bytes?: number; count?: number }): T[];

export declare function categoryRecord(definition: Record<string, unknown>): Record<string, unknown>;
export declare function scoresRecord(categories: Record<string, unknown>): Record<string, unknown>;
export declare function badgeRecord(definition: Record<string, unknown>): Record<string, unknown>;
export declare function profileRecord(fields: Record<string, unknown>): Record<string, unknown>;

/** A widget config (without address, key and base URL) and the answer to each API path after `/api/v2/`. */
export interface Scenario {
  name: string;
  config: Record<string, unknown>;
  answers: Record<string, unknown>;
}

/** The scenarios; `count` makes each list exactly that long instead of filling 2 MB. */
export declare function worstScenarios(options?: { count?: number; bytes?: number }): Scenario[];
