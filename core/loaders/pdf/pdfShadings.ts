import type { Affine2, Point2 } from '../sketch/Sketch.js';
import { boxAround, cutByHalfPlane, cutBySides, type HalfPlane, invertAffine, polygonSides, type ShadedPoint, transformPoint } from './pdfClip.js';

/** A shading as triangles on the sheet: x, y per vertex and linear r, g, b, a per vertex, three vertices a triangle. */
export interface ShadedTriangles {
  positions: number[];
  colors: number[];
  /** What kind of shading it was: axial, radial or mesh. */
  type: string;
}

/**
 * Bands a gradient is cut into at least: the GPU blends vertex colours in linear light, a PDF reader in sRGB,
 * and within a thirty-second of a black-to-white ramp the two differ by 2/255 at most.
 */
const GRADIENT_BANDS = 32;
/** pdf.js's own stops (where its sampled function bends) are kept as well, up to this many. */
const MAX_KEPT_STOPS = 64;
/** Segments of a radial shading's circles. */
const CIRCLE_SEGMENTS = 64;

/**
 * A shading pdf.js describes (its IR: the operator list's pattern object) painted over an area (convex polygons
 * on the sheet: the clip box of `sh`, or a path's triangles for a shading pattern fill), `toSheet` taking the
 * shading's space to the sheet. Axial and radial shadings are cut into bands along their gradient (pdf.js's
 * colour stops, sampled GRADIENT_BANDS times at least), each band's corners coloured as the gradient is
 * there; where the shading does not extend (no Extend, no Background) nothing is painted. Mesh shadings (free-
 * form, lattice, Coons and tensor patches, function-based: pdf.js triangulates them all) are their triangles
 * with their vertex colours. Null for what cannot be drawn (pdf.js's "Dummy" for a shading it could not read).
 */
export function shadingTriangles(ir: unknown, toSheet: Affine2, area: readonly (readonly Point2[])[]): ShadedTriangles | null {
  if (!Array.isArray(ir)) return null;
  const inverse = invertAffine(toSheet);
  if (!inverse) return null;
  if (ir[0] === 'RadialAxial') {
    const [, type, bbox, stops, p0, p1, r0, r1] = ir as [string, string, number[] | null, [number, string][], number[], number[], number | null, number | null];
    const gradient = Gradient.from(stops);
    if (!gradient) return null;
    const clipped = withinBox(area, bbox, toSheet);
    const out: ShadedTriangles = { positions: [], colors: [], type };
    if (type === 'axial') axial(out, gradient, clipped, inverse, p0, p1);
    else if (type === 'radial') radial(out, gradient, clipped, toSheet, inverse, p0, p1, r0 ?? 0, r1 ?? 0);
    else return null;
    return out;
  }
  if (ir[0] === 'Mesh') {
    const [, , positions, colours, count, , bbox] = ir as [string, number, Float32Array, Uint8Array, number, unknown, number[] | null];
    const out: ShadedTriangles = { positions: [], colors: [], type: 'mesh' };
    mesh(out, positions, colours, count, withinBox(area, bbox, toSheet), toSheet);
    return out;
  }
  return null;
}

/** A gradient's colours along its parameter t (0 to 1; padded beyond), as pdf.js's colour stops give them. */
class Gradient {
  private constructor(
    /** The stops' parameters, ascending, and their sRGB colours (0–1). */
    readonly at: number[],
    private readonly colours: [number, number, number][],
    /** Where painting starts and ends along t: −∞ / +∞ where the shading extends (or has a background). */
    readonly from: number,
    readonly to: number,
  ) {}

  /**
   * pdf.js's stops ([t, "#rrggbb"]) are a canvas gradient's: it pads beyond 0 and 1 with the end stops, and
   * where the shading does not extend the end stop is "transparent" (just outside the first or last colour).
   */
  static from(stops: readonly [number, string][] | null | undefined): Gradient | null {
    if (!Array.isArray(stops) || stops.length === 0) return null;
    const opaque = stops.filter(([t, colour]) => Number.isFinite(t) && /^#[0-9a-f]{6}$/i.test(colour));
    if (opaque.length === 0) return null;
    const from = opaque[0] === stops[0] ? -Infinity : opaque[0][0];
    const to = opaque[opaque.length - 1] === stops[stops.length - 1] ? Infinity : opaque[opaque.length - 1][0];
    return new Gradient(
      opaque.map(([t]) => t),
      opaque.map(([, colour]) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255) as [number, number, number]),
      from,
      to,
    );
  }

