import type { ClipRegion } from '../sketch/ClipRegion.js';
import type { Affine2, Point2 } from '../sketch/Sketch.js';
import { boxAround, type ClipBox, clipToTriangles, cutBySides, boxSides, invertAffine, type ShadedPoint, transformPoint } from './pdfClip.js';
import type { PdfjsModule } from './loadPdfjs.js';
import { type ImageQuad, readSheetImages } from './pdfImages.js';
import type { SheetImage, SheetPaint } from '../sketch/SheetPaint.js';
import { readShadings, shadingTriangles } from './pdfShadings.js';

/**
 * A page's images and shadings, as its operators paint them (drawOperators), beside the sketch that takes its
 * vector work. The pictures were read beforehand (readSheetImages), as were the shadings pdf.js described (page
 * objects by id). Fills the sketch took are noted by their boxes, so that each paint knows whether it goes over
 * some of them (SheetPaint.overFills).
 */
export class PdfPaints {
  readonly paints: SheetPaint[] = [];
  private readonly fills: ClipBox[] = [];

  constructor(
    private readonly images: ReadonlyMap<string, SheetImage | null>,
    private readonly shadings: ReadonlyMap<string, unknown>,
  ) {}

  /** Reads what a page's operator list paints beside its vector work: its pictures and its shadings. */
  static async read(pdfjs: PdfjsModule, page: Parameters<typeof readSheetImages>[1], list: { fnArray: number[]; argsArray: unknown[] }): Promise<PdfPaints> {
    const [images, shadings] = await Promise.all([readSheetImages(pdfjs, page, list), readShadings(pdfjs.OPS, page.objs, list)]);
    return new PdfPaints(images, shadings);
  }

  /** The sheet's box around every paint (to extend the drawing's bounds before it is packed). */
  get bounds(): ClipBox | null {
    const points: Point2[] = [];
    for (const paint of this.paints) for (let i = 0; i < paint.positions.length; i += 2) points.push({ x: paint.positions[i], y: paint.positions[i + 1] });
    return points.length ? boxAround(points) : null;
  }

  /** A fill went into the sketch: its box on the sheet. */
  noteFill(box: ClipBox): void {
    this.fills.push(box);
  }

  /** A picture, as read: undefined when it was not (past MAX_PAGE_IMAGES), null when pdf.js could not decode it. */
  imageOf(key: string): SheetImage | null | undefined {
    return this.images.get(key);
  }

  /**
   * An image (or a mask, in `rgb`) painted at the quads, cut to the clip box and, where the clip has a region
   * of another shape, to its polygons (each quad whole, then triangulated): false when nothing of it shows.
   */
  image(dbId: number, key: string, rgb: number, quads: readonly ImageQuad[], clip: ClipBox | null, region: ClipRegion | null = null): boolean {
    const image = this.images.get(key);
    if (!image) return false;
    const positions: number[] = [];
    const uvs: number[] = [];
    for (const { matrix, part } of quads) {
      const inverse = invertAffine(matrix);
      if (!inverse) continue;
      const [left, top, right, bottom] = part;
      let polygon: ShadedPoint[] = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }].map((p) => ({ ...transformPoint(matrix, p), values: [] }));
      if (clip) polygon = cutBySides(polygon, boxSides(clip));
      const triangles = region ? clipToTriangles([polygon], null, region) : fanOf(polygon);
      for (const triangle of triangles) {
        for (const p of triangle) {
          // The picture's top row is at the unit square's top (y = 1).
          const q = transformPoint(inverse, p);
          positions.push(p.x, p.y);
          uvs.push(left + (right - left) * q.x, top + (bottom - top) * (1 - q.y));
        }
      }
    }
    if (positions.length === 0) return false;
    this.paints.push({ dbId, kind: 'image', overFills: this.overFills(positions), positions, uvs, image, rgb });
    return true;
  }

  /**
   * A shading (pdf.js's pattern object id) painted over an area (convex polygons on the sheet), `toSheet`
   * taking its space to the sheet: its type (axial, radial, mesh) and whether some of it shows; null when
   * pdf.js did not describe it or described what is not drawn.
   */
  shading(dbId: number, id: string, toSheet: Affine2, area: readonly (readonly Point2[])[]): { type: string; shows: boolean } | null {
    const shaded = shadingTriangles(this.shadings.get(id), toSheet, area);
    if (!shaded) return null;
    const shows = shaded.positions.length > 0;
    if (shows) this.paints.push({ dbId, kind: 'shading', overFills: this.overFills(shaded.positions), positions: shaded.positions, colors: shaded.colors });
    return { type: shaded.type, shows };
  }

  /**
   * Whether a fill painted before lies under the box of these positions; a paint drawn over fills is noted as
   * one, so that a later paint over it goes over fills too (and after it).
   */
  private overFills(positions: readonly number[]): boolean {
    const points: Point2[] = [];
    for (let i = 0; i < positions.length; i += 2) points.push({ x: positions[i], y: positions[i + 1] });
    const box = boxAround(points);
    const over = this.fills.some((fill) => fill.minX < box.maxX && fill.maxX > box.minX && fill.minY < box.maxY && fill.maxY > box.minY);
    if (over) this.fills.push(box);
    return over;
  }
}

/** A convex polygon's triangles, a fan from its first corner. */
function fanOf(polygon: readonly Point2[]): Point2[][] {
  const triangles: Point2[][] = [];
  for (let i = 1; i + 1 < polygon.length; i++) triangles.push([polygon[0], polygon[i], polygon[i + 1]]);
  return triangles;
}
