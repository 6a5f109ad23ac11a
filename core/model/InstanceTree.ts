/** The node hierarchy as a loader hands it over: index = dbId; dbId 0 is never an object. */
export interface InstanceTreeData {
  rootId: number;
  /** parent dbId of each node; -1 (or 0) for the root and unused slots. */
  parents: Int32Array;
  /** Each node's name: a list in the loader, packed (one string) to cross to the page. */
  names: (string | null)[] | PackedNames;
  /** Node flags of the format (e.g. SVF `__node_flags__`); optional. */
  nodeFlags?: Uint32Array;
  /**
   * The tree's indexes (indexTree), built in the loader worker for the fragments the tree is handed over
   * with, so that the page does not build them as the model arrives: on L, with the worker parsing beside
   * it, they took some 40 ms of the 71–133 ms task that added the model.
   */
  index?: TreeIndex;
}

/** Each node's children and fragments, in CSR form: the ids of node i are ids[offsets[i]..offsets[i + 1]]. */
export interface TreeIndex {
  childOffsets: Int32Array;
  childIds: Int32Array;
  fragOffsets: Int32Array;
  fragIds: Int32Array;
}

/** Builds a tree's indexes for the fragments whose owning dbIds are given (fragId order is kept). */
export function indexTree(tree: InstanceTreeData, fragmentDbIds: Int32Array): TreeIndex {
  const [childOffsets, childIds] = buildChildren(tree.parents, tree.rootId);
  const [fragOffsets, fragIds] = indexFragments(tree.parents.length, fragmentDbIds);
  return { childOffsets, childIds, fragOffsets, fragIds };
}

/**
 * Names as one string and each node's range in it (start -1: no name). A worker hands this over far
 * faster than 100k separate strings, and a name is sliced out only when asked for.
 */
export interface PackedNames {
  text: string;
  /** start, end of each dbId's name in text. */
  ranges: Int32Array;
}

/** Packs a list of names (done in the worker, before the tree crosses to the page). */
export function packNames(names: (string | null)[]): PackedNames {
  const ranges = new Int32Array(names.length * 2);
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name === null || name === undefined) {
      ranges[i * 2] = -1;
      continue;
    }
    ranges[i * 2] = length;
    length += name.length;
    ranges[i * 2 + 1] = length;
    parts.push(name);
  }
  return { text: parts.join(''), ranges };
}

/**
 * dbId → parent, children, name, and the fragments each node owns. Children are kept in CSR form
 * (offsets + ids), built once from the parent array, so 100k nodes cost a few typed arrays.
 */
export class InstanceTree {
  readonly nodeCount: number;
  private readonly rootId: number;
  private readonly parents: Int32Array;
  private readonly names: (string | null)[] | PackedNames;
  private readonly nodeFlags: Uint32Array | undefined;
  private readonly childOffsets: Int32Array;
  private readonly childIds: Int32Array;
  private readonly fragOffsets: Int32Array;
  private readonly fragIds: Int32Array;

  constructor(data: InstanceTreeData, fragmentDbIds?: Int32Array) {
    this.rootId = data.rootId;
    this.parents = data.parents;
    this.names = data.names;
    this.nodeFlags = data.nodeFlags;
    this.nodeCount = data.parents.length;
    const index = data.index ?? indexTree(data, fragmentDbIds ?? new Int32Array(0));
    ({ childOffsets: this.childOffsets, childIds: this.childIds, fragOffsets: this.fragOffsets, fragIds: this.fragIds } = index);
  }

  getRootId(): number {
    return this.rootId;
  }

  /** True for a dbId that names a node of this tree. */
  hasNode(dbId: number): boolean {
    return Number.isInteger(dbId) && dbId > 0 && dbId < this.nodeCount && (dbId === this.rootId || this.parents[dbId] > 0);
  }

  getNodeName(dbId: number): string | null {
    const names = this.names;
    if (Array.isArray(names)) return names[dbId] ?? null;
    if (!Number.isInteger(dbId)) return null;
    const start = names.ranges[dbId * 2];
    if (start === undefined || start < 0) return null;
    return names.text.slice(start, names.ranges[dbId * 2 + 1]);
  }

  getNodeParentId(dbId: number): number {
    const parent = this.parents[dbId];
    return parent === undefined || parent <= 0 ? 0 : parent;
  }

