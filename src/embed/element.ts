import type { AnyWidget } from '../widgets/create-widget';
import { adoptStyles } from '../widgets/styles';
import { ATTRIBUTE_OPTIONS, attributeName } from './attributes';
import { syncElement, unmount, type AttributeSource } from './mount';

const ELEMENT: AttributeSource = { prefix: '', typeAttribute: 'type' };

// On a server (no DOM) the class still has to be definable: importing must never throw.
const Base = (typeof HTMLElement == 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/**
 * `<repkit-widget type="reputation" address="…" api-key="…" theme="dark">`: a widget as an
 * element, for plain HTML and for frameworks. Attributes are the options in kebab-case;
 * changes are batched into one update per task; the widget is destroyed on disconnect.
 */
export class RepkitWidgetElement extends Base {
  static get observedAttributes(): string[] {
    return ['type', ...ATTRIBUTE_OPTIONS.map(attributeName)];
  }

  #scheduled = false;
  #widget?: AnyWidget;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyles(root, [':host{display:block}']);
    root.append(this.ownerDocument.createElement('slot'));
  }

  /** The widget inside, once mounted (undefined while its attributes are invalid). */
  get widget(): AnyWidget | undefined {
    return this.#widget;
  }

  connectedCallback(): void {
    this.#schedule();
  }

  disconnectedCallback(): void {
    this.#schedule();
  }

  attributeChangedCallback(): void {
    this.#schedule();
  }

  // Frameworks set several attributes in a row, and may move the element: act once, after.
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.isConnected) {
        this.#widget = syncElement(this, ELEMENT);
      } else {
        unmount(this);
        this.#widget = undefined;
      }
    });
  }
}

/**
 * Defines `<repkit-widget>` (or `name`). Does nothing where custom elements are unavailable
 * (a server) or the name is already defined.
 */
export const defineRepkitElement = (name = 'repkit-widget'): void => {
  if (typeof customElements != 'undefined' && !customElements.get(name)) customElements.define(name, class extends RepkitWidgetElement {});
};

declare global {
  interface HTMLElementTagNameMap {
    'repkit-widget': RepkitWidgetElement;
  }
}
