import { expect } from '@esm-bundle/chai';
import { ClipRegion } from '../../../../core/loaders/sketch/ClipRegion.js';
import type { Point2 } from '../../../../core/loaders/sketch/Sketch.js';
import { clipPathArea, clipPolylineTo, clipToTriangles, rectangleOf } from '../../../../core/loaders/pdf/pdfClip.js';

/** A square's corners, counter-clockwise (clockwise when `clockwise`). */
function square(x0: number, y0: number, x1: number, y1: number, clockwise = false): Point2[] {
  const ring = [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
  return clockwise ? ring.reverse() : ring;
}

function trianglesArea(triangles: readonly Point2[][]): number {
  return triangles.reduce((sum, [a, b, c]) => sum + Math.abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2, 0);
}

describe('PDF clipping paths (pdfClip)', () => {
  it('tells an axis-aligned rectangle (closed or not, either way round, a hair off from a quarter turn) from other rings', () => {
    expect(rectangleOf(square(1, 2, 5, 7))).to.deep.equal({ minX: 1, minY: 2, maxX: 5, maxY: 7 });
    expect(rectangleOf([...square(1, 2, 5, 7, true), { x: 1, y: 2 }]), 'closed, clockwise').to.deep.equal({ minX: 1, minY: 2, maxX: 5, maxY: 7 });
    expect(rectangleOf(square(0, 0, 4, 4).map(({ x, y }) => ({ x: y + 1e-15, y: -x }))), 'turned a quarter, rounded').to.not.equal(null);
    expect(rectangleOf([{ x: 0, y: 0 }, { x: 4, y: 1 }, { x: 4, y: 4 }, { x: 0, y: 4 }]), 'a quadrilateral').to.equal(null);
    expect(rectangleOf([{ x: 2, y: 0 }, { x: 4, y: 2 }, { x: 2, y: 4 }, { x: 0, y: 2 }]), 'a diamond').to.equal(null);
    expect(rectangleOf(square(0, 0, 4, 4).slice(0, 3)), 'a triangle').to.equal(null);
  });

  it('makes a box of a rectangle, a region of any other path, filled by its rule', () => {
    expect(clipPathArea([square(0, 0, 10, 10)], false)).to.deep.equal({ box: { minX: 0, minY: 0, maxX: 10, maxY: 10 } });
    const ring = (evenOdd: boolean, clockwiseHole: boolean) => {
      const area = clipPathArea([square(0, 0, 10, 10), square(3, 3, 7, 7, clockwiseHole)], evenOdd);
      if (!('region' in area)) throw new Error('a region was expected');
      return area.region;
    };
    expect(ring(true, false).contains(5, 5), 'even-odd: a hole').to.equal(false);
    expect(ring(true, false).contains(1, 5), 'even-odd: the ring').to.equal(true);
    expect(ring(false, false).contains(5, 5), 'non-zero, turned alike: no hole').to.equal(true);
    expect(ring(false, true).contains(5, 5), 'non-zero, turned the other way: a hole').to.equal(false);
    expect(ring(false, true).contains(1, 5), 'non-zero: the ring').to.equal(true);
    // Two overlapping squares: even-odd leaves their overlap out, non-zero keeps it.
    const overlap = [square(0, 0, 6, 6), square(4, 4, 10, 10)];
    expect(ClipRegion.fromRings(overlap, 'evenodd').contains(5, 5)).to.equal(false);
    expect(ClipRegion.fromRings(overlap, 'nonzero').contains(5, 5)).to.equal(true);
    expect(ClipRegion.fromRings(overlap, 'evenodd').contains(8, 8)).to.equal(true);
    expect(ClipRegion.fromRings([[{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 2 }]], 'nonzero').isEmpty(), 'no area').to.equal(true);
    // A five-pointed star drawn in one stroke turns one way only, but twice round: non-zero fills its middle.
    const star = [0, 2, 4, 1, 3].map((k) => ({ x: 10 * Math.sin((2 * Math.PI * k) / 5), y: 10 * Math.cos((2 * Math.PI * k) / 5) }));
    expect(ClipRegion.fromRings([star], 'nonzero').contains(0, 0), 'the middle of a star, non-zero').to.equal(true);
    expect(ClipRegion.fromRings([star], 'nonzero').contains(0, 9), 'a point of the star').to.equal(true);
    // A circle (a convex ring, closed by a repeated point) is its region as it is.
    const circle = Array.from({ length: 64 }, (_, k) => ({ x: 5 * Math.cos((2 * Math.PI * k) / 64), y: 5 * Math.sin((2 * Math.PI * k) / 64) }));
    circle.push(circle[0]);
    const disc = ClipRegion.fromRings([circle], 'nonzero');
    expect(disc.polygons[0][0].length, 'its ring, closed once').to.equal(65);
    expect([disc.contains(0, 0), disc.contains(4.9, 0), disc.contains(4, 4)]).to.deep.equal([true, true, false]);
  });

  it('cuts polygons to the region then the box, as triangles; polylines to the box then the region', () => {
    const diamond = ClipRegion.fromRings([[{ x: 5, y: 0 }, { x: 10, y: 5 }, { x: 5, y: 10 }, { x: 0, y: 5 }]], 'nonzero');
    const triangles = clipToTriangles([square(0, 0, 10, 10)], { minX: 0, minY: 0, maxX: 5, maxY: 10 }, diamond);
    expect(trianglesArea(triangles), "the diamond's left half").to.be.closeTo(25, 1e-9);
    const pieces = clipPolylineTo([{ x: -5, y: 5 }, { x: 15, y: 5 }], { minX: 0, minY: 0, maxX: 8, maxY: 10 }, diamond);
    expect(pieces.map((piece) => piece.map((p) => [p.x, p.y]))).to.deep.equal([
      [
        [0, 5],
        [8, 5],
      ],
    ]);
  });
});
