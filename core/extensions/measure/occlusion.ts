import { Matrix4, Ray, Vector3 } from 'three';
import { POSITION_STRIDE } from '../../model/GeometryBatch.js';
import type { Model } from '../../model/Model.js';
import { quantizationStep } from '../../model/quantization.js';

/** Fragments with more triangles than this are left to the picker (it keeps a triangle BVH for them). */
const MAX_OCCLUDER_TRIANGLES = 2048;

/** A fragment known to hide something in this snap query, with what it takes to test rays against it. */
interface Occluder {
  model: Model;
  fragId: number;
  toReal: Matrix4;
  toLocal: Matrix4;
}

const localRay = new Ray();
const local = new Vector3();

/**
 * The fragments found to hide points during one snap query (first the one under the pointer): a point's
 * ray is tested against their own triangles before the picker's ray cast over the whole model. Most
 * points hidden near the pointer are hidden by the same surface, so most tests end here, at a fraction of
 * a ray cast's cost. A point one of them does not hide still goes to the ray cast: the answer is exact.
 */
export class Occluders {
  private readonly list: Occluder[] = [];

  constructor(private readonly cutPlanes: number[][]) {}

  /** Adds a fragment (real coordinates ← fragment space `toReal`); big ones are left to the picker. */
  add(model: Model, fragId: number, toReal: Matrix4): void {
    if (model.fragments.indexCounts[fragId] / 3 > MAX_OCCLUDER_TRIANGLES) return;
    if (this.list.some((o) => o.model === model && o.fragId === fragId)) return;
    this.list.push({ model, fragId, toReal, toLocal: toReal.clone().invert() });
  }

  /** Whether one of the known fragments crosses the ray (real coordinates) nearer than `before`, where the cut planes keep it. */
  hides(ray: Ray, before: number): boolean {
    for (const o of this.list) {
      localRay.copy(ray).applyMatrix4(o.toLocal);
      if (this.crossesBefore(o, before, ray)) return true;
    }
    return false;
  }

  private crossesBefore(o: Occluder, before: number, ray: Ray): boolean {
    const { model, fragId } = o;
    const f = model.fragments;
    const batch = model.batches[f.batchIds[fragId]];
    const positions = batch.positions, indices = batch.indices;
    const b = fragId * 6;
    const minX = f.boxes[b], minY = f.boxes[b + 1], minZ = f.boxes[b + 2];
    const s = quantizationStep(f.boxes, b);
    const ox = localRay.origin.x, oy = localRay.origin.y, oz = localRay.origin.z;
    const dx = localRay.direction.x, dy = localRay.direction.y, dz = localRay.direction.z;
    const start = f.indexStarts[fragId], end = start + f.indexCounts[fragId];
    for (let i = start; i + 2 < end; i += 3) {
      const ia = indices[i] * POSITION_STRIDE, ib = indices[i + 1] * POSITION_STRIDE, ic = indices[i + 2] * POSITION_STRIDE;
      const ax = minX + positions[ia] * s, ay = minY + positions[ia + 1] * s, az = minZ + positions[ia + 2] * s;
      const e1x = minX + positions[ib] * s - ax, e1y = minY + positions[ib + 1] * s - ay, e1z = minZ + positions[ib + 2] * s - az;
      const e2x = minX + positions[ic] * s - ax, e2y = minY + positions[ic + 1] * s - ay, e2z = minZ + positions[ic + 2] * s - az;
      // Möller–Trumbore, both faces.
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
      if (t <= 0) continue;
      const point = local.set(ox + dx * t, oy + dy * t, oz + dz * t).applyMatrix4(o.toReal);
      const along = (point.x - ray.origin.x) * ray.direction.x + (point.y - ray.origin.y) * ray.direction.y + (point.z - ray.origin.z) * ray.direction.z;
      if (along >= before) continue;
      if (this.isKept(point)) return true;
    }
    return false;
  }

  private isKept(point: Vector3): boolean {
    for (const [a, b, c, d] of this.cutPlanes) if (a * point.x + b * point.y + c * point.z + d > 1e-9 * (Math.abs(d) + 1)) return false;
    return true;
  }
}
