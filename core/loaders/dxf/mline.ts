import type { Affine2, Point2, Sketch } from '../sketch/Sketch.js';
import type { DxfGroup } from './groupsHandler.js';

/** An MLINE read: its vertices, each with its miter direction and each element's offset along it. */
export interface DxfMline {
  closed: boolean;
  vertices: { point: Point2; miter: Point2; offsets: number[] }[];
}

/** MLINE's flags (71): bit 2, closed. */
const CLOSED = 2;

/**
 * MLINE (multiline, the old way of drawing walls): after the header, each vertex (11/21) with its
 * segment's direction (12/22) and its miter direction (13/23), then for each element of the style its
 * parameters (74 of them, code 41: the first is the element's offset from the vertex along the miter, already
 * scaled; the others its breaks) and its fill parameters (75 of them, code 42).
 */
export function readMline(groups: readonly DxfGroup[]): DxfMline {
  const mline: DxfMline = { closed: false, vertices: [] };
  let vertex: DxfMline['vertices'][number] | null = null;
  /** Which parameter of the current element a code 41 is. */
  let param = 0;
  for (let i = 0; i < groups.length; i++) {
    const { code, value } = groups[i];
    const y = () => (groups[i + 1]?.code === code + 10 ? Number(groups[i + 1].value) : 0);
    if (code === 71) mline.closed = (Number(value) & CLOSED) !== 0;
    else if (code === 11) mline.vertices.push((vertex = { point: { x: Number(value), y: y() }, miter: { x: 0, y: 0 }, offsets: [] }));
    else if (code === 13 && vertex) vertex.miter = { x: Number(value), y: y() };
    else if (code === 74) param = 0;
    // The first parameter of an element is its offset; the breaks after it are not drawn.
    else if (code === 41 && vertex && param++ === 0) vertex.offsets.push(Number(value));
  }
  return mline;
}

/** Each element of the multiline as a polyline through its offset points (breaks and caps are not drawn). */
export function drawMline(sketch: Sketch, mline: DxfMline, id: number, rgb: number, m: Affine2, dashes: readonly number[] | null): void {
  const elements = Math.min(...mline.vertices.map((v) => v.offsets.length));
  if (!Number.isFinite(elements)) return;
  for (let e = 0; e < elements; e++) {
    const points = mline.vertices.map(({ point, miter, offsets }) => ({ x: point.x + miter.x * offsets[e], y: point.y + miter.y * offsets[e] }));
    sketch.polyline(id, rgb, m, points, mline.closed, dashes);
  }
}
