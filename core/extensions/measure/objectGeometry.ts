import { Box3, BufferAttribute, BufferGeometry, Matrix4, Vector3 } from 'three';
import { FragmentFlag } from '../../model/FragmentList.js';
import { POSITION_STRIDE } from '../../model/GeometryBatch.js';
import type { Model } from '../../model/Model.js';
import { quantizationStep } from '../../model/quantization.js';

/** An object of a model (a dbId and, recursively, its children's fragments). */
export interface ObjectRef {
  model: Model;
  dbId: number;
}

/**
 * An object's visible triangles where they are now (fragment transforms, so exploded and moved positions),
 * in real coordinates less `origin`: float positions stay precise for models far from the origin.
 */
export interface ObjectTriangles {
  /** 9 numbers per triangle, real coordinates minus `origin`. */
  positions: Float32Array;
  /** The box of the object's vertices, in real coordinates (computed in double precision). */
  box: Box3;
}

/** The fragments of an object (its own and its descendants'), hidden ones left out; only triangle batches. */
export function objectFragments({ model, dbId }: ObjectRef): number[] {
  const fragIds: number[] = [];
  model.instanceTree.enumNodeFragments(
    dbId,
    (fragId) => {
      if (model.fragments.flags[fragId] & FragmentFlag.HIDDEN) return;
      if (model.batches[model.fragments.batchIds[fragId]]?.isSurface) fragIds.push(fragId);
    },
    true,
  );
  return fragIds;
}

/** The triangles of an object in real coordinates relative to `origin` (dequantized, transformed, offset). */
export function objectTriangles(object: ObjectRef, origin: Vector3): ObjectTriangles {
  const { model } = object;
  const f = model.fragments;
  const out: number[] = [];
  const box = new Box3();
  const transform = new Matrix4();
  const p = new Vector3();
  for (const fragId of objectFragments(object)) {
    const batch = model.batches[f.batchIds[fragId]];
    const b = fragId * 6;
    const step = quantizationStep(f.boxes, b);
    f.getTransform(fragId, transform);
    const start = f.indexStarts[fragId], end = start + f.indexCounts[fragId];
    for (let i = start; i < end - (f.indexCounts[fragId] % 3); i++) {
      const o = batch.indices[i] * POSITION_STRIDE;
      p.set(f.boxes[b] + batch.positions[o] * step, f.boxes[b + 1] + batch.positions[o + 1] * step, f.boxes[b + 2] + batch.positions[o + 2] * step);
      p.applyMatrix4(transform).add(model.globalOffset);
      box.expandByPoint(p);
      out.push(p.x - origin.x, p.y - origin.y, p.z - origin.z);
    }
  }
  return { positions: Float32Array.from(out), box };
}

/** A non-indexed geometry of triangle positions. */
export function trianglesGeometry(positions: Float32Array): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  return geometry;
}

/** The objects selected now, in every model (an object selected as a parent counts as one). */
export function selectedObjects(viewer: { getAggregateSelection(): { model: Model; dbIds: number[] }[] }): ObjectRef[] {
  return viewer.getAggregateSelection().flatMap(({ model, dbIds }) => dbIds.map((dbId) => ({ model, dbId })));
}
