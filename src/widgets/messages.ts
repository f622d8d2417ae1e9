import { isServiceError } from '../client/service-error';
import { formatAge } from '../render/format';
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
 * something different to each kind.
 */
export const describeFailure = (error: unknown, notFound: string): Failure => {
  if (!isServiceError(error)) return { sentence: 'Something went wrong while showing this widget.', retry: true };
  const status = error.statusCode;
  if (error.kind == 'timeout') return { sentence: 'The service took too long to answer (timed out).', retry: true };
  if (error.kind == 'network')
    return {
      sentence: `The widget could not reach the service. If this keeps happening, the API key may not allow this site's origin${pageOrigin()}: add it to the key in the service's developer portal, or use a repkit proxy.`,
      retry: true,
    };
  if (error.kind == 'too-large')
    return { sentence: 'The service sent more data than this widget accepts (response too large).', retry: false };
  if (error.kind == 'refused')
    return { sentence: 'The service redirected the request elsewhere; the widget does not follow redirects.', retry: false };
  if (error.kind == 'malformed') return { sentence: 'The service sent data this widget could not read.', retry: true };
  if (status == 400) return { sentence: 'This is not a valid address.', retry: false };
  if (status == 401) return { sentence: 'This widget has an invalid API key.', retry: false };
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
  (error.kind == 'network' ||
    error.kind == 'timeout' ||
    error.kind == 'malformed' ||
    error.statusCode == 429 ||
    error.statusCode == 403 ||
    error.statusCode >= 500);

/** The note under data kept through a failure: when it was loaded, and why it was not reloaded (a polite live region). */
export const staleNote = (error: Error, loadedAt: number, locale: string | undefined): Html =>
  html`<p class="rk-stale" part="stale" role="status">As of <time datetime="${new Date(loadedAt).toISOString()}">${formatAge(Date.now() - loadedAt, locale)}</time>. ${describeFailure(error, '').sentence}</p>`;

/** The failure view: the sentence, and a button to try again when that may help. */
export const failureView = ({ sentence, retry, empty }: Failure): Html =>
  empty
    ? html`<div class="rk-none" part="empty" role="status"><p class="rk-error-text">${sentence}</p></div>`
    : html`<div class="rk-error" part="error" role="alert">
        <p class="rk-error-text">${sentence}</p>
        ${retry && html`<button type="button" class="rk-retry" part="retry" data-action="retry">Try again</button>`}
      </div>`;
