import { words } from '../client/failure';
import { isServiceError } from '../client/service-error';
import { formatAge } from '../render/format';
import { html, type Html } from '../render/html';
import { pageOrigin } from '../util/values';

/**
 * What a reader sees when a load fails: a sentence, whether trying again may help, whether
 * it is a real failure or only "nothing here yet" (shown calmly, not in red), and whether data
 * already shown stays true through it (`keep`): the service could not be reached, was slow,
 * busy, failing or refused this page, but did not say the data is gone or wrong (a 404 or 400
 * does). The widget then keeps showing that data, marked as of when it was loaded.
 */
export interface Failure {
  sentence: string;
  retry: boolean;
  empty?: boolean;
  keep?: boolean;
}

/**
 * Turns an error into a sentence, chosen by the error's kind and status, never by its
 * message. `notFound` is the widget's own sentence for a 404, since "not found" means
 * something different to each kind; `locale` says when a spent quota resets (its date and
 * time, in the visitor's time zone). A failure of
 * a kind of its own has the client's words for it (src/client/failure.ts).
 */
export const describeFailure = (error: unknown, notFound: string, locale?: string): Failure => {
  if (!isServiceError(error)) return { sentence: 'This widget could not be shown.', retry: true };
  const { kind, statusCode: status } = error;
  const http = kind == 'http';
  const retry = http ? status == 429 || status >= 500 : /^(timeout|network|unreachable|malformed)$/.test(kind);
  const sentence = http
    ? status == 400
      ? 'This is not a valid address.'
      : // A 403 a page can read comes from a proxy (the service's own has no CORS headers).
        status == 403
        ? `Origin${pageOrigin()} not allowed: add it to the proxy's allowOrigins or to the API key's origins.`
        : status == 404
          ? notFound
          : status == 429
            ? 'The service is busy (rate limited).'
            : status >= 500
              ? 'The service is having trouble.'
              : 'The service did not accept this request.'
    : // Only the quota's words hold the detail: the reset, in the visitor's locale and time zone.
      words(kind, new Date(error.retryAt!).toLocaleString(locale), true).replace(/^./, (first) => first.toUpperCase()) + '.';
  return {
    sentence,
    retry,
    empty: http && status == 404,
    // A quota spent (429) or a key refused (403) says nothing about the data either.
    keep: retry || /^(refused|blocked)$/.test(kind) || status == 403 || status == 429,
  };
};

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
