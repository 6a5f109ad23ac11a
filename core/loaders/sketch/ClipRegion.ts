import polygonClipping, { type MultiPolygon, type Pair, type Polygon } from 'polygon-clipping';
import { type ClipRect, signedArea } from './clip.js';
import type { Affine2, Point2 } from './Sketch.js';

/** Parameters closer than this along a segment are one cut (a segment through a region's corner). */
const T_EPSILON = 1e-9;

/**
 * A region of a drawing of any shape (polygons with holes) that what is drawn is cut to: an SVG clip-path
 * or mask, a PDF clipping path. Made and combined with polygon-clipping's boolean operations; segments are
 * cut against its edges, polygons intersected with it (a convex region of one ring, the common rectangle
 * turned or not, without the general boolean). Where polygon-clipping fails on degenerate input (it can),
 * what was asked is kept whole rather than lost.
 */
export class ClipRegion {
  /** The region's bounds. */
  readonly box: ClipRect;
  /** Every ring's edges, x0, y0, x1, y1 each: inside is an odd number of crossings (rings do not overlap). */
  private readonly edges: Float64Array;
  /** The ring, counter-clockwise, where the region is one convex ring without holes; else null. */
  private readonly convex: Point2[] | null;

  /** `polygons`: polygon-clipping's form (rings closed, none overlapping), as its operations give them. */
  private constructor(readonly polygons: MultiPolygon) {
    const rings = polygons.flat();
    const edgeCount = rings.reduce((sum, ring) => sum + ring.length, 0);
    this.edges = new Float64Array(edgeCount * 4);
    const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    let o = 0;
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const [x0, y0] = ring[i];
        const [x1, y1] = ring[(i + 1) % ring.length];
        this.edges.set([x0, y0, x1, y1], o);
        o += 4;
        box.minX = Math.min(box.minX, x0);
        box.minY = Math.min(box.minY, y0);
        box.maxX = Math.max(box.maxX, x0);
        box.maxY = Math.max(box.maxY, y0);
      }
    }
    this.box = box;
    this.convex = polygons.length === 1 && polygons[0].length === 1 ? convexRing(polygons[0][0]) : null;
  }

  /** Nothing: all that is drawn is cut away. */
  static empty(): ClipRegion {
    return new ClipRegion([]);
  }

  /**
   * The union of polygons, each an outer ring and its holes (rings open or closed, in any direction; a
   * fill rule already applied, as three's ShapePath.toShapes does).
   */
  static fromPolygons(polygons: readonly (readonly (readonly Point2[])[])[]): ClipRegion {
    const input = polygons.map((rings) => rings.filter((ring) => ring.length >= 3).map(toRing)).filter((rings) => rings.length > 0);
    if (input.length === 0) return ClipRegion.empty();
    return new ClipRegion(attempt(() => polygonClipping.union(input[0], ...input.slice(1)), input));
  }

  /**
   * The region a path's rings fill by a fill rule (a PDF clipping path: `W` non-zero, `W*` even-odd). Even-odd
   * is the rings' exclusive or. Non-zero: rings wound alike are one union; rings wound both ways are taken
   * from the outermost in, each adding its area where the winding around it was zero, taking it away where
   * its own winding brings that back to zero (exact for rings that nest or lie apart; crossing rings of
   * opposite windings are read as if they nested). A ring's own crossings are read non-zero, as
   * polygon-clipping reads them.
   */
  static fromRings(rings: readonly (readonly Point2[])[], rule: 'nonzero' | 'evenodd'): ClipRegion {
    const input = rings.filter((ring) => ring.length >= 3 && signedArea(ring) !== 0);
    if (input.length === 0) return ClipRegion.empty();
    // One convex ring (a circle, a turned rectangle: most clipping paths that are not boxes) is its region as it is.
    const only = input.length === 1 ? openRing(input[0]) : null;
    if (only && isSimpleConvex(only)) return new ClipRegion([[[...only, only[0]]]]);
    if (rule === 'evenodd') {
      const polygons = input.map((ring): Polygon => [toRing(ring)]);
      return new ClipRegion(attempt(() => polygonClipping.xor(polygons[0], ...polygons.slice(1)), polygons));
    }
    const windings = input.map((ring) => Math.sign(signedArea(ring)));
    if (windings.every((w) => w === windings[0])) return ClipRegion.fromPolygons(input.map((ring) => [ring]));
    const order = input.map((_, i) => i).sort((i, j) => Math.abs(signedArea(input[j])) - Math.abs(signedArea(input[i])));
    let region = ClipRegion.empty();
    for (const i of order) {
      const { x, y } = input[i][0];
      const around = input.reduce((sum, ring, j) => (j !== i && insideRing(ring, x, y) ? sum + windings[j] : sum), 0);
      const within = around + windings[i];
      const area = () => ClipRegion.fromPolygons([[input[i]]]);
      if (around === 0 && within !== 0) region = region.union(area());
      else if (around !== 0 && within === 0) region = region.subtract(area());
    }
    return region;
  }

  /** The region where this one and `other` both are. */
  intersect(other: ClipRegion): ClipRegion {
    if (this.isEmpty() || other.isEmpty() || !boxesMeet(this.box, other.box)) return ClipRegion.empty();
    return new ClipRegion(attempt(() => polygonClipping.intersection(this.polygons, other.polygons), this.polygons));
  }

  /** The region where this one or `other` is. */
  union(other: ClipRegion): ClipRegion {
    if (other.isEmpty()) return this;
    if (this.isEmpty()) return other;
    return new ClipRegion(attempt(() => polygonClipping.union(this.polygons, other.polygons), this.polygons));
  }

  /** This region less `other`. */
  subtract(other: ClipRegion): ClipRegion {
    if (this.isEmpty() || other.isEmpty() || !boxesMeet(this.box, other.box)) return this;
    return new ClipRegion(attempt(() => polygonClipping.difference(this.polygons, other.polygons), this.polygons));
  }

  /** The region through an affine transform (one that does not flatten it). */
  transformed(m: Affine2): ClipRegion {
    return new ClipRegion(this.polygons.map((polygon) => polygon.map((ring) => ring.map(([x, y]): Pair => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]))));
  }

  isEmpty(): boolean {
    return this.polygons.length === 0;
  }

  contains(x: number, y: number): boolean {
    const { box, edges } = this;
    if (x < box.minX || x > box.maxX || y < box.minY || y > box.maxY) return false;
    let inside = false;
    for (let o = 0; o < edges.length; o += 4) {
      const y0 = edges[o + 1];
      const y1 = edges[o + 3];
      if (y0 > y !== y1 > y && x < edges[o] + ((y - y0) * (edges[o + 2] - edges[o])) / (y1 - y0)) inside = !inside;
    }
    return inside;
  }

  /**
   * The parts of the segment a–b inside the region, in order along it. An end that is not cut is the same
   * point object (a caller joins a polyline's parts at the vertices it kept).
   */
  clipSegment(a: Point2, b: Point2): [Point2, Point2][] {
    const { box, edges } = this;
    if (Math.max(a.x, b.x) < box.minX || Math.min(a.x, b.x) > box.maxX || Math.max(a.y, b.y) < box.minY || Math.min(a.y, b.y) > box.maxY) return [];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const cuts = [0, 1];
    for (let o = 0; o < edges.length; o += 4) {
      const cx = edges[o];
      const cy = edges[o + 1];
      const ex = edges[o + 2] - cx;
      const ey = edges[o + 3] - cy;
      const denominator = dx * ey - dy * ex;
      if (denominator === 0) continue; // parallel: the tests of the parts' middles decide
      const t = ((cx - a.x) * ey - (cy - a.y) * ex) / denominator;
      const u = ((cx - a.x) * dy - (cy - a.y) * dx) / denominator;
      if (t > 0 && t < 1 && u >= 0 && u <= 1) cuts.push(t);
    }
    cuts.sort((p, q) => p - q);
    const at = (t: number): Point2 => (t === 0 ? a : t === 1 ? b : { x: a.x + dx * t, y: a.y + dy * t });
    const kept: [Point2, Point2][] = [];
    let from = -1;
    for (let i = 1; i < cuts.length; i++) {
      const t0 = cuts[i - 1];
      const t1 = cuts[i];
      if (t1 - t0 < T_EPSILON) continue;
      const middle = (t0 + t1) / 2;
      const inside = this.contains(a.x + dx * middle, a.y + dy * middle);
      if (inside && from < 0) from = t0;
      if (!inside && from >= 0) {
        kept.push([at(from), at(t0)]);
        from = -1;
      }
    }
    if (from >= 0) kept.push([at(from), b]);
    return kept;
  }

  /** A polyline's parts inside the region: runs of points, joined where a vertex was kept. */
  clipPolyline(points: readonly Point2[]): Point2[][] {
    const runs: Point2[][] = [];
    let run: Point2[] | null = null;
    for (let i = 1; i < points.length; i++) {
      for (const [p, q] of this.clipSegment(points[i - 1], points[i])) {
        if (run && run[run.length - 1] === p) run.push(q);
        else runs.push((run = [p, q]));
      }
    }
    return runs;
  }

  /**
   * A polygon (its outer ring, then its holes) cut to the region: the polygons left, each an outer ring
   * and its holes, rings open. One wholly inside comes back as it is.
   */
  clipPolygon(rings: readonly (readonly Point2[])[]): Point2[][][] {
    const outer = rings[0];
    if (!outer || outer.length < 3 || this.isEmpty()) return [];
    const box = boundsOf(outer);
    if (!boxesMeet(box, this.box)) return [];
    if (this.holdsWhole(rings, box)) return [rings.map((ring) => ring.slice())];
    if (this.convex && rings.length === 1) {
      const kept = clipConvex(this.convex, outer);
      return kept.length >= 3 ? [[kept]] : [];
    }
    const subject = rings.filter((ring) => ring.length >= 3).map(toRing);
    const result = attempt(() => polygonClipping.intersection(subject, this.polygons), [subject]);
    return result.map((polygon) => polygon.map((ring) => ring.slice(0, -1).map(([x, y]) => ({ x, y }))));
  }

  /** Whether a polygon lies wholly inside: none of its edges cut, a vertex inside, no corner of the region within it. */
  private holdsWhole(rings: readonly (readonly Point2[])[], box: ClipRect): boolean {
    if (box.minX < this.box.minX || box.maxX > this.box.maxX || box.minY < this.box.minY || box.maxY > this.box.maxY) return false;
    if (!this.contains(rings[0][0].x, rings[0][0].y)) return false;
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i];
        const b = ring[(i + 1) % ring.length];
        const parts = this.clipSegment(a, b);
        if (parts.length !== 1 || parts[0][0] !== a || parts[0][1] !== b) return false;
      }
    }
    const { edges } = this;
    for (let o = 0; o < edges.length; o += 4) if (insideRing(rings[0], edges[o], edges[o + 1])) return false;
    return true;
  }
}

