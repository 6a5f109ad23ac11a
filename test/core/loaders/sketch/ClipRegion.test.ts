import { expect } from '@esm-bundle/chai';
import { ClipRegion } from '../../../../core/loaders/sketch/ClipRegion.js';
import type { Point2 } from '../../../../core/loaders/sketch/Sketch.js';

function square(x0: number, y0: number, x1: number, y1: number): Point2[] {
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

/** A ring's area, whichever way it turns. */
function ringArea(ring: readonly Point2[]): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** The area of polygons with holes. */
function area(polygons: readonly (readonly Point2[])[][]): number {
  return polygons.reduce((sum, [outer, ...holes]) => sum + ringArea(outer) - holes.reduce((h, hole) => h + ringArea(hole), 0), 0);
}

/** A square frame: 0..10 with a hole 3..7. */
const frame = () => ClipRegion.fromPolygons([[square(0, 0, 10, 10), square(3, 3, 7, 7)]]);

describe('ClipRegion', () => {
  it('holds the area of its polygons, not their holes', () => {
    const region = frame();
    expect(region.contains(1, 5)).to.equal(true);
    expect(region.contains(5, 5), 'in the hole').to.equal(false);
    expect(region.contains(11, 5)).to.equal(false);
    expect(ClipRegion.empty().contains(0, 0)).to.equal(false);
  });

  it('cuts a segment into the parts inside, keeping the ends that are not cut', () => {
    const a = { x: -5, y: 5 };
    const b = { x: 5, y: 5 };
    const parts = frame().clipSegment(a, { x: 15, y: 5 });
    expect(parts.map(([p, q]) => [p.x, q.x])).to.deep.equal([
      [0, 3],
      [7, 10],
    ]);
    const inside = { x: 1, y: 1 };
    const [[p, q]] = frame().clipSegment(inside, b);
    expect(p, 'an end inside is the same point').to.equal(inside);
    expect(q.x).to.be.closeTo(3, 1e-12);
    expect(frame().clipSegment({ x: 20, y: 20 }, { x: 30, y: 20 })).to.deep.equal([]);
  });

  it('cuts a polyline into runs joined where a vertex is kept', () => {
    const runs = frame().clipPolyline([
      { x: 1, y: 1 },
      { x: 9, y: 1 },
      { x: 9, y: 9 },
      { x: 5, y: 9 },
      { x: 5, y: 5 },
    ]);
    expect(runs.map((run) => run.map((p) => [p.x, p.y]))).to.deep.equal([
      [
        [1, 1],
        [9, 1],
        [9, 9],
        [5, 9],
        [5, 7],
      ],
    ]);
  });

  it('intersects a polygon with it: holes where the region has them, a polygon wholly inside as it is', () => {
    const cut = frame().clipPolygon([square(-5, -5, 15, 15)]);
    expect(area(cut)).to.be.closeTo(100 - 16, 1e-9);
    expect(cut[0].length, 'the hole stays a hole').to.equal(2);
    const small = square(1, 1, 2, 2);
    expect(frame().clipPolygon([small])).to.deep.equal([[small]]);
    expect(frame().clipPolygon([square(4, 4, 6, 6)]), 'in the hole').to.deep.equal([]);
    // A polygon with a hole of its own, half out.
    expect(area(frame().clipPolygon([square(5, -5, 15, 15), square(8, 8, 9, 9)]))).to.be.closeTo(50 - 8 - 1, 1e-9);
  });

  it('cuts to a turned rectangle (one convex ring) as it cuts to any region', () => {
    const diamond = ClipRegion.fromPolygons([[square(-1, -1, 1, 1)]]).transformed([5, 5, -5, 5, 0, 0]);
    expect(diamond.contains(0, 9)).to.equal(true);
    expect(diamond.contains(6, 6)).to.equal(false);
    // Half the diamond (side √50 · 2) lies right of x = 0.
    expect(area(diamond.clipPolygon([square(0, -20, 20, 20)]))).to.be.closeTo(100, 1e-9);
    const [[p, q]] = diamond.clipSegment({ x: -20, y: 5 }, { x: 20, y: 5 });
    expect(p.x).to.be.closeTo(-5, 1e-9);
    expect(q.x).to.be.closeTo(5, 1e-9);
  });

  it('combines regions: intersection, union and difference', () => {
    const left = ClipRegion.fromPolygons([[square(0, 0, 10, 10)]]);
    const right = ClipRegion.fromPolygons([[square(5, 0, 15, 10)]]);
    const probe = [square(-100, -100, 100, 100)];
    expect(area(left.intersect(right).clipPolygon(probe))).to.be.closeTo(50, 1e-9);
    expect(area(left.union(right).clipPolygon(probe))).to.be.closeTo(150, 1e-9);
    expect(area(left.subtract(right).clipPolygon(probe))).to.be.closeTo(50, 1e-9);
    expect(left.intersect(ClipRegion.fromPolygons([[square(20, 20, 30, 30)]])).isEmpty()).to.equal(true);
  });
});
