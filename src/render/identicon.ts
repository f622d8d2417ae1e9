import { html, type Html } from './html';

/**
 * A generated avatar: a mirrored 5×5 pattern and a hue drawn from a hash of the address, so
 * two addresses look different and one address always looks the same. Coloured with SVG
 * presentation attributes, which a strict CSP allows (unlike style attributes).
 */
export const identicon = (seed: string): Html => {
  // FNV-1a, then one more mixing round for a second set of bits.
  let hash = 2166136261;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 16777619);
  const bits = Math.imul(hash ^ (hash >>> 15), 2246822507) >>> 0;
  const hue = (hash >>> 0) % 360;
  const cells: Html[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if ((bits >>> (row * 3 + col)) & 1) {
        cells.push(html`<rect x="${col}" y="${row}" width="1" height="1"/>`);
        if (col < 2) cells.push(html`<rect x="${4 - col}" y="${row}" width="1" height="1"/>`);
      }
    }
  }
  return html`<svg class="rk-identicon" viewBox="-1 -1 7 7" aria-hidden="true"><rect x="-1" y="-1" width="7" height="7" fill="hsl(${hue} 60% 90%)"/><g fill="hsl(${hue} 55% 42%)">${cells}</g></svg>`;
};
