import type { Point2 } from '../../sketch/Sketch.js';
import { arcPoints, bulgePoints, ellipsePoints, splinePoints } from '../dxfCurves.js';
import { aciToRgb } from '../dxfColors.js';
import type { DxfGroup } from '../groupsHandler.js';

/** One line family of a hatch pattern, as the HATCH stores it: already rotated and scaled into the drawing. */
export interface HatchPatternLine {
  /** Direction of the lines, radians. */
  angle: number;
  base: Point2;
  /** From one line of the family to the next. */
  offset: Point2;
  /** Dash lengths: positive drawn, negative a gap, 0 a dot; none: continuous. */
  dashes: number[];
}

/** A HATCH read: its boundary loops (flattened to points) and either a solid fill or pattern lines. */
export interface DxfHatch {
  patternName: string;
  solid: boolean;
  loops: Point2[][];
  patternLines: HatchPatternLine[];
  /** A gradient fill's colours (450 = 1: each colour's 421 true colour, else its 63 ACI); empty for a solid or pattern. */
  gradient: number[];
}

const DEG = Math.PI / 180;

/** Reads a HATCH's groups in order (its boundary paths and pattern definition, DXF reference "HATCH"). */
export function readHatch(groups: readonly DxfGroup[]): DxfHatch {
  const reader = new GroupReader(groups);
  const hatch: DxfHatch = { patternName: '', solid: false, loops: [], patternLines: [], gradient: [] };
  let isGradient = false;
  let lastCode = -1;
  while (!reader.done) {
    const group = reader.next();
    const previousCode = lastCode;
    lastCode = group.code;
    switch (group.code) {
      case 2:
        hatch.patternName = String(group.value);
        break;
      case 70:
        hatch.solid = Number(group.value) === 1;
        break;
      case 91: {
        const count = Number(group.value);
        for (let i = 0; i < count && reader.seek(92); i++) {
          const loop = withoutClosingPoint(readBoundaryPath(reader, Number(reader.next().value)));
          if (loop.length >= 3) hatch.loops.push(loop);
        }
        break;
      }
      case 450:
        isGradient = Number(group.value) === 1;
        break;
      case 63:
        // A gradient colour as ACI, replaced by its true colour (421) when one follows.
        if (isGradient) hatch.gradient.push(aciToRgb(Number(group.value)));
        break;
      case 421:
        if (!isGradient) break;
        if (previousCode === 63) hatch.gradient.pop();
        hatch.gradient.push(Number(group.value) & 0xffffff);
        break;
      case 78: {
        const count = Number(group.value);
        for (let i = 0; i < count && reader.seek(53); i++) hatch.patternLines.push(readPatternLine(reader));
        break;
      }
    }
  }
  return hatch;
}

/** A loop's points without a last one that repeats the first (the loop closes by itself). */
function withoutClosingPoint(points: Point2[]): Point2[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && Math.abs(first.x - last.x) < 1e-12 && Math.abs(first.y - last.y) < 1e-12) points.pop();
  return points;
}

/** A boundary path: a polyline (type bit 2) or a loop of edges: lines, arcs, elliptic arcs and splines. */
function readBoundaryPath(reader: GroupReader, type: number): Point2[] {
  if (type & 2) {
    const hasBulge = reader.valueOf(72) !== 0;
    reader.valueOf(73);
    const count = reader.valueOf(93);
    const vertices: (Point2 & { bulge: number })[] = [];
    for (let i = 0; i < count; i++) {
      const x = reader.valueOf(10);
      const y = reader.valueOf(20);
      vertices.push({ x, y, bulge: hasBulge && reader.peek()?.code === 42 ? Number(reader.next().value) : 0 });
    }
    const points: Point2[] = vertices.length ? [vertices[0]] : [];
    vertices.forEach((from, i) => points.push(...bulgePoints(from, vertices[(i + 1) % vertices.length], from.bulge)));
    return points;
  }
  const edgeCount = reader.valueOf(93);
  const points: Point2[] = [];
  for (let i = 0; i < edgeCount; i++) {
    const edge = readEdge(reader, reader.valueOf(72));
    // Each edge starts where the previous one ended: its first point is the last one's.
    points.push(...(points.length ? edge.slice(1) : edge));
  }
  return points;
}

