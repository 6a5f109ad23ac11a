import type { PackedText } from '../../loaders/sketch/packSketch.js';
import { firstBaseline, TEXT_DESCENT, type TextHAlign } from '../../loaders/sketch/Sketch.js';
import type { FontAtlas } from './FontAtlas.js';

/** Floats per glyph instance: origin xy, x axis xy, y axis xy, fragId, rgb, atlas u0 v0 u1 v1. */
export const GLYPH_STRIDE = 12;
/** Floats per line box: the run's index, then x0, y0, x1, y1 in its frame. */
export const LINE_BOX_STRIDE = 5;

/** The glyph quads of a model's texts, and each line's box in its run's frame (for picking). */
export interface TextLayout {
  glyphs: Float32Array;
  glyphCount: number;
  lineBoxes: Float32Array;
  lineCount: number;
}

const ALIGN: Record<TextHAlign, number> = { left: 0, center: 0.5, right: 1 };

/**
 * Lays every run out with the atlas's metrics: lines (wrapped at spaces past the run's wrapping width),
 * each aligned on the anchor, stretched to the fit width where there is one; one instance per inked glyph,
 * its quad in model space.
 */
export function layoutTexts(texts: readonly PackedText[], atlas: FontAtlas): TextLayout {
  const scale = 1 / atlas.capHeight;
  // At most one quad per character and one box per line: filled in place (a sheet may hold a million glyphs).
  let characters = 0;
  for (const run of texts) characters += run.text.length;
  const glyphs = new Float32Array(characters * GLYPH_STRIDE);
  const lineBoxes: number[] = [];
  let o = 0;
  texts.forEach((run, runIndex) => {
    const advance = (char: string) => atlas.glyph(char).advance * scale;
    const lines = run.text.split('\n').flatMap((line) => (run.wrapWidth > 0 ? wrapLine(line, run.wrapWidth, advance) : [line]));
    const [a, b, c, d, e, f] = run.matrix;
    let baseline = firstBaseline(run.valign, lines.length, run.lineSpacing);
    for (const line of lines) {
      const chars = [...line];
      const width = chars.reduce((sum, char) => sum + advance(char), 0);
      const stretch = run.fitWidth > 0 && width > 0 ? run.fitWidth / width : 1;
      const start = -ALIGN[run.halign] * width * stretch;
      let pen = start;
      for (const char of chars) {
        const glyph = atlas.glyph(char);
        if (glyph.ink) {
          const x0 = pen + glyph.left * scale * stretch;
          const x1 = pen + glyph.right * scale * stretch;
          const y0 = baseline + glyph.bottom * scale;
          const y1 = baseline + glyph.top * scale;
          const w = x1 - x0;
          const h = y1 - y0;
          glyphs[o] = a * x0 + c * y0 + e;
          glyphs[o + 1] = b * x0 + d * y0 + f;
          glyphs[o + 2] = a * w;
          glyphs[o + 3] = b * w;
          glyphs[o + 4] = c * h;
          glyphs[o + 5] = d * h;
          glyphs[o + 6] = run.fragId;
          glyphs[o + 7] = run.rgb;
          glyphs[o + 8] = glyph.u0;
          glyphs[o + 9] = glyph.v0;
          glyphs[o + 10] = glyph.u1;
          glyphs[o + 11] = glyph.v1;
          o += GLYPH_STRIDE;
        }
        pen += glyph.advance * scale * stretch;
      }
      if (line.trim()) lineBoxes.push(runIndex, start, baseline - TEXT_DESCENT, start + width * stretch, baseline + 1);
      baseline -= run.lineSpacing;
    }
  });
  return { glyphs: glyphs.subarray(0, o), glyphCount: o / GLYPH_STRIDE, lineBoxes: Float32Array.from(lineBoxes), lineCount: lineBoxes.length / LINE_BOX_STRIDE };
}

/** A line broken at spaces so that each piece fits the width (a word wider than it stands alone). */
function wrapLine(line: string, width: number, advance: (char: string) => number): string[] {
  const words = line.split(' ');
  const out: string[] = [];
  let current = '';
  const measure = (text: string) => [...text].reduce((sum, char) => sum + advance(char), 0);
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && measure(candidate) > width) {
      out.push(current);
      current = word;
    } else current = candidate;
  }
  out.push(current);
  return out;
}
