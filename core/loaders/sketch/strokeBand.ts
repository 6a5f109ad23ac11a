import type { Point2 } from './Sketch.js';

/** Sharper joints than this (the miter's length over the half width) are bevelled, as CAD does. */
export const MITER_LIMIT = 4;

/** How a wide line's open ends and its joints are drawn (PDF's J, j and M; SVG's stroke-linecap, -linejoin, -miterlimit). */
export interface StrokeStyle {
  cap: 'butt' | 'round' | 'square';
  join: 'miter' | 'round' | 'bevel';
  /** A miter longer than this many half widths is bevelled. */
  miterLimit: number;
}

/** CAD's lineweights and polyline widths: butt ends, mitered joints. */
export const CAD_STROKE: StrokeStyle = { cap: 'butt', join: 'miter', miterLimit: MITER_LIMIT };

/** Pieces of a half turn of a round cap (a round joint gets as many for its angle). */
const ROUND_PIECES = 8;

/**
 * A wide line's band: a quad (two triangles) along each segment of a polyline, `width` across, in the
 * polyline's units. Where it turns, mitered joints have the quads of the two segments meet at the miter (the
 * closing vertex of a closed polyline too); past the miter limit, or where the miter would reach past a short
 * segment, and for bevelled joints, the quads end square and a triangle fills the outside of the turn; a round
 * joint fills it with a fan. An open line's ends are as the cap says: butt, half a disc, or half a square; a
 * line of no length with a round or square cap is a dot.
 */
export function strokeBand(points: readonly Point2[], width: number, style: StrokeStyle = CAD_STROKE): Point2[][] {
  const half = width / 2;
  const path = points.filter((p, i) => i === 0 || p.x !== points[i - 1].x || p.y !== points[i - 1].y);
  const count = path.length - 1;
  if (!(half > 0) || path.length === 0) return [];
  if (count < 1) return style.cap === 'butt' ? [] : dot(path[0], half, style.cap);
  const lengths: number[] = [];
  const normals: Point2[] = [];
  for (let i = 0; i < count; i++) {
    const a = path[i];
    const b = path[i + 1];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    lengths.push(length);
    normals.push({ x: (-(b.y - a.y) / length) * half, y: ((b.x - a.x) / length) * half });
  }
  // Each segment's corners at its start and its end, left of the line (right: the other side of the vertex).
  const starts: Point2[] = normals.slice();
  const ends: Point2[] = normals.slice();
  const triangles: Point2[][] = [];
  const closed = count > 1 && path[0].x === path[count].x && path[0].y === path[count].y;
  for (let k = closed ? 0 : 1; k < count; k++) {
    const before = k === 0 ? count - 1 : k - 1;
    const offset = style.join === 'miter' ? miterOffset(normals[before], normals[k], half, Math.min(lengths[before], lengths[k]), style.miterLimit) : straightOn(normals[before], normals[k]);
    if (offset) {
      ends[before] = offset;
      starts[k] = offset;
      continue;
    }
    // Bevel: the outside of the turn (right of a left turn, left of a right turn) between the butt ends.
    const n1 = normals[before];
    const n2 = normals[k];
    const side = n1.x * n2.y - n1.y * n2.x > 0 ? -1 : 1;
    const p = path[k];
    const from = { x: side * n1.x, y: side * n1.y };
    const to = { x: side * n2.x, y: side * n2.y };
    if (style.join === 'round') fan(triangles, p, from, to, side);
    else triangles.push([p, { x: p.x + from.x, y: p.y + from.y }, { x: p.x + to.x, y: p.y + to.y }]);
  }
  if (!closed && style.cap !== 'butt') {
    cap(triangles, path[0], { x: -normals[0].x, y: -normals[0].y }, style.cap);
    cap(triangles, path[count], normals[count - 1], style.cap);
  }
  for (let i = 0; i < count; i++) {
    const a = path[i];
    const b = path[i + 1];
    const [s, e] = [starts[i], ends[i]];
    const quad = [
      { x: a.x + s.x, y: a.y + s.y },
      { x: b.x + e.x, y: b.y + e.y },
      { x: b.x - e.x, y: b.y - e.y },
      { x: a.x - s.x, y: a.y - s.y },
    ];
    triangles.push([quad[0], quad[1], quad[2]], [quad[0], quad[2], quad[3]]);
  }
  return triangles;
}

