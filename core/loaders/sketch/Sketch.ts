/** A point of a drawing, in drawing units. */
export interface Point2 {
  x: number;
  y: number;
}

/** What a piece of a drawing is drawn as: a batch of its own for each. */
export type SketchKind = 'lines' | 'triangles' | 'points';

/** 2D affine transform: x' = a x + c y + e, y' = b x + d y + f. */
export type Affine2 = readonly [number, number, number, number, number, number];

export const IDENTITY: Affine2 = [1, 0, 0, 1, 0, 0];

/** `outer` after `inner`: the transform that applies inner first. */
export function compose(outer: Affine2, inner: Affine2): Affine2 {
  const [a, b, c, d, e, f] = outer;
  const [A, B, C, D, E, F] = inner;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

/** One object's geometry of one kind and colour, in drawing coordinates (z = 0). */
export interface SketchPiece {
  dbId: number;
  kind: SketchKind;
  rgb: number;
  /** x, y, z per vertex: line pairs, triangles or points, by kind. */
  positions: number[];
}

/**
 * Collects a 2D drawing's geometry (DXF, SVG, PDF) by object, kind and colour: one piece (a fragment, later) for each, so that
 * the number of fragments follows the colours an object uses, not its entities.
 */
export class Sketch {
  private readonly byKey = new Map<string, SketchPiece>();
  readonly min = { x: Infinity, y: Infinity };
  readonly max = { x: -Infinity, y: -Infinity };

  get pieces(): SketchPiece[] {
    return [...this.byKey.values()];
  }

  /** A polyline through the points (closed: back to the first), as line pairs. */
  polyline(dbId: number, rgb: number, m: Affine2, points: readonly Point2[], closed = false): void {
    if (points.length < 2) return;
    const out = this.piece(dbId, 'lines', rgb).positions;
    const count = closed ? points.length : points.length - 1;
    for (let i = 0; i < count; i++) {
      this.push(out, m, points[i]);
      this.push(out, m, points[(i + 1) % points.length]);
    }
  }

  triangle(dbId: number, rgb: number, m: Affine2, p0: Point2, p1: Point2, p2: Point2): void {
    const out = this.piece(dbId, 'triangles', rgb).positions;
    this.push(out, m, p0);
    this.push(out, m, p1);
    this.push(out, m, p2);
  }

  point(dbId: number, rgb: number, m: Affine2, p: Point2): void {
    this.push(this.piece(dbId, 'points', rgb).positions, m, p);
  }

  private piece(dbId: number, kind: SketchKind, rgb: number): SketchPiece {
    const key = `${dbId}:${kind}:${rgb}`;
    let piece = this.byKey.get(key);
    if (!piece) this.byKey.set(key, (piece = { dbId, kind, rgb, positions: [] }));
    return piece;
  }

  private push(out: number[], m: Affine2, p: Point2): void {
    const x = m[0] * p.x + m[2] * p.y + m[4];
    const y = m[1] * p.x + m[3] * p.y + m[5];
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    out.push(x, y, 0);
    if (x < this.min.x) this.min.x = x;
    if (y < this.min.y) this.min.y = y;
    if (x > this.max.x) this.max.x = x;
    if (y > this.max.y) this.max.y = y;
  }
}
