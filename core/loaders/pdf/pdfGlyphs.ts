import { type Affine2, compose, IDENTITY, type Point2 } from '../sketch/Sketch.js';
import type { PdfjsModule } from './loadPdfjs.js';
import { transformPoint } from './pdfClip.js';
import { affineScale, fillPolygons, readPath } from './pdfPaths.js';

/** The page's fonts as pdf.js loaded them: each font's matrix and its glyphs' outlines. */
export interface GlyphSource {
  /** Glyph space → text space (pdf.js's fontMatrix; [0.001, 0, 0, 0.001, 0, 0] for most fonts); null if unknown. */
  fontMatrix(font: string): readonly number[] | null;
  /** A glyph's outline as pdf.js's drawing operators (DrawOPS), in ems, y up; null when the font has none (not embedded). */
  outline(font: string, fontChar: string): ArrayLike<number> | null;
  /** Vertical writing (glyphs advance down): not placed here. */
  isVertical(font: string): boolean;
}

/**
 * A page's glyph source from pdf.js's page objects: with `disableFontFace` (as the loader opens documents),
 * pdf.js sends every shown glyph's outline beside its font, "<font>_path_<char>".
 */
export function pageGlyphSource(commonObjs: { has(id: string): boolean; get(id: string): unknown }): GlyphSource {
  const get = (id: string): unknown => {
    try {
      return commonObjs.has(id) ? commonObjs.get(id) : null;
    } catch {
      return null;
    }
  };
  return {
    fontMatrix: (font) => {
      const matrix = (get(font) as { fontMatrix?: ArrayLike<number> } | null)?.fontMatrix;
      return matrix?.length === 6 ? Array.from(matrix) : null;
    },
    outline: (font, fontChar) => (get(`${font}_path_${fontChar}`) as { path?: ArrayLike<number> } | null)?.path ?? null,
    isVertical: (font) => Boolean((get(font) as { vertical?: boolean } | null)?.vertical),
  };
}

/** What pdf.js gives for a glyph in a showText operation (numbers between glyphs are TJ's spacing). */
interface PdfGlyph {
  fontChar: string;
  unicode: string;
  width: number;
  isSpace?: boolean;
  isInFont?: boolean;
}

/**
 * A glyph whose text pdf.js could not tell (a subset font without a ToUnicode map, as AutoCAD writes its
 * symbol glyphs: ±, ⌀, °): it comes as a control or private-use code, which no font draws. Such a glyph is
 * drawn from its outline.
 */
export function hasNoReadableText(unicode: string): boolean {
  if (unicode === '') return true;
  for (const char of unicode) {
    const code = char.codePointAt(0)!;
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    const privateUse = code >= 0xe000 && code <= 0xf8ff;
    if (control || privateUse || code === 0xfffd) return true;
  }
  return false;
}

/** The text state that q/Q save and restore (PDF 32000 §9.3). */
interface TextParams {
  font: string | null;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  /** Horizontal scaling, 1 = 100%. */
  hScale: number;
  leading: number;
  rise: number;
}

/** Curves of a glyph get about one segment per this share of an em. */
const GLYPH_TOLERANCE = 0.02;

/**
 * Follows a page's text state through its operators (as pdf.js's canvas does: the text matrix, the line's
 * start, the pen's advance by each glyph's width, spacing and scaling) to place each shown glyph, and turns
 * the glyphs that have no readable text into filled outlines on the sheet.
 */
export class TextPlacement {
  private params: TextParams = { font: null, size: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0, rise: 0 };
  private readonly saved: TextParams[] = [];
  private matrix: Affine2 = IDENTITY;
  private x = 0;
  private y = 0;
  private lineX = 0;
  private lineY = 0;

  constructor(
    private readonly OPS: PdfjsModule['OPS'],
    private readonly glyphs: GlyphSource,
  ) {}

  save(): void {
    this.saved.push({ ...this.params });
  }

  restore(): void {
    this.params = this.saved.pop() ?? this.params;
  }

