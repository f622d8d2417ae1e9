/**
 * Batching, built in (src/client/send.ts, which loads src/client/batch.ts on first use): a client
 * without a key (so `baseUrl` is a proxy) sends the requests of one task to one proxy as one
 * `GET {baseUrl}/batch?r=…`, and each caller still settles on its own answer or its own
 * ServiceError, with the same validation, retries, cache and sharing as before. A proxy that does
 * not batch (404, or any answer that is not a batch) is found out once and gets the requests one
 * by one from then on. A client with a key never batches.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/client/service-client';
import type { ClientOptions } from '../../src/client/options';
import { BATCH_MAX_BYTES, BATCH_MAX_PARTS } from '../../src/client/batch';
import { BODY_BOUNDS } from '../../src/util/option-checks';
import { createProxy } from '../../src/proxy';
import { ADDRESSES, API_KEY, useSandbox } from '../helpers/sandbox';
import { expectAbortError, expectServiceError, rejection } from './util';

const server = useSandbox();
const { rich } = ADDRESSES;

/** A valid address the sandbox computes on the spot, distinct for each `n`. */
const addressOf = (n: number): string => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let tail = '';
  for (let i = 0, x = n + 1; i < 8; i++, x = Math.floor(x / 58)) tail = alphabet[x % 58] + tail;
  return `1${'Batch'.padEnd(39, 'x')}${tail}`;
};

let proxy: ((request: Request) => Promise<Response>) | undefined;
const proxyFor = () => (proxy ??= createProxy({ apiKey: API_KEY, upstream: server.url, basePath: '/rep', onEvent: () => {} }));

interface Part {
  status: number;
  headers: Record<string, string>;
  body: { data?: Record<string, unknown> };
}

/** The proxy's own answer to a batch URL, its parts changed by `change`. */
const changed = async (url: string, change: (parts: Part[]) => void): Promise<Response> => {
  const { parts } = (await (await proxyFor()(new Request(url))).json()) as { parts: Part[] };
  change(parts);
  return new Response(JSON.stringify({ parts }), { status: 200, headers: { 'Content-Type': 'application/json' } });
};

/** Every URL the clients asked for. */
let sent: string[] = [];
let bases = 0;

/**
 * A keyless client of an in-process repkit proxy, on a base URL of its own (so that what one
 * test learns about a base URL, or caches for it, is not another's). `answer` may replace the
 * proxy's answer to a request.
 */
const proxied = (options: Partial<ClientOptions> = {}, answer?: (url: string) => Response | undefined | Promise<Response | undefined>) => {
  const baseUrl = `http://proxy${++bases}.test/rep`;
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    sent.push(url);
    return (await answer?.(url)) ?? proxyFor()(new Request(url, init));
  }) as typeof fetch;
  /** Another client of the same proxy, with other options: its requests join the same batches. */
  const another = (more: Partial<ClientOptions>) => new ServiceClient({ baseUrl, retries: 0, fetch: fetchImpl, ...options, ...more });
  return { baseUrl, client: another({}), another };
};

const batchesOf = (urls: string[]) => urls.filter((u) => new URL(u).pathname.endsWith('/batch'));

beforeEach(() => {
  sent = [];
});

afterAll(() => {
  proxy = undefined;
});

