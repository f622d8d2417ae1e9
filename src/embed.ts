/**
 * The side-effect entry (`repkit/embed`, and the UMD build): defines `<repkit-widget>` and
 * mounts every `[data-repkit]` element, from the task after its own and as they are added.
 * Safe to load twice and safe to import on a server, where it does nothing.
 */
import { autoMount, defineRepkitElement, setDefaultNonce } from './index';
import { afterEvaluation } from './widgets/tasks';

export * from './index';

if (typeof document != 'undefined') {
  // A page with a strict CSP gave this script a nonce; the <style> fallback reuses it.
  setDefaultNonce(document.currentScript?.nonce);
  afterEvaluation();
  defineRepkitElement();
  autoMount();
}
