import { Box3, type Ray } from 'three';
import type { FragmentList } from '../model/FragmentList.js';

const LEAF_SIZE = 4;

/**
 * A bounding-volume hierarchy over fragment boxes (world space, transforms applied): the first level of
 * picking. Built in flat typed arrays; `traverse` visits leaves front to back and stops at boxes farther
 * than the best hit so far, so a pick on 100k objects tests a handful of fragments.
 */
export class FragmentBvh {
  private readonly bounds: Float32Array;
  /** Inner node: index of the left child (the right one follows it). Leaf: -(start + 1) into `order`. */
  private readonly child: Int32Array;
  private readonly leafCount: Uint8Array;
  private readonly order: Int32Array;
  private nodeCount = 0;

  constructor(fragments: FragmentList, include: (fragId: number) => boolean) {
    const ids: number[] = [];
    for (let i = 0; i < fragments.count; i++) if (include(i)) ids.push(i);
    this.order = Int32Array.from(ids);
    const n = ids.length;
    const boxes = new Float32Array(Math.max(1, n) * 6);
    const centers = new Float32Array(Math.max(1, n) * 3);
    const box = new Box3();
    for (let i = 0; i < n; i++) {
      fragments.getWorldBox(ids[i], box);
      box.min.toArray(boxes, i * 6);
      box.max.toArray(boxes, i * 6 + 3);
      centers[i * 3] = (box.min.x + box.max.x) / 2;
      centers[i * 3 + 1] = (box.min.y + box.max.y) / 2;
      centers[i * 3 + 2] = (box.min.z + box.max.z) / 2;
    }
    // Median splits can leave leaves with fewer than LEAF_SIZE boxes: a binary tree over n boxes has
    // at most 2n - 1 nodes. (Typed arrays drop writes past their end silently: size them right.)
    const maxNodes = Math.max(1, 2 * n);
    this.bounds = new Float32Array(maxNodes * 6);
    this.child = new Int32Array(maxNodes);
    this.leafCount = new Uint8Array(maxNodes);
    // `slots` maps positions in `order` to positions in boxes/centers while they are partitioned.
    const slots = Int32Array.from({ length: n }, (_, i) => i);
    if (n > 0) this.build(0, n, boxes, centers, slots);
    const sorted = new Int32Array(n);
    for (let i = 0; i < n; i++) sorted[i] = ids[slots[i]];
    this.order.set(sorted);
  }

  get size(): number {
    return this.order.length;
  }

  /**
   * Visits candidate fragments along the ray, nearest boxes first. `visit` returns the distance of a
   * hit on that fragment (or Infinity); boxes beyond the best distance found are skipped.
   */
  traverse(ray: Ray, visit: (fragId: number) => number): number {
    if (this.order.length === 0) return Infinity;
    const ox = ray.origin.x, oy = ray.origin.y, oz = ray.origin.z;
    // A zero component would make 0 * Infinity = NaN on a box face; a tiny one keeps the slabs finite.
    const ix = 1 / (ray.direction.x || 1e-30), iy = 1 / (ray.direction.y || 1e-30), iz = 1 / (ray.direction.z || 1e-30);
    const b = this.bounds;
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
      const c = this.child[node];
      if (c < 0) {
        const start = -c - 1;
        for (let i = start; i < start + this.leafCount[node]; i++) {
          const d = visit(this.order[i]);
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

  private build(start: number, end: number, boxes: Float32Array, centers: Float32Array, slots: Int32Array): void {
    const root = this.allocate();
    const work: [number, number, number][] = [[root, start, end]];
    while (work.length) {
      const [node, s, e] = work.pop()!;
      const o = node * 6;
      this.bounds[o] = this.bounds[o + 1] = this.bounds[o + 2] = Infinity;
      this.bounds[o + 3] = this.bounds[o + 4] = this.bounds[o + 5] = -Infinity;
      let cminX = Infinity, cminY = Infinity, cminZ = Infinity, cmaxX = -Infinity, cmaxY = -Infinity, cmaxZ = -Infinity;
      for (let i = s; i < e; i++) {
        const k = slots[i];
        for (let a = 0; a < 3; a++) {
          this.bounds[o + a] = Math.min(this.bounds[o + a], boxes[k * 6 + a]);
          this.bounds[o + 3 + a] = Math.max(this.bounds[o + 3 + a], boxes[k * 6 + 3 + a]);
        }
        const cx = centers[k * 3], cy = centers[k * 3 + 1], cz = centers[k * 3 + 2];
        if (cx < cminX) cminX = cx; if (cx > cmaxX) cmaxX = cx;
        if (cy < cminY) cminY = cy; if (cy > cmaxY) cmaxY = cy;
        if (cz < cminZ) cminZ = cz; if (cz > cmaxZ) cmaxZ = cz;
      }
      if (e - s <= LEAF_SIZE) {
        this.child[node] = -(s + 1);
        this.leafCount[node] = e - s;
        continue;
      }
      const ex = cmaxX - cminX, ey = cmaxY - cminY, ez = cmaxZ - cminZ;
      const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
      const mid = (s + e) >> 1;
      selectNth(slots, s, e, mid, (k) => centers[k * 3 + axis]);
      const left = this.allocate();
      this.allocate();
      this.child[node] = left;
      work.push([left + 1, mid, e], [left, s, mid]);
    }
  }

  private allocate(): number {
    if (this.nodeCount >= this.child.length) throw new Error('FragmentBvh: node storage exhausted');
    return this.nodeCount++;
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
