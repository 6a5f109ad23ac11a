import type { Point2 } from './Sketch.js';

/** Sharper joints than this (the miter's length over the half width) are bevelled, as CAD does. */
export const MITER_LIMIT = 4;

/**
 * A wide line's band: a quad (two triangles) along each segment of a polyline, `width` across, in the
 * polyline's units. Where it turns, the quads of the two segments meet at the miter (the closing vertex of a
 * closed polyline too); a joint sharper than MITER_LIMIT, or one whose miter would reach past a short
 * segment, gets butt ends and a bevel triangle on its outside instead. The line's ends are butt.
 */
export function strokeBand(points: readonly Point2[], width: number): Point2[][] {
  const half = width / 2;
  const path = points.filter((p, i) => i === 0 || p.x !== points[i - 1].x || p.y !== points[i - 1].y);
  const count = path.length - 1;
  if (count < 1 || !(half > 0)) return [];
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
    const offset = miterOffset(normals[before], normals[k], half, Math.min(lengths[before], lengths[k]));
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
    triangles.push([p, { x: p.x + side * n1.x, y: p.y + side * n1.y }, { x: p.x + side * n2.x, y: p.y + side * n2.y }]);
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

/**
 * The miter corner's offset from the vertex (left side; the right corner is the opposite) between two segments
 * with these left normals (`half` long); null where the joint is bevelled: past the miter limit, or where the
 * miter would reach further along a segment than the shorter one's length. Straight on: the normal itself.
 */
function miterOffset(n1: Point2, n2: Point2, half: number, shorter: number): Point2 | null {
  const cos = (n1.x * n2.x + n1.y * n2.y) / (half * half);
  if (cos > 1 - 1e-12) return n1;
  if (cos <= -1 + 1e-12) return null;
  // |offset| = half / cos(θ/2), θ the turn; along the segments it reaches half · tan(θ/2).
  const scale = 1 / (1 + cos);
  const offset = { x: (n1.x + n2.x) * scale, y: (n1.y + n2.y) * scale };
  const ratioSquared = 2 * scale;
  const along = half * Math.sqrt(Math.max(0, ratioSquared - 1));
  return ratioSquared > MITER_LIMIT * MITER_LIMIT || along > shorter ? null : offset;
}