  /** Where the bands change: the stops (up to MAX_KEPT_STOPS) and GRADIENT_BANDS even steps of 0–1, inside the painted range. */
  get cuts(): number[] {
    const cuts = new Set<number>();
    for (let i = 0; i <= GRADIENT_BANDS; i++) cuts.add(i / GRADIENT_BANDS);
    if (this.at.length <= MAX_KEPT_STOPS) for (const t of this.at) cuts.add(t);
    return [...cuts].filter((t) => t >= this.from && t <= this.to).sort((a, b) => a - b);
  }

  /** The linear colour at t, interpolated in sRGB between the stops as a PDF reader does. */
  colour(t: number): [number, number, number] {
    const at = this.at;
    const last = at.length - 1;
    let i = 1;
    while (i < last && at[i] < t) i++;
    const a = this.colours[Math.max(0, i - 1)];
    const b = this.colours[Math.min(last, i)];
    const span = at[Math.min(last, i)] - at[Math.max(0, i - 1)];
    const s = span > 0 ? Math.min(1, Math.max(0, (t - at[i - 1]) / span)) : t > at[last] ? 1 : 0;
    return [0, 1, 2].map((k) => srgbToLinear(a[k] + (b[k] - a[k]) * s)) as [number, number, number];
  }
}

/** Axial: t runs from p0 to p1 (affine on the sheet); each band between two cuts is the area cut by two parallels. */
function axial(out: ShadedTriangles, gradient: Gradient, area: ShadedPoint[][], inverse: Affine2, p0: number[], p1: number[]): void {
  const dx = p1[0] - p0[0];
  const dy = p1[1] - p0[1];
  const length2 = dx * dx + dy * dy;
  if (!(length2 > 0)) return;
  const tOf = (p: Point2) => {
    const q = transformPoint(inverse, p);
    return ((q.x - p0[0]) * dx + (q.y - p0[1]) * dy) / length2;
  };
  const cuts = gradient.cuts;
  const edges = [gradient.from, ...cuts.filter((t) => t > gradient.from && t < gradient.to), gradient.to];
  for (const polygon of area) {
    for (let i = 0; i + 1 < edges.length; i++) {
      const low = edges[i];
      const high = edges[i + 1];
      const sides: HalfPlane[] = [];
      if (Number.isFinite(low)) sides.push((p) => tOf(p) - low);
      if (Number.isFinite(high)) sides.push((p) => high - tOf(p));
      const band = cutBySides(polygon, sides);
      fan(out, band, (p) => gradient.colour(tOf(p)));
    }
  }
}

/**
 * Radial: circles from (p0, r0) at t = 0 to (p1, r1) at t = 1, the later over the earlier; each band between
 * two cuts a ring of CIRCLE_SEGMENTS quads, cut to the area. Where the shading extends, the rings go on
 * until they hold the area (or shrink to nothing).
 */
function radial(out: ShadedTriangles, gradient: Gradient, area: ShadedPoint[][], toSheet: Affine2, inverse: Affine2, p0: number[], p1: number[], r0: number, r1: number): void {
  const circle = (t: number) => ({ x: p0[0] + (p1[0] - p0[0]) * t, y: p0[1] + (p1[1] - p0[1]) * t, r: r0 + (r1 - r0) * t });
  const corners = area.flat().map((p) => transformPoint(inverse, p));
  if (corners.length === 0) return;
  // How far t may go in a direction before the circles hold the area, or vanish, or move off it.
  const reach = (direction: 1 | -1): number => {
    let t = direction > 0 ? 1 : 0;
    for (let step = 1; step < 1e6; step *= 2) {
      const next = t + direction * step;
      const c = circle(next);
      if (c.r <= 0) return -r0 / (r1 - r0);
      if (corners.every((p) => Math.hypot(p.x - c.x, p.y - c.y) <= c.r)) return next;
      t = next;
    }
    return t;
  };
  const from = Number.isFinite(gradient.from) ? gradient.from : reach(-1);
  const to = Number.isFinite(gradient.to) ? gradient.to : reach(1);
  if (!(to > from)) return;
  const edges = [from, ...gradient.cuts.filter((t) => t > from && t < to), to];
  const ring = (t: number) => {
    const c = circle(t);
    const r = Math.max(0, c.r);
    return Array.from({ length: CIRCLE_SEGMENTS }, (_, k) => {
      const angle = (2 * Math.PI * k) / CIRCLE_SEGMENTS;
      return { ...transformPoint(toSheet, { x: c.x + r * Math.cos(angle), y: c.y + r * Math.sin(angle) }), values: [t] };
    });
  };
  const areaSides = area.map((polygon) => ({ sides: polygonSides(polygon), box: boxAround(polygon) }));
  let inner = ring(edges[0]);
  for (let i = 1; i < edges.length; i++) {
    const outer = ring(edges[i]);
    for (let k = 0; k < CIRCLE_SEGMENTS; k++) {
      const next = (k + 1) % CIRCLE_SEGMENTS;
      const quad = [inner[k], inner[next], outer[next], outer[k]];
      const box = boxAround(quad);
      for (const { sides, box: areaBox } of areaSides) {
        if (box.minX > areaBox.maxX || box.maxX < areaBox.minX || box.minY > areaBox.maxY || box.maxY < areaBox.minY) continue;
        fan(out, cutBySides(quad, sides), (p) => gradient.colour((p as ShadedPoint).values[0]));
      }
    }
    inner = outer;
  }
}

