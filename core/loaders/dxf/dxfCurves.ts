import type { Point2 } from '../sketch/Sketch.js';

export type { Point2 };

/** Segments per full turn of a sampled arc, circle or ellipse (fewer for short arcs, at least 2). */
export const ARC_SEGMENTS_PER_TURN = 72;
/** Points a spline is sampled at, per control point. */
const SPLINE_SAMPLES_PER_CONTROL_POINT = 8;

/** Points along a circular arc from `start` to `end` radians (counter-clockwise), both ends included. */
export function arcPoints(cx: number, cy: number, radius: number, start: number, end: number): Point2[] {
  let sweep = end - start;
  while (sweep <= 0) sweep += 2 * Math.PI;
  return sweepPoints(sweep, (t) => ({ x: cx + radius * Math.cos(start + t), y: cy + radius * Math.sin(start + t) }));
}

/** A full circle, closed (its last point is its first). */
export function circlePoints(cx: number, cy: number, radius: number): Point2[] {
  return sweepPoints(2 * Math.PI, (t) => ({ x: cx + radius * Math.cos(t), y: cy + radius * Math.sin(t) }));
}

/**
 * An ellipse (DXF ELLIPSE: centre, major axis end point relative to it, minor/major ratio, start and end
 * parameters in radians; a full ellipse runs 0 to 2π).
 */
export function ellipsePoints(center: Point2, major: Point2, ratio: number, start = 0, end = 2 * Math.PI): Point2[] {
  let sweep = end - start;
  while (sweep <= 0) sweep += 2 * Math.PI;
  const minor = { x: -major.y * ratio, y: major.x * ratio };
  return sweepPoints(sweep, (t) => {
    const c = Math.cos(start + t);
    const s = Math.sin(start + t);
    return { x: center.x + major.x * c + minor.x * s, y: center.y + major.y * c + minor.y * s };
  });
}

/**
 * The arc a polyline's bulge puts between two vertices (bulge = tan(included angle / 4); positive turns
 * counter-clockwise), without its first point; a straight segment when the bulge is 0.
 */
export function bulgePoints(from: Point2, to: Point2, bulge: number): Point2[] {
  if (!bulge) return [to];
  const chord = Math.hypot(to.x - from.x, to.y - from.y);
  if (chord < 1e-12) return [to];
  const angle = 4 * Math.atan(bulge);
  // The centre lies on the chord's perpendicular bisector, (1 - b²) / 2b half-chords to its left.
  const along = ((1 - bulge * bulge) / (2 * bulge)) * 0.5;
  const cx = (from.x + to.x) / 2 - (to.y - from.y) * along;
  const cy = (from.y + to.y) / 2 + (to.x - from.x) * along;
  const radius = Math.hypot(from.x - cx, from.y - cy);
  const a0 = Math.atan2(from.y - cy, from.x - cx);
  const points = sweepPoints(Math.abs(angle), (t) => {
    const a = a0 + Math.sign(angle) * t;
    return { x: cx + radius * Math.cos(a), y: cy + radius * Math.sin(a) };
  });
  points[points.length - 1] = to;
  return points.slice(1);
}

/**
 * A B-spline (DXF SPLINE: degree, knots, control points, optional weights) sampled evenly in its
 * parameter.
 */
export function splinePoints(degree: number, knots: readonly number[], controls: readonly Point2[], weights?: readonly number[]): Point2[] {
  const n = controls.length;
  if (n < 2 || knots.length !== n + degree + 1) return [...controls];
  const t0 = knots[degree];
  const t1 = knots[n];
  const samples = Math.max(2, n * SPLINE_SAMPLES_PER_CONTROL_POINT);
  const points: Point2[] = [];
  for (let i = 0; i <= samples; i++) points.push(deBoor(degree, knots, controls, weights, t0 + ((t1 - t0) * i) / samples));
  return points;
}

function deBoor(p: number, knots: readonly number[], controls: readonly Point2[], weights: readonly number[] | undefined, t: number): Point2 {
  const n = controls.length;
  let k = p;
  while (k < n - 1 && t >= knots[k + 1]) k++;
  const d = [];
  for (let j = 0; j <= p; j++) {
    const c = controls[k - p + j];
    const w = weights?.[k - p + j] ?? 1;
    d.push({ x: c.x * w, y: c.y * w, w });
  }
  for (let r = 1; r <= p; r++) {
    for (let j = p; j >= r; j--) {
      const i = k - p + j;
      const span = knots[i + p - r + 1] - knots[i];
      const a = span === 0 ? 0 : (t - knots[i]) / span;
      d[j] = { x: (1 - a) * d[j - 1].x + a * d[j].x, y: (1 - a) * d[j - 1].y + a * d[j].y, w: (1 - a) * d[j - 1].w + a * d[j].w };
    }
  }
  return { x: d[p].x / d[p].w, y: d[p].y / d[p].w };
}

/** How many pieces each span between two fit points is drawn in. */
const FIT_SPAN_SAMPLES = 16;

/**
 * A smooth curve through a spline's fit points (a SPLINE given by fit points alone): a centripetal
 * Catmull-Rom spline, its end spans shaped by a parabola through the three end points.
 */
export function curveThrough(points: readonly Point2[]): Point2[] {
  const n = points.length;
  if (n < 3) return [...points];
  const extended = (i: number): Point2 => {
    if (i >= 0 && i < n) return points[i];
    // The point a parabola through the three end points would put one step past the end.
    const [a, b, c] = i < 0 ? [points[0], points[1], points[2]] : [points[n - 1], points[n - 2], points[n - 3]];
    return { x: 3 * a.x - 3 * b.x + c.x, y: 3 * a.y - 3 * b.y + c.y };
  };
  const knot = (a: Point2, b: Point2) => Math.sqrt(Math.hypot(b.x - a.x, b.y - a.y)) || 1e-9;
  const out: Point2[] = [points[0]];
  for (let i = 0; i < n - 1; i++) {
    const [p0, p1, p2, p3] = [extended(i - 1), points[i], points[i + 1], extended(i + 2)];
    const t1 = knot(p0, p1);
    const t2 = t1 + knot(p1, p2);
    const t3 = t2 + knot(p2, p3);
    for (let k = 1; k <= FIT_SPAN_SAMPLES; k++) {
      const t = t1 + ((t2 - t1) * k) / FIT_SPAN_SAMPLES;
      const mix = (a: Point2, b: Point2, ta: number, tb: number) => ({ x: ((tb - t) * a.x + (t - ta) * b.x) / (tb - ta), y: ((tb - t) * a.y + (t - ta) * b.y) / (tb - ta) });
      const [a1, a2, a3] = [mix(p0, p1, 0, t1), mix(p1, p2, t1, t2), mix(p2, p3, t2, t3)];
      out.push(mix(mix(a1, a2, 0, t2), mix(a2, a3, t1, t3), t1, t2));
    }
  }
  return out;
}

/** Samples a sweep of `sweep` radians with the point at each angle, both ends included. */
function sweepPoints(sweep: number, at: (angle: number) => Point2): Point2[] {
  const segments = Math.max(2, Math.ceil((ARC_SEGMENTS_PER_TURN * sweep) / (2 * Math.PI)));
  const points: Point2[] = [];
  for (let i = 0; i <= segments; i++) points.push(at((sweep * i) / segments));
  return points;
}
