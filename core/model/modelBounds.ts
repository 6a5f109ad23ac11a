import { Box3 } from 'three';
import type { FragmentList } from './FragmentList.js';
import { unionKnownBoxes } from './knownBoxes.js';
import type { Model } from './Model.js';

export { unionKnownBoxes };

const FRAG_BOX = new Box3();
const MODEL_BOX = new Box3();

/** Whether the fragment's box is known yet (an unloaded fragment's box is inverted). */
function hasBox(fragments: FragmentList, fragId: number): boolean {
  return fragments.boxes[fragId * 6] <= fragments.boxes[fragId * 6 + 3];
}

/** The box of some objects of a model (their subtrees, transforms applied), in real coordinates. */
export function objectBounds(model: Model, dbIds: readonly number[], target = new Box3()): Box3 {
  target.makeEmpty();
  for (const dbId of dbIds) {
    model.instanceTree.enumNodeFragments(dbId, (fragId) => {
      if (model.fragments.isLoaded(fragId) || hasBox(model.fragments, fragId)) target.union(model.fragments.getWorldBox(fragId, FRAG_BOX));
    }, true);
  }
  return target.isEmpty() ? target : target.translate(model.globalOffset);
}


/**
 * The box of the models' fragments in real coordinates, transforms applied: every fragment with a known
 * box, and the model's own bounds; or, `visibleOnly`, the visible fragments, falling back to the model's
 * bounds when none is known yet. Each model's box is found in its own space, then moved by its offset.
 */
export function modelsBounds(models: readonly Model[], visibleOnly: boolean, target = new Box3()): Box3 {
  target.makeEmpty();
  for (const model of models) {
    const fragments = model.fragments;
    const box = MODEL_BOX.makeEmpty();
    // A model's bounds hold every fragment's box as loaded: with nothing moved, they are the answer (this
    // runs as each model arrives, when a pass over 100k boxes would hold up the page).
    if (!visibleOnly && !fragments.transforms) {
      box.union(model.bounds);
    } else {
      // Here, untransformed fragments are asked for only when visible.
      const any = fragments.transforms ? unionWorldBoxes(fragments, visibleOnly, box) : unionKnownBoxes(box, fragments.boxes, fragments.flags);
      if ((!visibleOnly || !any) && !model.bounds.isEmpty()) box.union(model.bounds);
    }
    if (!box.isEmpty()) target.union(box.translate(model.globalOffset));
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
