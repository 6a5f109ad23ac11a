import type { Affine2, Point2 } from '../sketch/Sketch.js';

/** A clipping box on the sheet: content outside it is not drawn. */
export interface ClipBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

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
    const segment = clipSegment(points[i - 1], points[i], box);
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

function clipSegment(a: Point2, b: Point2, box: ClipBox): [Point2, Point2] | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, a.x - box.minX],
    [dx, box.maxX - a.x],
    [-dy, a.y - box.minY],
    [dy, box.maxY - a.y],
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
  return [t0 === 0 ? a : { x: a.x + dx * t0, y: a.y + dy * t0 }, t1 === 1 ? b : { x: a.x + dx * t1, y: a.y + dy * t1 }];
}

/** A triangle (on the sheet) cut to the box (Sutherland–Hodgman), as triangles again (a fan). */
export function clipTriangle(triangle: readonly Point2[], box: ClipBox): Point2[][] {
  let polygon: Point2[] = [...triangle];
  const planes: [(p: Point2) => number][] = [[(p) => p.x - box.minX], [(p) => box.maxX - p.x], [(p) => p.y - box.minY], [(p) => box.maxY - p.y]];
  for (const [side] of planes) {
    const out: Point2[] = [];
    for (let i = 0; i < polygon.length; i++) {
      const p = polygon[i];
      const q = polygon[(i + 1) % polygon.length];
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) out.push(p);
      if (sp >= 0 !== sq >= 0) {
        const t = sp / (sp - sq);
        out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
      }
    }
    polygon = out;
    if (polygon.length < 3) return [];
  }
  const triangles: Point2[][] = [];
  for (let i = 1; i + 1 < polygon.length; i++) triangles.push([polygon[0], polygon[i], polygon[i + 1]]);
  return triangles;
}
