import { type ClipRect, clipPolygon, clipSegment, insideRect } from '../sketch/clip.js';
import { ClipRegion } from '../sketch/ClipRegion.js';
import type { Affine2, Point2 } from '../sketch/Sketch.js';
import { triangulate } from './pdfPaths.js';

/** A clipping box on the sheet: content outside it is not drawn. */
export type ClipBox = ClipRect;

export function transformPoint(m: Affine2, p: Point2): Point2 {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

/** The sheet box around points (already on the sheet). */
export function boxAround(points: readonly Point2[]): ClipBox {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of points) {
    box.minX = Math.min(box.minX, p.x);
    box.minY = Math.min(box.minY, p.y);
    box.maxX = Math.max(box.maxX, p.x);
    box.maxY = Math.max(box.maxY, p.y);
  }
  return box;
}

export function intersectBoxes(a: ClipBox | null, b: ClipBox): ClipBox {
  if (!a) return b;
  return { minX: Math.max(a.minX, b.minX), minY: Math.max(a.minY, b.minY), maxX: Math.min(a.maxX, b.maxX), maxY: Math.min(a.maxY, b.maxY) };
}

export function insideBox(outer: ClipBox, inner: ClipBox): boolean {
  return inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY;
}

/** A polyline (on the sheet) cut to the box: the pieces inside it (Liang–Barsky on each segment). */
export function clipPolyline(points: readonly Point2[], box: ClipBox): Point2[][] {
  const pieces: Point2[][] = [];
  let current: Point2[] | null = null;
  for (let i = 1; i < points.length; i++) {
    const segment = clipSegment(box, points[i - 1], points[i]);
    if (!segment) {
      current = null;
      continue;
    }
    const [a, b] = segment;
    const last = current?.[current.length - 1];
    if (!current || !last || last.x !== a.x || last.y !== a.y) pieces.push((current = [a]));
    current.push(b);
    // Leaving the box ends the piece.
    if (b !== points[i]) current = null;
  }
  return pieces;
}

/** A triangle (on the sheet) cut to the box (Sutherland–Hodgman), as triangles again (a fan). */
export function clipTriangle(triangle: readonly Point2[], box: ClipBox): Point2[][] {
  const polygon = clipPolygon(box, triangle);
  const triangles: Point2[][] = [];
  for (let i = 1; i + 1 < polygon.length; i++) triangles.push([polygon[0], polygon[i], polygon[i + 1]]);
  return triangles;
}

/**
 * A clipping path (its subpaths' points on the sheet, curves flattened) as what the clip becomes: a box where
 * it is one axis-aligned rectangle (most plots' viewports: the fast path, no boolean operations), else a
 * region of its shape, filled by its rule (`W` non-zero, `W*` even-odd).
 */
export function clipPathArea(rings: readonly (readonly Point2[])[], evenOdd: boolean): { box: ClipBox } | { region: ClipRegion } {
  const box = rings.length === 1 ? rectangleOf(rings[0]) : null;
  return box ? { box } : { region: ClipRegion.fromRings(rings, evenOdd ? 'evenodd' : 'nonzero') };
}

/** The box a ring is, where it is an axis-aligned rectangle (its corners in order, repeats and a closing point aside); else null. */
export function rectangleOf(ring: readonly Point2[]): ClipBox | null {
  const corners: Point2[] = [];
  for (const p of ring) {
    const last = corners[corners.length - 1];
    if (!last || last.x !== p.x || last.y !== p.y) corners.push(p);
  }
  if (corners.length === 5 && corners[0].x === corners[4].x && corners[0].y === corners[4].y) corners.pop();
  if (corners.length !== 4) return null;
  const box = boxAround(corners);
  // Rounding of a transform turned a quarter (cos 90° is 6e-17) leaves corners a hair apart.
  const tolerance = 1e-9 * Math.max(box.maxX - box.minX, box.maxY - box.minY, Math.abs(box.minX), Math.abs(box.minY));
  const same = (a: number, b: number) => Math.abs(a - b) <= tolerance;
  const horizontalFirst = same(corners[0].y, corners[1].y);
  for (let i = 0; i < 4; i++) {
    const a = corners[i];
    const b = corners[(i + 1) % 4];
    if ((i % 2 === 0) === horizontalFirst ? !same(a.y, b.y) : !same(a.x, b.x)) return null;
  }
  return box;
}

/**
 * A polygon on the sheet (its outer ring, then its holes) cut to the clip, as triangles: to the region first
 * (the polygon whole: fewer cuts than its triangles one by one), then each triangle to the box.
 */
export function clipToTriangles(rings: readonly (readonly Point2[])[], box: ClipBox | null, region: ClipRegion | null): Point2[][] {
  const triangles = (region ? region.clipPolygon(rings) : [rings]).flatMap(triangulate);
  return box ? triangles.flatMap((triangle) => clipTriangle(triangle, box)) : triangles;
}

/** A polyline on the sheet cut to the clip: to the box, then the pieces to the region. */
export function clipPolylineTo(points: readonly Point2[], box: ClipBox | null, region: ClipRegion | null): Point2[][] {
  const pieces = box ? clipPolyline(points, box) : [points as Point2[]];
  return region ? pieces.flatMap((piece) => region.clipPolyline(piece)) : pieces;
}

/** Whether a point of the sheet is inside the clip (its box and, if any, its region). */
export function insideClip(p: Point2, box: ClipBox | null, region: ClipRegion | null): boolean {
  return (!box || insideRect(box, p.x, p.y)) && (!region || region.contains(p.x, p.y));
}

/**
 * A corner of a polygon on the sheet with values that vary across it (texture coordinates, a shading's
 * parameter, a colour): a cut along an edge takes them in proportion.
 */
export interface ShadedPoint extends Point2 {
  values: readonly number[];
}

/** An affine function of sheet points; a polygon cut by it keeps where it is ≥ 0. */
export type HalfPlane = (p: Point2) => number;

/** The part of a convex polygon where the half-plane function is ≥ 0 (Sutherland–Hodgman, one edge). */
export function cutByHalfPlane(polygon: readonly ShadedPoint[], side: HalfPlane): ShadedPoint[] {
  const out: ShadedPoint[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    const fa = side(a);
    const fb = side(b);
    if (fa >= 0) out.push(a);
    if ((fa >= 0) !== (fb >= 0)) {
      const t = fa / (fa - fb);
      out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, values: a.values.map((v, k) => v + (b.values[k] - v) * t) });
    }
  }
  return out.length >= 3 ? out : [];
}

/** The half-planes whose intersection is a box. */
export function boxSides(box: ClipBox): HalfPlane[] {
  return [(p) => p.x - box.minX, (p) => box.maxX - p.x, (p) => p.y - box.minY, (p) => box.maxY - p.y];
}

/** The half-planes whose intersection is a convex polygon (either winding). */
export function polygonSides(polygon: readonly Point2[]): HalfPlane[] {
  let area = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    area += a.x * b.y - b.x * a.y;
  }
  const sign = area >= 0 ? 1 : -1;
  return polygon.map((a, i) => {
    const b = polygon[(i + 1) % polygon.length];
    return (p: Point2) => sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
  });
}

/** A convex polygon cut by every half-plane in turn (empty once nothing is left). */
export function cutBySides(polygon: readonly ShadedPoint[], sides: readonly HalfPlane[]): ShadedPoint[] {
  let kept = polygon as ShadedPoint[];
  for (const side of sides) {
    kept = cutByHalfPlane(kept, side);
    if (kept.length === 0) break;
  }
  return kept;
}

export function invertAffine(m: Affine2): Affine2 | null {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}
