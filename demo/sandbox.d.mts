/** Types of ./sandbox.mjs (the zero-dependency sandbox server). */
import type { Server } from 'node:http';

export interface SandboxOptions {
  /** Port to listen on; `0` (default) picks a free one. */
  port?: number;
  /** Interface to listen on; default `'127.0.0.1'`. */
  host?: string;
  /** Delay in ms added to every API response; default `0`. */
  latencyMs?: number;
  /**
   * How long the service "computes" a record from chain data, in ms; default `0`. Added to the
   * first request for each computed (`source: 'api'`) address, unknown addresses included, and
   * to every request for an address whose total is 0. App-sourced records are always fast.
   */
  computeDelayMs?: number;
  /** Requests per API key per window; default `{ limit: 1e9, windowMs: 3_600_000 }`. */
  quota?: { limit?: number; windowMs?: number };
  /**
   * Repository root: when given, `/`, `/demo/*` and `/dist/*` are served from it. The fixture
   * images (`/demo/fixtures/*`) are served either way.
   */
  staticRoot?: string;
}

/** One logged API request (OPTIONS preflights, static and control requests are not logged). */
export interface SandboxRequest {
  method: string;
  /** Path as sent (still percent-encoded), without the fault prefix and the query string. */
  path: string;
  /** The X-API-Key header, or `null` when absent. */
  apiKey: string | null;
  /** The Origin header, or `null` when absent (a server-side or same-origin GET). */
  origin: string | null;
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
  /** Empties {@link requests}. Fault `times` counters, quotas and computed addresses are kept. */
  resetRequests(): void;
  /** Stops the server, ending hanging requests; resolves once closed. */
  close(): Promise<void>;
}

/** Starts a sandbox server. */
export declare function createSandbox(options?: SandboxOptions): Promise<Sandbox>;

/** Malformed-body variants of the `body` fault. */
export type FaultBody = 'text' | 'html' | 'nodata' | 'successfalse' | 'empty' | 'huge';

/** A parsed fault spec (see `/__fault/{spec}/api/v2/...`). */
export interface Fault {
  latency?: number;
  status?: number;
  message?: string;
  resetIn?: number;
  retryAfter?: string;
  redirect?: string;
  times?: number;
  hang?: boolean;
  drop?: boolean;
  dropMidBody?: boolean;
  body?: FaultBody;
  big?: number;
  bomb?: number;
  patch?: Record<string, unknown>;
}

/** Items of a fault spec, as accepted by {@link faultSpec}. */
export interface FaultItems {
  /** Delay in ms before anything else happens. */
  latency?: number;
  /**
   * 400-599: answer this status with the production body `{ message }` (the message that
   * production sends for it on that route; 429 comes with X-RateLimit-* headers and a reset one
   * hour ahead). 200-399: the real answer with its status replaced. With `redirect`: the
   * redirect status (301, 302, 303, 307 or 308).
   */
  status?: number;
  /** The message of an injected error, instead of the production one. */
  message?: string;
  /** Answer 429 with `X-RateLimit-Reset` = now + this many ms (and Remaining 0, no Retry-After). */
  resetIn?: number;
  /** Adds a Retry-After header (production never sends one). */
  retryAfter?: number | string;
  /** Answer with a redirect to this URL: 302, or `status` when given. */
  redirect?: string;
  /** The fault applies to the first N requests with this exact spec only. */
  times?: number;
  /** Never answer (until the client gives up or the sandbox closes). */
  hang?: boolean;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Send the headers and half the body, then destroy the socket. */
  dropMidBody?: boolean;
  /** Replace the answer with a malformed body (`huge`: the real data plus 5 MB of padding). */
  body?: FaultBody;
  /** Pad the real answer to exactly this many bytes of valid JSON, sent uncompressed. */
  big?: number;
  /**
   * A gzip bomb: the real answer padded to this many bytes once decompressed, sent
   * gzip-compressed (a few kB on the wire) whatever the request's Accept-Encoding says.
   */
  bomb?: number;
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
