import type { ServiceErrorKind } from './service-error';

/**
 * In a page, a `fetch` rejection says nothing of why: nothing answered, the service refused
 * the page's origin (a 403 without CORS headers), or the page's CSP blocked the URL. This
 * tells them apart once a request has failed for good, so that the sentence can say what to fix.
 */

/** URLs this page's CSP blocked, as its `securitypolicyviolation` events say (the rejection does not). */
const blocked = new Set<string>();
let watching = false;

/** Starts listening for CSP violations; called before the first request, so it sees that one. */
export const watchCsp = (): void => {
  if (watching || !globalThis.document) return;
  watching = true;
  document.addEventListener('securitypolicyviolation', ({ blockedURI }) => {
    if (blocked.size > 20) blocked.clear();
    blocked.add(blockedURI);
  });
};

/**
 * Why a request to `url` got no readable answer: `blocked` when the CSP refused it, else
 * `refused` when something answers there (a `no-cors` request, which needs no CORS headers and
 * carries no key, resolves), else `unreachable`. Only called in a page (where there is a document).
 */
export const whyUnread = async (url: string, fetcher: typeof fetch): Promise<ServiceErrorKind> => {
  let kind: ServiceErrorKind = 'refused';
  try {
    await fetcher(url, { mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(5000) });
  } catch {
    kind = 'unreachable';
  }
  // The violation events are dispatched in tasks of their own, after the rejections.
  await new Promise((later) => setTimeout(later));
  const { origin } = new URL(url);
  for (const uri of blocked) if (uri.startsWith(origin)) kind = 'blocked';
  return kind;
};
