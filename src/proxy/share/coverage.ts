/**
 * Which characters a font draws, read from its `cmap` table (OpenType spec, formats 4 and 12),
 * so that the card never shows a box for a character its font lacks: text it cannot draw is
 * said another way or left out (./card.ts).
 */

/** The characters a font has glyphs for. */
export interface Coverage {
  /** Whether every character of `text` has a glyph. */
  draws(text: string): boolean;
}

const tagAt = (view: DataView, at: number): string =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

/** Format 4 (the BMP): segments of code points, each mapped by a delta or through a glyph array. */
const format4 = (view: DataView, at: number, into: Set<number>): void => {
  const segments = view.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const offsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = view.getUint16(ends + s * 2);
    const start = view.getUint16(starts + s * 2);
    const delta = view.getUint16(deltas + s * 2);
    const offsetAt = offsets + s * 2;
    const offset = view.getUint16(offsetAt);
    for (let c = start; c <= end && c != 0xffff; c++) {
      let glyph = (c + delta) & 0xffff;
      if (offset) {
        const raw = view.getUint16(offsetAt + offset + (c - start) * 2);
        glyph = raw ? (raw + delta) & 0xffff : 0;
      }
      if (glyph) into.add(c);
    }
  }
};

/** Format 12 (all planes): groups of consecutive code points with consecutive glyphs. */
const format12 = (view: DataView, at: number, into: Set<number>): void => {
  const groups = view.getUint32(at + 12);
  for (let g = 0; g < groups; g++) {
    const group = at + 16 + g * 12;
    const start = view.getUint32(group);
    const end = Math.min(view.getUint32(group + 4), 0x10ffff);
    const first = view.getUint32(group + 8);
    for (let c = start; c <= end; c++) if (first + (c - start)) into.add(c);
  }
};

/**
 * The coverage of a TrueType or OpenType font file (not a collection, not WOFF). A file without
 * a Unicode `cmap` covers nothing: every text then falls back as if its script were missing.
 */
export const coverageOf = (font: Uint8Array): Coverage => {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const covered = new Set<number>();
  try {
    let cmap = -1;
    for (let i = 0, n = view.getUint16(4); i < n; i++) if (tagAt(view, 12 + i * 16) == 'cmap') cmap = view.getUint32(12 + i * 16 + 8);
    if (cmap >= 0) {
      for (let i = 0, n = view.getUint16(cmap + 2); i < n; i++) {
        const record = cmap + 4 + i * 8;
        const platform = view.getUint16(record);
        const encoding = view.getUint16(record + 2);
        // Unicode subtables only: platform 0, or Windows' BMP (1) and full (10) encodings.
        if (platform != 0 && !(platform == 3 && (encoding == 1 || encoding == 10))) continue;
        const at = cmap + view.getUint32(record + 4);
        const format = view.getUint16(at);
        if (format == 4) format4(view, at, covered);
        else if (format == 12) format12(view, at, covered);
      }
    }
  } catch {
    // A damaged table: what was read so far stands.
  }
  return {
    draws: (text) => {
      for (const c of text) if (!covered.has(c.codePointAt(0)!)) return false;
      return true;
    },
  };
};