/** polygon-clipping's ring from points. */
function toRing(ring: readonly Point2[]): Pair[] {
  return ring.map((p): Pair => [p.x, p.y]);
}

function attempt(operation: () => MultiPolygon, fallback: MultiPolygon | Polygon[]): MultiPolygon {
  try {
    return operation();
  } catch {
    return fallback;
  }
}

function boundsOf(points: readonly Point2[]): ClipRect {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const { x, y } of points) {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

function boxesMeet(a: ClipRect, b: ClipRect): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** Strictly inside a ring (even-odd). */
function insideRing(ring: readonly Point2[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.y > y !== b.y > y && x < a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y)) inside = !inside;
  }
  return inside;
}

/** Whether a ring (open, no point repeated) turns one way only, once round (a star turns one way too, but twice round). */
function isSimpleConvex(ring: readonly Pair[]): boolean {
  let sign = 0;
  let turned = 0;
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[(i + 1) % ring.length];
    const [cx, cy] = ring[(i + 2) % ring.length];
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    const dot = (bx - ax) * (cx - bx) + (by - ay) * (cy - by);
    if (cross === 0 && dot > 0) continue; // straight on
    if (cross === 0) return false; // turning back
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
    turned += Math.atan2(cross, dot);
  }
  return Math.abs(Math.abs(turned) - 2 * Math.PI) < 1e-6;
}