  /** Applies a text state operator; false for any other operator. */
  apply(fn: number, args: unknown[] | null): boolean {
    const OPS = this.OPS;
    const n = (i: number) => Number(args?.[i]) || 0;
    const p = this.params;
    switch (fn) {
      case OPS.beginText:
        this.matrix = IDENTITY;
        this.x = this.y = this.lineX = this.lineY = 0;
        return true;
      case OPS.setFont:
        p.font = typeof args?.[0] === 'string' ? args[0] : null;
        p.size = n(1);
        return true;
      case OPS.setTextMatrix: {
        const m = Array.from((args?.[0] as ArrayLike<number> | null) ?? []);
        if (m.length === 6 && m.every(Number.isFinite)) this.matrix = m as unknown as Affine2;
        this.x = this.y = this.lineX = this.lineY = 0;
        return true;
      }
      case OPS.moveText:
        this.moveText(n(0), n(1));
        return true;
      case OPS.setLeadingMoveText:
        p.leading = -n(1);
        this.moveText(n(0), n(1));
        return true;
      case OPS.nextLine:
        this.moveText(0, -p.leading);
        return true;
      case OPS.setLeading:
        p.leading = n(0);
        return true;
      case OPS.setCharSpacing:
        p.charSpacing = n(0);
        return true;
      case OPS.setWordSpacing:
        p.wordSpacing = n(0);
        return true;
      case OPS.setHScale:
        p.hScale = n(0) / 100;
        return true;
      case OPS.setTextRise:
        p.rise = n(0);
        return true;
      default:
        return false;
    }
  }

  /**
   * Advances the pen over a showText operation's glyphs; for each glyph with no readable text whose outline
   * the font has, gives its filled outline as polygons on the sheet (each its outer ring, then its holes;
   * `ctm`: user space → sheet), indexed by the glyph's place among the operation's glyphs.
   */
  show(items: readonly unknown[], ctm: Affine2): Map<number, Point2[][][]> {
    const outlines = new Map<number, Point2[][][]>();
    const { font, size: signedSize, charSpacing, wordSpacing, hScale, rise } = this.params;
    if (!font || signedSize === 0) return outlines;
    const fontMatrix = this.glyphs.fontMatrix(font) ?? [0.001, 0, 0, 0.001, 0, 0];
    const vertical = this.glyphs.isVertical(font);
    const direction = signedSize < 0 ? -1 : 1;
    const size = Math.abs(signedSize);
    const textHScale = hScale * direction;
    const advanceScale = size * fontMatrix[0];
    const onSheet = compose(ctm, this.matrix);
    let x = 0;
    items.forEach((item, index) => {
      if (typeof item === 'number') {
        x -= (item * size) / 1000;
        return;
      }
      const glyph = item as PdfGlyph | null;
      if (!glyph || typeof glyph.fontChar !== 'string') return;
      if (!vertical && glyph.isInFont !== false && hasNoReadableText(glyph.unicode ?? '')) {
        const outline = this.glyphs.outline(font, glyph.fontChar);
        if (outline) {
          // Ems → text space → user space → sheet, as pdf.js's canvas paints a glyph's path.
          const place = compose(onSheet, [textHScale * size, 0, 0, direction * size, this.x + textHScale * x, this.y + rise]);
          const polygons = fillPolygons(readPath(outline, affineScale(place), GLYPH_TOLERANCE * affineScale(place)));
          if (polygons.length) outlines.set(index, polygons.map((rings) => rings.map((ring) => ring.map((q) => transformPoint(place, q)))));
        }
      }
      const spacing = (glyph.isSpace ? wordSpacing : 0) + charSpacing;
      x += (Number(glyph.width) || 0) * advanceScale + spacing * direction;
    });
    if (vertical) this.y -= x;
    else this.x += x * textHScale;
    return outlines;
  }

  private moveText(tx: number, ty: number): void {
    this.x = this.lineX += tx;
    this.y = this.lineY += ty;
  }
}
