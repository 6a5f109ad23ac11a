import { expect } from '@esm-bundle/chai';
import { Box3, Ray, Vector3 } from 'three';
import { FragmentList } from '../../../core/model/FragmentList.js';
import { FragmentBvh } from '../../../core/render/FragmentBvh.js';

/** A FragmentList of n small boxes scattered deterministically in a 100 m cube. */
function scatteredBoxes(n: number): FragmentList {
  const boxes = new Float32Array(n * 6);
  let seed = 42;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < n; i++) {
    const x = random() * 100, y = random() * 100, z = random() * 100, s = 0.2 + random() * 2;
    boxes.set([x, y, z, x + s, y + s, z + s], i * 6);
  }
  return new FragmentList({ dbIds: new Int32Array(n), materialIds: new Int32Array(n), batchIds: new Uint16Array(n), boxes });
}

describe('FragmentBvh', () => {
  it('finds exactly the boxes a brute force finds, nearest first, for many sizes', () => {
    for (const n of [1, 5, 17, 1000, 20000]) {
      const fragments = scatteredBoxes(n);
      const box = new Box3();
      const bvh = FragmentBvh.build(Array.from({ length: n }, (_, i) => i), (id, target, offset) => {
        fragments.getWorldBox(id, box);
        box.min.toArray(target, offset);
        box.max.toArray(target, offset + 3);
      });
      let seed = 7;
      const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
      for (let r = 0; r < 50; r++) {
        const ray = new Ray(new Vector3(-10, random() * 100, random() * 100), new Vector3(1, random() - 0.5, random() - 0.5).normalize());
        let expected = Infinity;
        for (let i = 0; i < n; i++) {
          const hit = ray.intersectBox(fragments.getWorldBox(i, box), new Vector3());
          if (hit) expected = Math.min(expected, hit.distanceTo(ray.origin));
        }
        // Each candidate "hits" at its box entry: the nearest entry must come back.
        const found = bvh.traverse(ray, (i) => {
          const hit = ray.intersectBox(fragments.getWorldBox(i, box), new Vector3());
          return hit ? hit.distanceTo(ray.origin) : Infinity;
        });
        if (expected === Infinity) expect(found, `n=${n} ray ${r}`).to.equal(Infinity);
        else expect(found, `n=${n} ray ${r}`).to.be.closeTo(expected, 1e-4);
      }
    }
  });
});

describe('FragmentBvh refit', () => {
  it('still finds the nearest box after every box moved (shape kept, bounds recomputed)', () => {
    const n = 3000;
    const fragments = scatteredBoxes(n);
    const box = new Box3();
    const reader = (id: number, target: Float32Array, offset: number) => {
      fragments.getWorldBox(id, box);
      box.min.toArray(target, offset);
      box.max.toArray(target, offset + 3);
    };
    const bvh = FragmentBvh.build(Array.from({ length: n }, (_, i) => i), reader);
    // Explode-like move: every box away from the centre by its own offset.
    const b = fragments.boxes;
    for (let i = 0; i < n; i++) for (let a = 0; a < 3; a++) {
      const shift = (b[i * 6 + a] - 50) * 0.5;
      b[i * 6 + a] += shift;
      b[i * 6 + 3 + a] += shift;
    }
    bvh.refit(reader);
    // Aim at one of the moved boxes, from outside everything.
    const aim = fragments.getWorldBox(123, new Box3()).getCenter(new Vector3());
    const origin = new Vector3(-200, 20, 30);
    const ray = new Ray(origin, aim.clone().sub(origin).normalize());
    let expected = Infinity;
    for (let i = 0; i < n; i++) {
      const hit = ray.intersectBox(fragments.getWorldBox(i, box), new Vector3());
      if (hit) expected = Math.min(expected, hit.distanceTo(ray.origin));
    }
    const found = bvh.traverse(ray, (i) => {
      const hit = ray.intersectBox(fragments.getWorldBox(i, box), new Vector3());
      return hit ? hit.distanceTo(ray.origin) : Infinity;
    });
    expect(expected).to.be.lessThan(Infinity);
    expect(found).to.be.closeTo(expected, 1e-4);
  });
});
