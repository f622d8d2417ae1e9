import type { ServiceErrorKind } from '../errors';
import type { sleep } from './transport';

/**
 * Why a request to `url` got no readable answer, since in a page a `fetch` rejection says
 * nothing of why. What Chromium reports, tried in headless Chromium 156 against answers shaped
 * like the service's (test/browser/cors.test.ts runs it both ways):
 * - the service's refusal of an origin, a wrong key or a missing key (403 JSON without
 *   `Access-Control-Allow-Origin`), a closed port and an unknown host all reject with the same
 *   `TypeError: Failed to fetch`, within a few ms on loopback: neither the error nor the time
 *   tells them apart, and a Resource Timing entry of another origin holds only zeros;
 * - a keyless `no-cors` GET to the same URL does not tell them apart either: where opaque-response
 *   blocking errors the fetches it blocks (Chromium's `OpaqueResponseBlockingErrorsForAllFetches`,
 *   off in a build without field trials, such as Debian's, and on where a Chrome gets it), the
 *   service's JSON answer rejects exactly like no answer; so does any answer with a
 *   `Cross-Origin-Resource-Policy` header, in every browser;
 * - a CORS `OPTIONS` request to the same URL does: the service answers every `OPTIONS` with 204
 *   and this page's origin allowed (a preflight carries no key, so it cannot be refused, and an
 *   `OPTIONS` request is answered as one), so it resolves where the service answers and rejects
 *   where nothing does. It carries no key and costs no quota.
 * Hence: `blocked` when the page's CSP refuses the URL (its `securitypolicyviolation` event says
 * so), else `refused` when the `OPTIONS` request resolves (the service answers, but not to this
 * page: its origin, or the key), else `unreachable`. Only called in a page; the caller's
 * `signal` aborts the wait for the event.
 *
 * A chunk (src/chunks/loaders.ts): only a page whose request got no answer loads it, and it
 * imports nothing, so the script-tag builds can load it as a file of its own; `wait` is
 * ./transport's `sleep`.
 */
export const whyUnread = async (url: string, signal: AbortSignal, wait: typeof sleep): Promise<ServiceErrorKind> => {
  const { origin } = new URL(url);
  // Ends the request and, with it, the listening. (Not AbortSignal.timeout: README's oldest
  // browsers, Chrome 93 and Safari 15.4, lack it.)
  const stop = new AbortController();
  const probing = stop.signal;
  setTimeout(() => stop.abort(), 5000);
  let kind: ServiceErrorKind = 'unreachable';
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      if (event.blockedURI.startsWith(origin)) kind = 'blocked';
    },
    { signal: probing },
  );
  await fetch(url, { method: 'OPTIONS', credentials: 'omit', signal: probing }).then(() => (kind = 'refused'), Boolean);
  // The violation event is dispatched in a task of its own, which may come after the rejection.
  await wait(50, signal);
  return kind;
};
