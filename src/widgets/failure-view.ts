import { importFailureSentences } from '../chunks/loaders';
import { html, type Html } from '../render/html';
import type { Localized } from './descriptor';
import { COULD_NOT_SHOW } from './sentences';

/**
 * How a widget shows a failure. Its sentences for a service's failure (./messages) are a chunk
 * (src/chunks/loaders.ts): only a page where something failed loads it, and a page whose widgets
 * load fine never does. Until it has loaded, a widget that failed stays as it was (its skeleton,
 * or the data it shows); when it cannot load, the widget says ./sentences' `COULD_NOT_SHOW`.
 */

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

type Sentences = Awaited<ReturnType<typeof importFailureSentences>>;

/** The chunk once it has loaded; `null` once it could not (or is not ./messages), so it is asked for once a page. */
let sentences: Sentences | null | undefined;
let loading: Promise<unknown> | undefined;

/** Whether the sentences' chunk has been tried: {@link describe} then says what it will say from now on. */
export const sentencesTried = (): boolean => sentences !== undefined;

/** Loads the sentences' chunk, once a page; resolves when it has loaded or could not. */
export const loadSentences = (): Promise<unknown> =>
  (loading ??= importFailureSentences().then(
    (loaded) => (sentences = typeof loaded?.describeFailure == 'function' ? loaded : null),
    () => (sentences = null),
  ));

/**
 * The failure view of `error` (./messages' describeFailure, with `notFound` the widget's own
 * sentence for a 404): what it says when the chunk has loaded, `COULD_NOT_SHOW` (./sentences) with a
 * button to try again otherwise.
 */
export const describe = (error: unknown, notFound: string, s: Localized): FailureView =>
  sentences ? sentences.describeFailure(error, notFound, s) : { sentence: s.t(COULD_NOT_SHOW), retry: true };

/**
 * The note under data kept through a failure (`error`, loaded at `loadedAt`): when it was loaded,
 * and why it was not reloaded. Only a failure ./messages said to keep the data for is kept, so
 * the chunk is there whenever a note is drawn.
 */
export const staleNote = (error: Error, loadedAt: number, s: Localized): Html | undefined => sentences?.staleNote(html, error, loadedAt, s);

/** The failure view: the sentence, and a button to try again when that may help. */
export const failureView = ({ sentence, retry, empty }: FailureView, { t }: Localized): Html =>
  empty
    ? html`<div class="rk-none" part="empty" role="status"><p class="rk-error-text">${sentence}</p></div>`
    : html`<div class="rk-error" part="error" role="alert">
        <p class="rk-error-text">${sentence}</p>
        ${retry && html`<button type="button" class="rk-retry" part="retry" data-action="retry">${t('Try again')}</button>`}
      </div>`;
