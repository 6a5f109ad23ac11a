import type { GeometryBuilder } from './GeometryBuilder.js';
import { signedArea, triangulate } from './triangulate.js';

export type Vec3 = readonly [number, number, number];

/**
 * Where a swept shape lies: profile coordinates (s, t) map to `across` and `up = axis × across`, and
 * the sweep runs from `origin` along the unit `axis`. `across` must be a unit vector normal to `axis`.
 */
export interface SweepFrame {
  origin: Vec3;
  axis: Vec3;
  across: Vec3;
}

const lo = new Float64Array(3);
const hi = new Float64Array(3);
const corner = new Float64Array(3);
const normal = new Float64Array(3);

/** An axis-aligned, flat-shaded box: 24 vertices (4 per face, so each face has its own normal), 12 triangles. */
export function addBox(g: GeometryBuilder, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): void {
  lo[0] = Math.min(x0, x1); lo[1] = Math.min(y0, y1); lo[2] = Math.min(z0, z1);
  hi[0] = Math.max(x0, x1); hi[1] = Math.max(y0, y1); hi[2] = Math.max(z0, z1);
  for (let axis = 0; axis < 3; axis++) {
    const b = (axis + 1) % 3;
    const c = (axis + 2) % 3;
    for (let side = 0; side < 2; side++) {
      normal.fill(0);
      normal[axis] = side ? 1 : -1;
      corner[axis] = side ? hi[axis] : lo[axis];
      const first = g.vertexCount;
      for (let k = 0; k < 4; k++) {
        corner[b] = k === 1 || k === 2 ? hi[b] : lo[b];
        corner[c] = k >= 2 ? hi[c] : lo[c];
        g.vertex(corner[0], corner[1], corner[2], normal[0], normal[1], normal[2]);
      }
      g.orientedQuad(first, first + 1, first + 2, first + 3, normal[0], normal[1], normal[2]);
    }
  }
}

/**
 * A box in a wall's own coordinates: `u` along the wall (world x or z), `y` up, `w` across it.
 * Walls, doors and windows run along either grid direction and share one description.
 */
export function addWallBox(
  g: GeometryBuilder,
  along: 'x' | 'z',
  u0: number, u1: number, y0: number, y1: number, w0: number, w1: number,
): void {
  if (along === 'x') addBox(g, u0, y0, w0, u1, y1, w1);
  else addBox(g, w0, y0, u0, w1, y1, u1);
}

/** A prism: `profile` (flat s, t pairs, any winding) swept `length` along the frame, flat-shaded and capped. */
export function addExtrusion(g: GeometryBuilder, profile: readonly number[], frame: SweepFrame, length: number): void {
  addSides(g, profile, frame, length, 1);
  const triangles = triangulate(profile);
  for (const end of [0, length]) {
    const sign = end === 0 ? -1 : 1;
    const first = g.vertexCount;
    for (let i = 0; i < profile.length; i += 2) addFramePoint(g, frame, profile[i], profile[i + 1], end, 0, 0, sign);
    const { axis } = frame;
    for (let i = 0; i < triangles.length; i += 3) {
      orientedTriangle(g, first + triangles[i], first + triangles[i + 1], first + triangles[i + 2], axis[0] * sign, axis[1] * sign, axis[2] * sign);
    }
  }
}

/** A smooth, capped cylinder (round pipe): per-vertex radial normals on the side, flat caps; 4·segments − 4 triangles. */
export function addCylinder(g: GeometryBuilder, frame: SweepFrame, length: number, radius: number, segments: number): void {
  const sideFirst = g.vertexCount;
  for (let i = 0; i < segments; i++) {
    const angle = (i / segments) * Math.PI * 2;
    const s = Math.cos(angle), t = Math.sin(angle);
    addFramePoint(g, frame, s * radius, t * radius, 0, s, t, 0);
    addFramePoint(g, frame, s * radius, t * radius, length, s, t, 0);
  }
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    const mid = ((i + 0.5) / segments) * Math.PI * 2;
    const n = frameVector(frame, Math.cos(mid), Math.sin(mid), 0);
    const a = sideFirst + i * 2, b = sideFirst + j * 2;
    g.orientedQuad(a, b, b + 1, a + 1, n[0], n[1], n[2]);
  }
  for (const end of [0, length]) {
    const sign = end === 0 ? -1 : 1;
    const first = g.vertexCount;
    for (let i = 0; i < segments; i++) {
      const angle = (i / segments) * Math.PI * 2;
      addFramePoint(g, frame, Math.cos(angle) * radius, Math.sin(angle) * radius, end, 0, 0, sign);
    }
    const { axis } = frame;
    for (let i = 1; i < segments - 1; i++) {
      orientedTriangle(g, first, first + i, first + i + 1, axis[0] * sign, axis[1] * sign, axis[2] * sign);
    }
  }
}

