import { ShapeUtils, Vector2 } from 'three';
import { signedArea } from '../sketch/clip.js';
import { type Affine2, type Point2 } from '../sketch/Sketch.js';

/** pdf.js's path codes in constructPath's data (DrawOPS in this version of pdf.js). */
const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const QUADRATIC_CURVE_TO = 3;
const CLOSE_PATH = 4;

/** One subpath of a PDF path, in the path's own (user space) coordinates. */
export interface Subpath {
  points: Point2[];
  closed: boolean;
}

/**
 * pdf.js's encoded path (a Float32Array of codes, each followed by its coordinates) as subpaths, curves
 * flattened. `scale` is how long one user-space unit is on the sheet (after the CTM), so that a curve gets
 * segments by its drawn size: about one per `tolerance` sheet units of its control polygon, 4 to 128.
 */
export function readPath(data: ArrayLike<number>, scale: number, tolerance: number): Subpath[] {
  const subpaths: Subpath[] = [];
  let current = null as Subpath | null;
  let x = 0;
  let y = 0;
  const start = () => {
    if (!current) subpaths.push((current = { points: [{ x, y }], closed: false }));
    return current;
  };
  for (let i = 0; i < data.length; ) {
    const code = data[i++];
    if (code === MOVE_TO) {
      x = data[i++];
      y = data[i++];
      current = null;
      start();
    } else if (code === LINE_TO) {
      const path = start();
      x = data[i++];
      y = data[i++];
      path.points.push({ x, y });
    } else if (code === CURVE_TO || code === QUADRATIC_CURVE_TO) {
      const path = start();
      const cubic = code === CURVE_TO;
      const c = Array.from({ length: cubic ? 6 : 4 }, (_, k) => data[i + k]);
      i += c.length;
      const p0 = { x, y };
      // A quadratic's control point raised to a cubic's two.
      const [c1, c2, end] = cubic
        ? [{ x: c[0], y: c[1] }, { x: c[2], y: c[3] }, { x: c[4], y: c[5] }]
        : [{ x: x + (2 / 3) * (c[0] - x), y: y + (2 / 3) * (c[1] - y) }, { x: c[2] + (2 / 3) * (c[0] - c[2]), y: c[3] + (2 / 3) * (c[1] - c[3]) }, { x: c[2], y: c[3] }];
      const length = Math.hypot(c1.x - p0.x, c1.y - p0.y) + Math.hypot(c2.x - c1.x, c2.y - c1.y) + Math.hypot(end.x - c2.x, end.y - c2.y);
      const segments = Math.min(128, Math.max(4, Math.ceil(Math.sqrt((length * scale) / tolerance) * 2)));
      for (let s = 1; s <= segments; s++) path.points.push(bezier(p0, c1, c2, end, s / segments));
      x = end.x;
      y = end.y;
    } else if (code === CLOSE_PATH) {
      if (current) {
        current.closed = true;
        x = current.points[0].x;
        y = current.points[0].y;
      }
      current = null;
    } else {
      break; // an unknown code: its coordinates' count is unknown too
    }
  }
  return subpaths;
}

function bezier(p0: Point2, p1: Point2, p2: Point2, p3: Point2, t: number): Point2 {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

/** How much a transform scales lengths (the square root of its determinant's size). */
export function affineScale(m: Affine2): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])) || 1;
}

/** Subpaths with more than this many others are filled one by one, not nested as holes (O(n²) nesting). */
const MAX_NESTED_SUBPATHS = 256;

/**
 * A fill's triangles (each three points, in the path's coordinates). Subpaths nest by containment: one inside an
 * odd number of others is a hole of the smallest one holding it, so even-odd fills come out right, and
 * non-zero fills of drawings (outlines with openings) too.
 */
export function fillTriangles(subpaths: readonly Subpath[]): Point2[][] {
  return fillPolygons(subpaths).flatMap(triangulate);
}

