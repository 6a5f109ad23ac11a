import type { Ray } from 'three';

const LEAF_SIZE = 4;

/** A FragmentBvh as plain typed arrays (it crosses from the loader worker, transferred). */
export interface FragmentBvhData {
  bounds: Float32Array;
  child: Int32Array;
  leafCount: Uint8Array;
  order: Int32Array;
  nodeCount: number;
}

/** Writes the box (min xyz, max xyz) of a fragment at `offset` of `target`. */
export type BoxReader = (fragId: number, target: Float32Array, offset: number) => void;

/**
 * A bounding-volume hierarchy over fragment boxes: the first level of picking. Flat typed arrays;
 * `traverse` visits leaves front to back and stops at boxes farther than the best hit so far, so a pick
 * on 100k objects tests a handful of fragments. Built in the loader worker once the geometry is in;
 * when fragments move (explode, gizmo) it is refitted in place rather than rebuilt.
 */
export class FragmentBvh {
  private constructor(private readonly tree: FragmentBvhData) {}

  /** Builds over the given fragments (median splits on the longest axis of the box centres). */
  static build(ids: ArrayLike<number>, readBox: BoxReader): FragmentBvh {
    const n = ids.length;
    const boxes = new Float32Array(Math.max(1, n) * 6);
    const centers = new Float32Array(Math.max(1, n) * 3);
    for (let i = 0; i < n; i++) {
      readBox(ids[i], boxes, i * 6);
      for (let a = 0; a < 3; a++) centers[i * 3 + a] = (boxes[i * 6 + a] + boxes[i * 6 + 3 + a]) / 2;
    }
    // Median splits can leave leaves with fewer than LEAF_SIZE boxes: a binary tree over n boxes has
    // at most 2n - 1 nodes. (Typed arrays drop writes past their end silently: size them right.)
    const maxNodes = Math.max(1, 2 * n);
    const tree: FragmentBvhData = {
      bounds: new Float32Array(maxNodes * 6),
      child: new Int32Array(maxNodes),
      leafCount: new Uint8Array(maxNodes),
      order: new Int32Array(n),
      nodeCount: 0,
    };
    // `slots` maps positions in `order` to positions in boxes/centers while they are partitioned.
    const slots = Int32Array.from({ length: n }, (_, i) => i);
    if (n > 0) buildNodes(tree, n, boxes, centers, slots);
    for (let i = 0; i < n; i++) tree.order[i] = ids[slots[i]];
    return new FragmentBvh(tree);
  }

  static fromData(data: FragmentBvhData): FragmentBvh {
    return new FragmentBvh(data);
  }

  get data(): FragmentBvhData {
    return this.tree;
  }

  get size(): number {
    return this.tree.order.length;
  }

  /** Recomputes every node's bounds from the fragments' current boxes; the tree's shape stays. */
  refit(readBox: BoxReader): void {
    const { bounds, child, leafCount, order, nodeCount } = this.tree;
    const box = new Float32Array(6);
    // Children are stored after their parents: going backwards visits children first.
    for (let node = nodeCount - 1; node >= 0; node--) {
      const o = node * 6;
      bounds[o] = bounds[o + 1] = bounds[o + 2] = Infinity;
      bounds[o + 3] = bounds[o + 4] = bounds[o + 5] = -Infinity;
      const c = child[node];
      if (c < 0) {
        const start = -c - 1;
        for (let i = start; i < start + leafCount[node]; i++) {
          readBox(order[i], box, 0);
          grow(bounds, o, box, 0);
        }
      } else {
        grow(bounds, o, bounds, c * 6);
        grow(bounds, o, bounds, (c + 1) * 6);
      }
    }
  }

  /**
   * Visits every fragment whose box comes within `radius(t)` of the ray, where t is the distance along it
   * (a cone about a pointer's ray, for snapping: the radius of a few pixels grows with the distance in a
   * perspective view), entered before `maxDistance`. The test is conservative: a box is widened by the
   * radius at its farthest corner.
   */
  traverseNear(ray: Ray, radius: (distance: number) => number, visit: (fragId: number) => void, maxDistance = Infinity): void {
    const { bounds: b, child, leafCount, order } = this.tree;
    if (order.length === 0) return;
    const o3 = ray.origin, d = ray.direction;
    const near = (node: number): boolean => {
      const o = node * 6;
      let far = 0;
      for (let a = 0; a < 3; a++) {
        const origin = o3.getComponent(a);
        far += Math.max((b[o + a] - origin) ** 2, (b[o + 3 + a] - origin) ** 2);
      }
      const r = radius(Math.sqrt(far));
      let tmin = 0, tmax = Infinity;
      for (let a = 0; a < 3; a++) {
        const origin = o3.getComponent(a), dir = d.getComponent(a);
        const lo = b[o + a] - r, hi = b[o + 3 + a] + r;
        if (Math.abs(dir) < 1e-30) {
          if (origin < lo || origin > hi) return false;
          continue;
        }
        const t1 = (lo - origin) / dir, t2 = (hi - origin) / dir;
        tmin = Math.max(tmin, Math.min(t1, t2));
        tmax = Math.min(tmax, Math.max(t1, t2));
      }
      return tmax >= tmin && tmin <= maxDistance;
    };
    const stack: number[] = [0];
    while (stack.length) {
      const node = stack.pop()!;
      if (!near(node)) continue;
      const c = child[node];
      if (c < 0) {
        const start = -c - 1;
        for (let i = start; i < start + leafCount[node]; i++) visit(order[i]);
      } else {
        stack.push(c, c + 1);
      }
    }
  }

