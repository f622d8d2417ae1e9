import { isServiceError } from '../client/service-error';
import { formatAge, formatTime } from '../render/format';
import { html, type Html } from '../render/html';
import { pageOrigin } from '../util/values';

/**
 * What a reader sees when a load fails: a sentence, whether trying again may help, and
 * whether it is a real failure or only "nothing here yet" (shown calmly, not in red).
 */
export interface Failure {
  sentence: string;
  retry: boolean;
  empty?: boolean;
}

/**
 * Turns an error into a sentence, chosen by the error's kind and status, never by its
 * message. `notFound` is the widget's own sentence for a 404, since "not found" means
 * something different to each kind; `locale` says when a spent quota resets.
 */
export const describeFailure = (error: unknown, notFound: string, locale?: string): Failure => {
  if (!isServiceError(error)) return { sentence: 'Something went wrong while showing this widget.', retry: true };
  const status = error.statusCode;
  switch (error.kind) {
    case 'timeout':
      return { sentence: 'The service took too long to answer (timed out).', retry: true };
    case 'network':
      return { sentence: 'The connection to the service failed.', retry: true };
    case 'unreachable':
      return { sentence: 'The widget could not reach the service: check the host and port of baseUrl.', retry: true };
    case 'refused':
      return {
        sentence: `The service refused this site${pageOrigin()}: add it to the API key's origins in the developer portal (at most three), or use a repkit proxy.`,
        retry: false,
      };
    case 'blocked':
      return { sentence: "This page's Content-Security-Policy blocks the service: add it to connect-src.", retry: false };
    case 'not-service':
      return { sentence: "The baseUrl is not the service's (404): check its path.", retry: false };
    case 'invalid-key':
      return { sentence: 'This widget has an invalid API key: check apiKey.', retry: false };
    case 'quota':
      return {
        sentence: `The quota for this site is used up; the widget tries again at ${formatTime(error.retryAt!, locale)}.`,
        retry: false,
      };
    case 'too-large':
      return { sentence: 'The service sent more data than this widget accepts (response too large).', retry: false };
    case 'redirect':
      return { sentence: 'The service redirected the request elsewhere; the widget does not follow redirects.', retry: false };
    case 'malformed':
      return { sentence: 'The service sent data this widget could not read.', retry: true };
  }
  if (status == 400) return { sentence: 'This is not a valid address.', retry: false };
  // A 403 a page can read comes from a proxy (the service's own has no CORS headers).
  if (status == 403) {
    return {
      sentence: `This site's origin${pageOrigin()} is not allowed: add it to the proxy's allowOrigins or to the API key's origins.`,
      retry: false,
    };
  }
  if (status == 404) return { sentence: notFound, retry: false, empty: true };
  if (status == 429) return { sentence: 'The service is busy right now (rate limited).', retry: true };
  if (status >= 500) return { sentence: 'The service is having trouble right now.', retry: true };
  return { sentence: 'The service did not accept this request.', retry: false };
};

/**
 * Whether data already shown stays true through this failure: the service could not be reached,
 * was slow, busy, failing or refused this page, but did not say the data is gone or wrong (a 404
 * or 400 does). The widget then keeps showing it, marked as of when it was loaded.
 */
export const keepsData = (error: unknown): boolean =>
  isServiceError(error) &&
  (/^(network|unreachable|refused|blocked|timeout|malformed)$/.test(error.kind) ||
    error.statusCode == 429 ||
    error.statusCode == 403 ||
    error.statusCode >= 500);

/** The note under data kept through a failure: when it was loaded, and why it was not reloaded (a polite live region). */
export const staleNote = (error: Error, loadedAt: number, locale: string | undefined): Html =>
  html`<p class="rk-stale" part="stale" role="status">As of <time datetime="${new Date(loadedAt).toISOString()}">${formatAge(Date.now() - loadedAt, locale)}</time>. ${describeFailure(error, '', locale).sentence}</p>`;

/** The failure view: the sentence, and a button to try again when that may help. */
export const failureView = ({ sentence, retry, empty }: Failure): Html =>
  empty
    ? html`<div class="rk-none" part="empty" role="status"><p class="rk-error-text">${sentence}</p></div>`
    : html`<div class="rk-error" part="error" role="alert">
        <p class="rk-error-text">${sentence}</p>
        ${retry && html`<button type="button" class="rk-retry" part="retry" data-action="retry">Try again</button>`}
      </div>`;
