import { localeOf, markLanguage, wordsFor } from '../i18n/locale';
import { renderInto } from '../render/html';
import { createHost } from './host';
import { failureView } from './failure-view';

/**
 * Appends a host in the error state to `container`, with `error`'s message as the sentence,
 * and dispatches `repkit:error` from it. Used where throwing would break the page. Returns the
 * host: a widget that only shows why it could not be created (an embed with bad attributes).
 */
export const mountFailure = (container: Element, error: Error, nonce?: string): HTMLElement => {
  const { host, view } = createHost(container.ownerDocument, 'error', undefined, nonce);
  host.dataset.state = 'error';
  // Set up wrongly, the widget has no options in force: its words are those of the page's language.
  const words = wordsFor(localeOf('auto', container));
  markLanguage(view, words);
  const detail = error.message.replace(/^repkit: /, '');
  // A detail that ends in its own mark (a "did you mean …?") keeps it instead of the sentence's stop.
  const sentence = words.t('This widget is set up wrongly: $.', detail).replace(/([?!.])[.。]$/, '$1');
  renderInto(view, failureView({ sentence, retry: false }, words));
  container.append(host);
  host.dispatchEvent(new CustomEvent('repkit:error', { bubbles: true, composed: true, detail: { error } }));
  return host;
};