describe('a client without a key batches the requests of one task', () => {
  it('sends one batch request for different calls, and each caller gets what a direct client gets', async () => {
    const { client, baseUrl } = proxied();
    const direct = new ServiceClient({ apiKey: API_KEY, baseUrl: server.url, retries: 0 });
    const [scores, badges, profile, category] = await Promise.all([
      client.getScores(rich),
      client.getBadges(rich),
      client.getProfile(ADDRESSES.identityOnly),
      client.getCategoryScore(rich, 'governance'),
    ]);
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${baseUrl}/batch`);
    expect(url.searchParams.getAll('r')).toEqual([
      `/api/v2/scores/${rich}`,
      `/api/v2/badges/${rich}`,
      `/api/v2/profiles/${ADDRESSES.identityOnly}`,
      `/api/v2/scores/${rich}/governance`,
    ]);
    expect(scores).toEqual(await direct.getScores(rich));
    expect(badges).toEqual(await direct.getBadges(rich));
    expect(profile).toEqual(await direct.getProfile(ADDRESSES.identityOnly));
    expect(category).toEqual(await direct.getCategoryScore(rich, 'governance'));

    // Cached as before: asking again sends nothing.
    await Promise.all([client.getScores(rich), client.getBadges(rich)]);
    expect(sent).toHaveLength(1);
  });

  it('keeps errors per caller: each failing call rejects with its own ServiceError, the others resolve', async () => {
    const { client, baseUrl } = proxied();
    const results = await Promise.allSettled([
      client.getScores('1notAnAddressAtAllxxxxxxxxxxxxxxxxxxxxxxxxxxxx'),
      client.getBadge(rich, 'NoSuchBadgeAnywhere'),
      client.getScores(rich),
    ]);
    expect(batchesOf(sent)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    const [invalid, missing, ok] = results;
    expect(invalid.status).toBe('rejected');
    expectServiceError((invalid as PromiseRejectedResult).reason, 400, 'Invalid Polkadot address format');
    expect((invalid as PromiseRejectedResult).reason.message).toContain(`GET ${baseUrl}/api/v2/scores/1notAnAddress`);
    expect(missing.status).toBe('rejected');
    expectServiceError((missing as PromiseRejectedResult).reason, 404);
    expect(ok.status).toBe('fulfilled');
  });

  it(`shares identical calls as one part, and splits more than ${BATCH_MAX_PARTS} parts into several batches`, async () => {
    const { client } = proxied();
    const addresses = Array.from({ length: 120 }, (_, i) => addressOf(i));
    const all = await Promise.all([...addresses, ...addresses.slice(0, 10)].map((a) => client.getProfile(a).catch((e: Error) => e)));
    expect(all.filter((r) => r instanceof Error)).toEqual([]);
    const batches = batchesOf(sent);
    expect(sent).toEqual(batches);
    expect(batches.map((u) => new URL(u).searchParams.getAll('r').length)).toEqual([50, 50, 20]);
    const asked = batches.flatMap((u) => new URL(u).searchParams.getAll('r'));
    expect(new Set(asked).size).toBe(120);
  });

  it('sends a lone request as it is, and a client with a key never batches', async () => {
    const { client, baseUrl } = proxied();
    await client.getScores(rich);
    expect(sent).toEqual([`${baseUrl}/api/v2/scores/${rich}`]);

    sent = [];
    const seen: string[] = [];
    const keyed = new ServiceClient({
      apiKey: API_KEY,
      baseUrl: server.url,
      retries: 0,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await Promise.all([keyed.getScores(rich), keyed.getBadges(rich), keyed.getProfile(rich)]);
    expect(seen).toHaveLength(3);
    expect(batchesOf(seen)).toEqual([]);
  });

  it('retries a part the proxy answered 503 with Retry-After, on its own, while the others resolve', async () => {
    let first = true;
    const { client } = proxied({ retries: 2 }, (url) => {
      if (!url.includes('/batch') || !first) return undefined;
      first = false;
      return changed(url, (parts) => {
        parts[0] = { status: 503, headers: { 'Retry-After': '0' }, body: { message: 'quota used up' } } as Part;
      });
    });
    const [scores, other] = await Promise.all([client.getScores(rich), client.getBadges(rich)]);
    expect(scores.address).toBe(rich);
    expect(other.badges.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain(`/api/v2/scores/${rich}`);
  });

  it('validates each part as it would a direct answer: a malformed or oversized one fails that caller only', async () => {
    const { client, another } = proxied({}, (url) =>
      url.includes('/batch')
        ? changed(url, (parts) => {
            parts[0]!.body.data!.totalScore = 'many';
            delete (parts[3] as { body?: unknown }).body;
            parts[4]!.body.data!.padding = 'x'.repeat(2000);
          })
        : undefined,
    );
    const small = another({ maxResponseBytes: 1024 });
    const [bad, good, alsoGood, noBody, tooLarge] = await Promise.allSettled([
      client.getScores(addressOf(500)),
      client.getScores(addressOf(501)),
      client.getScores(addressOf(502)),
      client.getScores(addressOf(503)),
      small.getBadgeDefinitions(),
    ]);
    expect(sent).toHaveLength(1);
    expect([good.status, alsoGood.status]).toEqual(['fulfilled', 'fulfilled']);
    const kinds = [bad, noBody, tooLarge].map((r) => (r as PromiseRejectedResult).reason?.kind);
    expect(kinds).toEqual(['malformed', 'malformed', 'too-large']);
  });

  it('a caller that aborts rejects with AbortError at once; the others still get their answers', async () => {
    const { client } = proxied();
    const controller = new AbortController();
    const leaving = client.getScores(rich, controller.signal);
    const staying = client.getBadges(rich);
    controller.abort();
    expectAbortError(await rejection(leaving));
    expect((await staying).badges.length).toBeGreaterThan(0);
    expect(sent, sent.join('\n')).toHaveLength(1);
  });

  it('a proxy that does not batch gets the requests one by one, now and for the rest of the page', async () => {
    const { client, baseUrl } = proxied({}, (url) =>
      url.includes('/batch') ? new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 }) : undefined,
    );
    const [scores, badges] = await Promise.all([client.getScores(rich), client.getBadges(rich)]);
    expect(scores.address).toBe(rich);
    expect(badges.badges.length).toBeGreaterThan(0);
    expect(sent.slice(1).sort()).toEqual([`${baseUrl}/api/v2/badges/${rich}`, `${baseUrl}/api/v2/scores/${rich}`]);
    expect(batchesOf(sent)).toHaveLength(1);

    sent = [];
    await Promise.all([client.getProfile(rich), client.getScores(rich, { fresh: true })]);
    expect(batchesOf(sent)).toEqual([]);
    expect(sent).toHaveLength(2);
  });
});

describe('a proxy that does not batch is found out once', () => {
  it('an answer that is not a batch (200 with other JSON) sends those requests one by one, and later ones too', async () => {
    const { client, baseUrl } = proxied({}, (url) =>
      url.includes('/batch') ? new Response(JSON.stringify({ data: { hello: 'world' } }), { status: 200 }) : undefined,
    );
    const [scores, profile] = await Promise.all([client.getScores(rich), client.getProfile(rich)]);
    expect(scores.address).toBe(rich);
    expect(profile.address).toBe(rich);
    expect(batchesOf(sent)).toHaveLength(1);
    expect(sent.slice(1).sort()).toEqual([`${baseUrl}/api/v2/profiles/${rich}`, `${baseUrl}/api/v2/scores/${rich}`]);

    sent = [];
    await Promise.all([client.getBadges(rich), client.getScores(rich, { fresh: true }), client.getProfile(rich, { fresh: true })]);
    expect(batchesOf(sent)).toEqual([]);
    expect(sent).toHaveLength(3);
  });

  it('what one proxy does not do, another still does: the finding is per base URL', async () => {
    const old = proxied({}, (url) => (url.includes('/batch') ? new Response('Not Found', { status: 404 }) : undefined));
    await Promise.all([old.client.getScores(rich), old.client.getBadges(rich)]);
    expect(batchesOf(sent)).toHaveLength(1);

    sent = [];
    const { client } = proxied();
    await Promise.all([client.getScores(rich), client.getBadges(rich)]);
    expect(sent).toHaveLength(1);
    expect(batchesOf(sent)).toHaveLength(1);
  });
});

it('reads a batch answer up to the most any client may allow for one answer', () => {
  // The batcher is a chunk that imports nothing (rollup.config.mjs), so it keeps its own copy of the bound.
  expect(BATCH_MAX_BYTES).toBe(BODY_BOUNDS.max);
});
