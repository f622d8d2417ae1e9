import { renderInto } from '../render/html';
import { createHost } from './host';
import { failureView } from './messages';

/** A host that only shows why a widget could not be created (an embed with bad attributes). */
export interface FailureHost {
  readonly element: HTMLElement;
  destroy(): void;
}

/**
 * Appends a host in the error state to `container`, with `error`'s message as the sentence,
 * and dispatches `repkit:error` from it. Used where throwing would break the page.
 */
export const mountFailure = (container: Element, error: Error, nonce?: string): FailureHost => {
  const { host, view } = createHost(container.ownerDocument, 'error', undefined, nonce);
  host.dataset.state = 'error';
  renderInto(view, failureView({ sentence: `This widget is set up wrongly: ${error.message.replace(/^repkit: /, '')}.`, retry: false }));
  container.append(host);
  host.dispatchEvent(new CustomEvent('repkit:error', { bubbles: true, composed: true, detail: { error } }));
  return { element: host, destroy: () => host.remove() };
};
