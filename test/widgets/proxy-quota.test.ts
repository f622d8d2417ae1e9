/**
 * Behind a repkit proxy, a spent quota is the quota: the proxy answers its 503 with
 * `Retry-After` (exposed to pages) and `code: 'quota-used-up'`, and the page says "Quota used up:
 * trying again at …" with no Try again button, not "The service is having trouble." (issue 45).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createProxy } from '../../src/proxy';
import { toNodeListener } from '../../src/proxy/node';
import { ReputationWidget, ServiceClient, ServiceError } from '../../src/index';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { mountSettled, stateOf, textOf } from '../helpers/profile-category';

const server = useSandbox();
const proxies: http.Server[] = [];
afterAll(() => proxies.forEach((proxy) => proxy.close()));

/** A proxy whose key's quota is spent for a minute (the production 429, body and headers). */
const spentProxy = async (): Promise<string> => {
  const proxy = http.createServer(
    toNodeListener(createProxy({ apiKey: API_KEY, upstream: server.fault({ resetIn: 60_000 }), allowOrigins: '*' })),
  );
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
};

describe("a proxy's spent quota", () => {
  it('rejects as the quota, with the time it resets', async () => {
    const before = Date.now();
    const error = await new ServiceClient({ baseUrl: await spentProxy() }).getScores(ADDRESSES.rich).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('quota');
    expect((error as ServiceError).retryAt).toBeGreaterThan(before + 50_000);
  });

  it('reads "Quota used up: trying again at …" in a widget, with no Try again button', async () => {
    const widget = await mountSettled(new ReputationWidget({ baseUrl: await spentProxy(), address: ADDRESSES.rich }));
    expect(stateOf(widget)).toBe('error');
    expect(textOf(widget)).toMatch(/Quota used up: trying again at /);
    expect(textOf(widget)).not.toContain('having trouble');
    expect(widget.element!.shadowRoot!.querySelector('[part="retry"]')).toBeNull();
    widget.destroy();
  });
});