  getNodeFlags(dbId: number): number {
    return this.nodeFlags?.[dbId] ?? 0;
  }

  getChildCount(dbId: number): number {
    if (dbId < 0 || dbId >= this.nodeCount) return 0;
    return this.childOffsets[dbId + 1] - this.childOffsets[dbId];
  }

  /** Calls back for each child (and, when recursive, every descendant, depth first); true stops. */
  enumNodeChildren(dbId: number, callback: (childId: number) => boolean | void, recursive = false): void {
    if (recursive) {
      this.walk(dbId, (id) => (id === dbId ? false : callback(id)));
      return;
    }
    if (dbId < 0 || dbId >= this.nodeCount) return;
    for (let i = this.childOffsets[dbId]; i < this.childOffsets[dbId + 1]; i++) {
      if (callback(this.childIds[i]) === true) return;
    }
  }

  /** Calls back for each fragment of the node (and, when recursive, of its descendants); true stops. */
  enumNodeFragments(dbId: number, callback: (fragId: number) => boolean | void, recursive = false): void {
    const visit = (id: number): boolean => {
      for (let i = this.fragOffsets[id]; i < this.fragOffsets[id + 1]; i++) {
        if (callback(this.fragIds[i]) === true) return true;
      }
      return false;
    };
    if (dbId < 0 || dbId >= this.nodeCount) return;
    if (!recursive) {
      visit(dbId);
      return;
    }
    this.walk(dbId, visit);
  }

  /** Depth-first walk of a subtree (the node first); a visitor returning true stops the walk. */
  walk(dbId: number, visitor: (id: number) => boolean | void): void {
    if (dbId < 0 || dbId >= this.nodeCount) return;
    const stack = [dbId];
    while (stack.length) {
      const id = stack.pop()!;
      if (visitor(id) === true) return;
      for (let i = this.childOffsets[id + 1] - 1; i >= this.childOffsets[id]; i--) stack.push(this.childIds[i]);
    }
  }

  /** The chain from the node up to the root, the node first. */
  getAncestors(dbId: number): number[] {
    const chain: number[] = [];
    let id = dbId;
    while (id > 0 && chain.length < this.nodeCount) {
      chain.push(id);
      id = this.getNodeParentId(id);
    }
    return chain;
  }

  /** Depth of a node: the root is 0. */
  getDepth(dbId: number): number {
    return this.getAncestors(dbId).length - 1;
  }

  /** Number of nodes that belong to the tree (root and descendants). */
  getNodeCountInTree(): number {
    let count = 0;
    this.walk(this.rootId, () => {
      count++;
    });
    return count;
  }

  /** Number of fragments the node owns itself (not its children). */
  getFragmentCount(dbId: number): number {
    if (dbId < 0 || dbId >= this.nodeCount) return 0;
    return this.fragOffsets[dbId + 1] - this.fragOffsets[dbId];
  }
}

function indexFragments(n: number, fragmentDbIds: Int32Array): [Int32Array, Int32Array] {
  const offsets = new Int32Array(n + 1);
  for (let f = 0; f < fragmentDbIds.length; f++) {
    const dbId = fragmentDbIds[f];
    if (dbId > 0 && dbId < n) offsets[dbId + 1]++;
  }
  for (let i = 0; i < n; i++) offsets[i + 1] += offsets[i];
  const cursor = offsets.slice(0, n);
  const ids = new Int32Array(offsets[n]);
  for (let f = 0; f < fragmentDbIds.length; f++) {
    const dbId = fragmentDbIds[f];
    if (dbId > 0 && dbId < n) ids[cursor[dbId]++] = f;
  }
  return [offsets, ids];
}

function buildChildren(parents: Int32Array, rootId: number): [Int32Array, Int32Array] {
  const n = parents.length;
  const offsets = new Int32Array(n + 1);
  for (let id = 1; id < n; id++) {
    const parent = parents[id];
    if (id !== rootId && parent > 0 && parent < n) offsets[parent + 1]++;
  }
  for (let i = 0; i < n; i++) offsets[i + 1] += offsets[i];
  const cursor = offsets.slice(0, n);
  const ids = new Int32Array(offsets[n]);
  for (let id = 1; id < n; id++) {
    const parent = parents[id];
    if (id !== rootId && parent > 0 && parent < n) ids[cursor[parent]++] = id;
  }
  return [offsets, ids];
}
