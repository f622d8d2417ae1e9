import { API_PREFIX } from './routes';

/** What one upstream request came to. */
export type UpstreamResult =
  | { kind: 'answer'; status: number; body: string; headers: Headers }
  | { kind: 'timeout' | 'network' | 'too-large' | 'redirect'; detail: string };

export interface UpstreamConfig {
  apiKey: string;
  upstream: string;
  timeoutMs: number;
  maxResponseBytes: number;
  fetch: typeof fetch;
}

/** Reads a body up to `max` bytes; undefined when it is larger (the rest is never read). */
const readCapped = async (response: Response, max: number): Promise<string | undefined> => {
  const declared = response.headers.get('content-length');
  // Only a hint: it counts compressed bytes, and the decompressed stream is what is measured.
  if (declared && !response.headers.get('content-encoding') && Number(declared) > max) return undefined;
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
};

/**
 * One GET to the service for a canonical route path. Sends only `Accept` and the key from the
 * configuration (the runtime adds `Accept-Encoding` and decompresses); never follows a
 * redirect, so the key goes to the upstream origin only; gives up after `timeoutMs` for
 * headers and body together, and after `maxResponseBytes` of decompressed body. Never rejects.
 */
export async function requestUpstream(config: UpstreamConfig, path: string): Promise<UpstreamResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  try {
    const response = await config.fetch(`${config.upstream}${API_PREFIX}${path}`, {
      method: 'GET',
      headers: { Accept: 'application/json', 'X-API-Key': config.apiKey },
      redirect: 'manual',
      signal: controller.signal,
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'redirect', detail: `the service answered a redirect (${response.status}), which is never followed` };
    }
    const body = await readCapped(response, config.maxResponseBytes);
    if (body === undefined) return { kind: 'too-large', detail: `the service's answer is larger than ${config.maxResponseBytes} bytes` };
    return { kind: 'answer', status: response.status, body, headers: response.headers };
  } catch {
    return timedOut
      ? { kind: 'timeout', detail: `the service did not answer within ${config.timeoutMs} ms` }
      : { kind: 'network', detail: 'could not reach the service' };
  } finally {
    clearTimeout(timer);
  }
}
