import { Box3 } from 'three';
import type { FragmentList } from './FragmentList.js';
import type { Model } from './Model.js';

const FRAG_BOX = new Box3();

/** Whether the fragment's box is known yet (an unloaded fragment's box is inverted). */
function hasBox(fragments: FragmentList, fragId: number): boolean {
  return fragments.boxes[fragId * 6] <= fragments.boxes[fragId * 6 + 3];
}

/** The world box of some objects of a model (their subtrees, transforms applied). */
export function objectBounds(model: Model, dbIds: readonly number[], target = new Box3()): Box3 {
  target.makeEmpty();
  for (const dbId of dbIds) {
    model.instanceTree.enumNodeFragments(dbId, (fragId) => {
      if (model.fragments.isLoaded(fragId) || hasBox(model.fragments, fragId)) target.union(model.fragments.getWorldBox(fragId, FRAG_BOX));
    }, true);
  }
  return target;
}

/**
 * Grows `target` by every known box of `boxes` (6 floats each, min xyz then max xyz; an unknown box is
 * inverted). The loader worker grows a header's bounds so, and a model each chunk, so that a model's
 * bounds hold all its fragments.
 */
export function unionKnownBoxes(target: Box3, boxes: Float32Array): Box3 {
  const { min, max } = target;
  for (let o = 0; o < boxes.length; o += 6) {
    if (!(boxes[o] <= boxes[o + 3])) continue;
    min.set(Math.min(min.x, boxes[o]), Math.min(min.y, boxes[o + 1]), Math.min(min.z, boxes[o + 2]));
    max.set(Math.max(max.x, boxes[o + 3]), Math.max(max.y, boxes[o + 4]), Math.max(max.z, boxes[o + 5]));
  }
  return target;
}

/**
 * The world box of the models' fragments, transforms applied: every fragment with a known box, and the
 * model's own bounds; or, `visibleOnly`, the visible fragments, falling back to the model's bounds when
 * none is known yet.
 */
export function modelsBounds(models: readonly Model[], visibleOnly: boolean, target = new Box3()): Box3 {
  target.makeEmpty();
  for (const model of models) {
    const fragments = model.fragments;
    // A model's bounds hold every fragment's box as loaded: with nothing moved, they are the answer (this
    // runs as each model arrives, when a pass over 100k boxes would hold up the page).
    if (!visibleOnly && !fragments.transforms) {
      target.union(model.bounds);
      continue;
    }
    const any = fragments.transforms ? unionWorldBoxes(fragments, visibleOnly, target) : unionBoxes(fragments, visibleOnly, target);
    if ((!visibleOnly || !any) && !model.bounds.isEmpty()) target.union(model.bounds);
  }
  return target;
}

/** Adds the fragments' world boxes (transforms applied) to `target`; true when there was one. */
function unionWorldBoxes(fragments: FragmentList, visibleOnly: boolean, target: Box3): boolean {
  let any = false;
  for (let i = 0; i < fragments.count; i++) {
    if (!hasBox(fragments, i) || (visibleOnly && !fragments.isVisible(i))) continue;
    target.union(fragments.getWorldBox(i, FRAG_BOX));
    any = true;
  }
  return any;
}

/**
 * The same for untransformed fragments, straight off the box array: it runs over up to 100k fragments
 * (the visible bounds, fit to view), so it stays a plain loop.
 */
function unionBoxes(fragments: FragmentList, visibleOnly: boolean, target: Box3): boolean {
  const boxes = fragments.boxes;
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0, o = 0; i < fragments.count; i++, o += 6) {
    if (!hasBox(fragments, i) || (visibleOnly && !fragments.isVisible(i))) continue;
    if (boxes[o] < minX) minX = boxes[o];
    if (boxes[o + 1] < minY) minY = boxes[o + 1];
    if (boxes[o + 2] < minZ) minZ = boxes[o + 2];
    if (boxes[o + 3] > maxX) maxX = boxes[o + 3];
    if (boxes[o + 4] > maxY) maxY = boxes[o + 4];
    if (boxes[o + 5] > maxZ) maxZ = boxes[o + 5];
  }
  if (minX > maxX) return false;
  target.expandByPoint(FRAG_BOX.min.set(minX, minY, minZ));
  target.expandByPoint(FRAG_BOX.max.set(maxX, maxY, maxZ));
  return true;
}