/** polygon-clipping's ring from points, open (no closing point), repeated points left out. */
function openRing(ring: readonly Point2[]): Pair[] {
  const out: Pair[] = [];
  for (const { x, y } of ring) {
    const last = out[out.length - 1];
    if (!last || last[0] !== x || last[1] !== y) out.push([x, y]);
  }
  if (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) out.pop();
  return out;
}

/** A closed ring's points, counter-clockwise, if it is convex; else null. */
function convexRing(ring: readonly Pair[]): Point2[] | null {
  const points = ring.slice(0, -1).map(([x, y]) => ({ x, y }));
  if (points.length < 3) return null;
  let sign = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    const c = points[(i + 2) % points.length];
    const turn = Math.sign((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x));
    if (turn === 0) continue;
    if (sign === 0) sign = turn;
    else if (turn !== sign) return null;
  }
  return sign < 0 ? points.reverse() : points;
}

/** A polygon cut to a convex counter-clockwise ring (Sutherland–Hodgman). */
function clipConvex(clip: readonly Point2[], polygon: readonly Point2[]): Point2[] {
  let points = polygon.slice();
  for (let e = 0; e < clip.length && points.length >= 3; e++) {
    const a = clip[e];
    const b = clip[(e + 1) % clip.length];
    // Left of a→b is inside a counter-clockwise ring.
    const side = (p: Point2) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    const next: Point2[] = [];
    points.forEach((current, i) => {
      const previous = points[(i + points.length - 1) % points.length];
      const dc = side(current);
      const dp = side(previous);
      if (dc >= 0 !== dp >= 0) {
        const t = dp / (dp - dc);
        next.push({ x: previous.x + (current.x - previous.x) * t, y: previous.y + (current.y - previous.y) * t });
      }
      if (dc >= 0) next.push(current);
    });
    points = next;
  }
  return points.length >= 3 ? points : [];
}
