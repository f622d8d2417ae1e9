import { adoptStyles } from './styles';
import baseCss from '../../styles/base.css?raw';

/** The element a widget adds to the page, its shadow root and the view inside it. */
export interface Host {
  host: HTMLElement;
  root: ShadowRoot;
  view: HTMLElement;
}

/**
 * Creates a widget host: a `div.repkit` with an open shadow root (so page CSS cannot break
 * the widget and its CSS cannot leak), styled with the base sheet and `css`. Not yet attached.
 */
export const createHost = (doc: Document, type: string, css: string | undefined, nonce: string | undefined): Host => {
  const host = doc.createElement('div');
  host.className = 'repkit';
  host.dataset.type = type;
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, css ? [baseCss, css] : [baseCss], nonce);
  const view = doc.createElement('div');
  view.setAttribute('part', 'widget');
  view.className = `rk rk--${type}`;
  root.append(view);
  return { host, root, view };
};
