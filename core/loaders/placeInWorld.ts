import type { Matrix4 } from 'three';
import type { PrimitiveKind } from '../model/GeometryBatch.js';
import type { FragmentGeometry } from './GeometryPacker.js';

/** A fragment's arrays before packing (positions and normals are changed in place). */
export type PlacedGeometry = Omit<FragmentGeometry, 'fragId' | 'batch'>;

/**
 * Puts a fragment's geometry in world space, in place: positions by the matrix, normals by its inverse
 * transpose; fills in missing normals of triangles, and keeps triangles facing out under mirroring.
 */
export function placeInWorld(geometry: PlacedGeometry, world: Matrix4, kind: PrimitiveKind): PlacedGeometry {
  const e = world.elements;
  const p = geometry.positions;
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i], y = p[i + 1], z = p[i + 2];
    p[i] = e[0] * x + e[4] * y + e[8] * z + e[12];
    p[i + 1] = e[1] * x + e[5] * y + e[9] * z + e[13];
    p[i + 2] = e[2] * x + e[6] * y + e[10] * z + e[14];
  }
  const mirrored = world.determinant() < 0;
  if (kind === 'triangles') {
    if (mirrored) {
      geometry.indices ??= sequence(p.length / 3);
      const idx = geometry.indices;
      for (let i = 0; i + 2 < idx.length; i += 3) {
        const t = idx[i + 1];
        idx[i + 1] = idx[i + 2];
        idx[i + 2] = t;
      }
    }
    if (geometry.normals) transformNormals(geometry.normals, world);
    else geometry.normals = vertexNormals(p, geometry.indices);
  }
  return geometry;
}

function transformNormals(n: Float32Array, world: Matrix4): void {
  // The inverse transpose of the upper 3×3 (cofactors; the determinant's scale goes with normalising).
  const e = world.elements;
  const a = e[0], b = e[4], c = e[8], d = e[1], f = e[5], g = e[9], h = e[2], k = e[6], l = e[10];
  const m00 = f * l - g * k, m01 = g * h - d * l, m02 = d * k - f * h;
  const m10 = c * k - b * l, m11 = a * l - c * h, m12 = b * h - a * k;
  const m20 = b * g - c * f, m21 = c * d - a * g, m22 = a * f - b * d;
  const sign = a * m00 + b * m01 + c * m02 < 0 ? -1 : 1;
  for (let i = 0; i < n.length; i += 3) {
    const x = n[i], y = n[i + 1], z = n[i + 2];
    const nx = m00 * x + m10 * y + m20 * z, ny = m01 * x + m11 * y + m21 * z, nz = m02 * x + m12 * y + m22 * z;
    const length = Math.hypot(nx, ny, nz) || 1;
    n[i] = (sign * nx) / length;
    n[i + 1] = (sign * ny) / length;
    n[i + 2] = (sign * nz) / length;
  }
}

/** Area-weighted vertex normals, for triangles that come without any. */
function vertexNormals(p: Float32Array, indices: Uint32Array | Uint16Array | null): Float32Array {
  const n = new Float32Array(p.length);
  const count = indices ? indices.length : p.length / 3;
  for (let t = 0; t + 2 < count; t += 3) {
    const ia = (indices ? indices[t] : t) * 3, ib = (indices ? indices[t + 1] : t + 1) * 3, ic = (indices ? indices[t + 2] : t + 2) * 3;
    const ux = p[ib] - p[ia], uy = p[ib + 1] - p[ia + 1], uz = p[ib + 2] - p[ia + 2];
    const vx = p[ic] - p[ia], vy = p[ic + 1] - p[ia + 1], vz = p[ic + 2] - p[ia + 2];
    const cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
    for (const i of [ia, ib, ic]) {
      n[i] += cx;
      n[i + 1] += cy;
      n[i + 2] += cz;
    }
  }
  for (let i = 0; i < n.length; i += 3) {
    const length = Math.hypot(n[i], n[i + 1], n[i + 2]) || 1;
    n[i] /= length;
    n[i + 1] /= length;
    n[i + 2] /= length;
  }
  return n;
}


function sequence(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}
