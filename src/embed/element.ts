import type { AnyWidget } from '../widgets/create-widget';
import { adoptStyles } from '../widgets/styles';
import { ATTRIBUTE_OPTIONS, attributeName } from './attributes';
import { syncElement, unmount, type AttributeSource } from './mount';

const ELEMENT: AttributeSource = { prefix: '', typeAttribute: 'type' };

/**
 * `<repkit-widget type="reputation" address="…" api-key="…" theme="dark">`: a widget as an
 * element, for plain HTML and for frameworks. Attributes are the options in kebab-case;
 * changes are batched into one update per task; the widget is destroyed on disconnect.
 */
export interface RepkitWidgetElement extends HTMLElement {
  /** The widget inside, once mounted (undefined while its attributes are invalid). */
  readonly widget: AnyWidget | undefined;
}

/**
 * The element class. Built in a pure function so that importing repkit on a server (no
 * `HTMLElement`) works, and a bundle that never uses the element can drop it.
 */
export const RepkitWidgetElement: { new (): RepkitWidgetElement; readonly observedAttributes: string[] } = /* @__PURE__ */ (() =>
  typeof HTMLElement == 'undefined'
    ? (class {} as never)
    : class extends HTMLElement {
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
      })();

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