/** A fill's polygons, each its outer ring and its holes (nested as fillTriangles tells), before triangulation: to be cut whole. */
export function fillPolygons(subpaths: readonly Subpath[]): Point2[][][] {
  const rings = subpaths.map((s) => withoutRepeats(s.points)).filter((ring) => ring.length >= 3 && Math.abs(signedArea(ring)) > 0);
  const nest = rings.length <= MAX_NESTED_SUBPATHS;
  const depth = rings.map((ring, i) => (nest ? rings.filter((other, j) => j !== i && contains(other, ring[0])).length : 0));
  const holesOf = new Map<number, Point2[][]>();
  rings.forEach((ring, i) => {
    if (depth[i] % 2 === 0) return;
    // The hole belongs to the containing ring one level up with the smallest area.
    let parent = -1;
    rings.forEach((other, j) => {
      if (depth[j] !== depth[i] - 1 || !contains(other, ring[0])) return;
      if (parent < 0 || Math.abs(signedArea(other)) < Math.abs(signedArea(rings[parent]))) parent = j;
    });
    if (parent >= 0) holesOf.set(parent, [...(holesOf.get(parent) ?? []), ring]);
  });
  const polygons: Point2[][][] = [];
  rings.forEach((ring, i) => {
    if (depth[i] % 2 === 0) polygons.push([ring, ...(holesOf.get(i) ?? [])]);
  });
  return polygons;
}

/** A polygon (its outer ring, then its holes; rings open) as triangles, each three points. */
export function triangulate(rings: readonly (readonly Point2[])[]): Point2[][] {
  const [contour, ...holes] = rings.map((ring) => ring.map((p) => new Vector2(p.x, p.y)));
  if (!contour || contour.length < 3) return [];
  const faces = ShapeUtils.triangulateShape(contour, holes);
  // The faces index the contour's points, then each hole's (as they are once triangulateShape has read them).
  const all = [contour, ...holes].flat();
  return faces.map(([a, b, c]) => [all[a], all[b], all[c]]);
}

function withoutRepeats(points: readonly Point2[]): Point2[] {
  const out: Point2[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || last.x !== p.x || last.y !== p.y) out.push(p);
  }
  while (out.length > 1 && out[0].x === out[out.length - 1].x && out[0].y === out[out.length - 1].y) out.pop();
  return out;
}

/** Even-odd point-in-polygon. */
function contains(ring: readonly Point2[], p: Point2): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** At most this many dashes are cut from one subpath; a finer pattern draws the subpath solid. */
const MAX_DASHES = 10000;

/**
 * A stroked subpath cut by a dash pattern (PDF's `d`: on and off lengths, repeated, starting `phase` into the
 * pattern), in the path's own units: the pieces that are drawn. No pattern (or one of no length): the subpath whole.
 */
export function dashed(subpath: Subpath, pattern: readonly number[], phase: number): Point2[][] {
  const points = subpath.closed && subpath.points.length > 2 ? [...subpath.points, subpath.points[0]] : subpath.points;
  const dashes = pattern.length % 2 ? [...pattern, ...pattern] : [...pattern];
  const period = dashes.reduce((sum, d) => sum + Math.max(0, d), 0);
  if (!dashes.length || !(period > 0) || dashes.some((d) => !Number.isFinite(d) || d < 0)) return [points];
  let length = 0;
  for (let i = 1; i < points.length; i++) length += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  if (length / period > MAX_DASHES / dashes.length) return [points];
  // Where in the pattern the subpath starts.
  let index = 0;
  let left = dashes[0];
  for (let offset = ((phase % period) + period) % period; offset > 0; ) {
    if (offset < left) {
      left -= offset;
      break;
    }
    offset -= left;
    index = (index + 1) % dashes.length;
    left = dashes[index];
  }
  const pieces: Point2[][] = [];
  let current: Point2[] | null = index % 2 === 0 ? [points[0]] : null;
  for (let i = 1; i < points.length; i++) {
    let from = points[i - 1];
    const to = points[i];
    let segment = Math.hypot(to.x - from.x, to.y - from.y);
    while (segment > left) {
      const t = left / segment;
      const at = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
      if (current) {
        current.push(at);
        if (current.length >= 2) pieces.push(current);
        current = null;
      } else current = [at];
      segment -= left;
      from = at;
      index = (index + 1) % dashes.length;
      left = dashes[index];
    }
    left -= segment;
    current?.push(to);
  }
  if (current && current.length >= 2) pieces.push(current);
  return pieces;
}
