import { type Affine2, type Point2, type Sketch } from '../sketch/Sketch.js';
import { MITER_LIMIT, miterOffset, strokeBand } from '../sketch/strokeBand.js';
import { bulgePoints } from './dxfCurves.js';
import type { DxfPoint } from './dxfEntity.js';

/** A straight piece of a wide polyline: its ends and its width at each. */
interface WideSegment {
  a: Point2;
  b: Point2;
  wa: number;
  wb: number;
}

/** Whether a polyline has a width anywhere: then it is a filled band, not a line. */
export function hasWidth(vertices: readonly DxfPoint[], constantWidth: number | undefined): boolean {
  return (constantWidth ?? 0) > 0 || vertices.some((v) => (v.startWidth ?? 0) > 0 || (v.endWidth ?? 0) > 0);
}

/**
 * A polyline with widths (LWPOLYLINE's constant width 43, or each vertex's start and end widths) as CAD
 * draws it: a filled band, each segment's width going from its start width to its end width (arcs of bulges
 * in pieces, the width changing along them), mitered where the band turns (bevelled past the miter limit).
 * Segments without width are lines.
 */
export function drawWidePolyline(sketch: Sketch, dbId: number, rgb: number, m: Affine2, vertices: readonly DxfPoint[], closed: boolean, constantWidth: number | undefined): void {
  const segments = wideSegments(vertices, closed, constantWidth ?? 0);
  if ((constantWidth ?? 0) > 0 && segments.length > 0) {
    // One width all along: the stroke band, its quads meeting at the miters.
    const path = [segments[0].a, ...segments.map((s) => s.b)];
    for (const [a, b, c] of strokeBand(path, constantWidth!)) sketch.triangle(dbId, rgb, m, a, b, c);
    return;
  }
  let line: Point2[] = [];
  const endLine = () => {
    sketch.polyline(dbId, rgb, m, line);
    line = [];
  };
  segments.forEach((segment, i) => {
    if (segment.wa <= 0 && segment.wb <= 0) {
      if (line.length === 0) line.push(segment.a);
      line.push(segment.b);
      return;
    }
    endLine();
    band(sketch, dbId, rgb, m, segment);
    const next = segments[i + 1] ?? (closed ? segments[0] : undefined);
    if (next && segment.wb > 0 && Math.abs(next.wa - segment.wb) < 1e-9 * (1 + segment.wb)) joint(sketch, dbId, rgb, m, segment, next);
  });
  endLine();
}

/** The straight pieces: a bulge's arc in pieces, the widths interpolated along it. */
function wideSegments(vertices: readonly DxfPoint[], closed: boolean, constantWidth: number): WideSegment[] {
  const segments: WideSegment[] = [];
  const count = closed ? vertices.length : vertices.length - 1;
  for (let i = 0; i < count; i++) {
    const from = vertices[i];
    const to = vertices[(i + 1) % vertices.length];
    const w0 = constantWidth || (from.startWidth ?? 0);
    const w1 = constantWidth || (from.endWidth ?? 0);
    const points = [from, ...bulgePoints(from, to, from.bulge ?? 0)];
    for (let k = 1; k < points.length; k++) {
      const t0 = (k - 1) / (points.length - 1);
      const t1 = k / (points.length - 1);
      segments.push({ a: points[k - 1], b: points[k], wa: w0 + (w1 - w0) * t0, wb: w0 + (w1 - w0) * t1 });
    }
  }
  return segments.filter((s) => s.a.x !== s.b.x || s.a.y !== s.b.y);
}

/** The unit normal to the left of a segment. */
function leftNormal(s: WideSegment): Point2 {
  const length = Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);
  return { x: -(s.b.y - s.a.y) / length, y: (s.b.x - s.a.x) / length };
}

/** A segment's band: a quad from its start width to its end width (a triangle where one is 0). */
function band(sketch: Sketch, dbId: number, rgb: number, m: Affine2, s: WideSegment): void {
  const n = leftNormal(s);
  const at = (p: Point2, side: number, width: number) => ({ x: p.x + n.x * side * width * 0.5, y: p.y + n.y * side * width * 0.5 });
  const [a0, a1, b0, b1] = [at(s.a, 1, s.wa), at(s.a, -1, s.wa), at(s.b, 1, s.wb), at(s.b, -1, s.wb)];
  if (s.wa > 0) sketch.triangle(dbId, rgb, m, a0, a1, b1);
  if (s.wb > 0) sketch.triangle(dbId, rgb, m, a0, b1, b0);
}

/** Fills the outside of a turn between two bands of the same width there: up to the miter point, or a bevel. */
function joint(sketch: Sketch, dbId: number, rgb: number, m: Affine2, s: WideSegment, next: WideSegment): void {
  const half = s.wb / 2;
  const n1 = scaled(leftNormal(s), half);
  const n2 = scaled(leftNormal(next), half);
  const turn = n1.x * n2.y - n1.y * n2.x;
  if (Math.abs(turn) < 1e-12 * half * half) return;
  // A left turn opens the right side, a right turn the left.
  const side = turn > 0 ? -1 : 1;
  const p = s.b;
  const c1 = { x: p.x + side * n1.x, y: p.y + side * n1.y };
  const c2 = { x: p.x + side * n2.x, y: p.y + side * n2.y };
  const offset = miterOffset(n1, n2, half, Infinity, MITER_LIMIT);
  if (offset) {
    const miter = { x: p.x + side * offset.x, y: p.y + side * offset.y };
    sketch.triangle(dbId, rgb, m, p, c1, miter);
    sketch.triangle(dbId, rgb, m, p, miter, c2);
  } else {
    sketch.triangle(dbId, rgb, m, p, c1, c2);
  }
}

function scaled(v: Point2, length: number): Point2 {
  return { x: v.x * length, y: v.y * length };
}