function readEdge(reader: GroupReader, type: number): Point2[] {
  switch (type) {
    case 1:
      return [{ x: reader.valueOf(10), y: reader.valueOf(20) }, { x: reader.valueOf(11), y: reader.valueOf(21) }];
    case 2: {
      const cx = reader.valueOf(10);
      const cy = reader.valueOf(20);
      const radius = reader.valueOf(40);
      const start = reader.valueOf(50) * DEG;
      const end = reader.valueOf(51) * DEG;
      // A clockwise arc stores its angles mirrored: it runs from -start to -end, clockwise.
      if (reader.valueOf(73) === 0) return arcPoints(cx, cy, radius, -end, -start).reverse();
      return arcPoints(cx, cy, radius, start, end);
    }
    case 3: {
      const center = { x: reader.valueOf(10), y: reader.valueOf(20) };
      const major = { x: reader.valueOf(11), y: reader.valueOf(21) };
      const ratio = reader.valueOf(40);
      const start = reader.valueOf(50) * DEG;
      const end = reader.valueOf(51) * DEG;
      if (reader.valueOf(73) === 0) return ellipsePoints(center, major, ratio, -end, -start).reverse();
      return ellipsePoints(center, major, ratio, start, end);
    }
    case 4:
      return readSplineEdge(reader);
    default:
      return [];
  }
}

function readSplineEdge(reader: GroupReader): Point2[] {
  const degree = reader.valueOf(94);
  reader.valueOf(73);
  reader.valueOf(74);
  const knotCount = reader.valueOf(95);
  const controlCount = reader.valueOf(96);
  const knots: number[] = [];
  for (let i = 0; i < knotCount; i++) knots.push(reader.valueOf(40));
  const controls: Point2[] = [];
  const weights: number[] = [];
  for (let i = 0; i < controlCount; i++) {
    controls.push({ x: reader.valueOf(10), y: reader.valueOf(20) });
    if (reader.peek()?.code === 42) weights.push(Number(reader.next().value));
  }
  // Fit points and tangents (AutoCAD 2010 and later) follow; the control points already give the curve.
  if (reader.peek()?.code === 97) {
    const fitCount = Number(reader.next().value);
    for (let i = 0; i < fitCount; i++) {
      reader.valueOf(11);
      reader.valueOf(21);
    }
    while (reader.peek()?.code === 12 || reader.peek()?.code === 22 || reader.peek()?.code === 13 || reader.peek()?.code === 23) reader.next();
  }
  return splinePoints(degree, knots, controls, weights.length === controlCount ? weights : undefined);
}

function readPatternLine(reader: GroupReader): HatchPatternLine {
  const angle = Number(reader.next().value) * DEG;
  const base = { x: reader.valueOf(43), y: reader.valueOf(44) };
  const offset = { x: reader.valueOf(45), y: reader.valueOf(46) };
  const dashCount = reader.valueOf(79);
  const dashes: number[] = [];
  for (let i = 0; i < dashCount; i++) dashes.push(reader.valueOf(49));
  return { angle, base, offset, dashes };
}

/** Walks a hatch's groups in order; a missing group reads as 0 and leaves the position where it was. */
class GroupReader {
  private index = 0;

  constructor(private readonly groups: readonly DxfGroup[]) {}

  get done(): boolean {
    return this.index >= this.groups.length;
  }

  next(): DxfGroup {
    return this.groups[this.index++];
  }

  peek(): DxfGroup | undefined {
    return this.groups[this.index];
  }

  /** The next group's value as a number when it has this code; otherwise 0, reading nothing. */
  valueOf(code: number): number {
    const group = this.groups[this.index];
    if (group?.code !== code) return 0;
    this.index++;
    return Number(group.value);
  }

  /** Moves to the next group of this code (true), or to the end (false). */
  seek(code: number): boolean {
    while (!this.done && this.groups[this.index].code !== code) this.index++;
    return !this.done;
  }
}
