import type { Ray } from 'three';
import { POSITION_STRIDE } from './GeometryBatch.js';
import type { Model } from './Model.js';
import { quantizationStep } from './quantization.js';

/**
 * Walks a fragment's triangles (its quantized positions, in fragment space) against a ray (Möller–Trumbore,
 * both faces): `visit(t, index)` for each triangle the ray crosses in front of its origin, `t` along the ray
 * and `index` the triangle's first index in the batch. Returning true from `visit` ends the walk.
 */
export function fragmentRayHits(model: Model, fragId: number, ray: Ray, visit: (t: number, index: number) => boolean | void): void {
  const f = model.fragments;
  const batch = model.batches[f.batchIds[fragId]];
  const positions = batch.positions;
  const indices = batch.indices;
  const b = fragId * 6;
  const minX = f.boxes[b], minY = f.boxes[b + 1], minZ = f.boxes[b + 2];
  const s = quantizationStep(f.boxes, b);
  const ox = ray.origin.x, oy = ray.origin.y, oz = ray.origin.z;
  const dx = ray.direction.x, dy = ray.direction.y, dz = ray.direction.z;
  const start = f.indexStarts[fragId];
  const end = start + f.indexCounts[fragId];
  for (let i = start; i + 2 < end; i += 3) {
    const ia = indices[i] * POSITION_STRIDE, ib = indices[i + 1] * POSITION_STRIDE, ic = indices[i + 2] * POSITION_STRIDE;
    const ax = minX + positions[ia] * s, ay = minY + positions[ia + 1] * s, az = minZ + positions[ia + 2] * s;
    const e1x = minX + positions[ib] * s - ax, e1y = minY + positions[ib + 1] * s - ay, e1z = minZ + positions[ib + 2] * s - az;
    const e2x = minX + positions[ic] * s - ax, e2y = minY + positions[ic + 1] * s - ay, e2z = minZ + positions[ic + 2] * s - az;
    const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (det > -1e-12 && det < 1e-12) continue;
    const inv = 1 / det;
    const tx = ox - ax, ty = oy - ay, tz = oz - az;
    const u = (tx * px + ty * py + tz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (t > 0 && visit(t, i) === true) return;
  }
}
