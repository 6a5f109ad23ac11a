import { Box3, BufferAttribute, BufferGeometry, DoubleSide, Matrix4, type Plane, Ray, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { FragmentFlag } from '../model/FragmentList.js';
import { POSITION_STRIDE } from '../model/GeometryBatch.js';
import type { Model } from '../model/Model.js';
import { quantizationStep } from '../model/quantization.js';
import { fragmentRayHits } from '../model/fragmentRayHits.js';
import { visibleSpan } from './CutPlanes.js';
import { FragmentBvh } from './FragmentBvh.js';
import { type PickRadius, pickLines } from './linePick.js';

/** Reads fragments' world boxes (transforms applied) for the BVH. */
function worldBoxReader(model: Model) {
  const box = new Box3();
  return (fragId: number, target: Float32Array, offset: number) => {
    model.fragments.getWorldBox(fragId, box);
    box.min.toArray(target, offset);
    box.max.toArray(target, offset + 3);
  };
}

/** Spec 001 §3 "Hit-test result". */
export interface HitResult {
  dbId: number;
  fragId: number;
  intersectPoint: Vector3;
  face: { a: number; b: number; c: number; normal: Vector3 } | null;
  model: Model;
  distance: number;
}

/** Fragments with more triangles than this get a triangle BVH of their own (three-mesh-bvh), built on first hit. */
const TRIANGLES_FOR_OWN_BVH = 2048;

interface ModelPickData {
  bvh: FragmentBvh;
  loadedCount: number;
  transformVersion: number;
  meshBvhs: Map<number, MeshBVH>;
}

/**
 * Picks the nearest visible triangle under a ray (or a line near it: linePick.ts): a BVH over fragment
 * boxes finds candidates front to back, then each fragment's triangles are tested exactly (dequantized
 * from the batch's packed positions, in the fragment's own space when it has a transform). Hidden
 * fragments are never hit, nor what the cut planes remove.
 */
export class Picker {
  private readonly data = new Map<Model, ModelPickData>();
  private clippingPlanes: readonly Plane[] = [];

  /** The cut planes' clipping planes: a hit must lie on the side each keeps. */
  setClippingPlanes(planes: readonly Plane[]): void {
    this.clippingPlanes = planes;
  }

  /** Forgets a model's pick structures (unloaded). */
  forget(model: Model): void {
    this.data.delete(model);
  }

  /** The BVH over a model's fragment boxes (model space), refitted to where the fragments are now: for spatial queries such as snapping. */
  fragmentBvh(model: Model): FragmentBvh {
    return this.structuresFor(model).bvh;
  }

  /**
   * The nearest visible triangle under the ray; with `lineRadius`, a line passing within it (the pick
   * radius in pixels, as world units at a distance) is hit too, before the surface it lies on.
   */
  pick(ray: Ray, models: readonly Model[], lineRadius?: PickRadius): HitResult | null {
    // With cut planes, the ray starts where it enters the part they keep and ends where it leaves it: the
    // first triangle from there is the first one drawn.
    const span = visibleSpan(ray, this.clippingPlanes);
    if (!span) return null;
    const start = span.near > 0 ? new Ray(ray.at(span.near, new Vector3()), ray.direction) : ray;
    let best: HitResult | null = null;
    for (const model of models) {
      const hit = this.pickModel(start, model, best?.distance ?? span.far - span.near, lineRadius);
      if (hit && (!best || hit.distance < best.distance)) best = hit;
    }
    if (best) best.distance += span.near;
    return best;
  }

  /** Picks in the model's own space (the ray moved by its offset); the hit comes back in real coordinates. */
  private pickModel(realRay: Ray, model: Model, maxDistance: number, lineRadius?: PickRadius): HitResult | null {
    const ray = new Ray(realRay.origin.clone().sub(model.globalOffset), realRay.direction);
    let hit = this.pickInModelSpace(ray, model, maxDistance);
    const line = lineRadius ? pickLines(model, this.structuresFor(model).bvh, ray, lineRadius, maxDistance) : null;
    // A line on a surface is drawn over it: it wins unless the surface is nearer by more than the radius.
    if (line && (!hit || line.distance <= hit.distance + lineRadius!(line.distance))) {
      const fragments = model.fragments;
      hit = { dbId: fragments.dbIds[line.fragId], fragId: line.fragId, intersectPoint: line.point, face: null, model, distance: line.distance };
    }
    hit?.intersectPoint.add(model.globalOffset);
    return hit;
  }

  private pickInModelSpace(ray: Ray, model: Model, maxDistance: number): HitResult | null {
    const data = this.structuresFor(model);
    const fragments = model.fragments;
    let best: HitResult | null = null;
    let bestDistance = maxDistance;
    const localRay = new Ray();
    const inverse = new Matrix4();
    const transform = new Matrix4();
    data.bvh.traverse(ray, (fragId) => {
      if (fragments.flags[fragId] & FragmentFlag.HIDDEN) return Infinity;
      const batch = model.batches[fragments.batchIds[fragId]];
      // Surfaces only: a lineweight's band is picked as its line is (the 2D line pick, with its pixel tolerance).
      if (!batch?.isSurface) return Infinity;
      let testRay = ray;
      const transformed = fragments.transforms !== null;
      if (transformed) {
        fragments.getTransform(fragId, transform);
        inverse.copy(transform).invert();
        testRay = localRay.copy(ray).applyMatrix4(inverse);
      }
      const hit = this.intersectFragment(model, data, fragId, testRay);
      if (!hit) return Infinity;
      if (transformed) {
        hit.point.applyMatrix4(transform);
        hit.normal.transformDirection(transform);
      }
      const distance = hit.point.distanceTo(ray.origin);
      if (distance >= bestDistance) return distance;
      bestDistance = distance;
      best = {
        dbId: fragments.dbIds[fragId],
        fragId,
        intersectPoint: hit.point,
        face: { a: hit.a, b: hit.b, c: hit.c, normal: hit.normal },
        model,
        distance,
      };
      return distance;
    });
    return best;
  }

  /**
   * The model's pick structures: the BVH the loader worker built (or one built here while the model is
   * still loading), refitted when fragments have moved since.
   */
  private structuresFor(model: Model): ModelPickData {
    const fragments = model.fragments;
    const loaded = model.loadedFragmentCount;
    let data = this.data.get(model);
    const worldBox = worldBoxReader(model);
    if (!data || data.loadedCount !== loaded) {
      const delivered = model.pickStructure && model.pickStructure.order.length === loaded ? FragmentBvh.fromData(model.pickStructure) : null;
      const loadedIds: number[] = [];
      if (!delivered) for (let i = 0; i < fragments.count; i++) if (fragments.flags[i] & FragmentFlag.LOADED) loadedIds.push(i);
      data = {
        bvh: delivered ?? FragmentBvh.build(loadedIds, worldBox),
        loadedCount: loaded,
        // The delivered BVH holds the boxes as loaded: refit it if anything has moved since.
        transformVersion: delivered ? -1 : fragments.transformVersion,
        meshBvhs: data?.meshBvhs ?? new Map(),
      };
      this.data.set(model, data);
    }
    if (data.transformVersion !== fragments.transformVersion) {
      if (data.transformVersion !== -1 || fragments.transforms) data.bvh.refit(worldBox);
      data.transformVersion = fragments.transformVersion;
    }
    return data;
  }

  private intersectFragment(model: Model, data: ModelPickData, fragId: number, ray: Ray) {
    const f = model.fragments;
    const triangles = f.indexCounts[fragId] / 3;
    if (triangles > TRIANGLES_FOR_OWN_BVH) return this.intersectWithMeshBvh(model, data, fragId, ray);
    const batch = model.batches[f.batchIds[fragId]];
    const positions = batch.positions;
    const indices = batch.indices;
    const box = f.boxes;
    const b = fragId * 6;
    const minX = box[b], minY = box[b + 1], minZ = box[b + 2];
    const sx = quantizationStep(box, b), sy = sx, sz = sx;
    let bestT = Infinity;
    let bestTriangle = -1;
    fragmentRayHits(model, fragId, ray, (t, index) => {
      if (t < bestT) {
        bestT = t;
        bestTriangle = index;
      }
    });
    if (bestTriangle < 0) return null;
    const a = indices[bestTriangle], bIndex = indices[bestTriangle + 1], c = indices[bestTriangle + 2];
    const va = this.vertex(positions, a, minX, minY, minZ, sx, sy, sz);
    const vb = this.vertex(positions, bIndex, minX, minY, minZ, sx, sy, sz);
    const vc = this.vertex(positions, c, minX, minY, minZ, sx, sy, sz);
    const normal = vb.sub(va).cross(vc.sub(va)).normalize();
    const vertexStart = f.vertexStarts[fragId];
    return { point: ray.at(bestT, new Vector3()), normal, a: a - vertexStart, b: bIndex - vertexStart, c: c - vertexStart };
  }

  private vertex(positions: Uint16Array, index: number, minX: number, minY: number, minZ: number, sx: number, sy: number, sz: number): Vector3 {
    const o = index * POSITION_STRIDE;
    return new Vector3(minX + positions[o] * sx, minY + positions[o + 1] * sy, minZ + positions[o + 2] * sz);
  }

  private intersectWithMeshBvh(model: Model, data: ModelPickData, fragId: number, ray: Ray) {
    let bvh = data.meshBvhs.get(fragId);
    if (!bvh) {
      bvh = new MeshBVH(this.fragmentGeometry(model, fragId));
      data.meshBvhs.set(fragId, bvh);
    }
    const hit = bvh.raycastFirst(ray, DoubleSide);
    if (!hit || !hit.face) return null;
    return { point: hit.point.clone(), normal: hit.face.normal.clone(), a: hit.face.a, b: hit.face.b, c: hit.face.c };
  }

  /** A fragment's triangles as a plain geometry (dequantized), for its own BVH. */
  private fragmentGeometry(model: Model, fragId: number): BufferGeometry {
    const f = model.fragments;
    const batch = model.batches[f.batchIds[fragId]];
    const vertexStart = f.vertexStarts[fragId];
    const vertexCount = f.vertexCounts[fragId];
    const b = fragId * 6;
    const min = [f.boxes[b], f.boxes[b + 1], f.boxes[b + 2]];
    const step = quantizationStep(f.boxes, b);
    const scale = [step, step, step];
    const positions = new Float32Array(vertexCount * 3);
    for (let v = 0; v < vertexCount; v++) {
      for (let a = 0; a < 3; a++) positions[v * 3 + a] = min[a] + batch.positions[(vertexStart + v) * POSITION_STRIDE + a] * scale[a];
    }
    const start = f.indexStarts[fragId];
    const index = new Uint32Array(f.indexCounts[fragId]);
    for (let i = 0; i < index.length; i++) index[i] = batch.indices[start + i] - vertexStart;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions, 3));
    geometry.setIndex(new BufferAttribute(index, 1));
    return geometry;
  }
}
