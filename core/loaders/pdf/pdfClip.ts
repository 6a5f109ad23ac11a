import { type ClipRect, clipPolygon, clipSegment } from '../sketch/clip.js';
import type { Affine2, Point2 } from '../sketch/Sketch.js';

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
