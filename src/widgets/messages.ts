import { SENTENCES } from '../client/failure-message';
import { isServiceError } from '../errors';
import { formatAge } from '../render/format';
import type { html as htmlTag, Html } from '../render/html';
import { pageOrigin } from '../util/values';
import type { Localized } from './descriptor';
import type { FailureView } from './failure-view';
import { COULD_NOT_SHOW, quotaSentence } from './sentences';

/**
 * The sentences of a service's failure, for a widget's error view (./failure-view) and the
 * server's (src/server.ts). A chunk (src/chunks/loaders.ts): only a page where a load failed
 * loads it. It imports nothing the script that loads it must share (the `html` tag is passed
 * in): the script-tag builds load it as a file of its own, with copies of the little it uses.
 * There it also carries the words of a client's `ServiceError` (../client/failure-message), which
 * the client loads by the same file's name: a widget that failed finds its sentences already there.
 */
export { failureClause } from '../client/failure-message';

/**
 * Turns an error into a sentence of the catalogue `t`, chosen by the error's kind and status,
 * never by its message. `notFound` is the widget's own sentence for a 404, since "not found"
 * means something different to each kind; `locale` says when a spent quota resets (its date
 * and time, in the visitor's time zone).
 */
export const describeFailure = (error: unknown, notFound: string, { t, locale }: Localized): FailureView => {
  if (!isServiceError(error)) return { sentence: t(COULD_NOT_SHOW), retry: true };
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

/**
 * The note under data kept through a failure (`error`): when it was loaded (`loadedAt`), and why
 * it was not reloaded; a polite live region. `html` is the tag of the script that loaded this
 * chunk: only its own markup is markup to it.
 */
export const staleNote = (html: typeof htmlTag, error: Error, loadedAt: number, s: Localized): Html => {
  const [before, after] = s.t('As of $.').split('$');
  return html`<p class="rk-stale" part="stale" role="status">${before}<time datetime="${new Date(loadedAt).toISOString()}">${formatAge(Date.now() - loadedAt, s.locale)}</time>${after} ${describeFailure(error, '', s).sentence}</p>`;
};
