import { ShapeUtils, Vector2 } from 'three';
import type { Affine2, Point2, Sketch } from '../../sketch/Sketch.js';
import type { DxfHatch, HatchPatternLine } from './readHatch.js';

/**
 * Pattern lines one hatch may draw at most (a pattern scaled far too fine for its area would otherwise
 * draw millions): past it, the hatch is filled with its colour instead, and the drawer is told.
 */
export const MAX_HATCH_PATTERN_LINES = 20000;

/**
 * Draws a hatch: a solid fill as triangles, a pattern as its line families clipped to the boundary.
 * Islands alternate by nesting (the "normal" hatch style): a loop inside one loop is a hole, inside two a
 * fill again. Returns false when the pattern was too fine and a fill was drawn instead.
 */
export function drawHatch(sketch: Sketch, hatch: DxfHatch, id: number, rgb: number, m: Affine2): boolean {
  if (hatch.loops.length === 0) return true;
  if (hatch.solid || hatch.patternLines.length === 0) {
    fillLoops(sketch, hatch.loops, id, rgb, m);
    return true;
  }
  const segments = patternSegments(hatch.loops, hatch.patternLines);
  if (!segments) {
    fillLoops(sketch, hatch.loops, id, rgb, m);
    return false;
  }
  for (let i = 0; i < segments.length; i += 4) sketch.polyline(id, rgb, m, [{ x: segments[i], y: segments[i + 1] }, { x: segments[i + 2], y: segments[i + 3] }]);
  return true;
}

/** Fills the loops even-odd: each loop at an even nesting depth with the loops directly inside it as holes. */
function fillLoops(sketch: Sketch, loops: readonly Point2[][], id: number, rgb: number, m: Affine2): void {
  const depth = loops.map((loop, i) => loops.filter((other, j) => j !== i && contains(other, loop[0])).length);
  loops.forEach((outer, i) => {
    if (depth[i] % 2 !== 0) return;
    const holes = loops.filter((hole, j) => depth[j] === depth[i] + 1 && contains(outer, hole[0]));
    const contour = outer.map((p) => new Vector2(p.x, p.y));
    const holePoints = holes.map((hole) => hole.map((p) => new Vector2(p.x, p.y)));
    const triangles = ShapeUtils.triangulateShape(contour, holePoints);
    // Indexes count the contour, then each hole, as triangulateShape left them (closing duplicates dropped).
    const all = [...contour, ...holePoints.flat()];
    for (const [a, b, c] of triangles) sketch.triangle(id, rgb, m, all[a], all[b], all[c]);
  });
}

/** Whether a point is inside a loop (crossing count). */
function contains(loop: readonly Point2[], p: Point2): boolean {
  let inside = false;
  for (let i = 0, j = loop.length - 1; i < loop.length; j = i++) {
    const a = loop[i];
    const b = loop[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * Every pattern family's lines over the loops' box, cut to where they are inside (even-odd over all the
 * loops) and into dashes: x0, y0, x1, y1 per segment; null when there would be too many lines.
 */
export function patternSegments(loops: readonly Point2[][], lines: readonly HatchPatternLine[]): number[] | null {
  const box = boxOf(loops);
  const out: number[] = [];
  let lineCount = 0;
  for (const line of lines) {
    const dx = Math.cos(line.angle);
    const dy = Math.sin(line.angle);
    // Across the lines (n) the family repeats every `spacing`; along them (d) each next line shifts by `shift`.
    const nx = -dy;
    const ny = dx;
    const spacing = line.offset.x * nx + line.offset.y * ny;
    if (!(Math.abs(spacing) > 1e-12)) continue;
    const shift = line.offset.x * dx + line.offset.y * dy;
    const corners = [box.minX, box.minY, box.maxX, box.minY, box.maxX, box.maxY, box.minX, box.maxY];
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < 8; i += 2) {
      const across = ((corners[i] - line.base.x) * nx + (corners[i + 1] - line.base.y) * ny) / spacing;
      lo = Math.min(lo, across);
      hi = Math.max(hi, across);
    }
    const first = Math.ceil(lo);
    const last = Math.floor(hi);
    lineCount += Math.max(0, last - first + 1);
    if (lineCount > MAX_HATCH_PATTERN_LINES) return null;
    for (let k = first; k <= last; k++) {
      const ox = line.base.x + k * line.offset.x;
      const oy = line.base.y + k * line.offset.y;
      const crossings = crossingsAlong(loops, ox, oy, dx, dy);
      for (let i = 0; i + 1 < crossings.length; i += 2) dashSegments(out, ox, oy, dx, dy, crossings[i], crossings[i + 1], line.dashes, k * shift);
    }
  }
  return out;
}

/** Where the line through (ox, oy) along (dx, dy) crosses the loops' edges, as sorted distances along it. */
function crossingsAlong(loops: readonly Point2[][], ox: number, oy: number, dx: number, dy: number): number[] {
  const ts: number[] = [];
  for (const loop of loops) {
    for (let i = 0, j = loop.length - 1; i < loop.length; j = i++) {
      const a = loop[j];
      const b = loop[i];
      // Signed distances of the edge's ends from the line; an end exactly on it counts on the positive side.
      const sa = (a.x - ox) * -dy + (a.y - oy) * dx;
      const sb = (b.x - ox) * -dy + (b.y - oy) * dx;
      if (sa >= 0 === sb >= 0) continue;
      const f = sa / (sa - sb);
      ts.push((a.x + f * (b.x - a.x) - ox) * dx + (a.y + f * (b.y - a.y) - oy) * dy);
    }
  }
  return ts.sort((p, q) => p - q);
}

/** The part of a pattern line from t0 to t1, cut into its dashes (which start at the line's origin + phase). */
function dashSegments(out: number[], ox: number, oy: number, dx: number, dy: number, t0: number, t1: number, dashes: readonly number[], phase: number): void {
  const push = (a: number, b: number) => out.push(ox + dx * a, oy + dy * a, ox + dx * b, oy + dy * b);
  const period = dashes.reduce((sum, dash) => sum + Math.abs(dash), 0);
  if (dashes.length === 0 || !(period > 0)) {
    push(t0, t1);
    return;
  }
  // The pattern repeats every `period` from the family's origin, moved along by this line's phase.
  let start = phase + Math.floor((t0 - phase) / period) * period;
  for (; start < t1; start += period) {
    let t = start;
    for (const dash of dashes) {
      const end = t + Math.abs(dash);
      if (dash >= 0) {
        // A dot (0) is drawn as a dash a hundredth of the period long, so it shows at every zoom.
        const a = Math.max(t, t0);
        const b = Math.min(dash === 0 ? t + period / 100 : end, t1);
        if (b > a) push(a, b);
      }
      t = end;
      if (t >= t1) break;
    }
  }
}

function boxOf(loops: readonly Point2[][]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const loop of loops) {
    for (const p of loop) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  return { minX, minY, maxX, maxY };
}
