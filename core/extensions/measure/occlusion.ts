import { Matrix4, Ray, Vector3 } from 'three';
import type { Model } from '../../model/Model.js';
import { fragmentRayHits } from '../../model/fragmentRayHits.js';

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
    let crosses = false;
    fragmentRayHits(o.model, o.fragId, localRay, (t) => {
      const point = localRay.at(t, local).applyMatrix4(o.toReal);
      const along = (point.x - ray.origin.x) * ray.direction.x + (point.y - ray.origin.y) * ray.direction.y + (point.z - ray.origin.z) * ray.direction.z;
      crosses = along < before && this.isKept(point);
      return crosses;
    });
    return crosses;
  }

  private isKept(point: Vector3): boolean {
    for (const [a, b, c, d] of this.cutPlanes) if (a * point.x + b * point.y + c * point.z + d > 1e-9 * (Math.abs(d) + 1)) return false;
    return true;
  }
}
