/**
 * Stylesheets for shadow roots. Constructable sheets are built once per document and CSS text
 * and shared by every widget (a strict CSP does not block them); where they are missing, a
 * `<style>` element carrying the page's nonce is the fallback.
 */

const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

let defaultNonce: string | undefined;

/** The nonce used when a widget's config has none (the embed entry sets the loading script's). */
export const setDefaultNonce = (nonce: string | undefined): void => {
  defaultNonce = nonce || undefined;
};

const sheetFor = (doc: Document, css: string): CSSStyleSheet | undefined => {
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (!Sheet || !('replaceSync' in Sheet.prototype)) return undefined;
  let perDocument = sheets.get(doc);
  if (!perDocument) sheets.set(doc, (perDocument = new Map()));
  let sheet = perDocument.get(css);
  if (!sheet) {
    sheet = new Sheet();
    sheet.replaceSync(css);
    perDocument.set(css, sheet);
  }
  return sheet;
};

/** Styles a shadow root with `css` (the parts in order). */
export const adoptStyles = (root: ShadowRoot, css: readonly string[], nonce?: string): void => {
  const doc = root.ownerDocument;
  try {
    if ('adoptedStyleSheets' in root) {
      const adopted = css.map((text) => sheetFor(doc, text));
      if (adopted.every((sheet) => sheet !== undefined)) {
        root.adoptedStyleSheets = adopted;
        return;
      }
    }
  } catch {
    // Some engines expose the API but refuse sheets from another realm: use <style> instead.
  }
  const style = doc.createElement('style');
  const n = nonce ?? defaultNonce;
  if (n) style.nonce = n;
  style.textContent = css.join('\n');
  root.prepend(style);
};