/** The offset of a joint where the line goes straight on (the normal itself); null where it turns. */
function straightOn(n1: Point2, n2: Point2): Point2 | null {
  const cos = (n1.x * n2.x + n1.y * n2.y) / (n1.x * n1.x + n1.y * n1.y);
  return cos > 1 - 1e-12 ? n1 : null;
}

/**
 * The miter corner's offset from the vertex (left side; the right corner is the opposite) between two segments
 * with these left normals (`half` long); null where the joint is bevelled: past the miter limit, or where the
 * miter would reach further along a segment than the shorter one's length. Straight on: the normal itself.
 */
export function miterOffset(n1: Point2, n2: Point2, half: number, shorter: number, limit: number): Point2 | null {
  const cos = (n1.x * n2.x + n1.y * n2.y) / (half * half);
  if (cos > 1 - 1e-12) return n1;
  if (cos <= -1 + 1e-12) return null;
  // |offset| = half / cos(θ/2), θ the turn; along the segments it reaches half · tan(θ/2).
  const scale = 1 / (1 + cos);
  const offset = { x: (n1.x + n2.x) * scale, y: (n1.y + n2.y) * scale };
  const ratioSquared = 2 * scale;
  const along = half * Math.sqrt(Math.max(0, ratioSquared - 1));
  return ratioSquared > limit * limit || along > shorter ? null : offset;
}

/**
 * Triangles from the centre `p` over the arc from offset `from` to offset `to` (both as long as the half
 * width), turning the short way round (`side` 1: clockwise, -1: counter-clockwise, as the joint's outside goes).
 */
function fan(triangles: Point2[][], p: Point2, from: Point2, to: Point2, side: number): void {
  const start = Math.atan2(from.y, from.x);
  let sweep = Math.atan2(to.y, to.x) - start;
  if (side > 0 && sweep > 0) sweep -= 2 * Math.PI;
  if (side < 0 && sweep < 0) sweep += 2 * Math.PI;
  arc(triangles, p, Math.hypot(from.x, from.y), start, sweep);
}

/** A fan of triangles about `p`, `radius` out, from angle `start` through `sweep` radians. */
function arc(triangles: Point2[][], p: Point2, radius: number, start: number, sweep: number): void {
  const pieces = Math.max(1, Math.ceil((Math.abs(sweep) / Math.PI) * ROUND_PIECES));
  let previous = { x: p.x + radius * Math.cos(start), y: p.y + radius * Math.sin(start) };
  for (let i = 1; i <= pieces; i++) {
    const angle = start + (sweep * i) / pieces;
    const next = { x: p.x + radius * Math.cos(angle), y: p.y + radius * Math.sin(angle) };
    triangles.push([p, previous, next]);
    previous = next;
  }
}

/**
 * An open end's cap at `p`: `left` is the left normal (half the width long) of the line as it leaves the end
 * outwards, so the cap lies ahead of it: half a disc, or half a square.
 */
function cap(triangles: Point2[][], p: Point2, left: Point2, kind: 'round' | 'square'): void {
  if (kind === 'round') {
    arc(triangles, p, Math.hypot(left.x, left.y), Math.atan2(left.y, left.x), -Math.PI);
    return;
  }
  // Outwards: the left normal turned a quarter clockwise.
  const ahead = { x: left.y, y: -left.x };
  const corners = [
    { x: p.x + left.x, y: p.y + left.y },
    { x: p.x + left.x + ahead.x, y: p.y + left.y + ahead.y },
    { x: p.x - left.x + ahead.x, y: p.y - left.y + ahead.y },
    { x: p.x - left.x, y: p.y - left.y },
  ];
  triangles.push([corners[0], corners[1], corners[2]], [corners[0], corners[2], corners[3]]);
}

/** A line of no length with round or square caps: a disc or a square of the width about its point. */
function dot(p: Point2, half: number, kind: 'round' | 'square'): Point2[][] {
  const triangles: Point2[][] = [];
  cap(triangles, p, { x: 0, y: half }, kind);
  cap(triangles, p, { x: 0, y: -half }, kind);
  return triangles;
}
