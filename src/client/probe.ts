import type { ServiceErrorKind } from './service-error';
import { sleep } from './transport';

/**
 * Why a request to `url` got no readable answer, since in a page a `fetch` rejection says
 * nothing of why: one more request, `no-cors` (it needs no CORS headers, and carries no key
 * and no cookies of another site), tells it. `blocked` when the page's CSP refuses it (its
 * `securitypolicyviolation` event says so), else `refused` when it resolves (something
 * answers but the browser may not read it: the service refused the page's origin), else
 * `unreachable`. Only called in a page; the caller's `signal` aborts the wait for the event.
 */
export const whyUnread = async (url: string, signal: AbortSignal): Promise<ServiceErrorKind> => {
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
  await fetch(url, { mode: 'no-cors', signal: probing }).then(() => (kind = 'refused'), Boolean);
  // The violation event is dispatched in a task of its own, which may come after the rejection.
  await sleep(50, signal);
  return kind;
};
