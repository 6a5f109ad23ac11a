import type { Model } from '../../core/index.js';

/** The rows a tree shows, in order: struct-of-arrays so that 100,000 rows cost a few typed arrays. */
export interface TreeRows {
  count: number;
  models: readonly Model[];
  /** Index into `models` of each row. */
  modelIndex: Uint16Array;
  dbIds: Int32Array;
  depths: Uint16Array;
  /** Position among siblings (1-based) and number of siblings: aria-posinset / aria-setsize. */
  posInSet: Int32Array;
  setSize: Int32Array;
}

/** Which nodes are expanded, per model. */
export type ExpandedNodes = Map<Model, Set<number>>;

/** Whether the model's tree can be shown (spec 001 §4: tree state 2 available, 3 not available). */
export function hasTree(model: Model): boolean {
  const tree = model.getInstanceTree();
  return tree.hasNode(tree.getRootId());
}

/**
 * Flattens the expanded part of each model's tree into rows, depth first, each model's root at depth 0.
 * Runs in one pass over the visible nodes, so expanding a level of 100,000 nodes takes milliseconds.
 */
export function flattenTree(models: readonly Model[], expanded: ExpandedNodes): TreeRows {
  const ids: number[] = [];
  const depths: number[] = [];
  const modelIndex: number[] = [];
  const posInSet: number[] = [];
  const setSize: number[] = [];
  models.forEach((model, m) => {
    if (!hasTree(model)) return;
    const tree = model.getInstanceTree();
    const open = expanded.get(model);
    // Stack of [dbId, depth, position, siblings], children pushed in reverse to pop in order.
    const stack: [number, number, number, number][] = [[tree.getRootId(), 0, 1, 1]];
    while (stack.length) {
      const [dbId, depth, position, siblings] = stack.pop()!;
      ids.push(dbId);
      depths.push(depth);
      modelIndex.push(m);
      posInSet.push(position);
      setSize.push(siblings);
      if (!open?.has(dbId)) continue;
      const children: number[] = [];
      tree.enumNodeChildren(dbId, (child) => void children.push(child));
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1, i + 1, children.length]);
    }
  });
  return {
    count: ids.length,
    models,
    modelIndex: Uint16Array.from(modelIndex),
    dbIds: Int32Array.from(ids),
    depths: Uint16Array.from(depths),
    posInSet: Int32Array.from(posInSet),
    setSize: Int32Array.from(setSize),
  };
}

/** The label of a node: the model's root name for the root, its own name, else "Object {id}" (spec 001 §2). */
export function nodeLabel(model: Model, dbId: number, objectLabel: (id: number) => string): string {
  const tree = model.getInstanceTree();
  if (dbId === tree.getRootId()) return model.getRootName();
  const name = tree.getNodeName(dbId);
  return name && name.trim() ? name : objectLabel(dbId);
}
