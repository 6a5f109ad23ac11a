import { Matrix4, type Ray } from 'three';
import type { Model } from '../../model/Model.js';
import type { FeatureEdgeCache, FragmentEdges } from './FeatureEdges.js';

/** How a snap query sees the canvas: the camera's view-projection, the canvas size and the pointer. */
export interface SnapView {
  viewProjection: Matrix4;
  width: number;
  height: number;
  x: number;
  y: number;
  ray: Ray;
}

const localToClip = new Matrix4();

/**
 * A fragment near the pointer's ray. Before its feature edges are derived (on first use, then cached) it
 * has only `bound`, the least distance on the canvas from the pointer to any of its points: candidates are
 * taken in that order, and one farther than the best point found so far is never derived.
 */
export class SnapCandidate {
  /** The least canvas distance (CSS px) from the pointer to the fragment's box as drawn. */
  readonly bound: number;
  private edgesOf: FragmentEdges | null = null;
  /**
   * Its vertices as seen in this query, 4 numbers each: canvas x and y (CSS px), distance along the
   * pointer's ray, and 1 when in front of the camera within its depth range.
   */
  projected: Float64Array = new Float64Array(0);

  constructor(
    readonly model: Model,
    readonly fragId: number,
    /** Fragment space → real coordinates (transform, then the model's global offset). */
    readonly toReal: Matrix4,
    view: SnapView,
  ) {
    this.bound = boxBound(model, fragId, toReal, view);
  }

  /** Its feature edges, derived (or read from the cache) and projected on first use in the query. */
  edges(cache: FeatureEdgeCache, view: SnapView): FragmentEdges {
    if (!this.edgesOf) {
      this.edgesOf = cache.get(this.model, this.fragId);
      this.project(view);
    }
    return this.edgesOf;
  }

  get isDerived(): boolean {
    return this.edgesOf !== null;
  }

  private project({ viewProjection, width, height, ray }: SnapView): void {
    const vertices = this.edgesOf!.vertices;
    const out = (this.projected = new Float64Array((vertices.length / 3) * 4));
    const ox = ray.origin.x, oy = ray.origin.y, oz = ray.origin.z, dx = ray.direction.x, dy = ray.direction.y, dz = ray.direction.z;
    const r = this.toReal.elements, m = localToClip.multiplyMatrices(viewProjection, this.toReal).elements;
    for (let v = 0, o = 0; v < vertices.length; v += 3, o += 4) {
      const lx = vertices[v], ly = vertices[v + 1], lz = vertices[v + 2];
      const wx = r[0] * lx + r[4] * ly + r[8] * lz + r[12], wy = r[1] * lx + r[5] * ly + r[9] * lz + r[13], wz = r[2] * lx + r[6] * ly + r[10] * lz + r[14];
      const w = m[3] * lx + m[7] * ly + m[11] * lz + m[15];
      const nx = (m[0] * lx + m[4] * ly + m[8] * lz + m[12]) / w;
      const ny = (m[1] * lx + m[5] * ly + m[9] * lz + m[13]) / w;
      const nz = (m[2] * lx + m[6] * ly + m[10] * lz + m[14]) / w;
      out[o] = ((nx + 1) / 2) * width;
      out[o + 1] = ((1 - ny) / 2) * height;
      out[o + 2] = (wx - ox) * dx + (wy - oy) * dy + (wz - oz) * dz;
      out[o + 3] = nz > -1 && nz < 1 ? 1 : 0;
    }
  }
}

/** A fragment's space → real coordinates: its transform, then the model's global offset. */
export function toRealOf(model: Model, fragId: number): Matrix4 {
  const o = model.globalOffset;
  return model.fragments.getTransform(fragId).premultiply(new Matrix4().makeTranslation(o.x, o.y, o.z));
}

/**
 * The least canvas distance from the pointer to a fragment's box (its own box, transformed) as drawn: to
 * the rectangle round its projected corners, which holds the whole box's picture; 0 when a corner lies
 * behind the eye.
 */
function boxBound(model: Model, fragId: number, toReal: Matrix4, { viewProjection, width, height, x, y }: SnapView): number {
  const box = model.fragments.boxes, b = fragId * 6;
  const m = localToClip.multiplyMatrices(viewProjection, toReal).elements;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let corner = 0; corner < 8; corner++) {
    const lx = box[b + (corner & 1 ? 3 : 0)], ly = box[b + 1 + (corner & 2 ? 3 : 0)], lz = box[b + 2 + (corner & 4 ? 3 : 0)];
    const w = m[3] * lx + m[7] * ly + m[11] * lz + m[15];
    if (!(w > 0)) return 0;
    const sx = (((m[0] * lx + m[4] * ly + m[8] * lz + m[12]) / w + 1) / 2) * width;
    const sy = ((1 - (m[1] * lx + m[5] * ly + m[9] * lz + m[13]) / w) / 2) * height;
    minX = Math.min(minX, sx);
    maxX = Math.max(maxX, sx);
    minY = Math.min(minY, sy);
    maxY = Math.max(maxY, sy);
  }
  return Math.hypot(Math.max(0, minX - x, x - maxX), Math.max(0, minY - y, y - maxY));
}

/** A binary min-heap by key. */
export class MinHeap<T> {
  private readonly keys: number[] = [];
  private readonly items: T[] = [];

  get size(): number {
    return this.keys.length;
  }

  peekKey(): number {
    return this.keys.length ? this.keys[0] : Infinity;
  }

  push(key: number, item: T): void {
    let i = this.keys.length;
    this.keys.push(key);
    this.items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): T {
    const top = this.items[0];
    const lastKey = this.keys.pop()!, lastItem = this.items.pop()!;
    if (this.keys.length) {
      this.keys[0] = lastKey;
      this.items[0] = lastItem;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let least = i;
        if (l < this.keys.length && this.keys[l] < this.keys[least]) least = l;
        if (r < this.keys.length && this.keys[r] < this.keys[least]) least = r;
        if (least === i) break;
        this.swap(i, least);
        i = least;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b], this.keys[a]];
    [this.items[a], this.items[b]] = [this.items[b], this.items[a]];
  }
}
