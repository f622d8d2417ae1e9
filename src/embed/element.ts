import { ALL_KINDS } from '../widgets/create-widget';
import { WIDGET_CLASSES, type AnyWidget } from '../widgets/kinds';
import { COMMON_PARTS } from '../widgets/views/parts';
import { parseStored, seeds } from '../widgets/storage';
import { adoptStyles } from '../widgets/styles';
import { inTurn } from '../widgets/tasks';
import { attributeName, attributeOptions } from './attributes';
import { stateOf, sync, unmount, type AttributeSource } from './mount';

const ELEMENT: AttributeSource = { $prefix: '', $typeAttribute: 'type', $kinds: ALL_KINDS };

/**
 * The `part`s a widget's view names: the common ones and every kind's. The widget's host sits
 * inside the element's shadow root, so they are forwarded with `exportparts` to stay reachable
 * from the page as `repkit-widget::part(score)`.
 */
export const WIDGET_PARTS: readonly string[] = /* @__PURE__ */ (() => [
  ...new Set([...COMMON_PARTS, ...WIDGET_CLASSES.flatMap(({ kind }) => kind.parts)]),
])();

/** The element's own style (its shadow root's first sheet). */
export const ELEMENT_CSS = ':host{display:block}:host([hidden]){display:none}';

/**
 * `<repkit-widget type="reputation" address="…" api-key="…" theme="dark">`: a widget as an
 * element, for plain HTML and for frameworks. Attributes are the options in kebab-case;
 * changes are batched into one update per task; the widget is destroyed on disconnect.
 *
 * Everything the widget shows lives in the element's own shadow root: the element never adds
 * a child or an attribute to itself, so what a server rendered is what a framework hydrates.
 * Children written inside the element are not shown once it is defined (use them as a
 * fallback for pages where the script does not run).
 */
export interface RepkitWidgetElement extends HTMLElement {
  /** The widget inside, once mounted (undefined before, and while its attributes are invalid). */
  readonly widget: AnyWidget | undefined;
}

/**
 * The element class. Built in a pure function so that importing repkit on a server (no
 * `HTMLElement`) works, and a bundle that never uses the element can drop it.
 */
export const RepkitWidgetElement: { new (): RepkitWidgetElement; readonly observedAttributes: string[] } = /* @__PURE__ */ (() =>
  typeof HTMLElement == 'undefined'
    ? // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a stand-in where HTMLElement is missing (servers)
      (class {} as never)
    : class extends HTMLElement {
        static get observedAttributes(): string[] {
          return ['type', ...attributeOptions(ALL_KINDS.$options).map(attributeName)];
        }

        readonly #root: ShadowRoot;
        /** Where the widget's host goes: a node of this element's shadow root, which keeps the record of what it shows. */
        #container?: HTMLElement;
        #scheduled = false;
        /** Whether a server rendered it (a declarative shadow root): it is drawn at once, never left blank for a task. */
        readonly #served: boolean;

        constructor() {
          super();
          this.#served = !!this.shadowRoot;
          // Attached at once, as an upgraded element must not wait to own its rendering.
          this.#root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
          // A server's render (repkit/server) carries its data: the widget shows it as loaded.
          const seed = this.#root.querySelector('script')?.text;
          this.#root.replaceChildren();
          adoptStyles(this.#root, [ELEMENT_CSS]);
          if (seed) {
            const container = (this.#container = this.#root.appendChild(this.ownerDocument.createElement('div')));
            const stored = parseStored<never>(seed);
            if (stored) seeds.set(container, stored);
          }
        }

        get widget(): AnyWidget | undefined {
          return this.#container && stateOf(this.#container)?.widget;
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
            // A first mount takes its turn with the snippets' (../widgets/tasks): after the
            // script's evaluation when the element was on the page before it. Not a server's
            // render, whose markup the constructor has just replaced.
            if (this.#container || this.#served) this.#sync();
            else inTurn(() => this.#sync());
          });
        }

        #sync(): void {
          const container = this.#container;
          if (!this.isConnected) {
            if (container) unmount(container);
            container?.remove();
            this.#container = undefined;
            return;
          }
          const state = sync(
            this,
            ELEMENT,
            container ?? (this.#container = this.#root.appendChild(this.ownerDocument.createElement('div'))),
          );
          (state.widget?.element ?? state.failure)?.setAttribute('exportparts', WIDGET_PARTS.join(', '));
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
