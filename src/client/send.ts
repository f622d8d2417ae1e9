import { importBatch } from '../chunks/loaders';
import { abortError } from './abort-error';
import { AttemptFailure } from './failure';
import { get, type Get } from './transport';

/** The sender of keyless requests: the batcher, loaded by the first of them (or `get`, when it cannot load). */
let sender: Promise<Get> | undefined;

/**
 * How ./request sends each GET. With a key it goes straight out (the service has no batch
 * route). Without one, `baseUrl` is a proxy: the request goes through the batcher (./batch),
 * loaded the first time, which sends the requests of one task as one batch and learns which
 * proxies do not batch. Requests made while it loads all join the first batch; if it cannot
 * load, they go one by one, as they always can.
 */
export const send: Get = (options, url, timeoutMs, signal) =>
  // A key is never empty (./options).
  options.apiKey
    ? get(options, url, timeoutMs, signal)
    : // `.catch` after the call: a file that loads but is not the batcher counts as one that cannot load.
      (sender ??= importBatch()
        .then(({ batching }) => batching({ get, abortError, AttemptFailure }))
        .catch(() => get)).then((batched) => batched(options, url, timeoutMs, signal));
