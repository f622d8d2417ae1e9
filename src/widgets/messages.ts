import { SENTENCES } from '../client/failure';
import { isServiceError } from '../errors';
import { formatAge } from '../render/format';
import { html, type Html } from '../render/html';
import { pageOrigin } from '../util/values';
import type { Localized } from './descriptor';

/**
 * What a reader sees when a load fails: a sentence, whether trying again may help, whether
 * it is a real failure or only "nothing here yet" (shown calmly, not in red), and whether data
 * already shown stays true through it (`keep`): the service could not be reached, was slow,
 * busy, failing or refused this page, but did not say the data is gone or wrong (a 404 or 400
 * does). The widget then keeps showing that data, marked as of when it was loaded.
 */
export interface FailureView {
  sentence: string;
  retry: boolean;
  empty?: boolean;
  keep?: boolean;
}

/**
 * What a widget says while the key's quota is spent, until `at` (epoch ms): that, and when it
 * loads again by itself (in the visitor's locale and time zone). Said in the error view when a
 * load is refused by the quota gate, and in the loading view while the client waits for a reset
 * that is seconds away.
 */
export const quotaSentence = (at: number, { t, locale }: Pick<Localized, 't' | 'locale'>): string =>
  t('Quota used up: trying again at $.', new Date(at).toLocaleString(locale));

/**
 * Turns an error into a sentence of the catalogue `t`, chosen by the error's kind and status,
 * never by its message. `notFound` is the widget's own sentence for a 404, since "not found"
 * means something different to each kind; `locale` says when a spent quota resets (its date
 * and time, in the visitor's time zone).
 */
export const describeFailure = (error: unknown, notFound: string, { t, locale }: Localized): FailureView => {
  if (!isServiceError(error)) return { sentence: t('This widget could not be shown.'), retry: true };
  const { kind, statusCode: status } = error;
  const http = kind == 'http';
  const retry = http ? status == 429 || status >= 500 : /^(timeout|network|unreachable|malformed)$/.test(kind);
  const sentence = http
    ? status == 400
      ? t('This is not a valid address.')
      : // A 403 a page can read comes from a proxy (the service's own has no CORS headers).
        status == 403
        ? t("Origin$ not allowed: add it to the proxy's allowOrigins.", pageOrigin())
        : status == 404
          ? notFound
          : status == 429
            ? t('The service is busy (rate limited).')
            : status >= 500
              ? t('The service is having trouble.')
              : t('The service did not accept this request.')
    : kind == 'quota'
      ? quotaSentence(Number(error.retryAt), { t, locale })
      : t(SENTENCES[kind], pageOrigin());
  return {
    sentence,
    retry,
    empty: http && status == 404,
    // A quota spent (429) or a key refused (403) says nothing about the data either.
    keep: retry || /^(refused|blocked)$/.test(kind) || status == 403 || status == 429,
  };
};

/** The note under data kept through a failure: when it was loaded, and why it was not reloaded (a polite live region). */
export const staleNote = (error: Error, loadedAt: number, s: Localized): Html => {
  const [before, after] = s.t('As of $.').split('$');
  return html`<p class="rk-stale" part="stale" role="status">${before}<time datetime="${new Date(loadedAt).toISOString()}">${formatAge(Date.now() - loadedAt, s.locale)}</time>${after} ${describeFailure(error, '', s).sentence}</p>`;
};

/** The failure view: the sentence, and a button to try again when that may help. */
export const failureView = ({ sentence, retry, empty }: FailureView, { t }: Localized): Html =>
  empty
    ? html`<div class="rk-none" part="empty" role="status"><p class="rk-error-text">${sentence}</p></div>`
    : html`<div class="rk-error" part="error" role="alert">
        <p class="rk-error-text">${sentence}</p>
        ${retry && html`<button type="button" class="rk-retry" part="retry" data-action="retry">${t('Try again')}</button>`}
      </div>`;
