import type { Model } from './Model.js';

/**
 * How far an object moves at explode scale 1, as a multiple of its centre's distance from its parent's
 * centre: at 1 the model's parts stand apart by about their own size.
 */
export const EXPLODE_MAGNITUDE = 1;

/**
 * What an explode of a model needs that does not depend on the scale, worked out once (the slider asks for
 * a new scale every step): the tree in preorder, each node's centre and the level it parts at.
 *
 * The explode follows the instance tree: every object moves away from its parent's centre and carries its
 * children along, so a building's storeys part before the elements inside them. The scale opens the tree's
 * levels one after another (the first level over the first part of the slider, the next over the next),
 * counting only levels where a node has more than one part to separate: a chain such as
 * project → site → building has nothing to part and takes no share of the slider.
 */
export interface ExplodeLayout {
  /** Nodes that move, parents before children. */
  order: Int32Array;
  /** The parent of each node of `order` (same index). */
  parents: Int32Array;
  /** Each node's centre minus its parent's (3 per node of `order`); 0 where the parent does not part. */
  fromParent: Float64Array;
  /** The level each node of `order` parts at (1 first); 0: it does not part from its parent. */
  levels: Int32Array;
  /** The deepest level. */
  levelCount: number;
}

/** Works out a model's explode layout from its tree and its fragments' boxes as loaded. */
export function explodeLayout(model: Model): ExplodeLayout {
  const tree = model.instanceTree;
  const n = tree.nodeCount;
  const rootId = tree.getRootId();
  const preorder: number[] = [];
  tree.walk(rootId, (id) => void preorder.push(id));
  const parentOf = (id: number) => {
    const parent = tree.getNodeParentId(id);
    return id !== rootId && parent > 0 && parent < n ? parent : -1;
  };
  const { centres, hasGeometry } = nodeCentres(model, preorder, parentOf);
  // Parts a node has to separate: its children with geometry, and itself when it owns geometry too.
  const parts = new Int32Array(n);
  for (const id of preorder) {
    const parent = parentOf(id);
    if (parent >= 0 && hasGeometry[id]) parts[parent]++;
  }
  for (const id of preorder) if (parts[id] > 0 && tree.getFragmentCount(id) > 0) parts[id]++;
  const level = new Int32Array(n);
  const order: number[] = [];
  let levelCount = 0;
  for (const id of preorder) {
    const parent = parentOf(id);
    if (parent < 0) continue;
    level[id] = level[parent] + (parts[parent] > 1 ? 1 : 0);
    if (!hasGeometry[id]) continue;
    order.push(id);
    levelCount = Math.max(levelCount, level[id]);
  }
  const layout: ExplodeLayout = {
    order: Int32Array.from(order),
    parents: new Int32Array(order.length),
    fromParent: new Float64Array(order.length * 3),
    levels: new Int32Array(order.length),
    levelCount,
  };
  order.forEach((id, i) => {
    const parent = parentOf(id);
    layout.parents[i] = parent;
    if (parts[parent] <= 1) return;
    layout.levels[i] = level[id];
    for (let axis = 0; axis < 3; axis++) layout.fromParent[i * 3 + axis] = centres[id * 3 + axis] - centres[parent * 3 + axis];
  });
  return layout;
}

/** Each fragment's displacement (3 floats per fragment, world units) at an explode scale of 0..1. */
export function explodeOffsets(model: Model, scale: number, layout: ExplodeLayout = explodeLayout(model)): Float32Array {
  const fragments = model.fragments;
  const offsets = new Float32Array(fragments.count * 3);
  if (!(scale > 0) || layout.levelCount === 0) return offsets;
  const n = model.instanceTree.nodeCount;
  const progress = Math.min(scale, 1) * layout.levelCount;
  const nodeOffsets = new Float64Array(n * 3);
  const { order, parents, fromParent, levels } = layout;
  for (let i = 0; i < order.length; i++) {
    const id = order[i];
    const parent = parents[i];
    const share = levels[i] > 0 ? EXPLODE_MAGNITUDE * clamp01(progress - (levels[i] - 1)) : 0;
    for (let axis = 0; axis < 3; axis++) nodeOffsets[id * 3 + axis] = nodeOffsets[parent * 3 + axis] + fromParent[i * 3 + axis] * share;
  }
  for (let fragId = 0; fragId < fragments.count; fragId++) {
    const dbId = fragments.dbIds[fragId];
    if (dbId <= 0 || dbId >= n) continue;
    offsets[fragId * 3] = nodeOffsets[dbId * 3];
    offsets[fragId * 3 + 1] = nodeOffsets[dbId * 3 + 1];
    offsets[fragId * 3 + 2] = nodeOffsets[dbId * 3 + 2];
  }
  return offsets;
}

function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/** The centre of each node's subtree box (fragment boxes as loaded), and which nodes have geometry. */
function nodeCentres(model: Model, preorder: readonly number[], parentOf: (id: number) => number) {
  const tree = model.instanceTree;
  const boxes = model.fragments.boxes;
  const n = tree.nodeCount;
  const box = new Float64Array(n * 6);
  for (let i = 0; i < n; i++) {
    box.fill(Infinity, i * 6, i * 6 + 3);
    box.fill(-Infinity, i * 6 + 3, i * 6 + 6);
  }
  const hasGeometry = new Uint8Array(n);
  const grow = (id: number, from: ArrayLike<number>, o: number) => {
    hasGeometry[id] = 1;
    for (let axis = 0; axis < 3; axis++) {
      if (from[o + axis] < box[id * 6 + axis]) box[id * 6 + axis] = from[o + axis];
      if (from[o + 3 + axis] > box[id * 6 + 3 + axis]) box[id * 6 + 3 + axis] = from[o + 3 + axis];
    }
  };
  for (let i = preorder.length - 1; i >= 0; i--) {
    const id = preorder[i];
    tree.enumNodeFragments(id, (fragId) => {
      if (boxes[fragId * 6] <= boxes[fragId * 6 + 3]) grow(id, boxes, fragId * 6);
    });
    const parent = parentOf(id);
    if (hasGeometry[id] && parent >= 0) grow(parent, box, id * 6);
  }
  const centres = new Float64Array(n * 3);
  for (let id = 0; id < n; id++) {
    if (!hasGeometry[id]) continue;
    for (let axis = 0; axis < 3; axis++) centres[id * 3 + axis] = (box[id * 6 + axis] + box[id * 6 + 3 + axis]) / 2;
  }
  return { centres, hasGeometry };
}
