import type { PackedText } from '../../loaders/sketch/packSketch.js';
import { firstBaseline, TEXT_DESCENT, type TextHAlign } from '../../loaders/sketch/Sketch.js';
import type { FontAtlas, GlyphMetrics } from './FontAtlas.js';

/**
 * Tab stops (MTEXT's ^I) stand every this many text heights along a line: some four, a little more since
 * DejaVu Sans sets text wider than CAD fonts do (4.1 lines up the detail sheet's bill of materials).
 */
export const TAB_STOP = 4.1;
/** A tab's blank: no ink, its advance set where it stands. */
const BLANK: GlyphMetrics = { advance: 0, left: 0, bottom: 0, right: 0, top: 0, u0: 0, v0: 0, u1: 0, v1: 0, ink: false };

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
 * its quad in model space. Runs go in order, as many as time allows per call (`layOut`), so that a sheet of
 * many thousands of texts does not hold the page up.
 */
export class TextLayouter {
  private readonly glyphs: Float32Array;
  private readonly lineBoxes: number[] = [];
  private readonly scale: number;
  private readonly line: GlyphMetrics[] = [];
  private offset = 0;
  private next = 0;

  constructor(
    private readonly texts: readonly PackedText[],
    private readonly atlas: FontAtlas,
  ) {
    this.scale = 1 / atlas.capHeight;
    // At most one quad per character: filled in place (a sheet may hold a million glyphs).
    let characters = 0;
    for (const run of texts) characters += run.text.length;
    this.glyphs = new Float32Array(characters * GLYPH_STRIDE);
  }

  /** Lays runs out until every one is done (true) or the deadline (performance.now()) has passed (false). */
  layOut(deadline = Infinity): boolean {
    while (this.next < this.texts.length) {
      this.layOutRun(this.next++);
      if ((this.next & 255) === 0 && performance.now() > deadline) break;
    }
    return this.next >= this.texts.length;
  }

  get result(): TextLayout {
    const { glyphs, offset, lineBoxes } = this;
    return { glyphs: glyphs.subarray(0, offset), glyphCount: offset / GLYPH_STRIDE, lineBoxes: Float32Array.from(lineBoxes), lineCount: lineBoxes.length / LINE_BOX_STRIDE };
  }

  private layOutRun(runIndex: number): void {
    const { atlas, scale, glyphs, line } = this;
    const run = this.texts[runIndex];
    const advance = (char: string) => atlas.glyph(char).advance * scale;
    const lines = run.text.includes('\n') || run.wrapWidth > 0 ? run.text.split('\n').flatMap((text) => (run.wrapWidth > 0 ? wrapLine(text, run.wrapWidth, advance) : [text])) : [run.text];
    const [a, b, c, d, e, f] = run.matrix;
    const { fragId, rgb } = run;
    let baseline = firstBaseline(run.valign, lines.length, run.lineSpacing);
    let o = this.offset;
    for (const text of lines) {
      line.length = 0;
      let width = 0;
      let inked = false;
      for (const char of text) {
        if (char === '\t') {
          // To the next tab stop: a blank as wide as what is left to it.
          const step = TAB_STOP / scale;
          const stop = (Math.floor(width / step + 1e-6) + 1) * step;
          line.push({ ...BLANK, advance: stop - width });
          width = stop;
          continue;
        }
        const glyph = atlas.glyph(char);
        line.push(glyph);
        width += glyph.advance;
        inked ||= glyph.ink;
      }
      width *= scale;
      const stretch = run.fitWidth > 0 && width > 0 ? run.fitWidth / width : 1;
      const start = -ALIGN[run.halign] * width * stretch;
      const sx = scale * stretch;
      let pen = start;
      for (let k = 0; k < line.length; k++) {
        const glyph = line[k];
        if (glyph.ink) {
          const x0 = pen + glyph.left * sx;
          const y0 = baseline + glyph.bottom * scale;
          const w = (glyph.right - glyph.left) * sx;
          const h = (glyph.top - glyph.bottom) * scale;
          glyphs[o] = a * x0 + c * y0 + e;
          glyphs[o + 1] = b * x0 + d * y0 + f;
          glyphs[o + 2] = a * w;
          glyphs[o + 3] = b * w;
          glyphs[o + 4] = c * h;
          glyphs[o + 5] = d * h;
          glyphs[o + 6] = fragId;
          glyphs[o + 7] = rgb;
          glyphs[o + 8] = glyph.u0;
          glyphs[o + 9] = glyph.v0;
          glyphs[o + 10] = glyph.u1;
          glyphs[o + 11] = glyph.v1;
          o += GLYPH_STRIDE;
        }
        pen += glyph.advance * sx;
      }
      if (inked) this.lineBoxes.push(runIndex, start, baseline - TEXT_DESCENT, start + width * stretch, baseline + 1);
      baseline -= run.lineSpacing;
    }
    this.offset = o;
  }
}

/** Every run laid out at once. */
export function layoutTexts(texts: readonly PackedText[], atlas: FontAtlas): TextLayout {
  const layouter = new TextLayouter(texts, atlas);
  layouter.layOut();
  return layouter.result;
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
