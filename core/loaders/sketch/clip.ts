import type { Point2 } from './Sketch.js';

/** An axis-aligned rectangle of the drawing, that what is drawn is cut to (a paper-space viewport). */
export interface ClipRect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function insideRect(rect: ClipRect, x: number, y: number): boolean {
  return x >= rect.minX && x <= rect.maxX && y >= rect.minY && y <= rect.maxY;
}

/** The part of the segment a–b inside the rectangle (Liang–Barsky), or null. */
export function clipSegment(rect: ClipRect, a: Point2, b: Point2): [Point2, Point2] | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, a.x - rect.minX],
    [dx, rect.maxX - a.x],
    [-dy, a.y - rect.minY],
    [dy, rect.maxY - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  // An end inside the rectangle is the same point (a caller can tell a cut end from an original one).
  return [t0 === 0 ? a : { x: a.x + dx * t0, y: a.y + dy * t0 }, t1 === 1 ? b : { x: a.x + dx * t1, y: a.y + dy * t1 }];
}

/** A convex polygon cut to the rectangle (Sutherland–Hodgman): its points, fewer than 3 when nothing is left. */
export function clipPolygon(rect: ClipRect, polygon: readonly Point2[]): Point2[] {
  const sides: [(p: Point2) => number][] = [[(p) => p.x - rect.minX], [(p) => rect.maxX - p.x], [(p) => p.y - rect.minY], [(p) => rect.maxY - p.y]];
  let points = polygon.slice();
  for (const [inside] of sides) {
    const next: Point2[] = [];
    points.forEach((current, i) => {
      const previous = points[(i + points.length - 1) % points.length];
      const dc = inside(current);
      const dp = inside(previous);
      if (dc >= 0 !== dp >= 0) {
        const t = dp / (dp - dc);
        next.push({ x: previous.x + (current.x - previous.x) * t, y: previous.y + (current.y - previous.y) * t });
      }
      if (dc >= 0) next.push(current);
    });
    points = next;
    if (points.length < 3) return [];
  }
  return points;
}

/** A ring's signed area: positive counter-clockwise (y up), negative clockwise. */
export function signedArea(ring: readonly Point2[]): number {
  let area = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) area += ring[j].x * ring[i].y - ring[i].x * ring[j].y;
  return area / 2;
}
