import type { Point2 } from './Sketch.js';

/**
 * A polyline cut into the dashes of a line pattern (in the polyline's own units): positive lengths drawn,
 * negative gaps, 0 a dot (drawn a hundredth of the pattern long, so it shows). The pattern runs on along
 * the whole polyline; one shorter than a single pattern is drawn whole, as CAD programs do.
 */
export function dashPolyline(points: readonly Point2[], pattern: readonly number[]): Point2[][] {
  const period = pattern.reduce((sum, dash) => sum + Math.abs(dash), 0);
  let total = 0;
  for (let i = 1; i < points.length; i++) total += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  if (!(period > 0) || total < period) return [points.slice()];
  const dashes: Point2[][] = [];
  let index = 0;
  // Where along the pattern we are, and how much of the current dash or gap is left.
  let left = Math.abs(pattern[0]) || period / 100;
  let drawing = pattern[0] >= 0;
  let current: Point2[] | null = drawing ? [points[0]] : null;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    let at = 0;
    while (length - at > left) {
      at += left;
      const p = { x: a.x + ((b.x - a.x) * at) / length, y: a.y + ((b.y - a.y) * at) / length };
      if (current) {
        current.push(p);
        dashes.push(current);
      }
      index = (index + 1) % pattern.length;
      const dash = pattern[index];
      drawing = dash >= 0;
      left = dash === 0 ? period / 100 : Math.abs(dash);
      current = drawing ? [p] : null;
    }
    left -= length - at;
    current?.push(b);
  }
  if (current && current.length > 1) dashes.push(current);
  return dashes;
}
