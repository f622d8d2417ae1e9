import { ServiceError } from '../client/service-error';
import { html, type Html } from '../render/html';

/** What a reader sees when a load fails: a sentence, and whether trying again may help. */
export interface Failure {
  sentence: string;
  retry: boolean;
}

/**
 * Turns an error into a human sentence. `notFound` is the widget's own sentence for a 404,
 * since "not found" means something different to each kind.
 */
export const describeFailure = (error: unknown, notFound: string): Failure => {
  const status = error instanceof ServiceError || (error as Error)?.name == 'ServiceError' ? (error as ServiceError).statusCode : -1;
  if (status == 401 || status == 403) return { sentence: 'This widget has an invalid API key.', retry: false };
  if (status == 404) return { sentence: notFound, retry: false };
  if (status == 400) return { sentence: 'The service did not accept this address or key.', retry: false };
  if (status == 0)
    return /timed out/.test((error as Error).message)
      ? { sentence: 'The service took too long to answer (timed out).', retry: true }
      : { sentence: 'The widget could not reach the service.', retry: true };
  if (status == 429) return { sentence: 'The service is busy right now (rate limited).', retry: true };
  if (status >= 500) return { sentence: 'The service is having trouble right now.', retry: true };
  if (status > 0) return { sentence: 'The service sent data this widget could not read.', retry: true };
  return { sentence: 'Something went wrong while showing this widget.', retry: true };
};

/** The error view: the sentence, and a button to try again when that may help. */
export const failureView = ({ sentence, retry }: Failure): Html =>
  html`<div class="rk-error" part="error" role="alert"><p class="rk-error-text">${sentence}</p>${retry && html`<button type="button" class="rk-retry" part="retry" data-action="retry">Try again</button>`}</div>`;
