import { afterAll, beforeAll } from 'vitest';
import { createSandbox, faultBaseUrl, type FaultItems, type Sandbox } from '../service/sandbox.mjs';

import { ADDRESSES, API_KEY } from '../service/fixtures.mjs';

export { ADDRESSES, API_KEY };

/**
 * Starts a sandbox server (real HTTP on an ephemeral port) for the calling test file.
 * Faults are per base URL, so tests in one file never share fault state.
 */
export const useSandbox = (): { readonly url: string; readonly sandbox: Sandbox; fault(items: FaultItems): string } => {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await createSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  let faults = 0;
  return {
    get url() {
      return sandbox!.url;
    },
    get sandbox() {
      return sandbox!;
    },
    // A unique id per call keeps `times` counters and the client's cache of different tests
    // apart. Not from the clock alone: fake timers can freeze Date.now(), and a later file in
    // the same worker can get a sandbox on the same port, where the same id would be the same
    // base URL and hit the cache a test of the earlier file filled.
    fault: (items) => faultBaseUrl(sandbox!.url, { id: `${Date.now()}-${++faults}-${Math.random().toString(36).slice(2, 8)}`, ...items }),
  };
};

/**
 * A config of `type` for the rich address on the file's sandbox, retries off, in English: what
 * a widget test starts from (`extra` adds or overrides options).
 */
export const widgetConfig = <T extends string>(server: { readonly url: string }, type: T, extra: Record<string, unknown> = {}) => ({
  type,
  apiKey: API_KEY,
  address: ADDRESSES.rich,
  baseUrl: server.url,
  retries: 0,
  locale: 'en-US',
  ...extra,
});

/**
 * A reputation config for the rich address on a base URL of its own (own cache, own fault
 * counters, own request count), with retries off.
 */
export const reputationConfig = (server: { fault(items: FaultItems): string }, extra: Record<string, unknown> = {}) => ({
  type: 'reputation' as const,
  apiKey: API_KEY,
  address: ADDRESSES.rich,
  baseUrl: server.fault({}),
  retries: 0,
  ...extra,
});
