import type { Point2 } from './Sketch.js';

/**
 * A wide line's band: a quad (two triangles) along each segment of a polyline, `width` across, in the
 * polyline's units, with a square at each inner vertex (and at the start of a closed one) to fill the joint's
 * gap; the ends are butt.
 */
export function strokeBand(points: readonly Point2[], width: number): Point2[][] {
  const half = width / 2;
  const triangles: Point2[][] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (!(length > 0)) continue;
    const nx = (-(b.y - a.y) / length) * half;
    const ny = ((b.x - a.x) / length) * half;
    const quad = [
      { x: a.x + nx, y: a.y + ny },
      { x: b.x + nx, y: b.y + ny },
      { x: b.x - nx, y: b.y - ny },
      { x: a.x - nx, y: a.y - ny },
    ];
    triangles.push([quad[0], quad[1], quad[2]], [quad[0], quad[2], quad[3]]);
    if (i < points.length - 1 || (points[0].x === b.x && points[0].y === b.y)) {
      const j = [
        { x: b.x - half, y: b.y - half },
        { x: b.x + half, y: b.y - half },
        { x: b.x + half, y: b.y + half },
        { x: b.x - half, y: b.y + half },
      ];
      triangles.push([j[0], j[1], j[2]], [j[0], j[2], j[3]]);
    }
  }
  return triangles;
}