/** A mesh shading's triangles (shading space, sRGB bytes r, g, b, unused per vertex), cut to the area. */
function mesh(out: ShadedTriangles, positions: ArrayLike<number>, colours: ArrayLike<number>, count: number, area: ShadedPoint[][], toSheet: Affine2): void {
  const areaSides = area.map((polygon) => polygonSides(polygon));
  for (let v = 0; v + 2 < count; v += 3) {
    const triangle = [v, v + 1, v + 2].map((i) => ({
      ...transformPoint(toSheet, { x: positions[i * 2], y: positions[i * 2 + 1] }),
      values: [0, 1, 2].map((k) => srgbToLinear(colours[i * 4 + k] / 255)),
    }));
    for (const sides of areaSides) fan(out, cutBySides(triangle, sides), (p) => (p as ShadedPoint).values as [number, number, number]);
  }
}

/** The area cut to the shading's own box (its BBox, in shading space), when it has one. */
function withinBox(area: readonly (readonly Point2[])[], bbox: number[] | null, toSheet: Affine2): ShadedPoint[][] {
  const polygons = area.map((polygon) => polygon.map((p) => ({ x: p.x, y: p.y, values: [0] })));
  if (!Array.isArray(bbox) || bbox.length !== 4) return polygons;
  const [x0, y0, x1, y1] = bbox;
  const sides = polygonSides([{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }].map((p) => transformPoint(toSheet, p)));
  return polygons.map((polygon) => sides.reduce<ShadedPoint[]>((kept, side) => (kept.length ? cutByHalfPlane(kept, side) : kept), polygon)).filter((polygon) => polygon.length >= 3);
}

/** A convex polygon as a fan of triangles, each corner coloured. */
function fan(out: ShadedTriangles, polygon: readonly Point2[], colourAt: (p: Point2) => readonly number[]): void {
  if (polygon.length < 3) return;
  const colours = polygon.map(colourAt);
  for (let i = 1; i + 1 < polygon.length; i++) {
    for (const k of [0, i, i + 1]) {
      out.positions.push(polygon[k].x, polygon[k].y);
      out.colors.push(colours[k][0], colours[k][1], colours[k][2], 1);
    }
  }
}

function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

interface PdfjsObjects {
  get(objId: string, callback: (data: unknown) => void, errorCallback?: (reason: unknown) => void): unknown;
}

/**
 * The shadings a page's operators paint (`sh`, and fills with a shading pattern), as pdf.js describes them: the
 * page objects it sends by id (their IR) as it builds the operator list. One it could not read maps to null.
 */
export async function readShadings(OPS: { shadingFill: number; setFillColorN: number }, objects: PdfjsObjects, list: { fnArray: number[]; argsArray: unknown[] }): Promise<Map<string, unknown>> {
  const ids = new Set<string>();
  list.fnArray.forEach((fn, i) => {
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.shadingFill && typeof args?.[0] === 'string') ids.add(args[0]);
    else if (fn === OPS.setFillColorN && args?.[0] === 'Shading' && typeof args[1] === 'string') ids.add(args[1]);
  });
  const entries = await Promise.all(
    [...ids].map(
      (id) =>
        new Promise<[string, unknown]>((resolve) => {
          objects.get(
            id,
            (data) => resolve([id, data]),
            () => resolve([id, null]),
          );
        }),
    ),
  );
  return new Map(entries);
}
