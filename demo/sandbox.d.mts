/** Types of ./sandbox.mjs (the zero-dependency sandbox server). */
import type { Server } from 'node:http';

export interface SandboxOptions {
  /** Port to listen on; `0` (default) picks a free one. */
  port?: number;
  /** Interface to listen on; default `'127.0.0.1'`. */
  host?: string;
  /** Delay in ms added to every API response; default `0`. */
  latencyMs?: number;
  /** Repository root: when given, `/`, `/demo/*` and `/dist/*` are served from it. */
  staticRoot?: string;
}

/** One logged API request (OPTIONS preflights, static and control requests are not logged). */
export interface SandboxRequest {
  method: string;
  /** Path as sent (still percent-encoded), without the fault prefix and the query string. */
  path: string;
  /** The X-API-Key header, or `null` when absent. */
  apiKey: string | null;
  /** `Date.now()` when the request arrived. */
  time: number;
}

export interface Sandbox {
  /** Base URL to pass as a client's `baseUrl`, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string;
  port: number;
  server: Server;
  /** Live log of API requests, oldest first. */
  requests: SandboxRequest[];
  /** Empties {@link requests}. Fault `times` counters are not reset. */
  resetRequests(): void;
  /** Stops the server, ending hanging requests; resolves once closed. */
  close(): Promise<void>;
}

/** Starts a sandbox server. */
export declare function createSandbox(options?: SandboxOptions): Promise<Sandbox>;

/** A parsed fault spec (see `/__fault/{spec}/api/v2/...`). */
export interface Fault {
  latency?: number;
  status?: number;
  retryAfter?: string;
  times?: number;
  hang?: boolean;
  drop?: boolean;
  dropMidBody?: boolean;
  body?: 'text' | 'html' | 'nodata' | 'successfalse' | 'empty' | 'huge';
  patch?: Record<string, unknown>;
}

/** Items of a fault spec, as accepted by {@link faultSpec}. */
export interface FaultItems {
  latency?: number;
  status?: number;
  retryAfter?: number | string;
  times?: number;
  hang?: boolean;
  drop?: boolean;
  dropMidBody?: boolean;
  body?: 'text' | 'html' | 'nodata' | 'successfalse' | 'empty' | 'huge';
  /** Shallow-merged into `data`; a `null` value deletes that key. */
  patch?: Record<string, unknown>;
  /** No effect; makes the spec string (and so its `times` counter) unique. */
  id?: string | number;
}

/** Parses a raw fault spec segment; throws an Error with a human message when malformed. */
export declare function parseFaultSpec(raw: string): Fault;

/** Builds a spec string such as `status=503,times=1` from items, percent-encoding values. */
export declare function faultSpec(items: FaultItems): string;

/** `{url}/__fault/{spec}`: a base URL whose every request carries the given faults. */
export declare function faultBaseUrl(url: string, items: FaultItems): string;