/** A hollow rectangular tube (duct): outer and inner walls plus the two end rims; 32 triangles. */
export function addRectTube(
  g: GeometryBuilder, frame: SweepFrame, length: number, width: number, height: number, wall: number,
): void {
  const outer = rectangle(width, height);
  const inner = rectangle(width - 2 * wall, height - 2 * wall);
  addSides(g, outer, frame, length, 1);
  addSides(g, inner, frame, length, -1);
  for (const end of [0, length]) {
    const sign = end === 0 ? -1 : 1;
    for (let k = 0; k < 4; k++) {
      const j = (k + 1) % 4;
      const first = g.vertexCount;
      addFramePoint(g, frame, outer[k * 2], outer[k * 2 + 1], end, 0, 0, sign);
      addFramePoint(g, frame, outer[j * 2], outer[j * 2 + 1], end, 0, 0, sign);
      addFramePoint(g, frame, inner[j * 2], inner[j * 2 + 1], end, 0, 0, sign);
      addFramePoint(g, frame, inner[k * 2], inner[k * 2 + 1], end, 0, 0, sign);
      const { axis } = frame;
      g.orientedQuad(first, first + 1, first + 2, first + 3, axis[0] * sign, axis[1] * sign, axis[2] * sign);
    }
  }
}

/** A centred rectangle profile, counter-clockwise. */
export function rectangle(width: number, height: number): number[] {
  const w = width / 2, h = height / 2;
  return [-w, -h, w, -h, w, h, -w, h];
}

/** The flat side faces of a swept profile; `facing` −1 turns the normals inwards (the inside of a tube). */
function addSides(g: GeometryBuilder, profile: readonly number[], frame: SweepFrame, length: number, facing: 1 | -1): void {
  const count = profile.length / 2;
  const winding = signedArea(profile) > 0 ? 1 : -1;
  for (let k = 0; k < count; k++) {
    const j = (k + 1) % count;
    const s0 = profile[k * 2], t0 = profile[k * 2 + 1], s1 = profile[j * 2], t1 = profile[j * 2 + 1];
    const edge = Math.hypot(s1 - s0, t1 - t0);
    // The right-hand normal of a counter-clockwise edge points out of the polygon.
    const ns = ((t1 - t0) / edge) * winding * facing;
    const nt = (-(s1 - s0) / edge) * winding * facing;
    const first = g.vertexCount;
    addFramePoint(g, frame, s0, t0, 0, ns, nt, 0);
    addFramePoint(g, frame, s1, t1, 0, ns, nt, 0);
    addFramePoint(g, frame, s1, t1, length, ns, nt, 0);
    addFramePoint(g, frame, s0, t0, length, ns, nt, 0);
    const n = frameVector(frame, ns, nt, 0);
    g.orientedQuad(first, first + 1, first + 2, first + 3, n[0], n[1], n[2]);
  }
}

const frameScratch: [number, number, number] = [0, 0, 0];

/** A direction given in frame coordinates (across, up, axis), in model coordinates. Reuses one array. */
function frameVector(frame: SweepFrame, s: number, t: number, l: number): Vec3 {
  const { axis: a, across: c } = frame;
  // up = axis × across
  const ux = a[1] * c[2] - a[2] * c[1], uy = a[2] * c[0] - a[0] * c[2], uz = a[0] * c[1] - a[1] * c[0];
  frameScratch[0] = c[0] * s + ux * t + a[0] * l;
  frameScratch[1] = c[1] * s + uy * t + a[1] * l;
  frameScratch[2] = c[2] * s + uz * t + a[2] * l;
  return frameScratch;
}

function addFramePoint(
  g: GeometryBuilder, frame: SweepFrame, s: number, t: number, l: number, ns: number, nt: number, nl: number,
): number {
  const n = frameVector(frame, ns, nt, nl);
  const nx = n[0], ny = n[1], nz = n[2];
  const p = frameVector(frame, s, t, l);
  const o = frame.origin;
  return g.vertex(o[0] + p[0], o[1] + p[1], o[2] + p[2], nx, ny, nz);
}

function orientedTriangle(g: GeometryBuilder, a: number, b: number, c: number, nx: number, ny: number, nz: number): void {
  if (g.facing(a, b, c, nx, ny, nz) >= 0) g.triangle(a, b, c);
  else g.triangle(a, c, b);
}