  /**
   * Visits candidate fragments along the ray, nearest boxes first. `visit` returns the distance of a
   * hit on that fragment (or Infinity); boxes beyond the best distance found are skipped.
   */
  traverse(ray: Ray, visit: (fragId: number) => number): number {
    const { bounds: b, child, leafCount, order } = this.tree;
    if (order.length === 0) return Infinity;
    const ox = ray.origin.x, oy = ray.origin.y, oz = ray.origin.z;
    // A zero component would make 0 * Infinity = NaN on a box face; a tiny one keeps the slabs finite.
    const ix = 1 / (ray.direction.x || 1e-30), iy = 1 / (ray.direction.y || 1e-30), iz = 1 / (ray.direction.z || 1e-30);
    const entry = (node: number): number => {
      const o = node * 6;
      let t1 = (b[o] - ox) * ix, t2 = (b[o + 3] - ox) * ix;
      let tmin = Math.min(t1, t2), tmax = Math.max(t1, t2);
      t1 = (b[o + 1] - oy) * iy; t2 = (b[o + 4] - oy) * iy;
      tmin = Math.max(tmin, Math.min(t1, t2)); tmax = Math.min(tmax, Math.max(t1, t2));
      t1 = (b[o + 2] - oz) * iz; t2 = (b[o + 5] - oz) * iz;
      tmin = Math.max(tmin, Math.min(t1, t2)); tmax = Math.min(tmax, Math.max(t1, t2));
      return tmax >= Math.max(tmin, 0) ? Math.max(tmin, 0) : Infinity;
    };
    let best = Infinity;
    const stack: number[] = [0];
    const stackT: number[] = [entry(0)];
    while (stack.length) {
      const node = stack.pop()!;
      const t = stackT.pop()!;
      if (t >= best) continue;
      const c = child[node];
      if (c < 0) {
        const start = -c - 1;
        for (let i = start; i < start + leafCount[node]; i++) {
          const d = visit(order[i]);
          if (d < best) best = d;
        }
        continue;
      }
      const tl = entry(c), tr = entry(c + 1);
      // Push the farther child first so the nearer is visited first.
      if (tl <= tr) {
        if (tr < best) { stack.push(c + 1); stackT.push(tr); }
        if (tl < best) { stack.push(c); stackT.push(tl); }
      } else {
        if (tl < best) { stack.push(c); stackT.push(tl); }
        if (tr < best) { stack.push(c + 1); stackT.push(tr); }
      }
    }
    return best;
  }
}

function buildNodes(tree: FragmentBvhData, n: number, boxes: Float32Array, centers: Float32Array, slots: Int32Array): void {
  const allocate = () => {
    if (tree.nodeCount >= tree.child.length) throw new Error('FragmentBvh: node storage exhausted');
    return tree.nodeCount++;
  };
  const work: [number, number, number][] = [[allocate(), 0, n]];
  while (work.length) {
    const [node, s, e] = work.pop()!;
    const o = node * 6;
    tree.bounds.fill(Infinity, o, o + 3);
    tree.bounds.fill(-Infinity, o + 3, o + 6);
    let cminX = Infinity, cminY = Infinity, cminZ = Infinity, cmaxX = -Infinity, cmaxY = -Infinity, cmaxZ = -Infinity;
    for (let i = s; i < e; i++) {
      const k = slots[i];
      grow(tree.bounds, o, boxes, k * 6);
      const cx = centers[k * 3], cy = centers[k * 3 + 1], cz = centers[k * 3 + 2];
      if (cx < cminX) cminX = cx; if (cx > cmaxX) cmaxX = cx;
      if (cy < cminY) cminY = cy; if (cy > cmaxY) cmaxY = cy;
      if (cz < cminZ) cminZ = cz; if (cz > cmaxZ) cmaxZ = cz;
    }
    if (e - s <= LEAF_SIZE) {
      tree.child[node] = -(s + 1);
      tree.leafCount[node] = e - s;
      continue;
    }
    const ex = cmaxX - cminX, ey = cmaxY - cminY, ez = cmaxZ - cminZ;
    const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
    const mid = (s + e) >> 1;
    selectNth(slots, s, e, mid, (k) => centers[k * 3 + axis]);
    const left = allocate();
    allocate();
    tree.child[node] = left;
    work.push([left + 1, mid, e], [left, s, mid]);
  }
}

/** Grows the box at `o` of `target` to contain the box at `p` of `source`. */
function grow(target: Float32Array, o: number, source: Float32Array, p: number): void {
  for (let a = 0; a < 3; a++) {
    if (source[p + a] < target[o + a]) target[o + a] = source[p + a];
    if (source[p + 3 + a] > target[o + 3 + a]) target[o + 3 + a] = source[p + 3 + a];
  }
}

/** Partially sorts slots[start, end) so that slots[nth] has the nth smallest key (quickselect). */
function selectNth(slots: Int32Array, start: number, end: number, nth: number, key: (slot: number) => number): void {
  let lo = start, hi = end - 1;
  while (hi > lo) {
    const pivot = key(slots[(lo + hi) >> 1]);
    let i = lo, j = hi;
    while (i <= j) {
      while (key(slots[i]) < pivot) i++;
      while (key(slots[j]) > pivot) j--;
      if (i <= j) {
        const t = slots[i]; slots[i] = slots[j]; slots[j] = t;
        i++; j--;
      }
    }
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else return;
  }
}
