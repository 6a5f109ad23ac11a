import type { Model } from './Model.js';

/**
 * How far an object moves at explode scale 1, as a multiple of its centre's distance from its parent's
 * centre: at 1 the model's parts stand apart by about their own size.
 */
export const EXPLODE_MAGNITUDE = 1;

/**
 * Each fragment's displacement (3 floats per fragment, world units) at an explode scale of 0..1.
 *
 * The explode follows the instance tree: every object moves away from its parent's centre and carries its
 * children along, so a building's storeys part before the elements inside them. The scale opens the tree's
 * levels one after another (the first level over the first part of the slider, the next over the next),
 * counting only levels where a node has more than one part to separate: a chain such as
 * project → site → building has nothing to part and takes no share of the slider.
 */
export function explodeOffsets(model: Model, scale: number): Float32Array {
  const fragments = model.fragments;
  const offsets = new Float32Array(fragments.count * 3);
  if (!(scale > 0)) return offsets;
  const tree = model.instanceTree;
  const order = preorder(model);
  const n = tree.nodeCount;
  const centres = nodeCentres(model, order);
  // Parts a node has to separate: its children with geometry, and itself when it owns geometry too.
  const parts = new Int32Array(n);
  for (const id of order) {
    const parent = tree.getNodeParentId(id);
    if (id !== tree.getRootId() && parent > 0 && parent < n && centres.has[id]) parts[parent]++;
  }
  for (const id of order) if (tree.getFragmentCount(id) > 0 && parts[id] > 0) parts[id]++;
  const level = new Int32Array(n);
  let levels = 0;
  for (const id of order) {
    const parent = tree.getNodeParentId(id);
    if (id === tree.getRootId() || parent <= 0 || parent >= n) continue;
    level[id] = level[parent] + (parts[parent] > 1 ? 1 : 0);
    if (centres.has[id]) levels = Math.max(levels, level[id]);
  }
  if (levels === 0) return offsets;
  const progress = Math.min(scale, 1) * levels;
  const nodeOffsets = new Float64Array(n * 3);
  for (const id of order) {
    const parent = tree.getNodeParentId(id);
    if (id === tree.getRootId() || parent <= 0 || parent >= n) continue;
    const share = parts[parent] > 1 && centres.has[id] ? EXPLODE_MAGNITUDE * clamp01(progress - (level[id] - 1)) : 0;
    for (let axis = 0; axis < 3; axis++) {
      const fromParent = centres.xyz[id * 3 + axis] - centres.xyz[parent * 3 + axis];
      nodeOffsets[id * 3 + axis] = nodeOffsets[parent * 3 + axis] + fromParent * share;
    }
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

/** The tree's nodes, each before its children. */
function preorder(model: Model): number[] {
  const order: number[] = [];
  model.instanceTree.walk(model.instanceTree.getRootId(), (id) => {
    order.push(id);
  });
  return order;
}

/** The centre of each node's subtree box (fragment boxes as loaded); `has` marks nodes with geometry. */
function nodeCentres(model: Model, order: number[]): { xyz: Float64Array; has: Uint8Array } {
  const tree = model.instanceTree;
  const boxes = model.fragments.boxes;
  const n = tree.nodeCount;
  const box = new Float64Array(n * 6);
  for (let i = 0; i < n; i++) {
    box.fill(Infinity, i * 6, i * 6 + 3);
    box.fill(-Infinity, i * 6 + 3, i * 6 + 6);
  }
  const has = new Uint8Array(n);
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i];
    tree.enumNodeFragments(id, (fragId) => {
      const o = fragId * 6;
      if (!(boxes[o] <= boxes[o + 3])) return;
      has[id] = 1;
      for (let axis = 0; axis < 3; axis++) {
        box[id * 6 + axis] = Math.min(box[id * 6 + axis], boxes[o + axis]);
        box[id * 6 + 3 + axis] = Math.max(box[id * 6 + 3 + axis], boxes[o + 3 + axis]);
      }
    });
    const parent = tree.getNodeParentId(id);
    if (!has[id] || id === tree.getRootId() || parent <= 0 || parent >= n) continue;
    has[parent] = 1;
    for (let axis = 0; axis < 3; axis++) {
      box[parent * 6 + axis] = Math.min(box[parent * 6 + axis], box[id * 6 + axis]);
      box[parent * 6 + 3 + axis] = Math.max(box[parent * 6 + 3 + axis], box[id * 6 + 3 + axis]);
    }
  }
  const xyz = new Float64Array(n * 3);
  for (let id = 0; id < n; id++) {
    if (!has[id]) continue;
    for (let axis = 0; axis < 3; axis++) xyz[id * 3 + axis] = (box[id * 6 + axis] + box[id * 6 + 3 + axis]) / 2;
  }
  return { xyz, has };
}
