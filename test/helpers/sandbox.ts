import { afterAll, beforeAll } from 'vitest';
import { createSandbox, faultBaseUrl, type FaultItems, type Sandbox } from '../../demo/sandbox.mjs';

import { ADDRESSES, API_KEY } from '../../demo/fixtures.mjs';

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
    // A unique id per call keeps `times` counters of different tests apart.
    fault: (items) => faultBaseUrl(sandbox!.url, { id: `${Date.now()}-${++faults}`, ...items }),
  };
};

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
