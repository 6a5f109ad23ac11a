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
 * The world box of the models' fragments, transforms applied: every fragment with a known box, and the
 * model's own bounds; or, `visibleOnly`, the visible fragments, falling back to the model's bounds when
 * none is known yet.
 */
export function modelsBounds(models: readonly Model[], visibleOnly: boolean, target = new Box3()): Box3 {
  target.makeEmpty();
  for (const model of models) {
    const fragments = model.fragments;
    let any = false;
    for (let i = 0; i < fragments.count; i++) {
      if (!hasBox(fragments, i) || (visibleOnly && !fragments.isVisible(i))) continue;
      target.union(fragments.getWorldBox(i, FRAG_BOX));
      any = true;
    }
    if ((!visibleOnly || !any) && !model.bounds.isEmpty()) target.union(model.bounds);
  }
  return target;
}
