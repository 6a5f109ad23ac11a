import { Matrix4, Ray, Vector3 } from 'three';
import { FragmentFlag } from '../model/FragmentList.js';
import { POSITION_STRIDE } from '../model/GeometryBatch.js';
import type { Model } from '../model/Model.js';
import { quantizationStep } from '../model/quantization.js';
import type { FragmentBvh } from './FragmentBvh.js';
import { pickText } from './text/ModelText.js';

/** Spec 001 §9: "Hit-test pixel radius 5", 45 on mobile: how far from the pointer a line still counts. */
export const HIT_TEST_RADIUS_PX = 5;
export const HIT_TEST_RADIUS_PX_MOBILE = 45;

/** The world distance a pick radius spans at a distance along the ray (grows with it in a perspective view). */
export type PickRadius = (distance: number) => number;

/** The line nearest a ray within the pick radius, in the model's space. */
export interface LineHit {
  fragId: number;
  /** The point of the ray nearest the line (under the pointer, at the line's depth). */
  point: Vector3;
  /** Along the ray, to where it passes nearest the line. */
  distance: number;
  /** How far the ray passes from the line, as a share of the pick radius there (0 on the line, 1 at the radius). */
  nearness: number;
}

/**
 * Picks the visible line segment of line batches that passes nearest a ray (model space), within the pick
 * radius: the fragment BVH finds the fragments whose boxes come that near, then each segment is measured
 * (dequantized as the shader does, in the fragment's own space when it has a transform).
 */
export function pickLines(model: Model, bvh: FragmentBvh, ray: Ray, radius: PickRadius, maxDistance: number): LineHit | null {
  const line = pickLineSegments(model, bvh, ray, radius, maxDistance);
  // A 2D drawing's texts are picked by their lines' boxes: a segment drawn across one wins where it is nearer.
  const text = model.texts.length ? pickText(model, ray, radius, maxDistance) : null;
  return text && (!line || text.nearness < line.nearness) ? text : line;
}

function pickLineSegments(model: Model, bvh: FragmentBvh, ray: Ray, radius: PickRadius, maxDistance: number): LineHit | null {
  if (!model.batches.some((batch) => batch.kind === 'lines')) return null;
  const fragments = model.fragments;
  let best: LineHit | null = null;
  const transform = new Matrix4();
  const inverse = new Matrix4();
  const localRay = new Ray();
  bvh.traverseNear(
    ray,
    radius,
    (fragId) => {
      if (fragments.flags[fragId] & FragmentFlag.HIDDEN) return;
      if (model.batches[fragments.batchIds[fragId]]?.kind !== 'lines') return;
      let testRay = ray;
      if (fragments.transforms) {
        fragments.getTransform(fragId, transform);
        testRay = localRay.copy(ray).applyMatrix4(inverse.copy(transform).invert());
      }
      const hit = nearestSegment(model, fragId, testRay, radius, maxDistance);
      if (!hit || (best && hit.nearness >= best.nearness)) return;
      if (fragments.transforms) hit.point.applyMatrix4(transform);
      best = hit;
    },
    maxDistance,
  );
  return best;
}

function nearestSegment(model: Model, fragId: number, ray: Ray, radius: PickRadius, maxDistance: number): LineHit | null {
  const f = model.fragments;
  const batch = model.batches[f.batchIds[fragId]];
  const { positions, indices } = batch;
  const b = fragId * 6;
  const min = new Vector3(f.boxes[b], f.boxes[b + 1], f.boxes[b + 2]);
  const step = quantizationStep(f.boxes, b);
  const vertex = (index: number, target: Vector3) => {
    const o = index * POSITION_STRIDE;
    return target.set(positions[o], positions[o + 1], positions[o + 2]).multiplyScalar(step).add(min);
  };
  const start = f.indexStarts[fragId];
  const end = start + f.indexCounts[fragId];
  const a = new Vector3();
  const c = new Vector3();
  const onRay = new Vector3();
  const onSegment = new Vector3();
  let best: LineHit | null = null;
  for (let i = start; i + 1 < end; i += 2) {
    vertex(indices[i], a);
    vertex(indices[i + 1], c);
    const squared = ray.distanceSqToSegment(a, c, onRay, onSegment);
    const distance = onRay.distanceTo(ray.origin);
    if (distance > maxDistance) continue;
    const reach = radius(distance);
    const nearness = Math.sqrt(squared) / reach;
    if (nearness <= 1 && (!best || nearness < best.nearness)) best = { fragId, point: onRay.clone(), distance, nearness };
  }
  return best;
}
